/**
 * When a bill falls due, in the user's language. Before the rent start date is known (rent starts
 * the day after receipt), a later rent has no date yet: the server says how it follows from the
 * start (`dueAfterStart`), as the contract does, and that is what the screens show.
 */
import type { Bill } from '../../contract/api/order';
import type { MessageKey, MessageParams } from './index';

export function billDueText(
  t: (key: MessageKey, params?: MessageParams) => string,
  bill: Pick<Bill, 'dueDate' | 'dueAfterStart'>,
): string {
  const rule = bill.dueAfterStart;
  if (!rule) return bill.dueDate;
  if (rule.periods === 0) return t('bill.dueOnStart');
  return t(rule.unit === 'day' ? 'bill.dueAfterStartDays' : 'bill.dueAfterStartMonths', {
    count: rule.periods,
  });
}

/** A bill's date as the owed-now sums read it: none while it waits for the start date. */
export function datedBill<T extends Pick<Bill, 'dueDate' | 'dueAfterStart'>>(bill: T): T {
  return bill.dueAfterStart ? { ...bill, dueDate: '' } : bill;
}
