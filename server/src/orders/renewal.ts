/**
 * Renewal: the quote and its payment.
 */
import type { AppDeps } from '../boot/deps.ts';
import { conflict } from '../plugins/errors.ts';
import { addDays, dayOf, endOf, orderQuote, renewalQuote, type QuoteLine } from './bills.ts';
import { illegalAction } from './machine.ts';
import { type Db, type Owner, busy, toDay } from './rules.ts';
import { ownOrder } from './queries.ts';
import { payBills } from './payments.ts';
import {
  cancelBill,
  countBillsOfKind,
  frozenAuthorisationOf,
  insertBill,
  unpaidBillOfKind,
  updateOrder,
} from './order-rows.ts';
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
  // A renewed period costs what every period of the lease does: rent and per-period services.
  const lines: QuoteLine[] = renewalQuote(orderQuote(order).perPeriod, periods);
  const end = toDay(order.end_date) ?? dayOf(deps.now());
  const newEnd = endOf(order.term_unit, addDays(end, 1), periods);
  if (order.deposit_method === 'freeze') {
    const auth = await frozenAuthorisationOf(db, orderId);
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
    const open = await unpaidBillOfKind(trx, order.id, 'RENEWAL');
    if (open && open.period % 100 === input.periods) return open.id;
    if (open) await cancelBill(trx, open.id);
    const count = await countBillsOfKind(trx, order.id, 'RENEWAL');
    const renewalBillId = await insertBill(trx, {
      order_id: order.id,
      user_id: user.id,
      kind: 'RENEWAL',
      period: (count + 1) * 100 + input.periods,
      due_date: dayOf(deps.now()),
      original: quote.total,
      discount: 0,
    });
    await updateOrder(trx, order.id, { sub_process: 'renewal' });
    return renewalBillId;
  });
  return payBills(db, deps, user, {
    orderId: input.orderId,
    channel: input.channel,
    billIds: [billId],
    kind: 'stage',
  });
}
