/**
 * Which bills the repayment plan lets the user pick and pay together: unpaid ones, in due order.
 * Paying picks go to /pages/billpay/pay?orderId=<id>&billIds=<ids, comma separated>.
 */
import type { Bill } from '../../api/order';
import { registerMessages, type MessageKey } from '../../i18n';
import { billMessages } from '@contract/i18n/zh-Hans/bill';

registerMessages(billMessages);

/** Rent periods: n/N counts these. */
export const RENT_KINDS: ReadonlySet<string> = new Set(['FIRST', 'INSTALMENT', 'FINAL']);
/** Tail payment: what is left outside the rent plan (buy-out, compensation, overdue fees). */
const TAIL_KINDS: ReadonlySet<string> = new Set(['FINAL', 'BUYOUT', 'COMPENSATION', 'OVERDUE_FEE']);

export type BillTone = 'paid' | 'overdue' | 'due' | 'upcoming' | 'cancelled';

/** The colour a bill's status is drawn in. */
export function billTone(bill: Bill, today: string): BillTone {
  if (bill.status === 'paid') return 'paid';
  if (bill.status === 'cancelled') return 'cancelled';
  if (bill.overdueDays > 0) return 'overdue';
  // Not dated until the rent starts: not due before then.
  if (bill.dueAfterStart) return 'upcoming';
  return bill.dueDate <= today ? 'due' : 'upcoming';
}

export function toneLabel(tone: BillTone): MessageKey {
  return `bill.tone.${tone}`;
}

export function kindLabel(kind: string): MessageKey {
  switch (kind) {
    case 'FIRST':
    case 'INSTALMENT':
    case 'FINAL':
    case 'DEPOSIT':
    case 'BUYOUT':
    case 'RENEWAL':
    case 'OVERDUE_FEE':
    case 'COMPENSATION':
    case 'EARLY_RETURN':
      return `bill.kind.${kind}`;
    default:
      return 'bill.kind.other';
  }
}

export function payable(bills: readonly Bill[]): Bill[] {
  return bills
    .filter((bill) => bill.status === 'unpaid' && bill.outstanding > 0)
    .slice()
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
}

/** Selected by default: what is due by today (overdue included), else the next one. */
export function defaultSelection(bills: readonly Bill[], today: string): number[] {
  const open = payable(bills);
  const due = open.filter(
    (bill) => (!bill.dueAfterStart && bill.dueDate <= today) || bill.overdueDays > 0,
  );
  return (due.length > 0 ? due : open.slice(0, 1)).map((bill) => bill.id);
}

/** Tapping a bill: on if it was off, off if it was on; only payable bills can be picked. */
export function toggle(selected: readonly number[], bill: Bill): number[] {
  if (bill.status !== 'unpaid' || bill.outstanding <= 0) return [...selected];
  return selected.includes(bill.id)
    ? selected.filter((id) => id !== bill.id)
    : [...selected, bill.id];
}

/** Early settlement: every unpaid rent bill. */
export function settlementSelection(bills: readonly Bill[]): number[] {
  return payable(bills)
    .filter((bill) => RENT_KINDS.has(bill.kind))
    .map((bill) => bill.id);
}

/** Tail payment: unpaid bills outside the monthly plan. */
export function tailSelection(bills: readonly Bill[]): number[] {
  return payable(bills)
    .filter((bill) => TAIL_KINDS.has(bill.kind))
    .map((bill) => bill.id);
}

export function selectedTotal(bills: readonly Bill[], selected: readonly number[]): number {
  return bills
    .filter((bill) => selected.includes(bill.id))
    .reduce((sum, bill) => sum + bill.outstanding, 0);
}

/** n/N of a rent bill; other kinds have no period number. */
export function periodText(bill: Bill, bills: readonly Bill[]): string | undefined {
  if (!RENT_KINDS.has(bill.kind)) return undefined;
  // A cancelled period (waived by an early return) is outside the n/N count: its number alone
  // (第5期 已取消, not 第5/1期).
  if (bill.status === 'cancelled') return String(bill.period);
  const periods = bills.filter((b) => RENT_KINDS.has(b.kind) && b.status !== 'cancelled').length;
  return `${bill.period}/${periods}`;
}
