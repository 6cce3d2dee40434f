/**
 * The confirm page's sums, integer fen, from the same database prices the server snapshots at
 * placement (the server recomputes them; this is what the user sees before tapping submit).
 */
import type { MyCoupon } from '../../api/coupon';
import type { DepositMethod } from '../../api/checkout';
import type { GoodsPlan, ValueAddedService } from '@contract/api/goods';
import { planPrice } from '../../utils';

export interface CheckoutPrice {
  /** Rent per period including per-period services. */
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
}

export function checkoutPrice(
  plan: GoodsPlan,
  services: readonly ValueAddedService[],
  depositMethod: DepositMethod,
  coupon: Pick<MyCoupon, 'amount' | 'minAmount'> | null,
): CheckoutPrice {
  const { rentPerPeriod, firstPayment, totalRent } = planPrice(plan, services);
  const couponDiscount =
    coupon && firstPayment >= coupon.minAmount ? Math.min(coupon.amount, firstPayment) : 0;
  const deposit = depositMethod === 'waived' ? 0 : plan.deposit;
  return {
    rentPerPeriod,
    firstPayment,
    couponDiscount,
    deposit,
    payNow: firstPayment - couponDiscount + (depositMethod === 'paid' ? deposit : 0),
    totalRent,
  };
}

/** The unused coupon worth most for this first payment (earliest expiry on a tie), or null. */
export function bestCoupon(coupons: readonly MyCoupon[], firstPayment: number): MyCoupon | null {
  let best: MyCoupon | null = null;
  for (const coupon of coupons) {
    if (coupon.status !== 'unused' || coupon.minAmount > firstPayment) continue;
    const value = Math.min(coupon.amount, firstPayment);
    const bestValue = best ? Math.min(best.amount, firstPayment) : -1;
    if (value > bestValue || (value === bestValue && best && coupon.expiresAt < best.expiresAt)) {
      best = coupon;
    }
  }
  return best;
}

/** The deposit methods this build offers, default first. */
export function depositMethodsFor(canFreeze: boolean, canWithhold: boolean): DepositMethod[] {
  const methods: DepositMethod[] = [];
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
