/**
 * The lease's money and dates, shared by the server and the storefront (see quote.ts: one quote
 * owns every figure a customer sees). Named re-exports: Node's CommonJS loader sees no names
 * through `export *`.
 */
export {
  addDays,
  addMonths,
  afterPeriods,
  dayOf,
  daysBetween,
  endOf,
  isoDay,
  periodDue,
  rentStartAfterReceipt,
  type TermUnit,
} from './dates';
export {
  buyoutPriceAfter,
  buyoutTable,
  couponDiscountFor,
  dueDateOf,
  leaseQuote,
  MIN_BUYOUT_PRICE,
  periodsPaidBy,
  rentPaidAfter,
  type BuyoutRow,
  type DepositMethod,
  type DueRule,
  type LeaseCoupon,
  type LeaseCouponKind,
  type LeasePlan,
  type LeaseQuote,
  type LeaseService,
  type LeaseTerms,
  type ScheduledBill,
  type ScheduledKind,
} from './quote';
export {
  buyoutQuote,
  dueOf,
  EARLY_RETURN_FEE_BP,
  earlyReturnQuote,
  outstandingOf,
  owedOn,
  rentNotYetDue,
  type BillKind,
  type LeaseBill,
  type OwedNow,
  type QuoteLine,
} from './settlement';
