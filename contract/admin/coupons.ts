/**
 * The console's coupons (issue 37): templates per brand (amount off, percentage off, first month
 * free), their window, stock, per-user limit and goods; issuing one to a user by mobile or id.
 * An order keeps the discount it was placed with: changing a template never changes its bills.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Envelope, FreeText, Id, Mobile, Nullable, PageOf } from '../api/envelope.ts';
import { BrandId } from './index.ts';

export const COUPON_KINDS = ['amount', 'percent', 'first_month_free'] as const;
export const CouponKind = Type.Union(COUPON_KINDS.map((kind) => Type.Literal(kind)));
export type CouponKind = Static<typeof CouponKind>;

/**
 * `null` or the schema, null first: with the first branch a number, Ajv's type coercion would
 * turn a sent `null` into 0 (an unlimited quota would become none).
 */
const NullOr = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** Money in fen; the schema lets a negative through so the service names the field. */
const Fen = Type.Integer({ minimum: -100_000_000, maximum: 100_000_000 });

export const CouponInput = Type.Object({
  platform: BrandId,
  title: FreeText(1, 30),
  description: Type.Optional(FreeText(0, 100)),
  kind: CouponKind,
  /** Fen off the first payment (kind `amount`). */
  amount: Type.Optional(Fen),
  /** 1-99 percent off the first payment (kind `percent`). */
  percentOff: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
  /** Least first payment in fen. */
  minAmount: Type.Optional(Fen),
  /** Days a claimed coupon stays valid (never past `endsAt`). */
  validDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  /** When it is offered (ISO 8601); absent: from now, with no end. */
  startsAt: Type.Optional(NullOr(Type.String({ format: 'date-time' }))),
  endsAt: Type.Optional(NullOr(Type.String({ format: 'date-time' }))),
  /** How many may be handed out in all; null: no limit. */
  stock: Type.Optional(NullOr(Type.Integer({ minimum: 0, maximum: 10_000_000 }))),
  perUserLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Goods it applies to; absent or null: every goods. */
  goodsIds: Type.Optional(
    NullOr(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })),
  ),
  active: Type.Optional(Type.Boolean()),
});
export type CouponInput = Static<typeof CouponInput>;

export const AdminCoupon = Type.Object({
  id: Id,
  platform: Nullable(BrandId),
  title: Type.String(),
  description: Type.String(),
  kind: CouponKind,
  amount: Type.Integer(),
  percentOff: Nullable(Type.Integer()),
  minAmount: Type.Integer(),
  validDays: Type.Integer(),
  startsAt: Nullable(Type.String()),
  endsAt: Nullable(Type.String()),
  stock: Nullable(Type.Integer()),
  claimed: Type.Integer(),
  perUserLimit: Type.Integer(),
  goodsIds: Nullable(Type.Array(Id)),
  active: Type.Boolean(),
});
export type AdminCoupon = Static<typeof AdminCoupon>;

export const ListCouponsQuery = Type.Object({
  platform: Type.Optional(BrandId),
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type ListCouponsQuery = Static<typeof ListCouponsQuery>;
export const ListCouponsReply = Envelope(PageOf(AdminCoupon));
export type ListCouponsReply = Static<typeof ListCouponsReply>;
export const CouponReply = Envelope(AdminCoupon);
export type CouponReply = Static<typeof CouponReply>;

/** To one user: by mobile or by user id (exactly one). */
export const IssueCouponBody = Type.Object({
  mobile: Type.Optional(Mobile),
  userId: Type.Optional(Id),
});
export type IssueCouponBody = Static<typeof IssueCouponBody>;
export const IssueCouponReply = Envelope(
  Type.Object({ userCouponId: Id, userId: Id, expiresAt: Type.String() }),
);
export type IssueCouponReply = Static<typeof IssueCouponReply>;
