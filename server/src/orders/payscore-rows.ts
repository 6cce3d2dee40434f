/**
 * The SQL of WeChat Pay Score deposits (orders/payscore.ts, the notifications, the outbox): the
 * refusals per user and brand, the switch to a paid deposit, and finding a service order's rows.
 */
import type { Db, Owner, Trx } from './rules.ts';
import type { OrderRow } from './queries.ts';
import './schema.ts';

export function payScoreRefusalOf(db: Db | Trx, user: Owner) {
  return db
    .selectFrom('payscore_refusals')
    .select(['reason', 'refused_at'])
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .executeTakeFirst();
}

export async function recordPayScoreRefusal(trx: Trx, user: Owner, reason: string) {
  await trx
    .insertInto('payscore_refusals')
    .values({ user_id: user.id, platform: user.platform, reason: reason.slice(0, 200) })
    .onConflict((oc) =>
      oc.columns(['user_id', 'platform']).doUpdateSet({ reason: reason.slice(0, 200) }),
    )
    .execute();
}

/** The order's deposit becomes a DEPOSIT bill paid with the first payment (due `today`). */
export async function switchOrderToPaidDeposit(trx: Trx, order: OrderRow, today: string) {
  await trx
    .updateTable('orders')
    .set({ deposit_method: 'paid' })
    .where('id', '=', order.id)
    .execute();
  if (order.deposit > 0)
    await trx
      .insertInto('bills')
      .values({
        order_id: order.id,
        user_id: order.user_id,
        kind: 'DEPOSIT',
        period: 1,
        due_date: today,
        original: order.deposit,
        discount: 0,
      })
      .execute();
}

/** The Pay Score authorisation of a service order (by its out_order_no). */
export function payScoreAuthorisation(db: Db | Trx, outOrderNo: string) {
  return db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.order_id', 'a.status', 'a.amount', 'a.out_request_no', 'o.platform'])
    .where('a.out_request_no', '=', outOrderNo)
    .where('a.provider', '=', 'payscore')
    .executeTakeFirst();
}

/** The payment a completion of the order's service order collects (channel `payscore`). */
export function payScorePaymentOf(db: Db | Trx, orderId: number) {
  return db
    .selectFrom('payments')
    .select(['id', 'out_trade_no', 'amount', 'status'])
    .where('order_id', '=', orderId)
    .where('channel', '=', 'payscore')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The provider of an authorisation, its service order's number and its order's state. */
export function authorisationForRelease(db: Db, authorisationId: number) {
  return db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select([
      'a.provider',
      'a.out_request_no',
      'a.status',
      'a.credit_amount',
      'o.status as order_status',
      'o.shipped_at',
    ])
    .where('a.id', '=', authorisationId)
    .executeTakeFirst();
}
