/**
 * Who may call a console or ops route, checked in `onRequest` (before the body is read or
 * validated): a live session (401), the session's CSRF token on anything but GET (403), the
 * route's permission for the account's role (403, the table in contract/admin/permissions.ts),
 * and the brand of the order or bill in the path against the account's brands (403).
 *
 * A console route says what it needs in its config: `access: 'public'` (login), `'session'` (any
 * signed-in account: me, logout, password; also an account that must still change its password),
 * or a permission; `target: 'order' | 'bill' | 'complaint' | 'brand' | 'goods' | 'sku'` names what
 * its `:id` is (a goods or SKU passes when one of the account's brands sells the goods).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_SESSION_COOKIE, HEADER_CSRF } from '../../../contract/admin/index.ts';
import { can, type Permission } from '../../../contract/admin/permissions.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ApiError, notFound, unauthorized } from '../plugins/errors.ts';
import type { StaffActor } from './audit.ts';
import { brandOfComplaint } from './complaints.ts';
import { brandsOfGoods, sellsAny } from './catalog.ts';
import { brandOfBill, brandOfOrder } from './orders.ts';
import { actorOf, csrfMatches, mayActFor, sessionOf, type StaffSession } from './staff.ts';

export type RouteAccess = 'public' | 'session' | Permission;
/**
 * What a route's `:id` is: an order, a bill, a complaint, a brand itself, a goods or a SKU, a
 * home-page banner, a coupon template.
 */
export type RouteTarget =
  'order' | 'bill' | 'complaint' | 'brand' | 'goods' | 'sku' | 'banner' | 'coupon';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    target?: RouteTarget;
  }
  interface FastifyRequest {
    /** The staff account acting (console session or ops credential); null when none. */
    staff: StaffActor | null;
    staffSession: StaffSession | null;
    /** The console session's cookie token (for `/me`). */
    staffToken: string | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const forbidden = (msg: string) => new ApiError(403, msg, 403);

/** The role may do it, and (when the route names one) for this brand; 403 otherwise. */
export function authorise(actor: StaffActor, permission: Permission, platform?: number): void {
  if (!can(actor.role, permission)) throw forbidden('当前角色无权执行此操作');
  if (platform !== undefined && !mayActFor(actor, platform))
    throw forbidden('无权操作该品牌的数据');
}

/** The brand of the row a route's `:id` names; 404 when there is none. */
export async function brandOfTarget(
  deps: AppDeps,
  target: Exclude<RouteTarget, 'goods' | 'sku'>,
  rawId: unknown,
): Promise<number | undefined> {
  // A malformed id is left to the schema (400) after the other checks passed.
  if (typeof rawId !== 'string' || !/^[1-9][0-9]{0,9}$/.test(rawId) || Number(rawId) > 2 ** 31 - 1)
    return undefined;
  const id = Number(rawId);
  // A brand's own id is its brand (1-9; anything else is left to the schema's 400).
  if (target === 'brand') return id <= 9 ? id : undefined;
  const lookup = {
    order: brandOfOrder,
    bill: brandOfBill,
    complaint: brandOfComplaint,
    banner: brandOfBanner,
    coupon: brandOfCoupon,
  }[target];
  const platform = await lookup(deps.db, id);
  if (platform === undefined) throw notFound(MISSING[target]);
  return platform;
}

const MISSING = {
  order: '订单不存在',
  bill: '账单不存在',
  complaint: '反馈不存在',
  banner: '轮播图不存在',
  coupon: '优惠券不存在',
} as const;

async function brandOfBanner(db: AppDeps['db'], id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('banner')
    .select('platform')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.platform;
}

/** A coupon's brand; 0 for one every brand shares, which only an account of every brand may touch. */
async function brandOfCoupon(db: AppDeps['db'], id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('coupons')
    .select('platform')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : (row.platform ?? 0);
}

/** A goods (or a SKU's goods) one of the account's brands sells; 404 / 403 otherwise. */
async function authoriseCatalogTarget(
  deps: AppDeps,
  actor: StaffActor,
  target: 'goods' | 'sku',
  rawId: unknown,
): Promise<void> {
  if (typeof rawId !== 'string' || !/^[1-9][0-9]{0,9}$/.test(rawId) || Number(rawId) > 2 ** 31 - 1)
    return;
  let goodsId = Number(rawId);
  if (target === 'sku') {
    const sku = await deps.db
      .selectFrom('goods_sku')
      .select('goods_id')
      .where('id', '=', goodsId)
      .executeTakeFirst();
    if (!sku) throw notFound('SKU 不存在');
    goodsId = sku.goods_id;
  } else {
    const goods = await deps.db
      .selectFrom('goods')
      .select('id')
      .where('id', '=', goodsId)
      .executeTakeFirst();
    if (!goods) throw notFound('商品不存在');
  }
  if (!sellsAny(actor, await brandsOfGoods(deps.db, goodsId)))
    throw forbidden('无权操作该品牌的数据');
}

function cookieToken(request: FastifyRequest): string | undefined {
  const value = (request.cookies as Record<string, string | undefined> | undefined)?.[
    ADMIN_SESSION_COOKIE
  ];
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** The console's guard, for the `/admin/api` scope only (needs @fastify/cookie there). */
export function registerStaffGuard(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('staff', null);
  app.decorateRequest('staffSession', null);
  app.decorateRequest('staffToken', null);
  app.addHook('onRequest', async (request) => {
    const { access, target } = request.routeOptions.config;
    // JSON only: a cross-site HTML form (form-encoded, no preflight) cannot post to the console,
    // not even to its login.
    const type = request.headers['content-type'];
    if (
      !SAFE_METHODS.has(request.method) &&
      type !== undefined &&
      !/^application\/json\b/i.test(type)
    )
      throw new ApiError(415, '请求体须为 JSON', 415);
    // A route that forgot to say is closed: only `public` is open.
    if (access === 'public') return;
    const token = cookieToken(request);
    if (!token) throw unauthorized('请先登录');
    const session = await sessionOf(deps, token);
    request.staffSession = session;
    request.staffToken = token;
    request.staff = actorOf(session.staff, request.ip, 'console');
    if (
      !SAFE_METHODS.has(request.method) &&
      !csrfMatches(session, request.headers[HEADER_CSRF.toLowerCase()])
    )
      throw forbidden('缺少或错误的 CSRF 令牌，请刷新页面后重试');
    if (access === 'session' || access === undefined) {
      if (access === undefined) throw forbidden('当前角色无权执行此操作');
      return;
    }
    if (session.staff.must_change_password) throw forbidden('请先修改初始密码');
    // The role first: an account that may not use the route learns nothing of what its id names.
    authorise(request.staff, access);
    const rawId = (request.params as Record<string, unknown>).id;
    if (target === 'goods' || target === 'sku') {
      await authoriseCatalogTarget(deps, request.staff, target, rawId);
      return;
    }
    const platform = target ? await brandOfTarget(deps, target, rawId) : undefined;
    authorise(request.staff, access, platform);
  });
}

/** The actor of a request that passed the guard. */
export function staffOf(request: FastifyRequest): StaffActor {
  if (!request.staff) throw unauthorized('请先登录');
  return request.staff;
}
