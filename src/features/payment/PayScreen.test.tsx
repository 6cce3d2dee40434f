/**
 * The pay screen loads the order's bills: the server's message with a retry when it cannot,
 * then the bills (only the named ones when the link names some) with their total; on the bills
 * page the user chooses, starting from the bills due.
 */
import TestUtils from '@tarojs/test-utils-react';
import { eventually } from '../../../test/eventually';
import { formatMoney } from '../../utils';

const mockBills = jest.fn();
jest.mock('../../api/pay', () => ({
  ...jest.requireActual('../../api/pay'),
  fetchPayBills: (...args: unknown[]) => Promise.resolve(mockBills(...args)),
}));
jest.mock('../../stores/reminders', () => ({
  askBillReminders: () => Promise.resolve(),
  prefetchReminderTemplates: () => Promise.resolve(),
}));

import { PayScreen } from './PayScreen';

const testUtils = new TestUtils();
afterEach(() => {
  testUtils.unmout();
  mockBills.mockReset();
});

const bill = (id: number, period: number, outstanding: number, dueDate: string) => ({
  id,
  kind: 'INSTALMENT',
  period,
  dueDate,
  dueAfterStart: null,
  original: outstanding,
  discount: 0,
  overdueFee: 0,
  overdueDays: 0,
  due: outstanding,
  paid: 0,
  outstanding,
  status: 'unpaid',
  channel: null,
  outTradeNo: null,
  paidAt: null,
});
const BILLS = [bill(1, 1, 10000, '2000-01-01'), bill(2, 2, 25000, '2999-01-01')];
const LIST = { orderId: 5, orderNo: '20260101000005', bills: BILLS, total: 35000 };
const total = () => document.querySelector('.pay-total__amount')?.textContent;

describe('PayScreen', () => {
  it("shows the server's message with a retry, then the named bills and their total", async () => {
    mockBills.mockReturnValueOnce({ code: 500, msg: '网络异常', data: null });
    mockBills.mockReturnValue({ code: 200, msg: 'ok', data: LIST });
    await testUtils.mount(() => (
      <PayScreen route="pages/billpay/pay" params={{ orderId: '5', billIds: '2' }} />
    ));
    await testUtils.queries.waitForQuerySelector('.state--error');
    expect(document.querySelector('.state__title')?.textContent).toBe('网络异常');
    testUtils.fireEvent.click(
      document.querySelector('.state--error [role="button"]') as HTMLElement,
    );
    await testUtils.queries.waitForQuerySelector('.pay-total__amount');
    expect(mockBills).toHaveBeenLastCalledWith(5, 'foot');
    expect(document.querySelectorAll('.pay-bill__amount')).toHaveLength(1);
    expect(total()).toBe(`¥${formatMoney(25000)}`);
  });

  it('on the bills page starts from the bills due, and the user changes the choice', async () => {
    mockBills.mockReturnValue({ code: 200, msg: 'ok', data: LIST });
    await testUtils.mount(() => <PayScreen route="pages/billpay/pay" params={{ orderId: '5' }} />);
    await testUtils.queries.waitForQuerySelector('.pay-total__amount');
    expect(total()).toBe(`¥${formatMoney(10000)}`);
    const boxes = document.querySelectorAll('.pay-bill[role="checkbox"]:not(.pay-bill--all)');
    testUtils.fireEvent.click(boxes[1] as HTMLElement);
    await eventually(() => expect(total()).toBe(`¥${formatMoney(35000)}`));
  });

  it('says the order is missing when the link has none, asking nothing', async () => {
    await testUtils.mount(() => <PayScreen route="pages/pay/pay" params={{}} />);
    await testUtils.queries.waitForQuerySelector('.state--empty');
    expect(mockBills).not.toHaveBeenCalled();
  });
});
