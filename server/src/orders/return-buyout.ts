/**
 * Receipt, return and buy-out.
 */
import type { AppDeps } from '../deps.ts';
import { addDays, buyoutQuote, dayOf, endOf, periodDue } from './bills.ts';
import { applyOrderAction, findTransition, illegalAction } from './machine.ts';
import type { Actor } from './schema.ts';
import { type Db, type Owner, type Trx, assertAllowed, busy, toDay } from './common.ts';
import { type OrderRow, ownOrder } from './queries.ts';
import { closeOpenPayments } from './confirm-cancel.ts';
import { markReturnUnderWay } from './repository.ts';
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

/**
 * Asking to return only checks it is allowed now and marks the return under way; the waybill
 * (shipReturn) moves the order. Moved from routes/order.ts (apply/return).
 */
export async function applyReturn(db: Db, user: Owner, orderId: number): Promise<number> {
  const order = await ownOrder(db, user, orderId);
  if (!findTransition(order.status, 'ship_return'))
    throw illegalAction(order.status, 'apply/return');
  if (order.sub_process && order.sub_process !== 'return') throw busy(order);
  await markReturnUnderWay(db, order.id);
  return order.id;
}
