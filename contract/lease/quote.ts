/**
 * The one quote of a lease: every figure a customer sees about what a plan costs — per period,
 * the first payment, the coupon, the deposit, what is paid now, the whole schedule with when each
 * bill falls due, and the buy-out price after each period — comes from `leaseQuote`. The product
 * page and the confirm page call it before there is an order; the server calls it to write the
 * bills at placement and to render the contract, so the two can never state different sums.
 * Integer fen throughout; nothing here rounds.
 */
import { periodDue, type TermUnit } from './dates';

export type DepositMethod = 'freeze' | 'card' | 'paid' | 'waived' | 'payscore';

export interface LeasePlan {
  termUnit: TermUnit;
  /** Number of periods. */
  term: number;
  rentPerPeriod: number;
  /** The plan's first rent: one month, or the whole term of a day plan. */
  firstPayment: number;
  deposit: number;
  /** `buyoutPrices[k]`: the plan's price to buy the item out after k periods are paid. */
  buyoutPrices: readonly number[];
}

export interface LeaseService {
  price: number;
  /** `period`: added to every rent; `once`: paid with the first payment. */
  priceUnit: 'once' | 'period';
}

export type LeaseCouponKind = 'amount' | 'percent' | 'first_month_free';

export interface LeaseCoupon {
  /** Fen off (kind `amount`; 0 for the other kinds). */
  amount: number;
  /** The first payment must reach this for the coupon to apply. */
  minAmount: number;
  /** `amount` off (the default), `percent` off the first bill, or the first period's rent. */
  kind?: LeaseCouponKind;
  /** 1-99: the share of the first bill taken off (kind `percent`). */
  percentOff?: number | null;
}

export interface LeaseTerms {
  plan: LeasePlan;
  services: readonly LeaseService[];
  /** Market value of the item leased (the SKU's): what a buy-out may cost at most. */
  marketPrice: number;
  depositMethod: DepositMethod;
  coupon?: LeaseCoupon | null;
}

/**
 * When a bill falls due. The first payment (and a paid deposit) are paid before the item ships;
 * every later rent falls due a whole number of periods after the rent start date, which is the
 * day after receipt (ORDER-LIFECYCLE.md) and so unknown until then.
 */
export type DueRule = { at: 'firstPayment' } | { at: 'start'; unit: TermUnit; after: number };

export type ScheduledKind = 'FIRST' | 'DEPOSIT' | 'INSTALMENT';

export interface ScheduledBill {
  kind: ScheduledKind;
  period: number;
  due: DueRule;
  original: number;
  discount: number;
  /** original − discount: what the bill asks for. */
  amount: number;
}

export interface BuyoutRow {
  /** Periods paid. */
  afterPeriods: number;
  price: number;
}

export interface LeaseQuote {
  termUnit: TermUnit;
  term: number;
  /** The plan's rent of one period (without services). */
  rentPerPeriod: number;
  /** Services added to every period's rent. */
  servicesPerPeriod: number;
  /** Services paid once, with the first payment. */
  servicesOnce: number;
  /** Rent plus per-period services: what each later rent bill asks for. */
  perPeriod: number;
  /** The first rent bill before the coupon: first rent, its services, one-off services. */
  firstBill: number;
  couponDiscount: number;
  /** The deposit the method asks for (0 when waived). */
  deposit: number;
  /** Part of the deposit paid with the first payment (method `paid`). */
  depositPaidNow: number;
  /** What the first payment asks for: the first bill less the coupon, and a paid deposit. */
  payNow: number;
  /** What the services add over the whole term. */
  servicesTotal: number;
  /** Rent and services over the whole term, before the coupon. */
  totalRent: number;
  /** What the lease costs after the coupon (the deposit aside): the sum of its rent bills. */
  totalPayable: number;
  /** Every bill the lease starts with, in the order they fall due. */
  schedule: ScheduledBill[];
  /** The buy-out price after each point at which rent is paid (month: 1…term; day: the term). */
  buyout: BuyoutRow[];
  /** The buy-out price once every period is paid. */
  finalBuyout: number;
}

/**
 * A buy-out costs at least ¥1: ownership passes against a payment, and the cashier takes no
 * payment of nothing.
 */
export const MIN_BUYOUT_PRICE = 100;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The coupon's discount on a first bill, by its kind: a fixed amount, a percentage of the first
 * bill (rounded down to the fen), or one period's rent (services aside: `rentPerPeriod`, the
 * plan's). Nothing below its threshold, never more than the bill. The server keeps what this comes
 * to on the order, so a later change to the coupon never changes the order's bills.
 */
export function couponDiscountFor(
  coupon: LeaseCoupon | null | undefined,
  firstBill: number,
  rentPerPeriod: number,
) {
  if (!coupon || firstBill < coupon.minAmount) return 0;
  const fen =
    coupon.kind === 'percent'
      ? Math.floor((firstBill * (coupon.percentOff ?? 0)) / 100)
      : coupon.kind === 'first_month_free'
        ? rentPerPeriod
        : coupon.amount;
  return Math.max(0, Math.min(fen, firstBill));
}

/** Rent (services aside) paid once `periods` periods are paid: what the buy-out price is cut by. */
export function rentPaidAfter(plan: LeasePlan, periods: number): number {
  if (periods <= 0) return 0;
  // A day plan's first payment is the whole term.
  if (plan.termUnit === 'day') return periods >= plan.term ? plan.firstPayment : 0;
  return plan.firstPayment + plan.rentPerPeriod * (Math.min(periods, plan.term) - 1);
}

/**
 * The price to buy the item out after `periods` periods are paid: the plan's price, but never
 * more than the market price less the rent already paid (nor less than MIN_BUYOUT_PRICE on that
 * account), so renting first and then buying never costs more than buying at the start.
 */
export function buyoutPriceAfter(plan: LeasePlan, marketPrice: number, periods: number): number {
  const k = Math.max(0, Math.min(periods, plan.term));
  const listed = plan.buyoutPrices[Math.min(k, plan.buyoutPrices.length - 1)] ?? 0;
  const cap = Math.max(marketPrice - rentPaidAfter(plan, k), MIN_BUYOUT_PRICE);
  return Math.max(0, Math.min(listed, cap));
}

/** The plan's whole buy-out table (k = 0 … term) as a customer may be charged it. */
export function buyoutTable(plan: LeasePlan, marketPrice: number): number[] {
  return Array.from({ length: plan.term + 1 }, (_, k) => buyoutPriceAfter(plan, marketPrice, k));
}

/** Periods of rent a set of paid rent bills stands for (a day plan's first bill is its term). */
export function periodsPaidBy(
  plan: Pick<LeasePlan, 'termUnit' | 'term'>,
  bills: readonly { kind: string; status: string }[],
): number {
  const paid = bills.filter(
    (bill) => (bill.kind === 'FIRST' || bill.kind === 'INSTALMENT') && bill.status === 'paid',
  );
  if (plan.termUnit === 'day') return paid.some((bill) => bill.kind === 'FIRST') ? plan.term : 0;
  return Math.min(paid.length, plan.term);
}

function scheduleOf(terms: LeaseTerms) {
  const { plan, services } = terms;
  const servicesPerPeriod = sum(
    services.filter((s) => s.priceUnit === 'period').map((s) => s.price),
  );
  const servicesOnce = sum(services.filter((s) => s.priceUnit === 'once').map((s) => s.price));
  // A day plan pays its whole term first, so the whole term's services too.
  const periodsInFirst = plan.termUnit === 'day' ? plan.term : 1;
  const firstBill = plan.firstPayment + servicesPerPeriod * periodsInFirst + servicesOnce;
  const rents: Omit<ScheduledBill, 'discount' | 'amount'>[] = [
    { kind: 'FIRST', period: 1, due: { at: 'firstPayment' }, original: firstBill },
  ];
  if (plan.termUnit === 'month') {
    for (let period = 2; period <= plan.term; period++) {
      rents.push({
        kind: 'INSTALMENT',
        period,
        due: { at: 'start', unit: 'month', after: period - 1 },
        original: plan.rentPerPeriod + servicesPerPeriod,
      });
    }
  }
  return { servicesPerPeriod, servicesOnce, firstBill, rents };
}

export function leaseQuote(terms: LeaseTerms): LeaseQuote {
  const { plan, marketPrice, depositMethod } = terms;
  const { servicesPerPeriod, servicesOnce, firstBill, rents } = scheduleOf(terms);
  const couponDiscount = couponDiscountFor(terms.coupon, firstBill, plan.rentPerPeriod);
  // The coupon comes off the first bill first, any remainder off the next ones in order.
  let coupon = couponDiscount;
  const schedule: ScheduledBill[] = rents.map((bill) => {
    const discount = Math.min(coupon, bill.original);
    coupon -= discount;
    return { ...bill, discount, amount: bill.original - discount };
  });
  const deposit = depositMethod === 'waived' ? 0 : plan.deposit;
  const depositPaidNow = depositMethod === 'paid' ? deposit : 0;
  if (depositPaidNow > 0) {
    schedule.splice(1, 0, {
      kind: 'DEPOSIT',
      period: 1,
      due: { at: 'firstPayment' },
      original: depositPaidNow,
      discount: 0,
      amount: depositPaidNow,
    });
  }
  const rentBills = schedule.filter((bill) => bill.kind !== 'DEPOSIT');
  const totalRent = sum(rentBills.map((bill) => bill.original));
  const table = buyoutTable(plan, marketPrice);
  const buyout =
    plan.termUnit === 'day'
      ? [{ afterPeriods: plan.term, price: table[plan.term] ?? 0 }]
      : table.slice(1).map((price, index) => ({ afterPeriods: index + 1, price }));
  return {
    termUnit: plan.termUnit,
    term: plan.term,
    rentPerPeriod: plan.rentPerPeriod,
    servicesPerPeriod,
    servicesOnce,
    perPeriod: plan.rentPerPeriod + servicesPerPeriod,
    firstBill,
    couponDiscount,
    deposit,
    depositPaidNow,
    payNow: firstBill - couponDiscount + depositPaidNow,
    servicesTotal: servicesPerPeriod * plan.term + servicesOnce,
    totalRent,
    totalPayable: sum(rentBills.map((bill) => bill.amount)),
    schedule,
    buyout,
    finalBuyout: table[plan.term] ?? 0,
  };
}

/** The date a rule names once the rent start date is known (`placedOn` for the first payment). */
export function dueDateOf(due: DueRule, dates: { placedOn: string; start: string }): string {
  return due.at === 'firstPayment'
    ? dates.placedOn
    : periodDue(due.unit, dates.start, due.after + 1);
}
