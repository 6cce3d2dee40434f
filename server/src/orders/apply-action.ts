/**
 * Applies the state machine to a row: locks the order, asks the pure table (machine.ts) what the
 * action does, writes the state with the event row. The only code that changes `orders.status`;
 * callers run it inside the transaction that also writes the bills and payments the change
 * touches, so the state, the money and the event row commit together.
 */
import type { Updateable } from 'kysely';
import type { Database, Executor } from '../db/index.ts';
import {
  planTransition,
  refusalError,
  type Action,
  type OrderStatus,
  type TransitionRequest,
  type TransitionRow,
} from './machine.ts';
import {
  lockOrderForTransition,
  updateOrderWithEvent,
  type AuthorisationChange,
} from './order-rows.ts';

export interface ActionContext extends TransitionRequest {
  /** Other columns to write with the state (waybill, dates …). */
  patch?: Omit<Updateable<Database['orders']>, 'status' | 'id' | 'user_id'>;
  /**
   * The order's row as this transaction already locked it (`for update`), its state not changed
   * since: the transition starts from it instead of locking and reading the row again.
   */
  locked?: TransitionRow;
  /** A deposit authorisation's columns that change with the order, in the same statement. */
  authorisation?: AuthorisationChange;
}

export interface ActionResult {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * Moves one order by `action`: locks the row (unless ctx.locked is it), plans the transition
 * (the table, the actor, the owner when ctx.userId is set), writes the new state and an
 * order_events row in one statement. Refusals throw their 404/409. Must run in a transaction.
 */
export async function applyOrderAction(
  trx: Executor,
  orderId: number,
  action: Action,
  ctx: ActionContext,
): Promise<ActionResult> {
  const order = ctx.locked ?? (await lockOrderForTransition(trx, orderId, ctx.userId));
  const plan = planTransition(order?.id === orderId ? order : undefined, action, ctx);
  if (!plan.ok) throw refusalError(plan);
  await updateOrderWithEvent(
    trx,
    orderId,
    { ...ctx.patch, ...plan.changes },
    plan.event,
    ctx.authorisation,
  );
  return { orderId, from: plan.from, to: plan.to };
}
