/**
 * The payment repository: the SQL of paying bills (opening payments, provider notifications and
 * the outcomes they carry, withholding and deductions from the deposit authorisation, the freeze
 * itself, refunds of a paid deposit and its early settlement). The services in payments.ts,
 * payment-outcomes.ts, deposit-freeze.ts and wechat-deposit.ts call these and hold no SQL. Each
 * runs on the handle it is given first (the caller's transaction, where the caller opened one), and
 * the row locks (`for update`) are taken where the caller's order of steps asks for them.
 */
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Database, Db, Executor, Trx } from '../db/index.ts';
import { asDate, type Owner } from './rules.ts';
import type { BillKind, PayChannel } from './schema.ts';

type Order = Selectable<Database['orders']>;
type Bill = Selectable<Database['bills']>;
type Authorisation = Selectable<Database['deposit_authorisations']>;

// ---------------------------------------------------------------------------------------------
// Orders

/** Locks the order row (every writer of an order locks it first). */
export function lockOrder(trx: Trx, orderId: number): Promise<Order> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** Columns of an order, read without a lock (who it belongs to, whether its deposit was settled). */
export function orderColumns<C extends keyof Order & string>(
  db: Executor,
  orderId: number,
  columns: readonly C[],
) {
  return db
    .selectFrom('orders')
    .select(columns)
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function markDepositSettled(trx: Trx, orderId: number, at: Date) {
  await trx
    .updateTable('orders')
    .set({ deposit_settled_at: at })
    .where('id', '=', orderId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// A provider's outcome: its row and the order, locked

/** Every column of a table's row, listed once (a missing or unknown column fails to compile). */
const columnsOf = <Row>(columns: Record<keyof Row & string, true>) =>
  Object.keys(columns) as (keyof Row & string)[];
const PAYMENT_COLUMNS = columnsOf<Selectable<Database['payments']>>({
  id: true,
  out_trade_no: true,
  user_id: true,
  order_id: true,
  purpose: true,
  channel: true,
  amount: true,
  status: true,
  provider_trade_no: true,
  created_at: true,
  finished_at: true,
  requested_at: true,
  late_success: true,
});
const AUTHORISATION_COLUMNS = columnsOf<Authorisation>({
  id: true,
  order_id: true,
  user_id: true,
  out_request_no: true,
  auth_no: true,
  amount: true,
  paid: true,
  unfrozen: true,
  status: true,
  expires_at: true,
  created_at: true,
  requested_at: true,
  credit_amount: true,
  fund_amount: true,
  provider: true,
});

type OutcomeRowOf =
  | { table: 'payments'; column: 'out_trade_no'; columns: readonly string[] }
  | { table: 'deposit_authorisations'; column: 'out_request_no'; columns: readonly string[] };

/**
 * Locks the order the provider's number belongs to and the row itself, in one statement, when
 * the order is the reporting merchant's brand: `for update of o, r` locks each joined pair in
 * that order, the order first, as every other writer locks it. Otherwise (no such number, or
 * another brand's) the two-statement path below says which, and a 'merchant_mismatch' leaves
 * the row unlocked.
 */
async function lockOrderThenRow<R>(
  trx: Trx,
  rowOf: OutcomeRowOf,
  number: string,
  platform: number,
  lockRow: () => Promise<R>,
): Promise<'unknown_trade' | 'merchant_mismatch' | { order: Order; row: R }> {
  const rowColumns = sql.join(
    rowOf.columns.map((c) => sql`${sql.ref(`r.${c}`)} as ${sql.id(`row_${c}`)}`),
  );
  const { rows } = await sql<Record<string, unknown>>`
    select o.*, ${rowColumns}
    from orders as o inner join ${sql.table(rowOf.table)} as r on r.order_id = o.id
    where ${sql.ref(`r.${rowOf.column}`)} = ${number} and o.platform = ${platform}
    for update of o, r`.execute(trx);
  const [joined] = rows;
  if (!joined) return lockOrderThenRowApart(trx, rowOf, number, platform, lockRow);
  const order: Record<string, unknown> = {};
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(joined))
    if (key.startsWith('row_')) row[key.slice('row_'.length)] = value;
    else order[key] = value;
  return { order: order as Order, row: row as R };
}

/** The same, a statement each: the order (found by the number), then the row when it matches. */
async function lockOrderThenRowApart<R>(
  trx: Trx,
  rowOf: OutcomeRowOf,
  number: string,
  platform: number,
  lockRow: () => Promise<R>,
): Promise<'unknown_trade' | 'merchant_mismatch' | { order: Order; row: R }> {
  const order = await trx
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', (eb) =>
      eb
        .selectFrom(rowOf.table)
        .select('order_id')
        .where(rowOf.column as 'out_trade_no', '=', number),
    )
    .forUpdate()
    .executeTakeFirst();
  if (!order) return 'unknown_trade';
  if (order.platform !== platform) return 'merchant_mismatch';
  return { order, row: await lockRow() };
}

/** The payment of a trade number and its order, both locked, for a trade outcome of `platform`. */
export async function lockPaymentForOutcome(trx: Trx, outTradeNo: string, platform: number) {
  return lockOrderThenRow(
    trx,
    { table: 'payments', column: 'out_trade_no', columns: PAYMENT_COLUMNS },
    outTradeNo,
    platform,
    () =>
      trx
        .selectFrom('payments')
        .selectAll()
        .where('out_trade_no', '=', outTradeNo)
        .forUpdate()
        .executeTakeFirstOrThrow(),
  );
}

/** The authorisation of a freeze request number and its order, both locked, for a freeze outcome. */
export async function lockAuthorisationForOutcome(
  trx: Trx,
  outRequestNo: string,
  platform: number,
) {
  return lockOrderThenRow(
    trx,
    { table: 'deposit_authorisations', column: 'out_request_no', columns: AUTHORISATION_COLUMNS },
    outRequestNo,
    platform,
    () =>
      trx
        .selectFrom('deposit_authorisations')
        .selectAll()
        .where('out_request_no', '=', outRequestNo)
        .forUpdate()
        .executeTakeFirstOrThrow(),
  );
}

// ---------------------------------------------------------------------------------------------
// Notifications

type NewNotification = Insertable<Database['payment_notifications']>;

/** Stores a refused notification (under a notify id of its own, so it blocks nothing). */
export async function insertNotification(trx: Trx, notification: NewNotification) {
  await trx.insertInto('payment_notifications').values(notification).execute();
}

/** Stores a notification once per provider and notify id: undefined when it was stored already. */
export function insertNotificationOnce(
  trx: Trx,
  notification: NewNotification,
): Promise<{ id: number } | undefined> {
  return trx
    .insertInto('payment_notifications')
    .values(notification)
    .onConflict((oc) => oc.columns(['provider', 'notify_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** What a stored notification came to; `notifyId` replaces the one it arrived with. */
export async function setNotificationOutcome(
  trx: Trx,
  notificationId: number,
  outcome: string,
  notifyId?: string,
) {
  await trx
    .updateTable('payment_notifications')
    .set(notifyId === undefined ? { outcome } : { outcome, notify_id: notifyId })
    .where('id', '=', notificationId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Bills

/** What a payment leaves owed: these columns of each unpaid bill of the order. */
const OWED_COLUMNS = ['kind', 'due_date', 'overdue_days', 'id'] as const;
export type OwedBill = Pick<Bill, (typeof OWED_COLUMNS)[number]>;

/** The order's unpaid bills, for what a payment leaves owed. */
export function unpaidBillsOf(trx: Trx, orderId: number): Promise<OwedBill[]> {
  return trx
    .selectFrom('bills')
    .select(OWED_COLUMNS)
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .execute();
}

/** The order's unpaid bills of these kinds, in due-date order. */
export function unpaidBillsOfKinds(
  trx: Trx,
  orderId: number,
  kinds: readonly BillKind[],
): Promise<Bill[]> {
  return trx
    .selectFrom('bills')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .where('kind', 'in', kinds)
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

/** A bill paid in full by a payment: what it has paid now, through which channel and trade. */
export async function markBillPaid(
  trx: Trx,
  billId: number,
  paid: { total: number; channel: PayChannel; outTradeNo: string; at: Date },
) {
  await trx
    .updateTable('bills')
    .set({
      status: 'paid',
      paid: paid.total,
      channel: paid.channel,
      out_trade_no: paid.outTradeNo,
      paid_at: paid.at,
    })
    .where('id', '=', billId)
    .execute();
}

/**
 * Bills paid in full by one payment (what each has paid now), through its channel and trade, and
 * the order's bills left unpaid (`unpaidBillsOf`), in one statement: the update runs in a CTE,
 * whose changes the outer read does not see, so the bills it paid (at least one) are left out by
 * id. They are a VALUES list, whose row count the planner knows: from `jsonb_to_recordset`
 * (assumed 100 rows) it hash-joined a sequential scan of every bill (bench:orders, 29 Nov).
 */
export async function markBillsPaidLeavingUnpaid(
  trx: Trx,
  orderId: number,
  bills: readonly { id: number; total: number }[],
  paid: { channel: PayChannel; outTradeNo: string; at: Date },
): Promise<OwedBill[]> {
  const paidRows = bills.map((bill) => sql`(${bill.id}::integer, ${bill.total}::integer)`);
  const { rows } = await sql<OwedBill>`
    with paid as (
      update bills as b
      set status = 'paid', paid = v.total, channel = ${paid.channel},
        out_trade_no = ${paid.outTradeNo}, paid_at = ${paid.at}
      from (values ${sql.join(paidRows)}) as v(id, total)
      where b.id = v.id
      returning b.id
    )
    select ${sql.join(OWED_COLUMNS.map((column) => sql.ref(column)))} from bills
    where order_id = ${orderId} and status = 'unpaid' and id not in (select id from paid)`.execute(
    trx,
  );
  return rows;
}

/** The order's latest paid renewal bill (its period holds the periods renewed). */
export function latestPaidRenewalOf(trx: Trx, orderId: number): Promise<Pick<Bill, 'period'>> {
  return trx
    .selectFrom('bills')
    .select(['period'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'RENEWAL')
    .where('status', '=', 'paid')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** Rent not yet due when the order settles (INSTALMENT, FINAL after `today`) is not owed. */
export async function cancelRentDueAfter(trx: Trx, orderId: number, today: string) {
  await trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .where('kind', 'in', ['INSTALMENT', 'FINAL'])
    .where('due_date', '>', asDate(today))
    .execute();
}

/** What paid buy-outs took from the deposit (their discounts). */
export async function buyoutDepositOffsetOf(trx: Trx, orderId: number): Promise<number> {
  const offset = await trx
    .selectFrom('bills')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('discount'), eb.lit(0)).as('sum'))
    .where('order_id', '=', orderId)
    .where('kind', '=', 'BUYOUT')
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(offset.sum);
}

/** The order's paid DEPOSIT bill with the payment that paid it. */
export function paidDepositOf(trx: Trx, orderId: number) {
  return trx
    .selectFrom('bills as b')
    .innerJoin('payments as p', 'p.out_trade_no', 'b.out_trade_no')
    .select(['b.id', 'b.paid', 'p.id as paymentId', 'p.out_trade_no', 'p.channel', 'p.finished_at'])
    .where('b.order_id', '=', orderId)
    .where('b.kind', '=', 'DEPOSIT')
    .where('b.status', '=', 'paid')
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Payments

/** The open payments covering any of these bills, one row per bill covered. */
export function openPaymentsCovering(trx: Trx, billIds: readonly number[]) {
  return trx
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
    .where('pb.bill_id', 'in', billIds)
    .where('pb.open', '=', true)
    .execute();
}

/** The ids of the open payments covering any of these bills (one per bill covered). */
export async function openPaymentIdsCovering(
  trx: Trx,
  billIds: readonly number[],
): Promise<number[]> {
  const rows = await trx
    .selectFrom('payment_bills')
    .select('payment_id')
    .where('bill_id', 'in', billIds)
    .where('open', '=', true)
    .execute();
  return rows.map((row) => row.payment_id);
}

/** The bills a payment covers and what it pays of each. */
export function billsCoveredBy(
  trx: Trx,
  paymentId: number,
): Promise<{ bill_id: number; amount: number }[]> {
  return trx
    .selectFrom('payment_bills')
    .select(['bill_id', 'amount'])
    .where('payment_id', '=', paymentId)
    .execute();
}

export async function markPaymentFailed(trx: Trx, paymentId: number, at: Date) {
  await trx
    .updateTable('payments')
    .set({ status: 'failed', finished_at: at })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Marks the payment succeeded (`late`: reported paid after it was closed or seen failing) and
 * releases the bills it covered, in one statement (every paid trade does both); those bills, with
 * what the payment covered of each.
 */
export function markPaymentSucceededReleasingBills(
  trx: Trx,
  paymentId: number,
  success: { at: Date; providerTradeNo: string | null; late: boolean },
): Promise<(Pick<Bill, 'id' | 'kind' | 'status' | 'paid'> & { covered: number })[]> {
  return trx
    .with('succeeded', (query) =>
      query
        .updateTable('payments')
        .set({
          status: 'succeeded',
          finished_at: success.at,
          provider_trade_no: success.providerTradeNo,
          late_success: success.late,
        })
        .where('id', '=', paymentId)
        .returning('id'),
    )
    .updateTable('payment_bills as pb')
    .set({ open: false })
    .from('bills as b')
    .whereRef('b.id', '=', 'pb.bill_id')
    .where('pb.payment_id', '=', paymentId)
    .returning(['b.id', 'b.kind', 'b.status', 'b.paid', 'pb.amount as covered'])
    .execute();
}

/** The provider's number of the trade opened for a payment. */
export async function setProviderTradeNo(db: Db, paymentId: number, tradeNo: string) {
  await db
    .updateTable('payments')
    .set({ provider_trade_no: tradeNo })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Who pays as the wallet knows them, in one read: Alipay's user id (from an Alipay login) and the
 * latest open id the user has with `provider` on this brand.
 */
export async function walletIdsOf(
  db: Db,
  user: Owner,
  provider: 'alipay' | 'wechat',
): Promise<{ alipayUserId: string | null; openId: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'alipay_user_id',
      eb
        .selectFrom('user_open_ids')
        .select('open_id')
        .where('user_id', '=', user.id)
        .where('platform', '=', user.platform)
        .where('provider', '=', provider)
        .orderBy('id', 'desc')
        .limit(1)
        .as('open_id'),
    ])
    .where('id', '=', user.id)
    .executeTakeFirst();
  return row && { alipayUserId: row.alipay_user_id, openId: row.open_id };
}

/** Whether a refund for one of these reasons was written for the payment. */
export async function hasRefundFor(
  trx: Trx,
  paymentId: number,
  reasons: readonly string[],
): Promise<boolean> {
  const refund = await trx
    .selectFrom('refunds')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('reason', 'in', reasons)
    .executeTakeFirst();
  return refund !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Deposit authorisations (freeze)

/** The order's authorisation pending or frozen, if one is under way. */
export function authorisationUnderWayOf(
  trx: Trx,
  orderId: number,
): Promise<Authorisation | undefined> {
  return trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'frozen'])
    .executeTakeFirst();
}

/** Locks the order's frozen authorisation (one the provider numbered), if any. */
export function lockFrozenAuthorisationOf(
  trx: Trx,
  orderId: number,
): Promise<Authorisation | undefined> {
  return trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'frozen')
    .where('auth_no', 'is not', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertAuthorisation(
  trx: Trx,
  authorisation: Insertable<Database['deposit_authorisations']>,
): Promise<{ id: number }> {
  return trx
    .insertInto('deposit_authorisations')
    .values(authorisation)
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function updateAuthorisation(
  trx: Trx,
  authorisationId: number,
  patch: Updateable<Database['deposit_authorisations']>,
) {
  await trx
    .updateTable('deposit_authorisations')
    .set(patch)
    .where('id', '=', authorisationId)
    .execute();
}

/** The columns of an authorisation the provider refused (written alone or with the order's change). */
export const authorisationFailed = (authNo: string | null) =>
  ({ status: 'failed', auth_no: authNo }) satisfies Updateable<Database['deposit_authorisations']>;

export const markAuthorisationFailed = (trx: Trx, id: number, authNo: string | null) =>
  updateAuthorisation(trx, id, authorisationFailed(authNo));

/**
 * The columns of a frozen authorisation: of `amount`, `credit` was waived by the user's credit
 * and `fund` really frozen (or null). Written with the order's change (applyOrderAction).
 */
export const authorisationFrozen = (frozen: {
  authNo: string | null;
  credit: number | null;
  fund: number | null;
}) =>
  ({
    status: 'frozen',
    auth_no: frozen.authNo,
    credit_amount: frozen.credit,
    fund_amount: frozen.fund,
  }) satisfies Updateable<Database['deposit_authorisations']>;

/** Closed with `unfrozen` given back. */
export const markAuthorisationClosed = (
  trx: Trx,
  id: number,
  authNo: string | null,
  unfrozen: number,
) => updateAuthorisation(trx, id, { status: 'closed', auth_no: authNo, unfrozen });

/** `paid`: what is now taken (or set aside to be taken) from the authorisation. */
export const setAuthorisationPaid = (trx: Trx, id: number, paid: number) =>
  updateAuthorisation(trx, id, { paid });
