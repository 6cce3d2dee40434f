/** Coupons: what can be claimed on this brand, claiming (once each), and mine by status. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Id } from './envelope.ts';

/** `amount` off, `percent` off the first payment, or the `first_month_free`. */
export const CouponKind = Type.Union([
  Type.Literal('amount'),
  Type.Literal('percent'),
  Type.Literal('first_month_free'),
]);
export type CouponKind = Static<typeof CouponKind>;

export const Coupon = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** Fen off the first payment (kind `amount`; 0 for the other kinds). */
  amount: Type.Integer(),
  /** `amount` off, `percent` off the first payment, or the `first_month_free`. */
  kind: Type.Optional(CouponKind),
  /** Percent off the first payment (kind `percent`). */
  percentOff: Type.Optional(Type.Integer()),
  /** Least first payment in fen for the coupon to apply. */
  minAmount: Type.Integer(),
  /** Days a claimed coupon stays valid. */
  validDays: Type.Integer(),
  /** Whether the caller holds as many as one user may (false when not logged in). */
  claimed: Type.Boolean(),
});
export type Coupon = Static<typeof Coupon>;
export const CouponListReply = Envelope(Type.Array(Coupon));
export type CouponListReply = Static<typeof CouponListReply>;

export const ClaimCouponBody = Type.Object({ couponId: Id });
export type ClaimCouponBody = Static<typeof ClaimCouponBody>;

export const MyCouponStatus = Type.Union([
  Type.Literal('unused'),
  Type.Literal('used'),
  Type.Literal('expired'),
]);
export type MyCouponStatus = Static<typeof MyCouponStatus>;

export const MyCoupon = Type.Object({
  /** The claim's id (what an order will name). */
  id: Type.Integer(),
  couponId: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  /** Fen off the first payment (kind `amount`; 0 for the other kinds). */
  amount: Type.Integer(),
  /** As the coupon's (`Coupon.kind`): what the checkout works the discount out by. */
  kind: Type.Optional(CouponKind),
  /** Percent off the first payment (kind `percent`). */
  percentOff: Type.Optional(Type.Integer()),
  minAmount: Type.Integer(),
  status: MyCouponStatus,
  /** ISO 8601. */
  claimedAt: Type.String(),
  expiresAt: Type.String(),
});
export type MyCoupon = Static<typeof MyCoupon>;
export const ClaimCouponReply = Envelope(MyCoupon);
export type ClaimCouponReply = Static<typeof ClaimCouponReply>;

export const MyCouponListQuery = Type.Object({
  status: Type.Optional(MyCouponStatus),
});
export type MyCouponListQuery = Static<typeof MyCouponListQuery>;
export const MyCouponListReply = Envelope(Type.Array(MyCoupon));
export type MyCouponListReply = Static<typeof MyCouponListReply>;
