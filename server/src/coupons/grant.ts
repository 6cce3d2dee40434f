/**
 * Handing one coupon to one user on one brand: the storefront's claim and the console's issue both
 * come here. Within the coupon's window, under its per-user limit (claims are numbered, and the
 * unique key on the number settles two at once) and its stock (an atomic counter). A claimed
 * coupon is valid `valid_days`, never past the coupon's end.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../plugins/errors.ts';

export interface GrantRequest {
  couponId: number;
  userId: number;
  platform: number;
  now: Date;
  /** The staff account issuing it; undefined when the user claims it. */
  issuedBy?: number;
}

export async function grantCoupon(
  trx: Transaction<Database>,
  request: GrantRequest,
): Promise<{ userCouponId: number; expiresAt: Date }> {
  const { couponId, userId, platform, now } = request;
  const coupon = await trx
    .selectFrom('coupons')
    .select(['id', 'valid_days', 'starts_at', 'ends_at', 'per_user_limit'])
    .where('id', '=', couponId)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('platform', 'is', null), eb('platform', '=', platform)]))
    .executeTakeFirst();
  if (!coupon) throw notFound('优惠券不存在');
  if (coupon.starts_at && coupon.starts_at.getTime() > now.getTime())
    throw badRequest('优惠券尚未开始发放');
  if (coupon.ends_at && coupon.ends_at.getTime() <= now.getTime())
    throw badRequest('优惠券已过发放期');
  const held = await trx
    .selectFrom('user_coupons')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('coupon_id', '=', couponId)
    .executeTakeFirstOrThrow();
  const claimNo = Number(held.n) + 1;
  const limitReached = () =>
    conflict(coupon.per_user_limit === 1 ? '您已领取过该优惠券' : '已达到该优惠券每人限领数量');
  if (claimNo > coupon.per_user_limit) throw limitReached();
  const lifetimeEnd = now.getTime() + coupon.valid_days * 86_400_000;
  const expiresAt = new Date(
    coupon.ends_at ? Math.min(lifetimeEnd, coupon.ends_at.getTime()) : lifetimeEnd,
  );
  const claim = await trx
    .insertInto('user_coupons')
    .values({
      user_id: userId,
      platform,
      coupon_id: couponId,
      claim_no: claimNo,
      claimed_at: now,
      expires_at: expiresAt,
      issued_by: request.issuedBy ?? null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'platform', 'coupon_id', 'claim_no']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claim) throw limitReached();
  const taken = await trx
    .updateTable('coupons')
    .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
    .where('id', '=', couponId)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('claimed', '<', eb.ref('stock'))]))
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw badRequest('优惠券已领完');
  return { userCouponId: claim.id, expiresAt };
}
