/**
 * What a running lease owes, from its bills: what is due now and what is still to come, the
 * buy-out quote and the early-return quote. Pure functions of the plan and the bills, shared by
 * the server (which charges these sums) and the storefront (which shows the server's bills).
 * Integer fen.
 */
import { buyoutPriceAfter, periodsPaidBy, type LeasePlan } from './quote';

export type BillKind =
  | 'FIRST'
  | 'DEPOSIT'
  | 'INSTALMENT'
  | 'FINAL'
  | 'BUYOUT'
  | 'RENEWAL'
  | 'OVERDUE_FEE'
  | 'COMPENSATION'
  /** The early-return fee (提前归还手续费). */
  | 'EARLY_RETURN';

export interface LeaseBill {
  id: number;
  kind: BillKind;
  period: number;
  original: number;
  discount: number;
  overdue_fee: number;
  paid: number;
  status: 'unpaid' | 'paid' | 'cancelled';
}

export interface QuoteLine {
  label: string;
  amount: number;
}

export const dueOf = (bill: Pick<LeaseBill, 'original' | 'discount' | 'overdue_fee'>): number =>
  bill.original - bill.discount + bill.overdue_fee;

export const outstandingOf = (bill: LeaseBill): number =>
  bill.status === 'unpaid' ? dueOf(bill) - bill.paid : 0;

const RENT_KINDS: ReadonlySet<string> = new Set(['FIRST', 'INSTALMENT', 'FINAL']);

export interface OwedNow {
  /** Unpaid bills already due (overdue ones included), with their fees. */
  dueNow: number;
  /** Of dueNow, what is overdue. */
  overdue: number;
  /** Unpaid bills not yet due: the rest of the schedule. */
  notYetDue: number;
}

/**
 * What is owed today and what is still to come, so a screen never calls the whole remaining
 * schedule "owed". `dueDate` of a bill not yet dated (before the rent starts) is undefined.
 */
export function owedOn(
  bills: readonly (Pick<LeaseBill, 'original' | 'discount' | 'overdue_fee' | 'paid'> & {
    status: string;
    dueDate?: string;
    overdueDays?: number;
  })[],
  today: string,
): OwedNow {
  let dueNow = 0;
  let overdue = 0;
  let notYetDue = 0;
  for (const bill of bills) {
    const owed = bill.status === 'unpaid' ? dueOf(bill) - bill.paid : 0;
    if (owed <= 0) continue;
    const isDue = bill.dueDate !== undefined && bill.dueDate !== '' && bill.dueDate <= today;
    if (isDue || (bill.overdueDays ?? 0) > 0) dueNow += owed;
    else notYetDue += owed;
    if ((bill.overdueDays ?? 0) > 0) overdue += owed;
  }
  return { dueNow, overdue, notYetDue };
}

/**
 * Buy-out quote = the buy-out price after the periods paid (capped by the market price less the
 * rent paid, `buyoutPriceAfter`) + unpaid rent now due + overdue fees − the deposit that can be
 * offset. The deposit offsets the price only (the BUYOUT bill's discount); rent and fees are paid.
 */
export function buyoutQuote(input: {
  plan: LeasePlan;
  marketPrice: number;
  bills: readonly LeaseBill[];
  today: string;
  dueDates: ReadonlyMap<number, string>;
  depositAvailable: number;
}): { lines: QuoteLine[]; total: number; price: number; depositUsed: number } {
  const price = buyoutPriceAfter(
    input.plan,
    input.marketPrice,
    periodsPaidBy(input.plan, input.bills),
  );
  const unpaidDue = input.bills
    .filter(
      (b) =>
        b.status === 'unpaid' &&
        b.kind !== 'BUYOUT' &&
        (input.dueDates.get(b.id) ?? input.today) <= input.today,
    )
    .reduce((sum, b) => sum + b.original - b.discount - b.paid, 0);
  const fees = input.bills
    .filter((b) => b.status === 'unpaid')
    .reduce((sum, b) => sum + b.overdue_fee, 0);
  const depositUsed = Math.min(input.depositAvailable, price);
  return {
    lines: [
      { label: '买断价', amount: price },
      { label: '未付租金', amount: unpaidDue },
      { label: '逾期费', amount: fees },
      { label: '押金抵扣', amount: -depositUsed },
    ],
    total: price + unpaidDue + fees - depositUsed,
    price,
    depositUsed,
  };
}

/** Early return: the fee is this share of the rent the user no longer pays (basis points). */
export const EARLY_RETURN_FEE_BP = 3000;

/**
 * Rent bills a return today would cut short: unpaid, untouched and not yet due. A return while
 * any is left is a return before the end (提前归还), which has its fee; without any, the lease
 * has run its course (or been settled in advance) and returning costs nothing more.
 */
export function rentNotYetDue(
  bills: readonly LeaseBill[],
  today: string,
  dueDates: ReadonlyMap<number, string>,
): LeaseBill[] {
  return bills.filter(
    (b) =>
      b.status === 'unpaid' &&
      RENT_KINDS.has(b.kind) &&
      b.kind !== 'FIRST' &&
      b.paid === 0 &&
      (dueDates.get(b.id) ?? today) > today,
  );
}

/**
 * Early return (提前归还) while renting: the rent bills not yet due are waived, and a fee of
 * EARLY_RETURN_FEE_BP of that waived rent is owed, with whatever is already due and unpaid (rent
 * and overdue fees), before the deposit is released. Nothing waived, nothing charged: returning
 * in the last period costs no fee.
 */
export function earlyReturnQuote(input: {
  bills: readonly LeaseBill[];
  today: string;
  dueDates: ReadonlyMap<number, string>;
}): { lines: QuoteLine[]; total: number; fee: number; waivedBillIds: number[] } {
  const waived = rentNotYetDue(input.bills, input.today, input.dueDates);
  const waivedRent = waived.reduce((sum, b) => sum + b.original - b.discount, 0);
  const fee = Math.ceil((waivedRent * EARLY_RETURN_FEE_BP) / 10_000);
  const waivedIds = new Set(waived.map((b) => b.id));
  const owed = input.bills.filter(
    (b) => b.status === 'unpaid' && !waivedIds.has(b.id) && b.kind !== 'EARLY_RETURN',
  );
  const unpaidRent = owed.reduce((sum, b) => sum + b.original - b.discount - b.paid, 0);
  const fees = owed.reduce((sum, b) => sum + b.overdue_fee, 0);
  return {
    lines: [
      { label: '免除的剩余租金', amount: -waivedRent },
      { label: '提前归还手续费', amount: fee },
      { label: '未付租金', amount: unpaidRent },
      { label: '逾期费', amount: fees },
    ],
    total: fee + unpaidRent + fees,
    fee,
    waivedBillIds: waived.map((b) => b.id),
  };
}
