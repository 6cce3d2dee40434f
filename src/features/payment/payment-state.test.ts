import type { Bill, OrderDetail } from '../../api/pay';
import {
  billsPaidBy,
  defaultSelection,
  freezeOutcome,
  isPaymentConfirmed,
  parseBillIds,
  parseId,
  paymentUrls,
  sumOutstanding,
  wasFirstPayment,
} from './payment-state';

function bill(over: Partial<Bill>): Bill {
  return {
    id: 1,
    kind: 'INSTALMENT',
    period: 2,
    dueDate: '2026-12-01',
    original: 10000,
    discount: 0,
    overdueFee: 0,
    overdueDays: 0,
    due: 10000,
    paid: 0,
    outstanding: 10000,
    status: 'unpaid',
    channel: null,
    outTradeNo: null,
    paidAt: null,
    ...over,
  };
}

const order = (bills: Bill[]) => ({ bills }) as unknown as OrderDetail;

describe('payment routes', () => {
  it('reads ids and bill lists from the query and refuses anything else', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('4a')).toBeUndefined();
    expect(parseId(undefined)).toBeUndefined();
    expect(parseBillIds('3,1,3')).toEqual([3, 1]);
    expect(parseBillIds('1,x')).toEqual([]);
    expect(parseBillIds('')).toEqual([]);
  });

  it('builds the hand-off links other screens use', () => {
    expect(paymentUrls.billPay(7, [3, 4])).toBe('/pages/billpay/pay?orderId=7&billIds=3%2C4');
    expect(paymentUrls.failed(7, 'PT1', 'fail')).toBe(
      '/pages/orderFailed/orderFailed?orderId=7&outTradeNo=PT1&reason=fail',
    );
    expect(paymentUrls.waitFreeze(7)).toBe('/pages/loading/loading?orderId=7&kind=freeze');
  });
});

describe('what counts as paid', () => {
  it('is paid only when the server shows a bill paid by this very trade', () => {
    const unpaid = order([bill({ id: 1, kind: 'FIRST' })]);
    expect(isPaymentConfirmed(unpaid, 'PT1')).toBe(false);
    const otherTrade = order([bill({ id: 1, status: 'paid', outTradeNo: 'PT0' })]);
    expect(isPaymentConfirmed(otherTrade, 'PT1')).toBe(false);
    const paid = order([
      bill({ id: 1, kind: 'FIRST', status: 'paid', outTradeNo: 'PT1', paid: 5000 }),
      bill({ id: 2 }),
    ]);
    expect(isPaymentConfirmed(paid, 'PT1')).toBe(true);
    expect(billsPaidBy(paid, 'PT1').map((b) => b.id)).toEqual([1]);
    expect(wasFirstPayment(billsPaidBy(paid, 'PT1'))).toBe(true);
  });

  it('a freeze is done once the order leaves PENDING_FREEZE on a frozen deposit', () => {
    expect(freezeOutcome({ status: 'PENDING_FREEZE', depositMethod: 'freeze' })).toBe('waiting');
    expect(freezeOutcome({ status: 'PENDING_PAY', depositMethod: 'freeze' })).toBe('frozen');
    // WeChat Pay Score's service order holds the deposit as a freeze does.
    expect(freezeOutcome({ status: 'PENDING_PAY', depositMethod: 'payscore' })).toBe('frozen');
    expect(freezeOutcome({ status: 'PENDING_PAY', depositMethod: 'paid' })).toBe('not-needed');
    expect(freezeOutcome({ status: 'PENDING_PAY', depositMethod: 'paid' })).toBe('not-needed');
    expect(freezeOutcome({ status: 'CANCELLED', depositMethod: 'freeze' })).toBe('not-needed');
  });
});

describe('choosing bills', () => {
  const bills = [
    bill({ id: 1, dueDate: '2026-10-01', outstanding: 100 }),
    bill({ id: 2, dueDate: '2026-11-01', outstanding: 200 }),
    bill({ id: 3, dueDate: '2026-12-01', outstanding: 400 }),
  ];
  it('preselects what is due by today, else the next bill', () => {
    expect(defaultSelection(bills, '2026-11-15')).toEqual([1, 2]);
    expect(defaultSelection(bills, '2026-09-01')).toEqual([1]);
    expect(defaultSelection([], '2026-09-01')).toEqual([]);
  });
  it('totals the outstanding amounts of the chosen bills only', () => {
    expect(sumOutstanding(bills, [1, 3])).toBe(500);
    expect(sumOutstanding(bills, [])).toBe(0);
  });
});
