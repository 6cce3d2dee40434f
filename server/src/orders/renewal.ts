/**
 * Renewal: the quote and its payment.
 */
import type { AppDeps } from '../deps.ts';
import { conflict } from '../plugins/errors.ts';
import { addDays, dayOf, endOf, renewalQuote, type QuoteLine } from './bills.ts';
import { illegalAction } from './machine.ts';
import { type Db, type Owner, busy, toDay } from './common.ts';
import { ownOrder } from './queries.ts';
import { payBills } from './payments.ts';
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
