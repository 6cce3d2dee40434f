/**
 * Coupons. The list shows what this brand offers (with `claimed` for a logged-in caller);
 * claiming is once per coupon per user (a unique key) and within stock (an atomic counter).
 * Expiry is computed from `expires_at`, so "expired" needs no job.
 */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Coupon, MyCoupon, MyCouponStatus } from '../../../contract/api/coupon.ts';
import type { Database } from '../db/schema.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { badRequest, conflict, notFound } from '../plugins/errors.ts';

/** Whose coupons: a user on one brand. */
export type CouponOwner = Pick<AuthUser, 'id' | 'platform'>;

function myCouponsQuery(db: Kysely<Database>, owner: CouponOwner) {
  return db
    .selectFrom('user_coupons as uc')
    .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
    .select([
      'uc.id',
      'uc.coupon_id',
      'uc.status',
      'uc.claimed_at',
      'uc.expires_at',
      'c.title',
      'c.description',
      'c.amount',
      'c.min_amount',
    ])
    .where('uc.user_id', '=', owner.id)
    .where('uc.platform', '=', owner.platform);
}

type MyCouponRow = Awaited<
  ReturnType<ReturnType<typeof myCouponsQuery>['executeTakeFirstOrThrow']>
>;

function toMyCoupon(row: MyCouponRow, now: Date): MyCoupon {
  const status: MyCouponStatus =
    row.status === 'used'
      ? 'used'
      : row.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'unused';
  return {
    id: row.id,
    couponId: row.coupon_id,
    title: row.title,
    description: row.description,
    amount: row.amount,
    minAmount: row.min_amount,
    status,
    claimedAt: row.claimed_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/** The brand's coupons still in stock; `claimed` tells whether `userId` (0: nobody) has one. */
export async function offeredCoupons(
  db: Kysely<Database>,
  platform: PlatformId,
  userId: number,
): Promise<Coupon[]> {
  const rows = await db
    .selectFrom('coupons as c')
    .leftJoin('user_coupons as uc', (join) =>
      join
        .onRef('uc.coupon_id', '=', 'c.id')
        .on('uc.user_id', '=', userId)
        .on('uc.platform', '=', platform),
    )
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.amount',
      'c.min_amount',
      'c.valid_days',
      'uc.id as claim_id',
    ])
    .where('c.active', '=', true)
    .where((eb) => eb.or([eb('c.platform', 'is', null), eb('c.platform', '=', platform)]))
    .where((eb) => eb.or([eb('c.stock', 'is', null), eb('c.claimed', '<', eb.ref('c.stock'))]))
    .orderBy('c.amount', 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    amount: row.amount,
    minAmount: row.min_amount,
    validDays: row.valid_days,
    claimed: row.claim_id !== null,
  }));
}

/**
 * Claims a coupon offered on `platform` for `owner`: 404 unknown, 409 claimed before, 400 out of
 * stock. One transaction, so a refused claim leaves nothing behind.
 */
export async function claimCoupon(
  db: Kysely<Database>,
  owner: CouponOwner,
  platform: PlatformId,
  couponId: number,
  now: Date,
): Promise<MyCoupon> {
  const claimId = await db.transaction().execute(async (trx) => {
    const coupon = await trx
      .selectFrom('coupons')
      .select(['id', 'valid_days'])
      .where('id', '=', couponId)
      .where('active', '=', true)
      .where((eb) => eb.or([eb('platform', 'is', null), eb('platform', '=', platform)]))
      .executeTakeFirst();
    if (!coupon) throw notFound('优惠券不存在');
    const claim = await trx
      .insertInto('user_coupons')
      .values({
        user_id: owner.id,
        platform: owner.platform,
        coupon_id: couponId,
        claimed_at: now,
        expires_at: new Date(now.getTime() + coupon.valid_days * 86_400_000),
      })
      .onConflict((oc) => oc.columns(['user_id', 'platform', 'coupon_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claim) throw conflict('您已领取过该优惠券');
    const taken = await trx
      .updateTable('coupons')
      .set((eb) => ({ claimed: eb('claimed', '+', 1) }))
      .where('id', '=', couponId)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('claimed', '<', eb.ref('stock'))]))
      .returning('id')
      .executeTakeFirst();
    if (!taken) throw badRequest('优惠券已领完');
    return claim.id;
  });
  const row = await myCouponsQuery(db, owner)
    .where('uc.id', '=', claimId)
    .executeTakeFirstOrThrow();
  return toMyCoupon(row, now);
}

/** The owner's coupons in one state, soonest to expire first. */
export async function myCoupons(
  db: Kysely<Database>,
  owner: CouponOwner,
  status: MyCouponStatus,
  now: Date,
): Promise<MyCoupon[]> {
  let query = myCouponsQuery(db, owner);
  if (status === 'used') query = query.where('uc.status', '=', 'used');
  else if (status === 'expired') {
    query = query.where('uc.status', '=', 'unused').where('uc.expires_at', '<=', now);
  } else query = query.where('uc.status', '=', 'unused').where('uc.expires_at', '>', now);
  const rows = await query.orderBy('uc.expires_at').orderBy('uc.id').execute();
  return rows.map((row) => toMyCoupon(row, now));
}
