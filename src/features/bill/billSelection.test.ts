import type { Bill } from '../../api/order';
import { billPayUrl } from '../../routes';
import {
  billTone,
  defaultSelection,
  periodText,
  selectedTotal,
  settlementSelection,
  tailSelection,
  toggle,
} from './billSelection';

let nextId = 1;
function bill(partial: Partial<Bill>): Bill {
  const original = partial.original ?? 10000;
  return {
    id: nextId++,
    kind: 'INSTALMENT',
    period: 1,
    dueDate: '2026-01-01',
    original,
    discount: 0,
    overdueFee: 0,
    overdueDays: 0,
    due: original,
    paid: 0,
    outstanding: original,
    status: 'unpaid',
    channel: null,
    outTradeNo: null,
    paidAt: null,
    ...partial,
  };
}

const TODAY = '2026-03-15';

describe('the repayment plan', () => {
  const first = bill({
    kind: 'FIRST',
    period: 1,
    dueDate: '2026-01-10',
    status: 'paid',
    outstanding: 0,
    paid: 10000,
  });
  const late = bill({
    period: 2,
    dueDate: '2026-02-10',
    overdueDays: 33,
    overdueFee: 165,
    outstanding: 10165,
  });
  const dueToday = bill({ period: 3, dueDate: '2026-03-15' });
  const later = bill({ period: 4, dueDate: '2026-04-10' });
  const buyout = bill({ kind: 'BUYOUT', period: 1, dueDate: '2026-04-20', outstanding: 250000 });
  const bills = [first, late, dueToday, later, buyout];

  it('colours paid, overdue, due and upcoming bills apart', () => {
    expect([first, late, dueToday, later].map((b) => billTone(b, TODAY))).toEqual([
      'paid',
      'overdue',
      'due',
      'upcoming',
    ]);
  });

  it('picks what is due by today, overdue included, and otherwise only the next bill', () => {
    expect(defaultSelection(bills, TODAY)).toEqual([late.id, dueToday.id]);
    expect(defaultSelection([first, later, buyout], TODAY)).toEqual([later.id]);
    expect(defaultSelection([first], TODAY)).toEqual([]);
  });

  it('toggles unpaid bills and never picks a paid one', () => {
    expect(toggle([], later)).toEqual([later.id]);
    expect(toggle([later.id], later)).toEqual([]);
    expect(toggle([later.id], first)).toEqual([later.id]);
  });

  it('settles every unpaid rent bill early, and pays the tail outside the plan', () => {
    expect(settlementSelection(bills)).toEqual([late.id, dueToday.id, later.id]);
    expect(tailSelection(bills)).toEqual([buyout.id]);
  });

  it('adds up what the picked bills still owe, overdue fees included', () => {
    expect(selectedTotal(bills, [late.id, dueToday.id])).toBe(20165);
  });

  it('numbers rent periods n/N and leaves other bills unnumbered', () => {
    expect(periodText(late, bills)).toBe('2/4');
    expect(periodText(buyout, bills)).toBeUndefined();
  });

  it("numbers an early return's waived periods by their number alone", () => {
    const paid = bill({ kind: 'FIRST', period: 1, status: 'paid', outstanding: 0, paid: 10000 });
    const waived = bill({ period: 5, status: 'cancelled', outstanding: 0 });
    const plan = [paid, bill({ period: 2, status: 'cancelled', outstanding: 0 }), waived];
    expect(periodText(paid, plan)).toBe('1/1');
    expect(periodText(waived, plan)).toBe('5');
  });

  it('sends the picked bills to the bill payment screen', () => {
    expect(billPayUrl(7, [3, 4])).toBe('/pages/billpay/pay?orderId=7&billIds=3,4');
  });
});
