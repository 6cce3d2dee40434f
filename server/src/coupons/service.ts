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
import { grantCoupon } from './grant.ts';

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
      'c.kind',
      'c.percent_off',
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
    kind: row.kind,
    ...(row.percent_off === null ? {} : { percentOff: row.percent_off }),
    minAmount: row.min_amount,
    status,
    claimedAt: row.claimed_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
  };
}

/**
 * The brand's coupons in stock and in their window; `claimed` tells whether `userId` (0: nobody)
 * holds as many as one user may.
 */
export async function offeredCoupons(
  db: Kysely<Database>,
  platform: PlatformId,
  userId: number,
  now: Date,
): Promise<Coupon[]> {
  const rows = await db
    .selectFrom('coupons as c')
    // The caller's last claim of it (claims are numbered up to the per-user limit).
    .leftJoin('user_coupons as uc', (join) =>
      join
        .onRef('uc.coupon_id', '=', 'c.id')
        .on('uc.user_id', '=', userId)
        .on('uc.platform', '=', platform)
        .onRef('uc.claim_no', '=', 'c.per_user_limit'),
    )
    .select([
      'c.id',
      'c.title',
      'c.description',
      'c.amount',
      'c.min_amount',
      'c.valid_days',
      'c.kind',
      'c.percent_off',
      'uc.id as claim_id',
    ])
    .where('c.active', '=', true)
    .where((eb) => eb.or([eb('c.platform', 'is', null), eb('c.platform', '=', platform)]))
    .where((eb) => eb.or([eb('c.stock', 'is', null), eb('c.claimed', '<', eb.ref('c.stock'))]))
    // Only in its window (the console's templates have one; the seed's are open).
    .where((eb) => eb.or([eb('c.starts_at', 'is', null), eb('c.starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('c.ends_at', 'is', null), eb('c.ends_at', '>', now)]))
    .orderBy('c.amount', 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    amount: row.amount,
    kind: row.kind,
    ...(row.percent_off === null ? {} : { percentOff: row.percent_off }),
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
  const claimId = await db
    .transaction()
    .execute(
      async (trx) =>
        (await grantCoupon(trx, { couponId, userId: owner.id, platform, now })).userCouponId,
    );
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
