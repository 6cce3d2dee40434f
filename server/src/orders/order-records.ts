/**
 * The order repository: the SQL of reading orders, their bills, payments, events and deposit
 * authorisations, and of the Idempotency-Key replies. The services call these and hold no SQL of
 * their own for what is here; each function is one query, in the caller's transaction when it
 * is given one.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '../db/schema.ts';
import { outstandingOf, type BillRow } from './bills.ts';
import type { OrderStatus } from './machine.ts';
import type { PayChannel } from './schema.ts';
import type { Db, Owner, Trx } from './rules.ts';

type Executor = Db | Trx;

/** The user's own order on their brand (someone else's is not found), optionally locked. */
export function findOwnOrder(db: Executor, user: Owner, orderId: number, lock: boolean) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

/** The dictionary's label of the reason an order column holds. */
function reasonLabel(
  eb: ExpressionBuilder<Database & { orders: Database['orders'] }, 'orders'>,
  dictType: 'cancel_reason' | 'return_reason',
  column: 'orders.cancel_reason' | 'orders.return_reason',
) {
  return eb
    .selectFrom('dictionary')
    .select('dictionary.label')
    .where('dictionary.dict_type', '=', dictType)
    .whereRef('dictionary.value', '=', column)
    .limit(1);
}

/**
 * The user's own order with its bills, events and latest deposit authorisation: what the order
 * detail shows, in one statement (the detail answers every order action). The nested rows come
 * back as JSON, so their timestamps are ISO strings and their dates 'YYYY-MM-DD'.
 */
export async function findOwnOrderWithHistory(db: Executor, user: Owner, orderId: number) {
  const row = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('bills')
          .select([
            'bills.id',
            'bills.kind',
            'bills.period',
            'bills.due_date',
            'bills.original',
            'bills.discount',
            'bills.overdue_fee',
            'bills.fee_waived',
            'bills.overdue_days',
            'bills.paid',
            'bills.status',
            'bills.channel',
            'bills.out_trade_no',
            'bills.paid_at',
          ])
          .whereRef('bills.order_id', '=', 'orders.id')
          .orderBy('bills.id'),
      ).as('bills'),
      jsonArrayFrom(
        eb
          .selectFrom('order_events')
          .select([
            'order_events.action',
            'order_events.from_status',
            'order_events.to_status',
            'order_events.params',
            'order_events.created_at',
          ])
          .whereRef('order_events.order_id', '=', 'orders.id')
          .orderBy('order_events.id'),
      ).as('events'),
      reasonLabel(eb, 'cancel_reason', 'orders.cancel_reason').as('cancel_reason_label'),
      reasonLabel(eb, 'return_reason', 'orders.return_reason').as('return_reason_label'),
      jsonObjectFrom(
        eb
          .selectFrom('deposit_authorisations')
          .select([
            'deposit_authorisations.status',
            'deposit_authorisations.amount',
            'deposit_authorisations.credit_amount',
            'deposit_authorisations.fund_amount',
          ])
          .whereRef('deposit_authorisations.order_id', '=', 'orders.id')
          .orderBy('deposit_authorisations.id', 'desc')
          .limit(1),
      ).as('authorisation'),
    ])
    .where('orders.id', '=', orderId)
    .where('orders.user_id', '=', user.id)
    .where('orders.platform', '=', user.platform)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    // Typed as Dates by Kysely, ISO strings on the wire.
    bills: row.bills.map((bill) => ({
      ...bill,
      paid_at: bill.paid_at === null ? null : new Date(bill.paid_at),
    })),
    events: row.events.map((event) => ({ ...event, created_at: new Date(event.created_at) })),
  };
}

/** Any order, for ops. */
export function findOrder(db: Executor, orderId: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/**
 * A payment of whole bills, each for what it still owes: the user's own (open until it settles)
 * or one already settled (a deposit paying the last bills).
 */
export async function insertBillsPayment(
  trx: Trx,
  payment: {
    outTradeNo: string;
    userId: number;
    orderId: number;
    channel: PayChannel;
    settledAt?: Date;
  },
  bills: readonly BillRow[],
): Promise<{ id: number; amount: number }> {
  const amount = bills.reduce((sum, b) => sum + outstandingOf(b), 0);
  // The payment and the bills it covers, in one statement (every payment opened does both).
  const covered = sql.join(
    bills.map((b) => sql`(cast(${b.id} as integer), cast(${outstandingOf(b)} as integer))`),
  );
  const open = payment.settledAt === undefined;
  const row = await trx
    .with('p', (query) =>
      query
        .insertInto('payments')
        .values({
          out_trade_no: payment.outTradeNo,
          user_id: payment.userId,
          order_id: payment.orderId,
          purpose: 'bills',
          channel: payment.channel,
          amount,
          ...(payment.settledAt ? { status: 'succeeded' as const } : {}),
          provider_trade_no: null,
          finished_at: payment.settledAt ?? null,
          requested_at: null,
        })
        .returning('id'),
    )
    .insertInto('payment_bills')
    .columns(['payment_id', 'bill_id', 'amount', 'open'])
    .expression(
      sql`select p.id, b.bill_id, b.amount, cast(${open} as boolean)
        from p cross join (values ${covered}) as b (bill_id, amount)`,
    )
    .returning('payment_id')
    .executeTakeFirstOrThrow();
  return { id: row.payment_id, amount };
}

export function billsOf(db: Executor, orderId: number) {
  return db.selectFrom('bills').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * The order's bills, each with the open payment covering it (null: none; a bill is in at most one
 * open payment, a partial unique index), in one statement: opening a payment reads both. `open` is
 * the literal `true`, not a parameter, so that a prepared statement's generic plan can use that
 * index (with `open = $1` it scanned all of payment_bills, bench:orders 29 Nov).
 */
export async function billsWithOpenPaymentOf(trx: Trx, orderId: number) {
  const rows = await trx
    .selectFrom('bills as b')
    .leftJoin('payment_bills as pb', (join) =>
      join.onRef('pb.bill_id', '=', 'b.id').on('pb.open', '=', sql.lit(true)),
    )
    .leftJoin('payments as p', 'p.id', 'pb.payment_id')
    .selectAll('b')
    .select([
      'p.id as open_id',
      'p.out_trade_no as open_out_trade_no',
      'p.amount as open_amount',
      'p.channel as open_channel',
      'p.provider_trade_no as open_provider_trade_no',
    ])
    .where('b.order_id', '=', orderId)
    .orderBy('b.id')
    .execute();
  return rows.map(
    ({
      open_id,
      open_out_trade_no,
      open_amount,
      open_channel,
      open_provider_trade_no,
      ...bill
    }) => ({
      bill,
      open:
        open_id === null
          ? null
          : {
              id: open_id,
              out_trade_no: open_out_trade_no!,
              amount: open_amount!,
              channel: open_channel!,
              provider_trade_no: open_provider_trade_no,
              bill_id: bill.id,
            },
    }),
  );
}

export function eventsOf(db: Executor, orderId: number) {
  return db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export function paymentsOf(db: Executor, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** One page of the user's orders in the given states (all states when empty), newest first. */
export async function pageOfOrders(
  db: Db,
  user: Owner,
  /** In one of `statuses` (all when empty); with `owing`, only orders a bill still owes on. */
  filter: { statuses: readonly string[]; owing: boolean },
  pageNum: number,
  pageSize: number,
) {
  let query = db
    .selectFrom('orders')
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform);
  const { statuses, owing } = filter;
  if (statuses.length > 0) query = query.where('status', 'in', statuses as OrderStatus[]);
  if (owing)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('bills')
          .select('bills.id')
          .whereRef('bills.order_id', '=', 'orders.id')
          .where('bills.status', '=', 'unpaid')
          // What is still owed: original − discount + overdue fee − paid (outstandingOf).
          .where(
            sql<number>`bills.original - bills.discount + bills.overdue_fee - bills.paid`,
            '>',
            0,
          ),
      ),
    );
  const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export async function lastOrderIdOf(db: Db, user: Owner): Promise<number | undefined> {
  const last = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return last?.id;
}

/** The events that move the order's parcels (shipping, delivery, the return). */
export function shippingEventsOf(db: Db, orderId: number) {
  return db
    .selectFrom('order_events')
    .select(['action', 'created_at', 'note'])
    .where('order_id', '=', orderId)
    .where('action', 'in', ['ship', 'deliver', 'ship_return', 'receive_return'])
    .orderBy('id')
    .execute();
}

/** The user's default address on the brand, else their latest. */
export async function defaultAddressIdOf(db: Db, user: Owner): Promise<number | undefined> {
  const address = await db
    .selectFrom('addresses')
    .select('id')
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return address?.id;
}

/**
 * Marks a return under way, with the reason chosen (a second application changes it), unless
 * another sub-process holds the order.
 */
export async function markReturnUnderWay(db: Db, orderId: number, reason?: string) {
  await db
    .updateTable('orders')
    .set({ sub_process: 'return', ...(reason !== undefined ? { return_reason: reason } : {}) })
    .where('id', '=', orderId)
    .where((eb) => eb.or([eb('sub_process', 'is', null), eb('sub_process', '=', 'return')]))
    .execute();
}

/** The reply stored under an Idempotency-Key (scope includes the brand). */
export function findIdempotentReply(db: Executor, userId: number, scope: string, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'response'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();
}

/**
 * Stores the reply under its key. `ignoreDuplicate`: a concurrent first call may have stored it
 * already (the pay routes run outside the advisory lock), which is not an error.
 */
export async function saveIdempotentReply(
  db: Executor,
  row: { userId: number; scope: string; key: string; requestHash: string; response: unknown },
  { ignoreDuplicate }: { ignoreDuplicate: boolean },
) {
  await db
    .insertInto('idempotency_keys')
    .values({
      user_id: row.userId,
      scope: row.scope,
      key: row.key,
      request_hash: row.requestHash,
      response: JSON.stringify(row.response),
    })
    .$if(ignoreDuplicate, (query) =>
      query.onConflict((oc) => oc.columns(['user_id', 'scope', 'key']).doNothing()),
    )
    .execute();
}
