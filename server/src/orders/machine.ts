/**
 * The order state machine: every state, every action, and the one transition table that says
 * which action may move an order from which state to which. `applyOrderAction` is the only code
 * that changes `orders.status`; callers run it inside the transaction that also writes the bills
 * and payments the change touches, so the state, the money and the event row commit together.
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../plugins/errors.ts';
import type { Actor, EventParams, OrdersTable } from './schema.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/order-status.ts';
import { sharedMessages } from '../../../contract/i18n/zh-Hans/shared.ts';
import { lockOrderForTransition, updateOrderWithEvent } from './repository-orders.ts';

export { ORDER_STATUSES, type OrderStatus } from '../../../contract/order-status.ts';

/**
 * What the user sees for each state (replies' statusText, messages): the Simplified Chinese of
 * the catalogue's `order.status.<STATE>`, which the storefront shows in the user's language.
 */
export const STATUS_TEXT = Object.fromEntries(
  ORDER_STATUSES.map((status) => [status, sharedMessages[`order.status.${status}`]]),
) as Record<OrderStatus, string>;

export const TERMINAL_STATUSES: readonly OrderStatus[] = ['COMPLETED', 'CANCELLED', 'REJECTED'];

export const ACTIONS = [
  // The order's first event (placement); not a transition, so applyOrderAction never takes it.
  'place',
  // The user chose to return early (issue 20): an event, not a transition (the order stays
  // RENTING in its return sub-process until the return ships).
  'early_return',
  // A WeChat deposit near a year old settled the bills and went back (service.ts): an event.
  'deposit_settled',
  'confirm',
  'sign',
  'freeze_succeeded',
  'freeze_failed',
  'refreeze',
  'first_paid',
  'pay_expired',
  'cancel',
  'request_cancel',
  'approve_cancel',
  'refuse_cancel',
  'approve',
  'reject',
  'ship',
  'deliver',
  'receive',
  'overdue',
  'overdue_settled',
  'due',
  'return_overdue',
  'ship_return',
  'receive_return',
  'inspect_pass',
  'inspect_damage',
  'compensate',
  'compensation_paid',
  'apply_buyout',
  'buyout_paid',
  'buyout_lapsed',
  'renew_paid',
  'release',
  // A Pay Score order whose service order Pay Score refused (or was never confirmed): the
  // deposit is paid with the first payment instead (orders/payscore.ts).
  'switch_deposit',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Minutes an order waits in PENDING_PAY before the scheduler cancels it. */
export const PAY_WINDOW_MINUTES = 30;

/** Back to the state a sub-process started from (`orders.resume_status`). */
export const RESUME = 'RESUME' as const;

export interface Transition {
  action: Action;
  from: readonly OrderStatus[];
  /** Where it leads; RESUME = `orders.resume_status`. A list means the caller's ctx picks one. */
  to: OrderStatus | typeof RESUME | readonly OrderStatus[];
  /** Who may take it. */
  by: readonly Actor[];
}

const LIVE_RENT: readonly OrderStatus[] = ['RENTING', 'OVERDUE', 'DUE', 'RETURN_OVERDUE'];

/** The transition table. Anything not listed here is refused. */
export const TRANSITIONS: readonly Transition[] = [
  { action: 'confirm', from: ['PENDING_VERIFY'], to: 'PENDING_SIGN', by: ['user'] },
  // Contract signed: freeze next when the deposit is an Alipay authorisation, else pay.
  { action: 'sign', from: ['PENDING_SIGN'], to: ['PENDING_FREEZE', 'PENDING_PAY'], by: ['user'] },
  {
    action: 'freeze_succeeded',
    from: ['PENDING_FREEZE'],
    to: 'PENDING_PAY',
    by: ['provider'],
  },
  { action: 'freeze_failed', from: ['PENDING_FREEZE'], to: 'PENDING_FREEZE', by: ['provider'] },
  { action: 'refreeze', from: ['PENDING_FREEZE'], to: 'PENDING_FREEZE', by: ['user'] },
  { action: 'switch_deposit', from: ['PENDING_FREEZE'], to: 'PENDING_PAY', by: ['user'] },
  { action: 'first_paid', from: ['PENDING_PAY'], to: 'PENDING_REVIEW', by: ['provider'] },
  { action: 'pay_expired', from: ['PENDING_PAY'], to: 'CANCELLED', by: ['system'] },
  // Free before payment …
  {
    action: 'cancel',
    from: ['PENDING_VERIFY', 'PENDING_SIGN', 'PENDING_FREEZE', 'PENDING_PAY'],
    to: 'CANCELLED',
    by: ['user'],
  },
  // … reviewed after it; refused once shipped.
  {
    action: 'request_cancel',
    from: ['PENDING_REVIEW', 'PENDING_SHIP'],
    to: 'CANCEL_REVIEW',
    by: ['user'],
  },
  { action: 'approve_cancel', from: ['CANCEL_REVIEW'], to: 'CANCELLED', by: ['ops'] },
  { action: 'refuse_cancel', from: ['CANCEL_REVIEW'], to: RESUME, by: ['ops'] },
  { action: 'approve', from: ['PENDING_REVIEW'], to: 'PENDING_SHIP', by: ['ops'] },
  { action: 'reject', from: ['PENDING_REVIEW'], to: 'REJECTED', by: ['ops'] },
  { action: 'ship', from: ['PENDING_SHIP'], to: 'SHIPPED', by: ['ops'] },
  { action: 'deliver', from: ['SHIPPED'], to: 'SHIPPED', by: ['ops'] },
  // The user confirms, or the scheduler does N days after delivery.
  { action: 'receive', from: ['SHIPPED'], to: 'RENTING', by: ['user', 'system'] },
  { action: 'overdue', from: ['RENTING', 'DUE'], to: 'OVERDUE', by: ['system'] },
  {
    action: 'overdue_settled',
    from: ['OVERDUE'],
    to: ['RENTING', 'DUE'],
    by: ['provider', 'system'],
  },
  { action: 'due', from: ['RENTING'], to: 'DUE', by: ['system'] },
  { action: 'return_overdue', from: ['DUE'], to: 'RETURN_OVERDUE', by: ['system'] },
  {
    action: 'ship_return',
    from: ['RENTING', 'DUE', 'RETURN_OVERDUE'],
    to: 'RETURNING',
    by: ['user'],
  },
  { action: 'receive_return', from: ['RETURNING'], to: 'INSPECTING', by: ['ops'] },
  { action: 'inspect_pass', from: ['INSPECTING'], to: 'SETTLING', by: ['ops'] },
  { action: 'inspect_damage', from: ['INSPECTING'], to: 'COMPENSATION', by: ['ops'] },
  { action: 'compensate', from: ['RETURN_OVERDUE'], to: 'COMPENSATION', by: ['ops'] },
  {
    action: 'compensation_paid',
    from: ['COMPENSATION'],
    to: 'SETTLING',
    by: ['provider', 'system', 'ops'],
  },
  { action: 'apply_buyout', from: LIVE_RENT, to: 'BUYING_OUT', by: ['user'] },
  { action: 'buyout_paid', from: ['BUYING_OUT'], to: 'BOUGHT_OUT', by: ['provider', 'system'] },
  { action: 'buyout_lapsed', from: ['BUYING_OUT'], to: RESUME, by: ['user', 'system'] },
  { action: 'renew_paid', from: ['RENTING', 'DUE'], to: 'RENTING', by: ['provider'] },
  { action: 'release', from: ['SETTLING', 'BOUGHT_OUT'], to: 'COMPLETED', by: ['system', 'ops'] },
];

/** Actions the user may start from each state (what the order page offers). */
export const USER_ACTIONS: Record<OrderStatus, readonly string[]> = {
  PENDING_VERIFY: ['verify', 'confirm', 'cancel'],
  PENDING_SIGN: ['sign', 'cancel'],
  PENDING_FREEZE: ['refreeze', 'switchDeposit', 'cancel'],
  PENDING_PAY: ['pay', 'cancel'],
  PENDING_REVIEW: ['cancel'],
  PENDING_SHIP: ['cancel'],
  CANCEL_REVIEW: [],
  SHIPPED: ['express', 'receive'],
  RENTING: ['payBills', 'renew', 'return', 'earlyReturn', 'buyout'],
  OVERDUE: ['payBills', 'buyout'],
  DUE: ['payBills', 'renew', 'return', 'buyout'],
  RETURN_OVERDUE: ['payBills', 'return', 'buyout'],
  RETURNING: ['express'],
  INSPECTING: [],
  COMPENSATION: ['payBills'],
  BUYING_OUT: ['payBills'],
  SETTLING: [],
  BOUGHT_OUT: [],
  COMPLETED: [],
  CANCELLED: [],
  REJECTED: [],
};

export interface ActionContext {
  actor: Actor;
  now: Date;
  /** When set, the order must belong to this user (user-driven actions). */
  userId?: number;
  /** Which target, when the table lists several. */
  to?: OrderStatus;
  /** The ops' record of the event (may name provider ids; customers never see it). */
  note?: string;
  /** What the customer's timeline line shows: amounts (fen), dates, a reason's value. */
  params?: EventParams;
  /** Other columns to write with the state (waybill, dates …). */
  patch?: Omit<Updateable<Database['orders']>, 'status' | 'id' | 'user_id'>;
  /**
   * The order's row as this transaction already locked it (`for update`), its state not changed
   * since: the transition starts from it instead of locking and reading the row again.
   */
  locked?: TransitionRow;
}

/** What a transition reads of the order (`lockOrderForTransition`). */
export type TransitionRow = Pick<OrdersTable, 'status' | 'resume_status' | 'deposit_method'> & {
  id: number;
  user_id: number;
  deposit: number;
};

export interface ActionResult {
  orderId: number;
  from: OrderStatus;
  to: OrderStatus;
}

/** The transition the table allows for `action` from `status`, or undefined. */
export function findTransition(status: OrderStatus, action: Action): Transition | undefined {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(status));
}

/** Where a transition leads for this order, or undefined when the ctx picks an unlisted one. */
export function targetOf(
  transition: Transition,
  order: { resume_status: OrderStatus | null },
  chosen?: OrderStatus,
): OrderStatus | undefined {
  if (transition.to === RESUME) return order.resume_status ?? undefined;
  if (typeof transition.to === 'string') return transition.to as OrderStatus;
  const targets = transition.to as readonly OrderStatus[];
  if (chosen) return targets.includes(chosen) ? chosen : undefined;
  return undefined;
}

/** The 409 answered when the order's state does not allow an action. */
export function illegalAction(status: OrderStatus, action: string): ApiError {
  return new ApiError(
    409,
    `订单当前状态为「${STATUS_TEXT[status]}」(${status})，不能执行 ${action}`,
    409,
    { statusText: [`order.status.${status}`] },
  );
}

/**
 * Moves one order by `action`: locks the row, checks the table (and the owner when ctx.userId
 * is set), writes the new state and an order_events row. Must run inside a transaction.
 */
export async function applyOrderAction(
  trx: Transaction<Database> | Kysely<Database>,
  orderId: number,
  action: Action,
  ctx: ActionContext,
): Promise<ActionResult> {
  const order = ctx.locked ?? (await lockOrderForTransition(trx, orderId, ctx.userId));
  if (!order || order.id !== orderId || (ctx.userId !== undefined && order.user_id !== ctx.userId))
    throw new ApiError(404, '订单不存在', 404);
  const transition = findTransition(order.status, action);
  if (!transition || !transition.by.includes(ctx.actor)) throw illegalAction(order.status, action);
  const chosen = ctx.to ?? (action === 'sign' ? signTarget(order) : undefined);
  const to = targetOf(transition, order, chosen);
  if (!to) throw illegalAction(order.status, action);
  // Entering a sub-process remembers where to come back to; leaving it forgets.
  const entering = to === 'CANCEL_REVIEW' || to === 'BUYING_OUT';
  const leaving = order.status === 'CANCEL_REVIEW' || order.status === 'BUYING_OUT';
  const changes = {
    ...ctx.patch,
    status: to,
    ...(entering ? { resume_status: order.status } : leaving ? { resume_status: null } : {}),
    // The first-payment window opens when the order starts waiting for it.
    ...(to === 'PENDING_PAY' && order.status !== 'PENDING_PAY'
      ? { pay_deadline: new Date(ctx.now.getTime() + PAY_WINDOW_MINUTES * 60_000) }
      : {}),
    updated_at: ctx.now,
  };
  await updateOrderWithEvent(trx, orderId, changes, {
    order_id: orderId,
    action,
    from_status: order.status,
    to_status: to,
    actor: ctx.actor,
    note: ctx.note ?? '',
    ...(ctx.params ? { params: JSON.stringify(ctx.params) } : {}),
    created_at: ctx.now,
  });
  return { orderId, from: order.status, to };
}

/** After signing: an Alipay authorisation to freeze first, or straight to payment. */
function signTarget(order: Pick<OrdersTable, 'deposit_method'> & { deposit: number }) {
  const authorised = order.deposit_method === 'freeze' || order.deposit_method === 'payscore';
  return authorised && order.deposit > 0 ? 'PENDING_FREEZE' : 'PENDING_PAY';
}
