/**
 * Bills and quotes, as pure functions of the plan and the bills (no database): what placement
 * creates, overdue fees, the buy-out quote and the renewal quote. All amounts are integer fen.
 */
import type { BillKind, OrderSnapshot } from './schema.ts';

export interface PlannedBill {
  kind: BillKind;
  period: number;
  dueDate: string;
  original: number;
  discount: number;
}

export interface BillRow {
  id: number;
  kind: BillKind;
  period: number;
  original: number;
  discount: number;
  overdue_fee: number;
  paid: number;
  status: 'unpaid' | 'paid' | 'cancelled';
}

/** Daily overdue fee: 0.05 % of the amount due per day, rounded up to the fen. */
export const OVERDUE_RATE_PER_DAY_BP = 5;

export const dueOf = (bill: Pick<BillRow, 'original' | 'discount' | 'overdue_fee'>): number =>
  bill.original - bill.discount + bill.overdue_fee;

export const outstandingOf = (bill: BillRow): number =>
  bill.status === 'unpaid' ? dueOf(bill) - bill.paid : 0;

export function overdueFee(amountDue: number, days: number): number {
  return Math.ceil((amountDue * days * OVERDUE_RATE_PER_DAY_BP) / 10_000);
}

/** 'YYYY-MM-DD' of a date (UTC calendar day; the service runs on Beijing days via `dayOf`). */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The calendar day in China (UTC+8) of an instant. */
export function dayOf(instant: Date): string {
  return isoDay(new Date(instant.getTime() + 8 * 3600_000));
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
}

/** Same day n months later, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(d, last.getUTCDate()));
  return isoDay(target);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Due date of period k (1-based) for rent starting on `start`. */
export function periodDue(unit: 'month' | 'day', start: string, period: number): string {
  return unit === 'month' ? addMonths(start, period - 1) : addDays(start, period - 1);
}

/** Last day of rent for `periods` periods starting on `start`. */
export function endOf(unit: 'month' | 'day', start: string, periods: number): string {
  return addDays(unit === 'month' ? addMonths(start, periods) : addDays(start, periods), -1);
}

/**
 * Bills at placement. Month plans: FIRST = period 1 rent + per-period services + one-off services;
 * INSTALMENT 2..N = rent + per-period services. Day plans: the whole term is FIRST. A paid deposit
 * is a DEPOSIT bill due with FIRST. The coupon comes off FIRST, any remainder off the next bills
 * in order (whole fen, so nothing to round).
 */
export function planBills(
  snapshot: Pick<OrderSnapshot, 'plan' | 'services'>,
  options: { today: string; couponAmount: number; paidDeposit: boolean },
): PlannedBill[] {
  const { plan, services } = snapshot;
  const perPeriodServices = services
    .filter((service) => service.priceUnit === 'period')
    .reduce((sum, service) => sum + service.price, 0);
  const onceServices = services
    .filter((service) => service.priceUnit === 'once')
    .reduce((sum, service) => sum + service.price, 0);
  const bills: PlannedBill[] = [];
  if (plan.termUnit === 'day') {
    bills.push({
      kind: 'FIRST',
      period: 1,
      dueDate: options.today,
      original: plan.firstPayment + perPeriodServices * plan.term + onceServices,
      discount: 0,
    });
  } else {
    bills.push({
      kind: 'FIRST',
      period: 1,
      dueDate: options.today,
      original: plan.firstPayment + perPeriodServices + onceServices,
      discount: 0,
    });
    for (let period = 2; period <= plan.term; period++) {
      bills.push({
        kind: 'INSTALMENT',
        period,
        dueDate: periodDue('month', options.today, period),
        original: plan.rentPerPeriod + perPeriodServices,
        discount: 0,
      });
    }
  }
  let coupon = options.couponAmount;
  for (const bill of bills) {
    const take = Math.min(coupon, bill.original);
    bill.discount = take;
    coupon -= take;
  }
  if (options.paidDeposit && plan.deposit > 0) {
    bills.splice(1, 0, {
      kind: 'DEPOSIT',
      period: 1,
      dueDate: options.today,
      original: plan.deposit,
      discount: 0,
    });
  }
  return bills;
}

export interface QuoteLine {
  label: string;
  amount: number;
}

/**
 * Buy-out quote = the buy-out price after the rent periods paid + unpaid rent now due + overdue
 * fees − the deposit that can be offset. Negative parts never make the total negative: what the
 * deposit does not need to cover is released.
 */
export function buyoutQuote(input: {
  buyoutPrices: number[];
  bills: BillRow[];
  today: string;
  dueDates: Map<number, string>;
  depositAvailable: number;
}): { lines: QuoteLine[]; total: number; depositUsed: number } {
  const rentBills = input.bills.filter((b) => b.kind === 'FIRST' || b.kind === 'INSTALMENT');
  const paidPeriods = rentBills.filter((b) => b.status === 'paid').length;
  const price =
    input.buyoutPrices[Math.min(paidPeriods, input.buyoutPrices.length - 1)] ??
    input.buyoutPrices[input.buyoutPrices.length - 1] ??
    0;
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
  const gross = price + unpaidDue + fees;
  // The deposit offsets the buy-out price (the BUYOUT bill's discount); rent and fees are paid.
  const depositUsed = Math.min(input.depositAvailable, price);
  return {
    lines: [
      { label: '买断价', amount: price },
      { label: '未付租金', amount: unpaidDue },
      { label: '逾期费', amount: fees },
      { label: '押金抵扣', amount: -depositUsed },
    ],
    total: gross - depositUsed,
    depositUsed,
  };
}

/** Renewal: `periods` more periods at the plan's rent. */
export function renewalQuote(rentPerPeriod: number, periods: number): QuoteLine[] {
  return [{ label: `续租 ${periods} 期租金`, amount: rentPerPeriod * periods }];
}

/** Early return: the fee is this share of the rent the user no longer pays (basis points). */
export const EARLY_RETURN_FEE_BP = 3000;

/**
 * Early return (提前归还) while renting: the rent bills not yet due are waived, and a fee of
 * EARLY_RETURN_FEE_BP of that waived rent is owed, with whatever is already due and unpaid (rent
 * and overdue fees), before the deposit is released. Nothing waived, nothing charged: returning
 * in the last period costs no fee.
 */
export function earlyReturnQuote(input: {
  bills: BillRow[];
  today: string;
  dueDates: Map<number, string>;
}): { lines: QuoteLine[]; total: number; fee: number; waivedBillIds: number[] } {
  const due = (b: BillRow) => input.dueDates.get(b.id) ?? input.today;
  const waived = input.bills.filter(
    (b) =>
      b.status === 'unpaid' &&
      (b.kind === 'INSTALMENT' || b.kind === 'FINAL') &&
      b.paid === 0 &&
      due(b) > input.today,
  );
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
