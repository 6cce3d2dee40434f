/**
 * The confirm page's sums, integer fen: the lease quote (contract/lease) the server writes the
 * order's bills and contract from, on the same database prices it snapshots at placement.
 */
import type { MyCoupon } from '../../api/coupon';
import type { DepositMethod } from '../../api/checkout';
import type { GoodsPlan, ValueAddedService } from '@contract/api/goods';
import { couponDiscountFor, leaseQuote } from '@contract/lease';

export interface CheckoutPrice {
  /** What each period asks for: rent plus per-period services. */
  rentPerPeriod: number;
  /** The FIRST bill before the coupon: first rent + its services + one-off services. */
  firstPayment: number;
  couponDiscount: number;
  /** The deposit the method asks for (0 when waived). */
  deposit: number;
  /** What is paid now: first payment − coupon, plus the deposit when it is paid. */
  payNow: number;
  /** The whole term's rent and services. */
  totalRent: number;
  /** The plan's rent of one period, services aside: what a first-month-free coupon takes off. */
  planRent: number;
}

type CouponTerms = Pick<MyCoupon, 'amount' | 'minAmount' | 'kind' | 'percentOff'>;

export function checkoutPrice(
  plan: GoodsPlan,
  services: readonly ValueAddedService[],
  depositMethod: DepositMethod,
  coupon: CouponTerms | null,
  /** The SKU's market value (caps buy-out prices; none of the sums here depend on it). */
  marketPrice = 0,
): CheckoutPrice {
  const quote = leaseQuote({ plan, services, marketPrice, depositMethod, coupon });
  return {
    rentPerPeriod: quote.perPeriod,
    firstPayment: quote.firstBill,
    couponDiscount: quote.couponDiscount,
    deposit: quote.deposit,
    payNow: quote.payNow,
    totalRent: quote.totalRent,
    planRent: plan.rentPerPeriod,
  };
}

/** What `coupon` takes off this first payment (by its kind; 0 below its threshold). */
export function couponValue(
  coupon: CouponTerms,
  price: Pick<CheckoutPrice, 'firstPayment' | 'planRent'>,
): number {
  return couponDiscountFor(coupon, price.firstPayment, price.planRent);
}

/** The unused coupon worth most for this first payment (earliest expiry on a tie), or null. */
export function bestCoupon(
  coupons: readonly MyCoupon[],
  price: Pick<CheckoutPrice, 'firstPayment' | 'planRent'>,
): MyCoupon | null {
  let best: MyCoupon | null = null;
  for (const coupon of coupons) {
    const value = couponValue(coupon, price);
    if (coupon.status !== 'unused' || value === 0) continue;
    const bestValue = best ? couponValue(best, price) : -1;
    if (value > bestValue || (value === bestValue && best && coupon.expiresAt < best.expiresAt)) {
      best = coupon;
    }
  }
  return best;
}

/** The deposit methods this build offers, default first. */
export function depositMethodsFor(
  canFreeze: boolean,
  canWithhold: boolean,
  payScore = false,
): DepositMethod[] {
  const methods: DepositMethod[] = [];
  // WeChat Pay Score, where the server offers it to this user: deposit-free, so first.
  if (payScore) methods.push('payscore');
  if (canFreeze) methods.push('freeze');
  if (canWithhold) methods.push('card');
  methods.push('paid', 'waived');
  return methods;
}

/** `serviceIds` of the product page's link ("7,9"), ignoring anything that is not an id. */
export function parseIds(value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
}
