/**
 * The order repository's writes, and the reads that go with them: the SQL of placing, confirming
 * and cancelling, receipt, return, buy-out, renewal, early return, the ops steps, the state
 * machine and the Idempotency-Key lock. Each function is one statement, run on the handle it is
 * given (the caller's transaction where the change needs one), so the services keep their
 * transactions, their lock order and their `forUpdate`/`forShare` exactly where they were.
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import { brandFirstPayment, brandRentPerPeriod, soldBy } from '../catalog/repository.ts';
import type { Database, Executor, Trx } from '../db/index.ts';
import { asDate, type Owner } from './rules.ts';
import type { BillKind, PayChannel } from './schema.ts';

export type NewOrder = Insertable<Database['orders']>;
type OrderChanges = Updateable<Database['orders']>;
type NewOrderEvent = Insertable<Database['order_events']>;
/** A bill as the services add it: unpaid, on no channel and under no trade number yet. */
export type NewBill = Omit<Insertable<Database['bills']>, 'channel' | 'out_trade_no' | 'paid_at'>;

// ---------------------------------------------------------------------------------------------
// Orders and their events

/** Any order, all columns; throws (Kysely's NoResultError) when there is none. */
export function findOrderOrThrow(db: Executor, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/**
 * Locks the order row for a state change and reads what the transition table needs; with
 * `userId`, only that user's order.
 */
export function lockOrderForTransition(db: Executor, orderId: number, userId?: number) {
  let query = db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'resume_status', 'deposit_method', 'deposit'])
    .where('id', '=', orderId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.forUpdate().executeTakeFirst();
}

/** Writes these columns of the order. */
export async function updateOrder(db: Executor, orderId: number, changes: OrderChanges) {
  await db.updateTable('orders').set(changes).where('id', '=', orderId).execute();
}

/** A new order row; its id. */
export async function insertOrder(trx: Trx, order: NewOrder): Promise<number> {
  const row = await trx
    .insertInto('orders')
    .values(order)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertOrderEvent(db: Executor, event: NewOrderEvent) {
  await db.insertInto('order_events').values(event).execute();
}

/**
 * Writes these columns of a locked order and records the event, in one statement (a state change
 * runs several times per order: one round trip less each time); with `authorisation`, that
 * deposit authorisation's columns too (a freeze's outcome and its transition).
 */
export async function updateOrderWithEvent(
  db: Executor,
  orderId: number,
  changes: OrderChanges,
  event: NewOrderEvent,
  authorisation?: AuthorisationChange,
) {
  const changed = db.with('changed', (query) =>
    query.updateTable('orders').set(changes).where('id', '=', orderId).returning('id'),
  );
  if (!authorisation) {
    await changed.insertInto('order_events').values(event).execute();
    return;
  }
  await changed
    .with('authorised', (query) =>
      query
        .updateTable('deposit_authorisations')
        .set(authorisation.patch)
        .where('id', '=', authorisation.id)
        .returning('id'),
    )
    .insertInto('order_events')
    .values(event)
    .execute();
}

/** A deposit authorisation's columns to write with an order's change. */
export interface AuthorisationChange {
  id: number;
  patch: Updateable<Database['deposit_authorisations']>;
}

/** The brand an order was placed on: whose merchant account its money goes through. */
export async function platformOfOrder(db: Executor, orderId: number): Promise<number> {
  const order = await db
    .selectFrom('orders')
    .select('platform')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return order.platform;
}

/**
 * Clears the order's hold on a unit of stock, if it still holds one; the SKU to give it back
 * to, or undefined when it was given back already.
 */
export async function clearStockHold(trx: Trx, orderId: number): Promise<number | undefined> {
  const released = await trx
    .updateTable('orders')
    .set({ holds_stock: false })
    .where('id', '=', orderId)
    .where('holds_stock', '=', true)
    .returning('sku_id')
    .executeTakeFirst();
  return released?.sku_id;
}

// ---------------------------------------------------------------------------------------------
// Placing and cancelling: the account, the plan, the address, the services, the coupon, stock

/**
 * What placing reads, in one statement: the user's cancellation mark and the birth date of their
 * identity (null: none on file yet) under a share lock on the user's row only; the plan with its
 * SKU and goods as the user's brand offers it (its own rent where it set one; null when the three
 * do not belong together or the brand does not sell the goods); the user's own address on their
 * brand as the snapshot copies it (null: not theirs); the value-added services the goods offers.
 * Undefined when there is no such user. The subqueries read the statement's snapshot: a plan or
 * address changed while the lock waited is read as it was, as if read just before.
 */
export function placingReads(
  trx: Trx,
  user: Owner,
  ids: { planId: number; skuId: number; goodsId: number; addressId: number },
) {
  const { platform } = user;
  return trx
    .selectFrom('users as u')
    .leftJoin('identities as i', 'i.user_id', 'u.id')
    .select((eb) => [
      'u.cancelled_at',
      'i.birth_date',
      jsonObjectFrom(
        eb
          .selectFrom('goods_plan as p')
          .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
          .innerJoin('goods as g', 'g.id', 'p.goods_id')
          .leftJoin('goods_plan_price as pp', (join) =>
            join.onRef('pp.plan_id', '=', 'p.id').on('pp.platform', '=', platform),
          )
          .select([
            'p.id as planId',
            'p.term_unit',
            'p.term',
            brandRentPerPeriod.as('rent_per_period'),
            brandFirstPayment.as('first_payment'),
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
          .where('p.id', '=', ids.planId)
          .where('p.sku_id', '=', ids.skuId)
          .where('p.goods_id', '=', ids.goodsId)
          .where(soldBy(platform)),
      ).as('plan'),
      jsonObjectFrom(
        eb
          .selectFrom('addresses as a')
          .select(['a.name', 'a.mobile', 'a.province', 'a.city', 'a.district', 'a.detail'])
          .where('a.id', '=', ids.addressId)
          .where('a.user_id', '=', user.id)
          .where('a.platform', '=', platform),
      ).as('address'),
      jsonArrayFrom(
        eb
          .selectFrom('value_added_service as v')
          .innerJoin('goods_value_added_service as gv', 'gv.service_id', 'v.id')
          .select(['v.id', 'v.name', 'v.price', 'v.price_unit', 'v.required'])
          .where('gv.goods_id', '=', ids.goodsId),
      ).as('services'),
    ])
    .where('u.id', '=', user.id)
    .modifyEnd(sql`for share of u`)
    .executeTakeFirst();
}

/** The user's unused, unexpired coupon of this kind on their brand, locked for update. */
export function lockUnusedCoupon(trx: Trx, user: Owner, couponId: number, now: Date) {
  return (
    trx
      .selectFrom('user_coupons as uc')
      .innerJoin('coupons as c', 'c.id', 'uc.coupon_id')
      .select([
        'uc.id',
        'c.amount',
        'c.min_amount',
        'c.platform',
        'c.kind',
        'c.percent_off',
        'c.goods_ids',
      ])
      .where('uc.user_id', '=', user.id)
      .where('uc.platform', '=', user.platform)
      .where('uc.coupon_id', '=', couponId)
      .where('uc.status', '=', 'unused')
      .where('uc.expires_at', '>', now)
      // A user may hold several of one coupon (its per-user limit): the soonest to expire goes first.
      .orderBy('uc.expires_at')
      .orderBy('uc.id')
      .limit(1)
      .forUpdate()
      .executeTakeFirst()
  );
}

export async function markCouponUsed(trx: Trx, userCouponId: number, now: Date) {
  await trx
    .updateTable('user_coupons')
    .set({ status: 'used', used_at: now })
    .where('id', '=', userCouponId)
    .execute();
}

export async function markCouponUnused(trx: Trx, userCouponId: number) {
  await trx
    .updateTable('user_coupons')
    .set({ status: 'unused', used_at: null })
    .where('id', '=', userCouponId)
    .execute();
}

export async function returnOneUnitOfStock(trx: Trx, skuId: number) {
  await trx
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', skuId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Bills

const unpaidBill = (bill: NewBill) => ({
  ...bill,
  channel: null,
  out_trade_no: null,
  paid_at: null,
});

export async function insertBills(trx: Trx, bills: readonly NewBill[]) {
  await trx.insertInto('bills').values(bills.map(unpaidBill)).execute();
}

/**
 * A new order's bills and its event, and the unit of stock it takes (`stock - 1` where any is
 * left; the row lock is held until the transaction ends), in one statement; false when none was
 * left (the caller rolls back).
 */
export async function insertBillsWithEventTakingStock(
  trx: Trx,
  bills: readonly NewBill[],
  event: NewOrderEvent,
  skuId: number,
): Promise<boolean> {
  const taken = await trx
    .with('placed_bills', (query) =>
      query.insertInto('bills').values(bills.map(unpaidBill)).returning('id'),
    )
    .with('placed_event', (query) => query.insertInto('order_events').values(event).returning('id'))
    .updateTable('goods_sku')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', skuId)
    .where('stock', '>', 0)
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}

/** One new bill; its id. */
export async function insertBill(trx: Trx, bill: NewBill): Promise<number> {
  const row = await trx
    .insertInto('bills')
    .values(unpaidBill(bill))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many bills of this kind the order has had (any status). */
export async function countBillsOfKind(trx: Trx, orderId: number, kind: BillKind) {
  const count = await trx
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** An unpaid bill of this kind on the order, if any. */
export function unpaidBillOfKind(trx: Trx, orderId: number, kind: BillKind) {
  return trx
    .selectFrom('bills')
    .select(['id', 'period'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .where('status', '=', 'unpaid')
    .executeTakeFirst();
}

/** The order's unpaid bills due on or before the day. */
export function unpaidBillsDueBy(trx: Trx, orderId: number, day: string) {
  return trx
    .selectFrom('bills')
    .select(['id'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .where('due_date', '<=', asDate(day))
    .execute();
}

export function instalmentsOf(trx: Trx, orderId: number) {
  return trx
    .selectFrom('bills')
    .select(['id', 'period'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'INSTALMENT')
    .execute();
}

export async function setBillDueDate(trx: Trx, billId: number, dueDate: string) {
  await trx.updateTable('bills').set({ due_date: dueDate }).where('id', '=', billId).execute();
}

/** The paid DEPOSIT bill of the order, if any. */
export function paidDepositBillOf(trx: Trx, orderId: number) {
  return trx
    .selectFrom('bills')
    .select(['paid'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'DEPOSIT')
    .where('status', '=', 'paid')
    .executeTakeFirst();
}

/** Cancels the order's unpaid bills (only those of `kind` when given). */
export async function cancelUnpaidBills(trx: Trx, orderId: number, kind?: BillKind) {
  let query = trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid');
  if (kind !== undefined) query = query.where('kind', '=', kind);
  await query.execute();
}

/** Cancels those of the bills that are still unpaid. */
export async function cancelUnpaidBillsById(trx: Trx, billIds: readonly number[]) {
  await trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('id', 'in', billIds)
    .where('status', '=', 'unpaid')
    .execute();
}

export async function cancelBill(trx: Trx, billId: number) {
  await trx.updateTable('bills').set({ status: 'cancelled' }).where('id', '=', billId).execute();
}

// ---------------------------------------------------------------------------------------------
// Payments and refunds

/** The ids of the order's payments still open (created). */
export async function openPaymentIdsOf(trx: Trx, orderId: number): Promise<number[]> {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
  return open.map((p) => p.id);
}

/** Closes those of the payments still open on one of the channels; the ones it closed. */
export function closeOpenPaymentsOn(
  trx: Trx,
  paymentIds: readonly number[],
  channels: readonly PayChannel[],
  now: Date,
) {
  return trx
    .updateTable('payments')
    .set({ status: 'closed', finished_at: now })
    .where('id', 'in', paymentIds)
    .where('status', '=', 'created')
    .where('channel', 'in', channels)
    .returning(['id', 'provider_trade_no'])
    .execute();
}

/** The bills the payments covered are no longer held by them. */
export async function closePaymentBills(trx: Trx, paymentIds: readonly number[]) {
  await trx
    .updateTable('payment_bills')
    .set({ open: false })
    .where('payment_id', 'in', paymentIds)
    .execute();
}

/** The order's succeeded payments of bills. */
export function succeededBillPaymentsOf(trx: Trx, orderId: number) {
  return trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'out_trade_no', 'amount', 'channel'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .where('purpose', '=', 'bills')
    .execute();
}

/** What is refunded or being refunded of a payment (a refused refund gives nothing back). */
export async function refundedAmountOf(trx: Trx, paymentId: number): Promise<number> {
  const refunded = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirst();
  return Number(refunded?.sum ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Deposit authorisations

/** A frozen authorisation of the order, if any: what it holds and until when. */
export function frozenAuthorisationOf(db: Executor, orderId: number) {
  return db
    .selectFrom('deposit_authorisations')
    .select(['amount', 'paid', 'unfrozen', 'expires_at'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'frozen')
    .executeTakeFirst();
}

/** The order's frozen authorisations, locked for update. */
export function lockFrozenAuthorisations(trx: Trx, orderId: number) {
  return trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'frozen')
    .forUpdate()
    .execute();
}

/** Closes one authorisation with what it has unfrozen in all. */
export async function closeAuthorisation(trx: Trx, authorisationId: number, unfrozen: number) {
  await trx
    .updateTable('deposit_authorisations')
    .set({ unfrozen, status: 'closed' })
    .where('id', '=', authorisationId)
    .execute();
}

/** Closes the order's authorisations that never froze anything. */
export async function closePendingAuthorisations(trx: Trx, orderId: number) {
  await trx
    .updateTable('deposit_authorisations')
    .set({ status: 'closed' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Locks

/** A transaction-scoped advisory lock on the key's hash, held until the transaction ends. */
export async function advisoryLockForTransaction(trx: Trx, key: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}
