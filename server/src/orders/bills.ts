/**
 * Bills and quotes, as pure functions of the plan and the bills (no database): what placement
 * creates, overdue fees, the buy-out, early-return and renewal quotes. The figures themselves
 * come from the lease quote the storefront shares (contract/lease): this file turns them into
 * the engine's rows. All amounts are integer fen.
 */
import {
  dayOf,
  dueDateOf,
  dueOf,
  leaseQuote,
  type DepositMethod,
  type LeaseBill,
  type LeaseQuote,
  type QuoteLine,
} from '../../../contract/lease/index.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BillKind, OrderSnapshot } from './schema.ts';

export {
  addDays,
  addMonths,
  buyoutQuote,
  dayOf,
  daysBetween,
  dueOf,
  EARLY_RETURN_FEE_BP,
  earlyReturnQuote,
  endOf,
  isoDay,
  outstandingOf,
  periodDue,
  rentNotYetDue,
  type QuoteLine,
} from '../../../contract/lease/index.ts';

/** A bill as the staff's order views list it (the ops API, the console's order desk). */
export function billLine(bill: Selectable<Database['bills']>) {
  return {
    id: bill.id,
    kind: bill.kind,
    period: bill.period,
    dueDate: dayOf(bill.due_date),
    due: dueOf(bill),
    paid: bill.paid,
    status: bill.status,
  };
}

export interface PlannedBill {
  kind: BillKind;
  period: number;
  dueDate: string;
  original: number;
  discount: number;
}

export type BillRow = LeaseBill;

/** Daily overdue fee: 0.05 % of the amount due per day, rounded up to the fen. */
export const OVERDUE_RATE_PER_DAY_BP = 5;

export function overdueFee(amountDue: number, days: number): number {
  return Math.ceil((amountDue * days * OVERDUE_RATE_PER_DAY_BP) / 10_000);
}

/** What an order's own terms quote: its snapshot, deposit method and the coupon it took. */
export function orderQuote(order: {
  snapshot: Pick<OrderSnapshot, 'plan' | 'services' | 'sku'>;
  deposit_method: DepositMethod;
  coupon_discount: number;
}): LeaseQuote {
  return leaseQuote({
    plan: order.snapshot.plan,
    services: order.snapshot.services,
    marketPrice: order.snapshot.sku.price,
    depositMethod: order.deposit_method,
    coupon: { amount: order.coupon_discount, minAmount: 0 },
  });
}

/**
 * The bills of a quote at placement. The first payment (and a paid deposit) are due today; each
 * later rent is dated as if the rent started today, a placeholder until receipt dates it
 * (`receiveOrder`): until then the views state it relative to the start date, as the contract
 * does.
 */
export function planBills(quote: LeaseQuote, today: string): PlannedBill[] {
  return quote.schedule.map((bill) => ({
    kind: bill.kind,
    period: bill.period,
    dueDate: dueDateOf(bill.due, { placedOn: today, start: today }),
    original: bill.original,
    discount: bill.discount,
  }));
}

/** Renewal: `periods` more periods at the lease's price per period (rent and its services). */
export function renewalQuote(perPeriod: number, periods: number): QuoteLine[] {
  return [{ label: `续租 ${periods} 期租金`, amount: perPeriod * periods }];
}
