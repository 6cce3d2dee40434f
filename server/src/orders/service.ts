/**
 * What the order routes, the ops API, the scheduler and the property test call. Each change is
 * one transaction: the order row is locked (applyOrderAction), then its bills and payments are
 * written with the state and the event row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { crashPoint } from '../crash-points.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_TABS, type OrderTab } from '../../../contract/api/order.ts';
import type { Database } from '../db/schema.ts';
import { yuan } from '../money.ts';
import type { AppDeps } from '../deps.ts';
import { assertAdultRenter } from '../kyc/identity.ts';
import { verificationStatus } from '../kyc/status.ts';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../plugins/errors.ts';
import { allowedRedirect } from '../routes/oauth.ts';
import { MERCHANT_FIELD, SandboxGateway } from '../payments/sandbox.ts';
import { WechatPayGateway, type WechatPayParams } from '../payments/wechatpay.ts';
import type { GatewayName } from '../payments/gateway.ts';
import {
  enqueueOutbox,
  newTradeNo,
  requestRefund,
  requestUnfreeze,
} from '../payments/operations.ts';
import {
  addDays,
  buyoutQuote,
  dayOf,
  daysBetween,
  dueOf,
  endOf,
  isoDay,
  outstandingOf,
  periodDue,
  planBills,
  renewalQuote,
  type BillRow,
  type QuoteLine,
} from './bills.ts';
import {
  applyOrderAction,
  findTransition,
  illegalAction,
  STATUS_TEXT,
  TERMINAL_STATUSES,
  USER_ACTIONS,
  type Action,
  type OrderStatus,
} from './machine.ts';
import type { Actor, DepositMethod, OrderSnapshot } from './schema.ts';
import './schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** Who acts on their own orders: a user on one brand (each brand is its own merchant). */
export interface Owner {
  id: number;
  platform: number;
}

/** Days after delivery when receipt is assumed. */
export const AUTO_RECEIVE_DAYS = 7;
/** Days before the end date when the order becomes DUE. */
export const DUE_NOTICE_DAYS = 7;
/** Days after the end date before DUE becomes RETURN_OVERDUE. */
export const RETURN_GRACE_DAYS = 3;

export { newTradeNo };

/** A 'YYYY-MM-DD' day as a SQL date operand. */
const asDate = (day: string) => sql<Date>`cast(${day} as date)`;

const toDay = (value: Date | string | null): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : isoDay(value);

const SUB_PROCESS_TEXT = {
  renewal: '续租',
  return: '归还',
  buyout: '买断',
  cancel: '取消',
} as const;

/** 409: another of renewal, return, buy-out, cancellation is under way on the order. */
export function busy(order: {
  status: OrderStatus;
  sub_process: keyof typeof SUB_PROCESS_TEXT | null;
}) {
  const what = order.sub_process ? SUB_PROCESS_TEXT[order.sub_process] : '';
  return new ApiError(
    409,
    `订单有进行中的${what}申请（${STATUS_TEXT[order.status]} ${order.status}）`,
    409,
  );
}

/** Refuses, naming the state, an action the transition table does not allow from it. */
export function assertAllowed(status: OrderStatus, action: Action) {
  if (!findTransition(status, action)) throw illegalAction(status, action);
}

// ---------------------------------------------------------------------------------------------
// Idempotency

/**
 * Runs `work` once per (user, scope, key): concurrent and later calls with the same key wait for
 * the first (a transaction-scoped advisory lock) and get its answer. A different request under a
 * used key is a 409.
 */
export async function idempotent<T>(
  db: Db,
  user: Owner,
  scope: string,
  key: string | undefined,
  request: unknown,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  if (key === undefined) return db.transaction().execute(work);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('Idempotency-Key 格式不正确');
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const userId = user.id;
  // Keys are the user's on one brand: the same key on another brand is another request.
  scope = `${scope}@${user.platform}`;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`${userId}:${scope}:${key}`}))`.execute(trx);
    const seen = await trx
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'response'])
      .where('user_id', '=', userId)
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (seen) {
      if (seen.request_hash !== requestHash) throw conflict('Idempotency-Key 已用于另一个请求');
      return seen.response as T;
    }
    const result = await work(trx);
    await trx
      .insertInto('idempotency_keys')
      .values({
        user_id: userId,
        scope,
        key,
        request_hash: requestHash,
        response: JSON.stringify(result ?? null),
      })
      .execute();
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// Placing

export interface PlaceInput {
  goodsId: number;
  skuId: number;
  planId: number;
  addressId: number;
  couponId?: number;
  serviceIds?: number[];
  depositMethod?: DepositMethod;
}

export async function placeOrder(
  trx: Trx,
  deps: AppDeps,
  user: { id: number; platform: number },
  input: PlaceInput,
): Promise<{ id: number }> {
  const now = deps.now();
  // A share lock on the user's row: an account cancellation (which locks it for update) either
  // finished first, and the order is refused here, or waits for this order and then sees it.
  const account = await trx
    .selectFrom('users')
    .select('cancelled_at')
    .where('id', '=', user.id)
    .forShare()
    .executeTakeFirst();
  if (!account || account.cancelled_at) throw unauthorized();
  await assertAdultRenter(trx, user.id, now);
  const plan = await trx
    .selectFrom('goods_plan as p')
    .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
    .innerJoin('goods as g', 'g.id', 'p.goods_id')
    .select([
      'p.id as planId',
      'p.term_unit',
      'p.term',
      'p.rent_per_period',
      'p.first_payment',
      'p.deposit',
      'p.buyout_prices',
      's.id as skuId',
      's.color',
      's.capacity',
      's.condition',
      's.price as skuPrice',
      's.stock',
      'g.id as goodsId',
      'g.name',
      'g.cover',
      'g.brand_name',
      'g.market_price',
      'g.on_sale',
    ])
    .where('p.id', '=', input.planId)
    .where('p.sku_id', '=', input.skuId)
    .where('p.goods_id', '=', input.goodsId)
    .executeTakeFirst();
  if (!plan || !plan.on_sale) throw badRequest('商品、规格或方案不存在');
  const address = await trx
    .selectFrom('addresses')
    .select(['name', 'mobile', 'province', 'city', 'district', 'detail'])
    .where('id', '=', input.addressId)
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .executeTakeFirst();
  if (!address) throw badRequest('收货地址不存在');
  const wanted = [...new Set(input.serviceIds ?? [])];
  const offered = await trx
    .selectFrom('value_added_service as v')
    .innerJoin('goods_value_added_service as gv', 'gv.service_id', 'v.id')
    .select(['v.id', 'v.name', 'v.price', 'v.price_unit', 'v.required'])
    .where('gv.goods_id', '=', input.goodsId)
    .execute();
  const chosen = offered.filter((service) => service.required || wanted.includes(service.id));
  if (wanted.some((id) => !offered.some((service) => service.id === id)))
    throw badRequest('增值服务不适用于该商品');

  const depositMethod = input.depositMethod ?? 'freeze';
  const snapshot: OrderSnapshot = {
    goods: {
      id: plan.goodsId,
      name: plan.name,
      cover: plan.cover,
      brandName: plan.brand_name,
      marketPrice: plan.market_price,
    },
    sku: {
      id: plan.skuId,
      color: plan.color,
      capacity: plan.capacity,
      condition: plan.condition,
      price: plan.skuPrice,
    },
    plan: {
      id: plan.planId,
      termUnit: plan.term_unit,
      term: plan.term,
      rentPerPeriod: plan.rent_per_period,
      firstPayment: plan.first_payment,
      deposit: plan.deposit,
      buyoutPrices: plan.buyout_prices,
    },
    services: chosen.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      priceUnit: s.price_unit,
    })),
    address,
  };
  const today = dayOf(now);
  const firstOriginal = planBills(snapshot, { today, couponAmount: 0, paidDeposit: false })[0]!
    .original;

  let userCouponId: number | null = null;
  let couponAmount = 0;
  if (input.couponId !== undefined) {
    const coupon = await trx
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select(['uc.id', 'c.amount', 'c.min_amount', 'c.platform'])
      .where('uc.user_id', '=', user.id)
      .where('uc.platform', '=', user.platform)
      .where('uc.coupon_id', '=', input.couponId)
      .where('uc.status', '=', 'unused')
      .where('uc.expires_at', '>', now)
      .forUpdate()
      .executeTakeFirst();
    if (!coupon || (coupon.platform !== null && coupon.platform !== user.platform))
      throw badRequest('优惠券不可用');
    if (firstOriginal < coupon.min_amount) throw badRequest('未达到优惠券使用门槛');
    userCouponId = coupon.id;
    couponAmount = Math.min(coupon.amount, firstOriginal);
    // Locked by this order; a cancelled order gives it back.
    await trx
      .updateTable('user_coupons')
      .set({ status: 'used', used_at: now })
      .where('id', '=', coupon.id)
      .execute();
  }

  const order = await trx
    .insertInto('orders')
    .values({
      user_id: user.id,
      platform: user.platform,
      status: 'PENDING_VERIFY',
      resume_status: null,
      sub_process: null,
      goods_id: plan.goodsId,
      sku_id: plan.skuId,
      plan_id: plan.planId,
      snapshot: JSON.stringify(snapshot),
      term_unit: plan.term_unit,
      term: plan.term,
      rent_per_period: plan.rent_per_period,
      deposit_method: depositMethod,
      deposit: depositMethod === 'waived' ? 0 : plan.deposit,
      user_coupon_id: userCouponId,
      coupon_discount: couponAmount,
      pay_deadline: null,
      waybill: null,
      return_waybill: null,
      shipped_at: null,
      delivered_at: null,
      received_at: null,
      start_date: null,
      end_date: null,
      holds_stock: true,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bills = planBills(snapshot, {
    today,
    couponAmount,
    paidDeposit: depositMethod === 'paid',
  });
  await trx
    .insertInto('bills')
    .values(
      bills.map((bill) => ({
        order_id: order.id,
        user_id: user.id,
        kind: bill.kind,
        period: bill.period,
        due_date: bill.dueDate,
        original: bill.original,
        discount: bill.discount,
        channel: null,
        out_trade_no: null,
        paid_at: null,
      })),
    )
    .execute();
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      action: 'place',
      from_status: 'PENDING_VERIFY',
      to_status: 'PENDING_VERIFY',
      actor: 'user',
      note: '下单',
      created_at: now,
    })
    .execute();
  // The order holds one unit until it is cancelled; the row lock makes the last unit go once.
  // Taken last: every order of a SKU waits for this row lock until its transaction commits, so
  // the order's own writes above are not done while holding it (issue 22). No stock: all undone.
  const taken = await trx
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', plan.skuId)
    .where('stock', '>', 0)
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw conflict('该规格暂时缺货');
  return { id: order.id };
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function ownOrder(
  db: Db | Trx,
  user: Owner,
  orderId: number,
  { lock = false }: { lock?: boolean } = {},
) {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  // Someone else's order answers exactly like a missing one.
  if (!order) throw notFound('订单不存在');
  return order;
}

type OrderRow = Awaited<ReturnType<typeof ownOrder>>;

export function billView(
  bill: BillRow & {
    due_date: Date | string;
    channel: string | null;
    out_trade_no: string | null;
    paid_at: Date | null;
    overdue_days: number;
  },
) {
  return {
    id: bill.id,
    kind: bill.kind,
    period: bill.period,
    dueDate: toDay(bill.due_date) ?? '',
    original: bill.original,
    discount: bill.discount,
    overdueFee: bill.overdue_fee,
    overdueDays: bill.overdue_days,
    due: dueOf(bill),
    paid: bill.paid,
    outstanding: outstandingOf(bill),
    status: bill.status,
    channel: bill.channel,
    outTradeNo: bill.out_trade_no,
    paidAt: bill.paid_at ? bill.paid_at.toISOString() : null,
  };
}

/** The sub-process each user action opens (or goes on with). */
const ACTION_SUB_PROCESS: Readonly<Record<string, keyof typeof SUB_PROCESS_TEXT>> = {
  renew: 'renewal',
  buyout: 'buyout',
  return: 'return',
  earlyReturn: 'return',
  cancel: 'cancel',
};

/**
 * What the user may do now: the state's actions, less those of another sub-process than the one
 * under way (they would answer 409 busy; after an early return, say, renewing or buying out).
 */
function userActions(order: OrderRow): string[] {
  return USER_ACTIONS[order.status].filter((action) => {
    const opens = ACTION_SUB_PROCESS[action];
    return !order.sub_process || !opens || opens === order.sub_process;
  });
}

export function summaryView(order: OrderRow) {
  const snapshot = order.snapshot;
  return {
    id: order.id,
    status: order.status,
    statusText: STATUS_TEXT[order.status],
    actions: userActions(order),
    goodsName: snapshot.goods.name,
    cover: snapshot.goods.cover,
    skuText: `${snapshot.sku.color} ${snapshot.sku.capacity} ${snapshot.sku.condition}`,
    termUnit: order.term_unit,
    term: order.term,
    rentPerPeriod: order.rent_per_period,
    deposit: order.deposit,
    depositMethod: order.deposit_method,
    createdAt: order.created_at.toISOString(),
  };
}

export async function orderDetail(db: Db | Trx, user: Owner, orderId: number) {
  const order = await ownOrder(db, user, orderId);
  const bills = await db
    .selectFrom('bills')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const events = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const auth = await db
    .selectFrom('deposit_authorisations')
    .select(['status', 'amount', 'credit_amount', 'fund_amount'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return {
    ...summaryView(order),
    depositAuthorisation: auth
      ? {
          status: auth.status,
          amount: auth.amount,
          waived: auth.credit_amount,
          frozen: auth.fund_amount,
        }
      : null,
    couponDiscount: order.coupon_discount,
    startDate: toDay(order.start_date),
    endDate: toDay(order.end_date),
    waybill: order.waybill,
    returnWaybill: order.return_waybill,
    address: order.snapshot.address,
    services: order.snapshot.services.map((s) => ({ id: s.id, name: s.name, price: s.price })),
    bills: bills.map(billView),
    events: events.map((e) => ({
      action: e.action,
      from: e.from_status,
      to: e.to_status,
      at: e.created_at.toISOString(),
      note: e.note,
    })),
  };
}

export async function listOrders(
  db: Db,
  user: Owner,
  tab: OrderTab,
  pageNum: number,
  pageSize: number,
) {
  const statuses = ORDER_TABS[tab].statuses as readonly string[];
  let query = db
    .selectFrom('orders')
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform);
  if (statuses.length > 0) query = query.where('status', 'in', statuses as OrderStatus[]);
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { list: rows.map(summaryView), total: Number(total?.n ?? 0), pageNum, pageSize };
}

// ---------------------------------------------------------------------------------------------
// User steps before payment

/** What verification a deposit method needs before the order can be submitted. */
export function requiredChecks(method: DepositMethod) {
  return {
    realName: true,
    face: true,
    emergencyContact: true,
    credit: method === 'freeze' || method === 'waived',
    bankCard: method === 'card',
  } as const;
}

const CHECK_NAMES = {
  realName: '实名认证',
  face: '人脸识别',
  credit: '信用评估',
  emergencyContact: '紧急联系人',
  bankCard: '绑定银行卡',
} as const;

export async function confirmOrder(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId);
    if (order.status !== 'PENDING_VERIFY') throw illegalAction(order.status, 'confirm');
    const status = await verificationStatus(trx, user.id);
    const required = requiredChecks(order.deposit_method);
    const missing = (Object.keys(CHECK_NAMES) as (keyof typeof CHECK_NAMES)[]).filter(
      (check) => required[check] && !status[check],
    );
    if (missing.length > 0)
      throw new ApiError(
        422,
        `请先完成：${missing.map((check) => CHECK_NAMES[check]).join('、')}`,
        422,
      );
    return applyOrderAction(trx, orderId, 'confirm', {
      actor: 'user',
      userId: user.id,
      now: deps.now(),
    });
  });
}

/**
 * Gives back the coupon and the unit of stock, closes open payments and authorisations of a
 * cancelled order, and (after payment) refunds what was paid.
 */
async function releaseOnCancel(trx: Trx, deps: AppDeps, order: OrderRow, refund: boolean) {
  await releaseStock(trx, order.id);
  if (order.user_coupon_id !== null) {
    await trx
      .updateTable('user_coupons')
      .set({ status: 'unused', used_at: null })
      .where('id', '=', order.user_coupon_id)
      .execute();
  }
  await closeOpenPayments(trx, deps, order.id);
  await cancelUnpaidBills(trx, order.id);
  await releaseDeposit(trx, deps, order.id);
  if (refund) await refundAll(trx, deps, order.id, '取消订单退款');
}

/** The unit an order held goes back to its SKU, once. */
async function releaseStock(trx: Trx, orderId: number) {
  const released = await trx
    .updateTable('orders')
    .set({ holds_stock: false })
    .where('id', '=', orderId)
    .where('holds_stock', '=', true)
    .returning('sku_id')
    .executeTakeFirst();
  if (released)
    await trx
      .updateTable('goods_sku')
      .set((eb) => ({ stock: eb('stock', '+', 1) }))
      .where('id', '=', released.sku_id)
      .execute();
}

async function closeOpenPayments(trx: Trx, deps: AppDeps, orderId: number) {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
  await closePayments(
    trx,
    deps,
    open.map((p) => p.id),
  );
}

/** Channels where the user pays at the provider's cashier (the others are charged by us). */
const USER_CHANNELS = ['alipay', 'wechat'] as const;

/**
 * Closes the user payments still open among `ids`, frees the bills they covered, and queues the
 * closing of their trades at the provider, so the user cannot pay one any more. Charges we asked
 * for (withholding, payment from the authorisation) are left to finish: their outcome arrives
 * by itself, and money for bills no longer owed is refunded.
 */
async function closePayments(trx: Trx, deps: AppDeps, ids: number[]) {
  if (ids.length === 0) return;
  const closed = await trx
    .updateTable('payments')
    .set({ status: 'closed', finished_at: deps.now() })
    .where('id', 'in', ids)
    .where('status', '=', 'created')
    .where('channel', 'in', USER_CHANNELS)
    .returning(['id', 'provider_trade_no'])
    .execute();
  if (closed.length === 0) return;
  await trx
    .updateTable('payment_bills')
    .set({ open: false })
    .where(
      'payment_id',
      'in',
      closed.map((p) => p.id),
    )
    .execute();
  for (const payment of closed)
    if (payment.provider_trade_no) await enqueueOutbox(trx, deps, 'close-trade', payment.id);
}

async function cancelUnpaidBills(trx: Trx, orderId: number) {
  await trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .execute();
}

/** The brand an order was placed on: whose merchant account its money goes through. */
async function brandOfOrder(trx: Trx, orderId: number): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select('platform')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return order.platform;
}

/** Unfreezes what is still frozen on the order's authorisations. */
async function releaseDeposit(trx: Trx, deps: AppDeps, orderId: number) {
  const auths = await trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'frozen')
    .forUpdate()
    .execute();
  for (const auth of auths) {
    const left = auth.amount - auth.paid - auth.unfrozen;
    // Recorded as released now; the unfreeze itself is a job after the commit.
    if (left > 0 && auth.auth_no)
      await requestUnfreeze(trx, deps, {
        authorisationId: auth.id,
        orderId,
        platform: await brandOfOrder(trx, orderId),
        authNo: auth.auth_no,
        amount: left,
      });
    await trx
      .updateTable('deposit_authorisations')
      .set({ unfrozen: auth.unfrozen + left, status: 'closed' })
      .where('id', '=', auth.id)
      .execute();
  }
  // Pending ones never froze anything: close them so a late notification is ignored.
  await trx
    .updateTable('deposit_authorisations')
    .set({ status: 'closed' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/** Refunds every succeeded payment of the order that is not refunded yet. */
async function refundAll(trx: Trx, deps: AppDeps, orderId: number, reason: string) {
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'out_trade_no', 'amount', 'channel'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .where('purpose', '=', 'bills')
    .execute();
  for (const payment of payments) {
    const left = payment.amount - (await refundedOf(trx, payment.id));
    if (left > 0) await requestRefund(trx, deps, payment, left, reason);
  }
}

/** What is refunded or being refunded of a payment (a refused refund gives nothing back). */
async function refundedOf(trx: Trx, paymentId: number): Promise<number> {
  const refunded = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirst();
  return Number(refunded?.sum ?? 0);
}

export async function cancelOrder(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId);
    const now = deps.now();
    if (
      ['PENDING_VERIFY', 'PENDING_SIGN', 'PENDING_FREEZE', 'PENDING_PAY'].includes(order.status)
    ) {
      const result = await applyOrderAction(trx, orderId, 'cancel', {
        actor: 'user',
        userId: user.id,
        now,
      });
      await releaseOnCancel(trx, deps, order, false);
      return result;
    }
    if (order.status === 'PENDING_REVIEW' || order.status === 'PENDING_SHIP') {
      if (order.sub_process) throw busy(order);
      return applyOrderAction(trx, orderId, 'request_cancel', {
        actor: 'user',
        userId: user.id,
        now,
        patch: { sub_process: 'cancel' },
      });
    }
    if (order.status === 'SHIPPED' || order.status === 'RENTING')
      throw new ApiError(409, '订单已发货，如需取消请联系客服', 409);
    throw illegalAction(order.status, 'cancel');
  });
}

// ---------------------------------------------------------------------------------------------
// Deposit authorisation (freeze)

/** Days an authorisation stays valid: the rent term plus a margin for return and inspection. */
const AUTH_MARGIN_DAYS = 60;

/**
 * Starts (or returns the one under way) the deposit freeze of an order. Where the user authorises
 * it in the wallet (live Alipay), the reply carries the signed order string for
 * `my.tradePay({ orderStr })`, built after the commit and the same request number every time, so
 * a repeated authorisation is one freeze; elsewhere a job asks the provider for it.
 */
export async function startFreeze(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  const alipay = deps.providers.payments.forBrand(user.platform).alipay;
  const started = await freezeRecord(db, deps, user, orderId, alipay.freezeOrder !== undefined);
  if (!alipay.freezeOrder || started.status !== 'pending') return started;
  return {
    ...started,
    orderStr: alipay.freezeOrder({
      outRequestNo: started.outRequestNo,
      amount: started.amount,
      title: `租赁押金 订单${orderId}`,
    }),
  };
}

async function freezeRecord(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
  byUser: boolean,
): Promise<{ outRequestNo: string; amount: number; status: string }> {
  const now = deps.now();
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId);
    if (order.status !== 'PENDING_FREEZE') throw illegalAction(order.status, 'refreeze');
    // Lock, then see whether a freeze is already under way (duplicates share it).
    await applyOrderAction(trx, orderId, 'refreeze', {
      actor: 'user',
      userId: user.id,
      now,
      note: '发起免押授权',
    });
    const pending = await trx
      .selectFrom('deposit_authorisations')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', 'in', ['pending', 'frozen'])
      .executeTakeFirst();
    if (pending)
      return {
        outRequestNo: pending.out_request_no,
        amount: pending.amount,
        status: pending.status,
      };
    const days = order.term_unit === 'month' ? order.term * 31 : order.term;
    const outRequestNo = newTradeNo('FZ');
    const auth = await trx
      .insertInto('deposit_authorisations')
      .values({
        order_id: orderId,
        user_id: user.id,
        out_request_no: outRequestNo,
        auth_no: null,
        amount: order.deposit,
        expires_at: new Date(now.getTime() + (days + AUTH_MARGIN_DAYS) * 86_400_000),
        // Handed to the user to authorise: reconciliation then only asks what became of it.
        requested_at: byUser ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Asked of the provider by a job after the commit, so its notification finds the row.
    if (!byUser) await enqueueOutbox(trx, deps, 'freeze', auth.id);
    return { outRequestNo, amount: order.deposit, status: 'pending' as const };
  });
}

// ---------------------------------------------------------------------------------------------
// Payments

export type PayKind = 'first' | 'stage' | 'foot' | 'all';

/** Which bills a payment call covers when the client names none. */
function defaultBills<B extends BillRow & { due_date: Date }>(
  order: OrderRow,
  bills: B[],
  kind: PayKind,
  today: string,
) {
  const unpaid = bills.filter((b) => b.status === 'unpaid');
  if (kind === 'first') return unpaid.filter((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT');
  if (kind === 'foot') return unpaid;
  if (kind === 'all')
    return unpaid.filter(
      (b) => (b.kind !== 'FIRST' && b.kind !== 'DEPOSIT') || order.status === 'PENDING_PAY',
    );
  // stage: what is due by today, or else the next one
  const due = unpaid.filter((b) => (toDay(b.due_date) ?? today) <= today);
  return due.length > 0 ? due : unpaid.slice(0, 1);
}

/** Where bills of a rented order can be paid (`stage` also once shipped). */
const RENTED_PAYABLE: readonly OrderStatus[] = [
  'RENTING',
  'OVERDUE',
  'DUE',
  'RETURN_OVERDUE',
  'BUYING_OUT',
  'COMPENSATION',
  'RETURNING',
  'INSPECTING',
];

const PAYABLE: Record<PayKind, readonly OrderStatus[]> = {
  first: ['PENDING_PAY'],
  stage: ['SHIPPED', ...RENTED_PAYABLE],
  foot: RENTED_PAYABLE,
  all: ['PENDING_PAY', 'RENTING', 'OVERDUE', 'DUE', 'RETURN_OVERDUE', 'BUYING_OUT', 'COMPENSATION'],
};

export interface PaymentInfo {
  outTradeNo: string;
  amount: number;
  channel: string;
  cashierUrl: string;
  tradeNo: string;
  /** WeChat Pay live: what the mini-program hands wx.requestPayment. */
  wechat?: WechatPayParams;
}

interface PayInput {
  orderId: number;
  /** 'card': withheld from the bound card, 'auth': taken from the deposit authorisation (both the scheduler's). */
  channel: 'alipay' | 'wechat' | 'card' | 'auth';
  billIds?: number[];
  kind: PayKind;
}

interface OpenedPayment {
  id: number;
  outTradeNo: string;
  amount: number;
  channel: string;
  tradeNo: string;
  isNew: boolean;
}

/**
 * Opens one payment for bills of the order, inside the caller's transaction (the order row is
 * locked). A bill belongs to at most one open payment (a partial unique index), so a repeated
 * request for the same bills gets the same payment back and the user is charged once.
 */
async function openPayment(
  trx: Trx,
  deps: AppDeps,
  user: Owner,
  input: PayInput,
): Promise<OpenedPayment> {
  const today = dayOf(deps.now());
  const order = await ownOrder(trx, user, input.orderId, { lock: true });
  if (!PAYABLE[input.kind].includes(order.status)) throw illegalAction(order.status, 'pay');
  const bills = await trx
    .selectFrom('bills')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  let chosen: typeof bills;
  if (input.billIds) {
    const ids = new Set(input.billIds);
    chosen = bills.filter((b) => ids.has(b.id));
    if (chosen.length !== ids.size) throw badRequest('账单不存在');
    if (chosen.some((b) => b.status !== 'unpaid')) throw conflict('账单已支付');
    if (
      order.status === 'PENDING_PAY' &&
      chosen.some((b) => b.kind !== 'FIRST' && b.kind !== 'DEPOSIT')
    )
      throw badRequest('请先支付首期');
  } else chosen = defaultBills(order, bills, input.kind, today);
  if (chosen.length === 0) throw conflict('没有待支付的账单');
  const chosenIds = chosen.map((b) => b.id);
  const open = await trx
    .selectFrom('payment_bills as pb')
    .innerJoin('payments as p', 'p.id', 'pb.payment_id')
    .select([
      'p.id',
      'p.out_trade_no',
      'p.amount',
      'p.channel',
      'p.provider_trade_no',
      'pb.bill_id',
    ])
    .where('pb.bill_id', 'in', chosenIds)
    .where('pb.open', '=', true)
    .execute();
  if (open.length > 0) {
    const same = open[0]!;
    const covers = await trx
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('payment_id', '=', same.id)
      .execute();
    const sameSet =
      covers.length === chosenIds.length &&
      open.length === chosenIds.length &&
      open.every((row) => row.id === same.id);
    if (sameSet && same.channel === input.channel)
      return {
        id: same.id,
        outTradeNo: same.out_trade_no,
        amount: same.amount,
        channel: same.channel,
        tradeNo: same.provider_trade_no ?? '',
        isNew: false,
      };
    // The bank or Alipay is being asked for these bills right now: wait for that to finish.
    if (open.some((row) => !(USER_CHANNELS as readonly string[]).includes(row.channel)))
      throw conflict('账单正在自动扣款中，请稍后再试');
    // Another open payment covers some of these bills: close it (the user switched channel or bills).
    await closePayments(trx, deps, [...new Set(open.map((row) => row.id))]);
  }
  const amount = chosen.reduce((sum, b) => sum + outstandingOf(b), 0);
  const outTradeNo = newTradeNo('PT');
  const payment = await trx
    .insertInto('payments')
    .values({
      out_trade_no: outTradeNo,
      user_id: user.id,
      order_id: order.id,
      purpose: 'bills',
      channel: input.channel,
      amount,
      provider_trade_no: null,
      finished_at: null,
      requested_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('payment_bills')
    .values(
      chosen.map((b) => ({ payment_id: payment.id, bill_id: b.id, amount: outstandingOf(b) })),
    )
    .execute();
  return { id: payment.id, outTradeNo, amount, channel: input.channel, tradeNo: '', isNew: true };
}

/**
 * A payment the user makes (Alipay, WeChat): the payment is opened in a transaction, then the
 * trade is opened at the provider. Opening a trade moves no money, so it may follow the commit;
 * a payment whose trade is missing (a crash in between) gets it on the next request.
 */
export async function payBills(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: PayInput & { channel: 'alipay' | 'wechat'; returnOrigin?: string },
): Promise<PaymentInfo> {
  const gateway = deps.providers.payments.forBrand(user.platform)[input.channel];
  // H5 pays at the provider's mobile cashier where it has one; checked before anything is written.
  const wapPayUrl = gateway.wapPayUrl?.bind(gateway);
  let wapOrigin: string | undefined;
  if (input.returnOrigin !== undefined && wapPayUrl) {
    const allowed = allowedRedirect(input.returnOrigin, deps.config.oauthRedirectHosts);
    if (!allowed) throw badRequest('returnOrigin 不是允许的地址');
    wapOrigin = new URL(allowed).origin;
  }
  // WeChat Pay (JSAPI) charges the user's WeChat account in this brand's mini-program.
  let payerOpenId: string | undefined;
  if (gateway instanceof WechatPayGateway) {
    const bound = await db
      .selectFrom('user_open_ids')
      .select('open_id')
      .where('user_id', '=', user.id)
      .where('platform', '=', user.platform)
      .where('provider', '=', 'wechat')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!bound) throw badRequest('请在微信小程序内用微信登录后再支付');
    payerOpenId = bound.open_id;
  }
  const created = await db.transaction().execute((trx) => openPayment(trx, deps, user, input));
  if (wapOrigin && wapPayUrl) {
    // Alipay opens the trade when the user arrives; its number comes with the notification.
    const result = (status: string) =>
      `${wapOrigin}/#/pages/paymentResult/paymentResult?${new URLSearchParams({
        outTradeNo: created.outTradeNo,
        orderId: String(input.orderId),
        status,
      }).toString()}`;
    return {
      outTradeNo: created.outTradeNo,
      amount: created.amount,
      channel: created.channel,
      tradeNo: created.tradeNo,
      cashierUrl: wapPayUrl({
        outTradeNo: created.outTradeNo,
        amount: created.amount,
        subject: `订单 ${input.orderId}`,
        returnUrl: result('success'),
        quitUrl: result('cancel'),
      }),
    };
  }
  let tradeNo = created.tradeNo;
  if (!tradeNo) {
    const opened = await gateway.createTrade({
      outTradeNo: created.outTradeNo,
      amount: created.amount,
      subject: `订单 ${input.orderId}`,
      buyer: await walletBuyer(db, user, input.channel),
      payerOpenId,
    });
    tradeNo = opened.tradeNo;
    await db
      .updateTable('payments')
      .set({ provider_trade_no: tradeNo })
      .where('id', '=', created.id)
      .execute();
  }
  const cashier = `/pay/cashier/${created.outTradeNo}`;
  return {
    outTradeNo: created.outTradeNo,
    amount: created.amount,
    channel: created.channel,
    tradeNo,
    // wx.requestPayment's parameters, signed for the prepay id (a fresh nonce each time).
    ...(gateway instanceof WechatPayGateway ? { wechat: gateway.clientPayParams(tradeNo) } : {}),
    // The sandbox cashier pays only through a link signed for this payment.
    cashierUrl:
      gateway instanceof SandboxGateway
        ? `${cashier}?sig=${gateway.cashierSignature(created.outTradeNo)}`
        : cashier,
  };
}

/** Who pays as the wallet knows them (from its login): Alipay's user id, else the open id. */
async function walletBuyer(db: Db, user: Owner, channel: 'alipay' | 'wechat') {
  const openId = await db
    .selectFrom('user_open_ids')
    .select('open_id')
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .where('provider', '=', channel)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const row =
    channel === 'alipay'
      ? await db
          .selectFrom('users')
          .select('alipay_user_id')
          .where('id', '=', user.id)
          .executeTakeFirst()
      : undefined;
  return { userId: row?.alipay_user_id ?? undefined, openId: openId?.open_id };
}

/** The user an order belongs to, on its brand (the scheduler acts for them). */
async function ownerOf(db: Db | Trx, orderId: number): Promise<Owner> {
  const order = await db
    .selectFrom('orders')
    .select(['user_id', 'platform'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { id: order.user_id, platform: order.platform };
}

/**
 * Withholds what is due on an order from the bound card (the scheduler): the payment and the
 * job that asks the bank are written together; the outcome arrives as a notification.
 */
export async function withholdBills(db: Db, deps: AppDeps, orderId: number, billIds: number[]) {
  const owner = await ownerOf(db, orderId);
  return db.transaction().execute(async (trx) => {
    const payment = await openPayment(trx, deps, owner, {
      orderId,
      channel: 'card',
      billIds,
      kind: 'stage',
    });
    if (payment.isNew) await enqueueOutbox(trx, deps, 'withhold', payment.id);
    return payment;
  });
}

/**
 * Takes what is owed on an order from its deposit authorisation (the scheduler, for bills long
 * overdue on `freeze` orders). The payment, the amount set aside on the authorisation and the
 * job that asks Alipay are one transaction; a refusal gives the amount back (abandonCharge).
 */
export async function deductFromDeposit(db: Db, deps: AppDeps, orderId: number, billIds: number[]) {
  const owner = await ownerOf(db, orderId);
  /** Not enough left on the authorisation: rolls the payment back, nothing is written. */
  class NotEnoughDeposit extends Error {}
  return db
    .transaction()
    .execute(async (trx) => {
      const payment = await openPayment(trx, deps, owner, {
        orderId,
        channel: 'auth',
        billIds,
        kind: 'stage',
      });
      if (!payment.isNew) return payment;
      const auth = await trx
        .selectFrom('deposit_authorisations')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('status', '=', 'frozen')
        .where('auth_no', 'is not', null)
        .forUpdate()
        .executeTakeFirst();
      if (!auth || auth.amount - auth.paid - auth.unfrozen < payment.amount)
        throw new NotEnoughDeposit();
      await trx
        .updateTable('deposit_authorisations')
        .set({ paid: auth.paid + payment.amount })
        .where('id', '=', auth.id)
        .execute();
      await enqueueOutbox(trx, deps, 'pay-from-auth', payment.id);
      return payment;
    })
    .catch((error: unknown) => {
      if (error instanceof NotEnoughDeposit) return undefined;
      throw error;
    });
}

// ---------------------------------------------------------------------------------------------
// Notifications

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'bad_signature'
  | 'merchant_mismatch'
  | 'unknown_trade'
  | 'ignored'
  | 'amount_mismatch';

/** What a provider says of a trade (a notification, or its answer to a query). */
export interface TradeOutcome {
  paid: boolean;
  amount: number;
  tradeNo?: string;
  /** The brand whose merchant account reported it: it must be the order's. */
  platform: number;
}

/** What a provider says of a deposit freeze. */
export interface FreezeOutcome {
  succeeded: boolean;
  amount: number;
  authNo?: string;
  /** The brand whose merchant account reported it: it must be the order's. */
  platform: number;
  /** Of `amount`, what the user's credit waived and what was really frozen (Zhima credit). */
  creditAmount?: number;
  fundAmount?: number;
}

/**
 * A provider's notification: its signature is checked, then the merchant it names, then it is
 * stored once per notify id and applied, all in one transaction; the provider is answered only
 * after the commit. Applying follows the provider's truth rather than the order of arrival
 * (see applyTradeOutcome), so replays and out-of-order notifications end in the same state.
 */
export async function handleNotification(
  db: Db,
  deps: AppDeps,
  gatewayName: GatewayName,
  platform: number,
  posted: Record<string, string>,
  /** The signature was checked already (WeChat Pay v3 signs headers and body, not fields). */
  preverified?: boolean,
): Promise<NotificationOutcome> {
  const gateway = deps.providers.payments.forBrand(platform)[gatewayName];
  const verified = preverified ?? gateway.verify(posted);
  // The provider's own wording, in the fields read below (the sandbox already speaks them).
  const fields = verified && gateway.interpret ? gateway.interpret(posted) : posted;
  const ourMerchant = fields[MERCHANT_FIELD[gatewayName]] === gateway.merchantId;
  const outTradeNo = String(fields.out_trade_no ?? '').slice(0, 64);
  const notifyId = String(fields.notify_id ?? '').slice(0, 64);
  const status = String(fields.trade_status ?? '').slice(0, 32);
  const payload = JSON.stringify(posted);
  return db.transaction().execute(async (trx) => {
    if (!verified || !notifyId || !outTradeNo || !ourMerchant) {
      const outcome = verified && notifyId && outTradeNo ? 'merchant_mismatch' : 'bad_signature';
      await trx
        .insertInto('payment_notifications')
        .values({
          out_trade_no: outTradeNo,
          notify_id: `rejected-${randomBytes(8).toString('hex')}`,
          provider: gatewayName,
          trade_status: status,
          verified,
          outcome,
          payload,
        })
        .execute();
      return outcome;
    }
    const inserted = await trx
      .insertInto('payment_notifications')
      .values({
        out_trade_no: outTradeNo,
        notify_id: notifyId,
        provider: gatewayName,
        trade_status: status,
        verified: true,
        outcome: 'pending',
        payload,
      })
      .onConflict((oc) => oc.columns(['provider', 'notify_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    const amount = Number(fields.total_amount);
    const amountField = (name: string) =>
      fields[name] === undefined ? undefined : Number(fields[name]);
    const outcome =
      fields.notify_type === 'progress'
        ? 'ignored'
        : fields.notify_type === 'freeze'
          ? await applyFreezeOutcome(trx, deps, outTradeNo, {
              succeeded: fields.status === 'SUCCESS',
              amount,
              authNo: fields.auth_no || undefined,
              platform,
              creditAmount: amountField('credit_amount'),
              fundAmount: amountField('fund_amount'),
            })
          : await applyTradeOutcome(trx, deps, outTradeNo, {
              paid: fields.trade_status === 'TRADE_SUCCESS',
              amount,
              tradeNo: fields.trade_no || undefined,
              platform,
            });
    await trx
      .updateTable('payment_notifications')
      // Refused for the order's brand: its notify id must not block the genuine notification.
      .set(
        outcome === 'merchant_mismatch'
          ? { outcome, notify_id: `rejected-${randomBytes(8).toString('hex')}` }
          : { outcome },
      )
      .where('id', '=', inserted.id)
      .execute();
    crashPoint('pay:before-commit');
    return outcome;
  });
}

/**
 * A freeze's outcome. Success is the provider's truth whenever it arrives: a pending or failed
 * authorisation of an order still waiting for it freezes it; one whose order moved on (cancelled,
 * or frozen by another attempt) is released again through an unfreeze job.
 */
export async function applyFreezeOutcome(
  trx: Trx,
  deps: AppDeps,
  outRequestNo: string,
  outcome: FreezeOutcome,
): Promise<NotificationOutcome> {
  const found = await trx
    .selectFrom('deposit_authorisations')
    .select(['id', 'order_id'])
    .where('out_request_no', '=', outRequestNo)
    .executeTakeFirst();
  if (!found) {
    // A test authorisation (GET /api/test/aliPayFreeze) is released as soon as it froze.
    if (
      outRequestNo.startsWith('TF') &&
      outcome.succeeded &&
      outcome.authNo &&
      outcome.amount > 0
    ) {
      await requestUnfreeze(trx, deps, {
        authorisationId: null,
        orderId: null,
        platform: outcome.platform,
        authNo: outcome.authNo,
        amount: outcome.amount,
      });
      return 'applied';
    }
    return 'unknown_trade';
  }
  // The order first, as every other writer locks it, then the authorisation.
  const order = await trx
    .selectFrom('orders')
    .select(['status', 'platform'])
    .where('id', '=', found.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (order.platform !== outcome.platform) return 'merchant_mismatch';
  const auth = await trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('id', '=', found.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (outcome.amount !== auth.amount) return 'amount_mismatch';
  const now = deps.now();
  if (!outcome.succeeded) {
    if (auth.status !== 'pending') return 'ignored';
    await trx
      .updateTable('deposit_authorisations')
      .set({ status: 'failed', auth_no: outcome.authNo ?? null })
      .where('id', '=', auth.id)
      .execute();
    if (order.status === 'PENDING_FREEZE')
      await applyOrderAction(trx, auth.order_id, 'freeze_failed', {
        actor: 'provider',
        now,
        note: '免押授权失败',
      });
    return 'applied';
  }
  // Frozen already, or released already (a late success handled before): nothing new.
  if (auth.status === 'frozen' || (auth.status === 'closed' && auth.unfrozen > 0)) return 'ignored';
  if (
    (auth.status === 'pending' || auth.status === 'failed') &&
    order.status === 'PENDING_FREEZE'
  ) {
    const waived = outcome.creditAmount ?? 0;
    await trx
      .updateTable('deposit_authorisations')
      .set({
        status: 'frozen',
        auth_no: outcome.authNo ?? null,
        credit_amount: outcome.creditAmount ?? null,
        fund_amount: outcome.fundAmount ?? null,
      })
      .where('id', '=', auth.id)
      .execute();
    await applyOrderAction(trx, auth.order_id, 'freeze_succeeded', {
      actor: 'provider',
      now,
      note:
        waived > 0
          ? `押金已授权 ¥${yuan(auth.amount)}，信用免押 ¥${yuan(waived)}，冻结 ¥${yuan(auth.amount - waived)}`
          : `押金已冻结 ¥${yuan(auth.amount)}`,
    });
    return 'applied';
  }
  // The order moved on while the freeze was on its way: give what Alipay froze straight back.
  await trx
    .updateTable('deposit_authorisations')
    .set({ status: 'closed', auth_no: outcome.authNo ?? null, unfrozen: auth.amount - auth.paid })
    .where('id', '=', auth.id)
    .execute();
  if (outcome.authNo && auth.amount - auth.paid > 0)
    await requestUnfreeze(trx, deps, {
      authorisationId: auth.id,
      orderId: auth.order_id,
      platform: order.platform,
      authNo: outcome.authNo,
      amount: auth.amount - auth.paid,
    });
  return 'ignored';
}

/**
 * A trade's outcome, whatever order outcomes arrive in. A payment moves only forward:
 * created → failed/closed on a close, created/failed/closed → succeeded on a success (money
 * taken is the provider's fact, even after we saw a close or gave the payment up), and nothing
 * leaves succeeded. Money that arrives for bills already paid or cancelled is refunded; money
 * that arrives late for bills still unpaid pays them. So TRADE_CLOSED then TRADE_SUCCESS ends
 * where TRADE_SUCCESS then TRADE_CLOSED does, and a success repeated after a refund is ignored.
 */
export async function applyTradeOutcome(
  trx: Trx,
  deps: AppDeps,
  outTradeNo: string,
  outcome: TradeOutcome,
): Promise<NotificationOutcome> {
  const found = await trx
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('out_trade_no', '=', outTradeNo)
    .executeTakeFirst();
  if (!found) return 'unknown_trade';
  // The order first (as every other writer locks it), then the payment.
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', found.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (order.platform !== outcome.platform) return 'merchant_mismatch';
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', found.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (payment.status === 'succeeded') return 'ignored';
  if (outcome.amount !== payment.amount) return 'amount_mismatch';
  const now = deps.now();
  if (!outcome.paid) {
    if (payment.status !== 'created') return 'ignored';
    await trx
      .updateTable('payments')
      .set({ status: 'failed', finished_at: now })
      .where('id', '=', payment.id)
      .execute();
    await trx
      .updateTable('payment_bills')
      .set({ open: false })
      .where('payment_id', '=', payment.id)
      .execute();
    return 'applied';
  }
  const late = payment.status !== 'created';
  await trx
    .updateTable('payments')
    .set({
      status: 'succeeded',
      finished_at: now,
      provider_trade_no: outcome.tradeNo ?? payment.provider_trade_no,
      late_success: late,
    })
    .where('id', '=', payment.id)
    .execute();
  const covered = await trx
    .selectFrom('payment_bills')
    .select(['bill_id', 'amount'])
    .where('payment_id', '=', payment.id)
    .execute();
  await trx
    .updateTable('payment_bills')
    .set({ open: false })
    .where('payment_id', '=', payment.id)
    .execute();
  const paidKinds = new Set<string>();
  let notOwed = 0;
  for (const row of covered) {
    const bill = await trx
      .selectFrom('bills')
      .selectAll()
      .where('id', '=', row.bill_id)
      .executeTakeFirstOrThrow();
    if (bill.status !== 'unpaid') {
      notOwed += row.amount;
      continue;
    }
    if (late) {
      // Another payment may have been opened for this bill meanwhile: this one paid it.
      const others = await trx
        .selectFrom('payment_bills')
        .select('payment_id')
        .where('bill_id', '=', bill.id)
        .where('open', '=', true)
        .execute();
      await closePayments(
        trx,
        deps,
        others.map((o) => o.payment_id),
      );
    }
    await trx
      .updateTable('bills')
      .set({
        status: 'paid',
        paid: bill.paid + row.amount,
        channel: payment.channel,
        out_trade_no: payment.out_trade_no,
        paid_at: now,
      })
      .where('id', '=', bill.id)
      .execute();
    paidKinds.add(bill.kind);
  }
  if (notOwed > 0)
    await requestRefund(
      trx,
      deps,
      payment,
      notOwed,
      late ? '支付单已关闭，自动退款' : '账单已取消，自动退款',
    );
  if (paidKinds.size > 0) await advanceAfterPayment(trx, deps, order, paidKinds);
  return 'applied';
}

/** Moves the order once what it waited for is paid. */
async function advanceAfterPayment(
  trx: Trx,
  deps: AppDeps,
  order: OrderRow,
  paidKinds: Set<string>,
) {
  const now = deps.now();
  const unpaid = await trx
    .selectFrom('bills')
    .select(['kind', 'due_date', 'overdue_days', 'id'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'unpaid')
    .execute();
  const act = (action: Action, extra: Partial<Parameters<typeof applyOrderAction>[3]> = {}) =>
    applyOrderAction(trx, order.id, action, { actor: 'provider', now, ...extra });
  if (
    order.status === 'PENDING_PAY' &&
    !unpaid.some((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT')
  ) {
    await act('first_paid');
  } else if (order.status === 'OVERDUE' && !unpaid.some((b) => b.overdue_days > 0)) {
    const due = order.end_date && addDays(toDay(order.end_date)!, -DUE_NOTICE_DAYS) <= dayOf(now);
    await act('overdue_settled', { to: due ? 'DUE' : 'RENTING' });
  } else if (order.status === 'BUYING_OUT' && paidKinds.has('BUYOUT')) {
    await act('buyout_paid', { patch: { sub_process: null } });
    // Bought out: later rent is not owed, the deposit is released.
    await cancelUnpaidBills(trx, order.id);
    await releaseDeposit(trx, deps, order.id);
    await refundDepositBill(trx, deps, order.id);
    await applyOrderAction(trx, order.id, 'release', { actor: 'system', now, note: '押金已释放' });
  } else if (order.status === 'COMPENSATION' && !unpaid.some((b) => b.kind === 'COMPENSATION')) {
    await act('compensation_paid');
    await settleOrder(trx, deps, order.id);
  } else if (
    (order.status === 'RENTING' || order.status === 'DUE') &&
    paidKinds.has('RENEWAL') &&
    order.sub_process === 'renewal'
  ) {
    const renewal = await trx
      .selectFrom('bills')
      .select(['period'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'RENEWAL')
      .where('status', '=', 'paid')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const periods = renewal.period % 100;
    const end = toDay(order.end_date) ?? dayOf(now);
    const newEnd =
      order.term_unit === 'month'
        ? addDays(endOf('month', addDays(end, 1), periods), 0)
        : endOf('day', addDays(end, 1), periods);
    await act('renew_paid', {
      patch: { end_date: newEnd, sub_process: null },
      note: `续租至 ${newEnd}`,
    });
  }
}

/** The reasons of a paid deposit's refund: at the end of the order, or before a year passed. */
const DEPOSIT_REFUND_REASON = '押金退还';
const EARLY_DEPOSIT_REFUND_REASON = '押金到期前退还';

/** The deposit paid as a bill goes back when the order ends. */
async function refundDepositBill(trx: Trx, deps: AppDeps, orderId: number) {
  const deposit = await trx
    .selectFrom('bills as b')
    .innerJoin('payments as p', 'p.out_trade_no', 'b.out_trade_no')
    .select(['b.id', 'b.paid', 'p.id as paymentId', 'p.out_trade_no', 'p.channel'])
    .where('b.order_id', '=', orderId)
    .where('b.kind', '=', 'DEPOSIT')
    .where('b.status', '=', 'paid')
    .executeTakeFirst();
  if (!deposit || deposit.paid === 0) return;
  // Settled before WeChat's refund window closed (settleWechatDepositEarly): nothing is left.
  const order = await trx
    .selectFrom('orders')
    .select('deposit_settled_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  if (order.deposit_settled_at !== null) return;
  // What a paid buy-out took from the deposit (its discount) is kept; the rest goes back.
  const offset = await trx
    .selectFrom('bills')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('discount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .where('kind', '=', 'BUYOUT')
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const amount = deposit.paid - Number(offset.sum);
  if (amount <= 0) return;
  const already = await trx
    .selectFrom('refunds')
    .select('id')
    .where('payment_id', '=', deposit.paymentId)
    .where('reason', '=', DEPOSIT_REFUND_REASON)
    .executeTakeFirst();
  if (already) return;
  const payment = { ...deposit, id: deposit.paymentId, order_id: orderId };
  await requestRefund(trx, deps, payment, amount, DEPOSIT_REFUND_REASON);
}

/** SETTLING → COMPLETED: what is left of the deposit is released. */
async function settleOrder(trx: Trx, deps: AppDeps, orderId: number) {
  await trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .where('kind', 'in', ['INSTALMENT', 'FINAL'])
    .where('due_date', '>', asDate(dayOf(deps.now())))
    .execute();
  await closeOpenPayments(trx, deps, orderId);
  await releaseDeposit(trx, deps, orderId);
  await refundDepositBill(trx, deps, orderId);
  await applyOrderAction(trx, orderId, 'release', {
    actor: 'system',
    now: deps.now(),
    note: '押金已退还/解冻',
  });
}

// ---------------------------------------------------------------------------------------------
// Receipt, return, buy-out, renewal

export async function receiveOrder(
  db: Db,
  deps: AppDeps,
  orderId: number,
  actor: Actor,
  user?: Owner,
) {
  return db.transaction().execute(async (trx) => {
    const now = deps.now();
    const order =
      user !== undefined
        ? await ownOrder(trx, user, orderId)
        : await trx
            .selectFrom('orders')
            .selectAll()
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow();
    // Rent starts the day after receipt; the instalments follow from there.
    const start = addDays(dayOf(now), 1);
    const end = endOf(order.term_unit, start, order.term);
    const result = await applyOrderAction(trx, orderId, 'receive', {
      actor,
      userId: user?.id,
      now,
      patch: { received_at: now, start_date: start, end_date: end },
    });
    const instalments = await trx
      .selectFrom('bills')
      .select(['id', 'period'])
      .where('order_id', '=', orderId)
      .where('kind', '=', 'INSTALMENT')
      .execute();
    for (const bill of instalments) {
      await trx
        .updateTable('bills')
        .set({ due_date: periodDue(order.term_unit, start, bill.period) })
        .where('id', '=', bill.id)
        .execute();
    }
    return result;
  });
}

export async function shipReturn(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: { orderId: number; expressCode: string; waybill: string },
) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, input.orderId);
    assertAllowed(order.status, 'ship_return');
    if (order.sub_process && order.sub_process !== 'return') throw busy(order);
    return applyOrderAction(trx, input.orderId, 'ship_return', {
      actor: 'user',
      userId: user.id,
      now: deps.now(),
      patch: { return_waybill: `${input.expressCode}:${input.waybill}`, sub_process: null },
    });
  });
}

async function depositAvailable(trx: Trx, order: OrderRow): Promise<number> {
  if (order.deposit_method === 'freeze') {
    const auth = await trx
      .selectFrom('deposit_authorisations')
      .select(['amount', 'paid', 'unfrozen'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'frozen')
      .executeTakeFirst();
    return auth ? auth.amount - auth.paid - auth.unfrozen : 0;
  }
  if (order.deposit_method === 'paid') {
    if (order.deposit_settled_at !== null) return 0;
    const bill = await trx
      .selectFrom('bills')
      .select(['paid'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'DEPOSIT')
      .where('status', '=', 'paid')
      .executeTakeFirst();
    return bill?.paid ?? 0;
  }
  return 0;
}

export async function quoteBuyout(db: Db | Trx, deps: AppDeps, user: Owner, orderId: number) {
  const run = async (trx: Trx) => {
    const order = await ownOrder(trx, user, orderId);
    const bills = await trx
      .selectFrom('bills')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    const quote = buyoutQuote({
      buyoutPrices: order.snapshot.plan.buyoutPrices,
      bills,
      today: dayOf(deps.now()),
      dueDates: new Map(bills.map((b) => [b.id, toDay(b.due_date) ?? ''])),
      // A frozen deposit is offset by taking it from the authorisation; a paid one by refunding less.
      depositAvailable: order.deposit_method === 'paid' ? await depositAvailable(trx, order) : 0,
    });
    return { order, bills, quote };
  };
  return db.isTransaction ? run(db as Trx) : db.transaction().execute(run);
}

/**
 * Starts a buy-out: a BUYOUT bill for the quote (the deposit offset as its discount), unpaid rent
 * and fees stay as their own bills and are paid with it.
 */
export async function applyBuyout(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const { order, bills, quote } = await quoteBuyout(trx, deps, user, orderId);
    assertAllowed(order.status, 'apply_buyout');
    if (order.sub_process) throw busy(order);
    const now = deps.now();
    const result = await applyOrderAction(trx, orderId, 'apply_buyout', {
      actor: 'user',
      userId: user.id,
      now,
      patch: { sub_process: 'buyout' },
    });
    const price = quote.lines[0]!.amount;
    const seq = bills.filter((b) => b.kind === 'BUYOUT').length + 1;
    await trx
      .insertInto('bills')
      .values({
        order_id: orderId,
        user_id: user.id,
        kind: 'BUYOUT',
        period: seq,
        due_date: dayOf(now),
        original: price,
        discount: Math.min(price, quote.depositUsed),
        channel: null,
        out_trade_no: null,
        paid_at: null,
      })
      .execute();
    // The offset part of a paid deposit is the BUYOUT bill's discount; refundDepositBill keeps it.
    return { ...result, quote: { lines: quote.lines, total: quote.total } };
  });
}

export async function cancelBuyout(
  db: Db,
  deps: AppDeps,
  orderId: number,
  actor: Actor,
  user?: Owner,
) {
  return db.transaction().execute(async (trx) => {
    const result = await applyOrderAction(trx, orderId, 'buyout_lapsed', {
      actor,
      userId: user?.id,
      now: deps.now(),
      patch: { sub_process: null },
    });
    await closeOpenPayments(trx, deps, orderId);
    await trx
      .updateTable('bills')
      .set({ status: 'cancelled' })
      .where('order_id', '=', orderId)
      .where('kind', '=', 'BUYOUT')
      .where('status', '=', 'unpaid')
      .execute();
    return result;
  });
}

export async function quoteRenewal(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
  periods: number,
) {
  const order = await ownOrder(db, user, orderId);
  if (order.status !== 'RENTING' && order.status !== 'DUE')
    throw illegalAction(order.status, 'renew');
  const lines: QuoteLine[] = renewalQuote(order.rent_per_period, periods);
  const end = toDay(order.end_date) ?? dayOf(deps.now());
  const newEnd = endOf(order.term_unit, addDays(end, 1), periods);
  if (order.deposit_method === 'freeze') {
    const auth = await db
      .selectFrom('deposit_authorisations')
      .select('expires_at')
      .where('order_id', '=', orderId)
      .where('status', '=', 'frozen')
      .executeTakeFirst();
    // The new end must stay inside the authorisation's validity (with time to return).
    if (auth && addDays(newEnd, 15) > dayOf(auth.expires_at))
      throw conflict('续租期限超出押金授权有效期');
  }
  return { orderId, lines, total: lines.reduce((s, l) => s + l.amount, 0), newEndDate: newEnd };
}

/** Creates the RENEWAL bill (period = 100 × sequence + periods) and opens its payment. */
export async function payRenewal(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: { orderId: number; periods: number; channel: 'alipay' | 'wechat' },
) {
  const quote = await quoteRenewal(db, deps, user, input.orderId, input.periods);
  const billId = await db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, input.orderId, { lock: true });
    if (order.sub_process && order.sub_process !== 'renewal') throw busy(order);
    const open = await trx
      .selectFrom('bills')
      .select(['id', 'period'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'RENEWAL')
      .where('status', '=', 'unpaid')
      .executeTakeFirst();
    if (open && open.period % 100 === input.periods) return open.id;
    if (open)
      await trx
        .updateTable('bills')
        .set({ status: 'cancelled' })
        .where('id', '=', open.id)
        .execute();
    const count = await trx
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', order.id)
      .where('kind', '=', 'RENEWAL')
      .executeTakeFirstOrThrow();
    const bill = await trx
      .insertInto('bills')
      .values({
        order_id: order.id,
        user_id: user.id,
        kind: 'RENEWAL',
        period: (Number(count.n) + 1) * 100 + input.periods,
        due_date: dayOf(deps.now()),
        original: quote.total,
        discount: 0,
        channel: null,
        out_trade_no: null,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('orders')
      .set({ sub_process: 'renewal' })
      .where('id', '=', order.id)
      .execute();
    return bill.id;
  });
  return payBills(db, deps, user, {
    orderId: input.orderId,
    channel: input.channel,
    billIds: [billId],
    kind: 'stage',
  });
}

// ---------------------------------------------------------------------------------------------
// Merchant steps (ops)

export type OpsStep =
  | 'approve'
  | 'reject'
  | 'ship'
  | 'deliver'
  | 'receive-return'
  | 'inspect'
  | 'approve-cancel'
  | 'refuse-cancel'
  | 'compensate';

export async function opsStep(
  db: Db,
  deps: AppDeps,
  orderId: number,
  step: OpsStep,
  input: { waybill?: string; damage?: number; note?: string } = {},
) {
  return db.transaction().execute(async (trx) => {
    const now = deps.now();
    const ctx = { actor: 'ops' as const, now, note: input.note };
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!order) throw notFound('订单不存在');
    switch (step) {
      case 'approve':
        return applyOrderAction(trx, orderId, 'approve', ctx);
      case 'reject': {
        const result = await applyOrderAction(trx, orderId, 'reject', ctx);
        await releaseOnCancel(trx, deps, order, true);
        return result;
      }
      case 'ship':
        if (!input.waybill) throw badRequest('请填写运单号');
        return applyOrderAction(trx, orderId, 'ship', {
          ...ctx,
          patch: { waybill: input.waybill, shipped_at: now },
        });
      case 'deliver':
        return applyOrderAction(trx, orderId, 'deliver', {
          ...ctx,
          patch: { delivered_at: now },
          note: '已签收（物流）',
        });
      case 'receive-return':
        return applyOrderAction(trx, orderId, 'receive_return', ctx);
      case 'inspect': {
        const damage = input.damage ?? 0;
        const owed = await trx
          .selectFrom('bills')
          .select(['id'])
          .where('order_id', '=', orderId)
          .where('status', '=', 'unpaid')
          .where('due_date', '<=', asDate(dayOf(now)))
          .execute();
        if (damage === 0 && owed.length === 0) {
          const result = await applyOrderAction(trx, orderId, 'inspect_pass', ctx);
          await settleOrder(trx, deps, orderId);
          return result;
        }
        const result = await applyOrderAction(trx, orderId, 'inspect_damage', ctx);
        if (damage > 0) await addCompensation(trx, order, damage, now);
        return result;
      }
      case 'compensate': {
        const result = await applyOrderAction(trx, orderId, 'compensate', ctx);
        await addCompensation(trx, order, input.damage ?? order.snapshot.sku.price, now);
        return result;
      }
      case 'approve-cancel': {
        const result = await applyOrderAction(trx, orderId, 'approve_cancel', {
          ...ctx,
          patch: { sub_process: null },
        });
        await releaseOnCancel(trx, deps, order, true);
        return result;
      }
      case 'refuse-cancel':
        return applyOrderAction(trx, orderId, 'refuse_cancel', {
          ...ctx,
          patch: { sub_process: null },
        });
    }
  });
}

async function addCompensation(trx: Trx, order: OrderRow, amount: number, now: Date) {
  const count = await trx
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', order.id)
    .where('kind', '=', 'COMPENSATION')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('bills')
    .values({
      order_id: order.id,
      user_id: order.user_id,
      kind: 'COMPENSATION',
      period: Number(count.n) + 1,
      due_date: dayOf(now),
      original: amount,
      discount: 0,
      channel: null,
      out_trade_no: null,
      paid_at: null,
    })
    .execute();
}

/** The first-payment window passed (the scheduler): cancel and release. */
export async function expireUnpaid(db: Db, deps: AppDeps, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const result = await applyOrderAction(trx, orderId, 'pay_expired', {
      actor: 'system',
      now: deps.now(),
      note: '支付超时',
    });
    await releaseOnCancel(trx, deps, order, false);
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// A WeChat deposit near a year old

/**
 * WeChat Pay refuses to refund a payment more than a year old. A deposit paid through WeChat is
 * refunded at return while that is within 360 days of the payment; for an order still running
 * when the deposit is this many days old, it is settled before the refund window closes.
 */
export const WECHAT_DEPOSIT_SETTLE_AFTER_DAYS = 330;

/** Rent and damage a deposit settles: not the optional bills (buy-out, renewal) the user opens. */
const SETTLED_FROM_DEPOSIT = ['INSTALMENT', 'FINAL', 'COMPENSATION'] as const;

/**
 * Settles the WeChat deposit of a running order: its unpaid bills are paid from the deposit in
 * due-date order while it covers each whole bill (one payment on channel `deposit`), and the rest
 * of the deposit is refunded at once through the normal refund path. Returns what was used and
 * refunded, or undefined when the order has nothing to settle (already done, refunded, or not a
 * WeChat deposit of that age).
 */
export async function settleWechatDepositEarly(
  db: Db,
  deps: AppDeps,
  orderId: number,
): Promise<{ used: number; refunded: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const now = deps.now();
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (
      order.deposit_method !== 'paid' ||
      order.deposit_settled_at !== null ||
      TERMINAL_STATUSES.includes(order.status) ||
      // A buy-out under way counts the deposit in its price: it is settled when that ends.
      order.status === 'BUYING_OUT'
    )
      return undefined;
    const deposit = await trx
      .selectFrom('bills as b')
      .innerJoin('payments as p', 'p.out_trade_no', 'b.out_trade_no')
      .select(['b.paid', 'p.id as paymentId', 'p.channel', 'p.finished_at'])
      .where('b.order_id', '=', orderId)
      .where('b.kind', '=', 'DEPOSIT')
      .where('b.status', '=', 'paid')
      .executeTakeFirst();
    const paidAt = deposit?.finished_at ? new Date(deposit.finished_at) : undefined;
    if (
      !deposit ||
      deposit.channel !== 'wechat' ||
      deposit.paid === 0 ||
      !paidAt ||
      daysBetween(dayOf(paidAt), dayOf(now)) < WECHAT_DEPOSIT_SETTLE_AFTER_DAYS
    )
      return undefined;
    const refunded = await trx
      .selectFrom('refunds')
      .select('id')
      .where('payment_id', '=', deposit.paymentId)
      .where('reason', 'in', [DEPOSIT_REFUND_REASON, EARLY_DEPOSIT_REFUND_REASON])
      .executeTakeFirst();
    if (refunded) return undefined;
    await trx
      .updateTable('orders')
      .set({ deposit_settled_at: now })
      .where('id', '=', orderId)
      .execute();

    const unpaid = await trx
      .selectFrom('bills')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', 'unpaid')
      .where('kind', 'in', SETTLED_FROM_DEPOSIT)
      .orderBy('due_date')
      .orderBy('id')
      .execute();
    let left = deposit.paid;
    const settled: typeof unpaid = [];
    for (const bill of unpaid) {
      const owed = outstandingOf(bill);
      if (owed > left) break;
      settled.push(bill);
      left -= owed;
    }
    const used = deposit.paid - left;
    if (settled.length > 0) {
      // A payment the user has open for these bills is closed: the deposit paid them.
      const open = await trx
        .selectFrom('payment_bills')
        .select('payment_id')
        .where(
          'bill_id',
          'in',
          settled.map((b) => b.id),
        )
        .where('open', '=', true)
        .execute();
      await closePayments(trx, deps, [...new Set(open.map((o) => o.payment_id))]);
      const outTradeNo = newTradeNo('DP');
      const payment = await trx
        .insertInto('payments')
        .values({
          out_trade_no: outTradeNo,
          user_id: order.user_id,
          order_id: orderId,
          purpose: 'bills',
          channel: 'deposit',
          amount: used,
          status: 'succeeded',
          provider_trade_no: null,
          finished_at: now,
          requested_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('payment_bills')
        .values(
          settled.map((b) => ({
            payment_id: payment.id,
            bill_id: b.id,
            amount: outstandingOf(b),
            open: false,
          })),
        )
        .execute();
      for (const bill of settled)
        await trx
          .updateTable('bills')
          .set({
            status: 'paid',
            paid: bill.paid + outstandingOf(bill),
            channel: 'deposit',
            out_trade_no: outTradeNo,
            paid_at: now,
          })
          .where('id', '=', bill.id)
          .execute();
    }
    if (left > 0)
      await requestRefund(
        trx,
        deps,
        { id: deposit.paymentId, order_id: orderId },
        left,
        EARLY_DEPOSIT_REFUND_REASON,
      );
    // An event, not a transition: the order runs on, without a deposit.
    await trx
      .insertInto('order_events')
      .values({
        order_id: orderId,
        action: 'deposit_settled',
        from_status: order.status,
        to_status: order.status,
        actor: 'system',
        note: `押金满 ${WECHAT_DEPOSIT_SETTLE_AFTER_DAYS} 天：抵扣账单 ¥${yuan(used)}，退还 ¥${yuan(left)}`,
        created_at: now,
      })
      .execute();
    if (settled.length > 0)
      await advanceAfterPayment(trx, deps, order, new Set(settled.map((b) => b.kind)));
    return { used, refunded: left };
  });
}
