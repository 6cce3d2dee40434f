/**
 * The order state machine, as data and pure functions: every state, every action, the one
 * transition table that says which action may move an order from which state to which, and
 * `planTransition`, which answers what a transition would do (the next state, the columns to
 * write, the event to record) or why it is refused. Nothing here reads or writes the database,
 * so the table is unit-tested on its own (server/test/order-machine-table.test.ts).
 *
 * Applying a plan (lock the row, plan, write the state and the event row) is
 * `applyOrderAction` in apply-action.ts, beside the repositories; it is the only code that
 * changes `orders.status`.
 */
import { ApiError } from '../plugins/errors.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/order-status.ts';
import { sharedMessages } from '../../../contract/i18n/zh-Hans/shared.ts';

export { ORDER_STATUSES, type OrderStatus } from '../../../contract/order-status.ts';

/** Who takes an action. */
export type Actor = 'user' | 'ops' | 'system' | 'provider';
/** How the order's deposit is held (see README.md, "Deposit methods"). */
export type DepositMethod = 'freeze' | 'card' | 'paid' | 'waived' | 'payscore';
/** An event's figures for the customer's timeline: amounts in fen, dates, a reason's value. */
export type EventParams = Readonly<Record<string, string | number>>;

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

/** What the table needs to know of the order (`lockOrderForTransition` reads it). */
export interface TransitionFacts {
  id: number;
  user_id: number;
  status: OrderStatus;
  resume_status: OrderStatus | null;
  deposit_method: DepositMethod;
  deposit: number;
}
/** The row as a transaction locked it: the same facts (the name callers already use). */
export type TransitionRow = TransitionFacts;

/** What the caller asks of a transition, besides the action. */
export interface TransitionRequest {
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
}

/** The columns a transition writes on the order (the caller's own patch is merged in). */
export interface StateChanges {
  status: OrderStatus;
  resume_status?: OrderStatus | null;
  pay_deadline?: Date;
  updated_at: Date;
}

/** The order_events row a transition records. */
export interface PlannedEvent {
  order_id: number;
  action: Action;
  from_status: OrderStatus;
  to_status: OrderStatus;
  actor: Actor;
  note: string;
  params?: string;
  created_at: Date;
}

/** Why the table refuses: no such order (or not the user's), or not from this state/actor. */
export type Refusal =
  | { reason: 'not_found' }
  | { reason: 'not_allowed'; status: OrderStatus; action: Action }
  | { reason: 'wrong_actor'; status: OrderStatus; action: Action; actor: Actor }
  | { reason: 'no_target'; status: OrderStatus; action: Action };

export type TransitionPlan =
  | { ok: true; from: OrderStatus; to: OrderStatus; changes: StateChanges; event: PlannedEvent }
  | ({ ok: false } & Refusal);

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

/**
 * What `action` would do to the order: the next state, the columns to write and the event to
 * record, or why the table refuses. `order` undefined: the row was not found.
 */
export function planTransition(
  order: TransitionFacts | undefined,
  action: Action,
  request: TransitionRequest,
): TransitionPlan {
  if (!order || (request.userId !== undefined && order.user_id !== request.userId))
    return { ok: false, reason: 'not_found' };
  const from = order.status;
  const transition = findTransition(from, action);
  if (!transition) return { ok: false, reason: 'not_allowed', status: from, action };
  if (!transition.by.includes(request.actor))
    return { ok: false, reason: 'wrong_actor', status: from, action, actor: request.actor };
  const chosen = request.to ?? (action === 'sign' ? signTarget(order) : undefined);
  const to = targetOf(transition, order, chosen);
  if (!to) return { ok: false, reason: 'no_target', status: from, action };
  // Entering a sub-process remembers where to come back to; leaving it forgets.
  const entering = to === 'CANCEL_REVIEW' || to === 'BUYING_OUT';
  const leaving = from === 'CANCEL_REVIEW' || from === 'BUYING_OUT';
  const changes: StateChanges = {
    status: to,
    ...(entering ? { resume_status: from } : leaving ? { resume_status: null } : {}),
    // The first-payment window opens when the order starts waiting for it.
    ...(to === 'PENDING_PAY' && from !== 'PENDING_PAY'
      ? { pay_deadline: new Date(request.now.getTime() + PAY_WINDOW_MINUTES * 60_000) }
      : {}),
    updated_at: request.now,
  };
  const event: PlannedEvent = {
    order_id: order.id,
    action,
    from_status: from,
    to_status: to,
    actor: request.actor,
    note: request.note ?? '',
    ...(request.params ? { params: JSON.stringify(request.params) } : {}),
    created_at: request.now,
  };
  return { ok: true, from, to, changes, event };
}

/** After signing: an Alipay authorisation to freeze first, or straight to payment. */
export function signTarget(order: Pick<TransitionFacts, 'deposit_method' | 'deposit'>) {
  const authorised = order.deposit_method === 'freeze' || order.deposit_method === 'payscore';
  return authorised && order.deposit > 0 ? 'PENDING_FREEZE' : 'PENDING_PAY';
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

/** The error envelope a refusal answers with: 404 for no such order, else the 409. */
export function refusalError(refusal: Refusal): ApiError {
  if (refusal.reason === 'not_found') return new ApiError(404, '订单不存在', 404);
  return illegalAction(refusal.status, refusal.action);
}
