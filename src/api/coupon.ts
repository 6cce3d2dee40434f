/** Coupons: what this brand offers, claiming one, and mine by status. */
import type { Coupon, MyCoupon, MyCouponStatus } from '@contract/api/coupon';
import { get, post } from '../platform/request';

export type { Coupon, MyCoupon, MyCouponStatus };

export function fetchClaimableCoupons() {
  return get<Coupon[]>('/api/coupon/list');
}

export function claimCoupon(couponId: number) {
  return post<MyCoupon>('/api/coupon/get', { couponId });
}

export function fetchMyCoupons(status: MyCouponStatus) {
  return get<MyCoupon[]>('/api/coupon/my/list', { status });
}
