/**
 * Receipt, return and buy-out.
 */
import type { AppDeps } from '../boot/deps.ts';
import { conflict } from '../plugins/errors.ts';
import { addDays, buyoutQuote, dayOf, endOf, periodDue } from './bills.ts';
import { findTransition, illegalAction } from './machine.ts';
import { applyOrderAction, type ActionContext } from './apply-action.ts';
import type { Actor } from './schema.ts';
import { type Db, type Owner, type Trx, assertAllowed, busy, toDay } from './rules.ts';
import { type OrderRow, ownOrder } from './queries.ts';
import { closeOpenPayments } from './confirm-cancel.ts';
import { checkedReason } from './reasons.ts';
import { billsOf, markReturnUnderWay } from './order-records.ts';
import {
  cancelUnpaidBills,
  findOrderOrThrow,
  frozenAuthorisationOf,
  insertBills,
  instalmentsOf,
  paidDepositBillOf,
  setBillDueDate,
} from './order-rows.ts';
// ---------------------------------------------------------------------------------------------
// Receipt, return, buy-out, renewal

/**
 * A step the user takes on their own order (`user` given: someone else's is not found) or the
 * scheduler takes when the user did not: receipt, a lapsed buy-out. Both run in one transaction
 * and write the state with the same context.
 */
function userOrSchedulerStep<T>(
  step: (trx: Trx, deps: AppDeps, orderId: number, ctx: ActionContext, user?: Owner) => Promise<T>,
) {
  return (db: Db, deps: AppDeps, orderId: number, actor: Actor, user?: Owner): Promise<T> =>
    db
      .transaction()
      .execute((trx) =>
        step(trx, deps, orderId, { actor, userId: user?.id, now: deps.now() }, user),
      );
}

export const receiveOrder = userOrSchedulerStep(async (trx, _deps, orderId, ctx, user) => {
  const order =
    user !== undefined ? await ownOrder(trx, user, orderId) : await findOrderOrThrow(trx, orderId);
  // Rent starts the day after receipt; the instalments follow from there.
  const start = addDays(dayOf(ctx.now), 1);
  const end = endOf(order.term_unit, start, order.term);
  const result = await applyOrderAction(trx, orderId, 'receive', {
    ...ctx,
    patch: { received_at: ctx.now, start_date: start, end_date: end },
  });
  for (const bill of await instalmentsOf(trx, orderId))
    await setBillDueDate(trx, bill.id, periodDue(order.term_unit, start, bill.period));
  return result;
});

/**
 * A return before the end of the term is an early return (提前归还), which has its fee: while
 * RENTING the return goes ahead only once the user has confirmed the early return's quote (the
 * return sub-process it opens); otherwise 409 with the way to it. From DUE on the term has run
 * out and a return needs nothing more. (Issue 33: a plain 申请归还 on day one had shipped the
 * device back with no fee and every future rent still owed.)
 */
function assertReturnAllowed(order: Pick<OrderRow, 'status' | 'sub_process'>) {
  if (order.sub_process && order.sub_process !== 'return') throw busy(order);
  if (order.status === 'RENTING' && order.sub_process !== 'return') {
    throw conflict('租期未满，归还前请先选择「提前归还」并确认费用');
  }
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
    assertReturnAllowed(order);
    return applyOrderAction(trx, input.orderId, 'ship_return', {
      actor: 'user',
      userId: user.id,
      now: deps.now(),
      ...(order.return_reason !== null ? { params: { reason: order.return_reason } } : {}),
      patch: { return_waybill: `${input.expressCode}:${input.waybill}`, sub_process: null },
    });
  });
}

async function depositAvailable(trx: Trx, order: OrderRow): Promise<number> {
  if (order.deposit_method === 'freeze') {
    const auth = await frozenAuthorisationOf(trx, order.id);
    return auth ? auth.amount - auth.paid - auth.unfrozen : 0;
  }
  if (order.deposit_method === 'paid') {
    if (order.deposit_settled_at !== null) return 0;
    const bill = await paidDepositBillOf(trx, order.id);
    return bill?.paid ?? 0;
  }
  return 0;
}

export async function quoteBuyout(db: Db | Trx, deps: AppDeps, user: Owner, orderId: number) {
  const run = async (trx: Trx) => {
    const order = await ownOrder(trx, user, orderId);
    const bills = await billsOf(trx, orderId);
    const quote = buyoutQuote({
      plan: order.snapshot.plan,
      marketPrice: order.snapshot.sku.price,
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
    const { price } = quote;
    const seq = bills.filter((b) => b.kind === 'BUYOUT').length + 1;
    await insertBills(trx, [
      {
        order_id: orderId,
        user_id: user.id,
        kind: 'BUYOUT',
        period: seq,
        due_date: dayOf(now),
        original: price,
        discount: Math.min(price, quote.depositUsed),
      },
    ]);
    // The offset part of a paid deposit is the BUYOUT bill's discount; refundDepositBill keeps it.
    return { ...result, quote: { lines: quote.lines, total: quote.total } };
  });
}

export const cancelBuyout = userOrSchedulerStep(async (trx, deps, orderId, ctx) => {
  const result = await applyOrderAction(trx, orderId, 'buyout_lapsed', {
    ...ctx,
    patch: { sub_process: null },
  });
  await closeOpenPayments(trx, deps, orderId);
  await cancelUnpaidBills(trx, orderId, 'BUYOUT');
  return result;
});

/**
 * Asking to return only checks it is allowed now and marks the return under way; the waybill
 * (shipReturn) moves the order. Moved from the order routes (apply/return).
 */
export async function applyReturn(
  db: Db,
  user: Owner,
  orderId: number,
  reasonValue?: string,
): Promise<number> {
  const order = await ownOrder(db, user, orderId);
  if (!findTransition(order.status, 'ship_return'))
    throw illegalAction(order.status, 'apply/return');
  assertReturnAllowed(order);
  // Why, a `return_reason` dictionary value: kept for ops and shown with the return's shipping.
  const reason = await checkedReason(db, 'return_reason', reasonValue);
  await markReturnUnderWay(db, order.id, reason);
  return order.id;
}
