/**
 * Early return (提前归还) while renting: the quote the order screen shows before the user
 * confirms (rent not yet due waived, the fee, what is already owed), and applying it in one
 * transaction with the order locked: the waived bills are cancelled, an EARLY_RETURN fee bill is
 * owed today, the order enters its return sub-process (the waybill then ships it, as any return),
 * and the timeline records it. The confirmation carries the total the user saw: a different
 * total now (a bill paid or fallen due meanwhile) is refused, so nobody agrees to one fee and
 * is charged another.
 */
import type { Db, Trx } from '../db/index.ts';
import type { AppDeps } from '../boot/deps.ts';
import { conflict } from '../plugins/errors.ts';
import { dayOf, earlyReturnQuote, isoDay, type QuoteLine } from './bills.ts';
import { illegalAction } from './machine.ts';
import { busy, type Owner } from './rules.ts';
import { ownOrder } from './queries.ts';
import { billsOf } from './order-records.ts';
import { cancelUnpaidBillsById, insertBills, insertOrderEvent, updateOrder } from './order-rows.ts';
import './schema.ts';

export interface EarlyReturnQuote {
  orderId: number;
  lines: QuoteLine[];
  total: number;
}

async function quoteIn(trx: Trx, deps: AppDeps, user: Owner, orderId: number, lock: boolean) {
  const order = await ownOrder(trx, user, orderId, { lock });
  // Early means before the end: from RENTING only (DUE is the end's own return).
  if (order.status !== 'RENTING') throw illegalAction(order.status, 'earlyReturn');
  // Once started (or with a return, renewal or buy-out under way) there is nothing to quote.
  if (order.sub_process) throw busy(order);
  const bills = await billsOf(trx, orderId);
  const quote = earlyReturnQuote({
    bills,
    today: dayOf(deps.now()),
    dueDates: new Map(bills.map((b) => [b.id, isoDay(b.due_date)])),
  });
  return { order, bills, quote };
}

export async function quoteEarlyReturn(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
): Promise<EarlyReturnQuote> {
  const { quote } = await db
    .transaction()
    .execute((trx) => quoteIn(trx, deps, user, orderId, false));
  return { orderId, lines: quote.lines, total: quote.total };
}

export async function applyEarlyReturn(
  db: Db,
  deps: AppDeps,
  user: Owner,
  input: { orderId: number; total: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { order, bills, quote } = await quoteIn(trx, deps, user, input.orderId, true);
    if (quote.total !== input.total) {
      throw conflict(
        `提前归还费用已变为 ¥${(quote.total / 100).toFixed(2)}，请确认新的费用后再提交`,
      );
    }
    const now = deps.now();
    if (quote.waivedBillIds.length > 0) await cancelUnpaidBillsById(trx, quote.waivedBillIds);
    if (quote.fee > 0) {
      await insertBills(trx, [
        {
          order_id: order.id,
          user_id: user.id,
          kind: 'EARLY_RETURN',
          period: bills.filter((b) => b.kind === 'EARLY_RETURN').length + 1,
          due_date: dayOf(now),
          original: quote.fee,
        },
      ]);
    }
    await updateOrder(trx, order.id, { sub_process: 'return', updated_at: now });
    const waived = -(quote.lines[0]?.amount ?? 0);
    await insertOrderEvent(trx, {
      order_id: order.id,
      action: 'early_return',
      from_status: order.status,
      to_status: order.status,
      actor: 'user',
      note: `免除剩余租金 ¥${(waived / 100).toFixed(2)}，提前归还手续费 ¥${(quote.fee / 100).toFixed(2)}`,
      params: JSON.stringify({ waived, fee: quote.fee }),
      created_at: now,
    });
  });
}
