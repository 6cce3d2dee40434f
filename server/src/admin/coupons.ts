/**
 * The console's coupons (issue 37): a brand's templates and issuing one to a user. A template's
 * rules are checked here with the field named (a negative amount, a percentage over 99, an end
 * before the start, unknown goods) and a refused one writes nothing. Orders keep the discount they
 * were placed with, so changing a template never changes an order's bills.
 */
import type { Kysely, Selectable } from 'kysely';
import type {
  AdminCoupon,
  CouponInput,
  IssueCouponBody,
  ListCouponsQuery,
} from '../../../contract/admin/coupons.ts';
import { grantCoupon } from '../coupons/grant.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { authorise, forbidden } from './guard.ts';

const COUPON_COLUMNS = [
  'id',
  'platform',
  'title',
  'description',
  'kind',
  'amount',
  'percent_off',
  'min_amount',
  'valid_days',
  'starts_at',
  'ends_at',
  'stock',
  'claimed',
  'per_user_limit',
  'goods_ids',
  'active',
] as const;

type CouponRow = Pick<Selectable<Database['coupons']>, (typeof COUPON_COLUMNS)[number]>;

function toCoupon(row: CouponRow): AdminCoupon {
  return {
    id: row.id,
    platform: row.platform,
    title: row.title,
    description: row.description,
    kind: row.kind,
    amount: row.amount,
    percentOff: row.percent_off,
    minAmount: row.min_amount,
    validDays: row.valid_days,
    startsAt: row.starts_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    stock: row.stock,
    claimed: row.claimed,
    perUserLimit: row.per_user_limit,
    goodsIds: row.goods_ids,
    active: row.active,
  };
}

/** The template's columns from the console's form; 400 naming the first wrong field. */
async function couponValues(db: Kysely<Database>, input: CouponInput) {
  const amount = input.kind === 'amount' ? input.amount : 0;
  if (input.kind === 'amount') {
    if (amount === undefined) throw badRequest('amount: 满减券须填写减免金额');
    if (amount <= 0) throw badRequest('amount: 减免金额须大于 0');
  }
  const percentOff = input.kind === 'percent' ? input.percentOff : undefined;
  if (input.kind === 'percent') {
    if (percentOff === undefined) throw badRequest('percentOff: 折扣券须填写折扣比例');
    if (percentOff < 1 || percentOff > 99)
      throw badRequest('percentOff: 折扣比例须在 1 到 99 之间');
  }
  const minAmount = input.minAmount ?? 0;
  if (minAmount < 0) throw badRequest('minAmount: 使用门槛不能为负数');
  const startsAt = input.startsAt ? new Date(input.startsAt) : null;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
    throw badRequest('endsAt: 结束时间须晚于开始时间');
  const goodsIds = input.goodsIds ?? null;
  if (goodsIds) {
    const found = await db.selectFrom('goods').select('id').where('id', 'in', goodsIds).execute();
    const known = new Set(found.map((row) => row.id));
    const missing = goodsIds.filter((id) => !known.has(id));
    if (missing.length > 0) throw badRequest(`goodsIds: 商品 ${missing.join('、')} 不存在`);
  }
  return {
    platform: input.platform,
    title: input.title,
    description: input.description ?? '',
    kind: input.kind,
    amount: amount ?? 0,
    percent_off: percentOff ?? null,
    min_amount: minAmount,
    valid_days: input.validDays,
    starts_at: startsAt,
    ends_at: endsAt,
    stock: input.stock ?? null,
    per_user_limit: input.perUserLimit ?? 1,
    goods_ids: goodsIds ? JSON.stringify(goodsIds) : null,
    active: input.active ?? true,
  };
}

/** A page of templates, newest first: the account's brands' (and, for every-brand accounts, the shared ones). */
export async function listCoupons(
  db: Kysely<Database>,
  actor: StaffActor,
  query: ListCouponsQuery,
) {
  authorise(actor, 'coupons.manage', query.platform);
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('coupons');
  if (query.platform) base = base.where('platform', '=', query.platform);
  else if (!actor.allBrands) base = base.where('platform', 'in', actor.brands);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    base
      .select(COUPON_COLUMNS)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { list: rows.map(toCoupon), total: Number(total), pageNum, pageSize };
}

async function couponOf(db: Kysely<Database>, actor: StaffActor, id: number): Promise<AdminCoupon> {
  const row = await db
    .selectFrom('coupons')
    .select(COUPON_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('优惠券不存在');
  // A coupon every brand shares is changed only by an account of every brand.
  if (row.platform === null && !actor.allBrands) throw forbidden('无权操作该品牌的数据');
  authorise(actor, 'coupons.manage', row.platform ?? undefined);
  return toCoupon(row);
}

/** Adds (`id` undefined) or changes a template; the storefront's coupon centre shows it at once. */
export async function saveCoupon(
  deps: AppDeps,
  actor: StaffActor,
  id: number | undefined,
  input: CouponInput,
): Promise<AdminCoupon> {
  authorise(actor, 'coupons.manage', input.platform);
  const before = id === undefined ? null : await couponOf(deps.db, actor, id);
  const values = await couponValues(deps.db, input);
  if (before && values.stock !== null && values.stock < before.claimed)
    throw badRequest(`stock: 已发出 ${before.claimed} 张，总量不能少于此数`);
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const row = before
      ? await trx
          .updateTable('coupons')
          .set({ ...values, updated_at: now })
          .where('id', '=', before.id)
          .returning(COUPON_COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('coupons')
          .values({ ...values, created_at: now, updated_at: now })
          .returning(COUPON_COLUMNS)
          .executeTakeFirstOrThrow();
    const after = toCoupon(row);
    await appendAudit(
      trx,
      actor,
      {
        platform: input.platform,
        action: before ? 'coupon.update' : 'coupon.create',
        targetType: 'coupon',
        targetId: after.id,
        before,
        after,
      },
      now,
    );
    return after;
  });
}

/** Hands the coupon to one user (by mobile or id) on the coupon's brand, within its limits. */
export async function issueCoupon(
  deps: AppDeps,
  actor: StaffActor,
  couponId: number,
  body: IssueCouponBody,
) {
  const coupon = await couponOf(deps.db, actor, couponId);
  if ((body.mobile === undefined) === (body.userId === undefined))
    throw badRequest('mobile: 请填写手机号或用户 ID 其中一项');
  if (coupon.platform === null) throw badRequest('platform: 通用券不能从后台发放，请选择品牌券');
  let user = deps.db.selectFrom('users').select('id');
  user =
    body.mobile !== undefined
      ? user.where('mobile', '=', body.mobile)
      : user.where('id', '=', body.userId ?? 0);
  const found = await user.executeTakeFirst();
  if (!found)
    throw badRequest(body.mobile !== undefined ? 'mobile: 该手机号尚未注册' : 'userId: 用户不存在');
  const platform = coupon.platform;
  return deps.db.transaction().execute(async (trx) => {
    const now = deps.now();
    const granted = await grantCoupon(trx, {
      couponId,
      userId: found.id,
      platform,
      now,
      issuedBy: actor.id,
    });
    await appendAudit(
      trx,
      actor,
      {
        platform,
        action: 'coupon.issue',
        targetType: 'coupon',
        targetId: couponId,
        before: { claimed: coupon.claimed },
        after: {
          claimed: coupon.claimed + 1,
          userId: found.id,
          userCouponId: granted.userCouponId,
        },
      },
      now,
    );
    return {
      userCouponId: granted.userCouponId,
      userId: found.id,
      expiresAt: granted.expiresAt.toISOString(),
    };
  });
}
