/**
 * What the order screens derive from the server's order: the buttons for the actions the server
 * allows (never re-deriving the rules), the step bar, the rental timeline and the bills summary.
 */
import type { Bill, OrderDetail, OrderSummary } from '../../api/order';
import { registerMessages, type MessageKey, type MessageParams } from '../../i18n';
import { formatMoney } from '../../utils';
import { orderMessages } from '@contract/i18n/zh-Hans/order';
import { dayOf, owedOn } from '@contract/lease';
import { isOrderStatus, ORDER_STATE_FACTS } from '@contract/order-status';
import { datedBill } from '../../i18n/bill-due';

registerMessages(orderMessages);

/** How a button acts: open a page, or run something on this page (confirm, sheet). */
export type ActionHandling =
  | { kind: 'page'; url: (orderId: number) => string }
  | { kind: 'cancel' | 'receive' | 'renew' | 'buyout' | 'earlyReturn' | 'confirmChanges' };

export interface ActionButton {
  action: string;
  label: MessageKey;
  handling: ActionHandling;
  /** The state's main next step is drawn filled. */
  primary: boolean;
}

const page = (url: (orderId: number) => string): ActionHandling => ({ kind: 'page', url });

/** Each user action the server may offer, in the order the buttons appear (main step last). */
const ACTIONS: readonly Omit<ActionButton, 'primary'>[] = [
  { action: 'cancel', label: 'order.action.cancel', handling: { kind: 'cancel' } },
  {
    action: 'express',
    label: 'order.action.express',
    handling: page((id) => `/pages/logisticsDetails/logisticsDetails?orderId=${id}`),
  },
  { action: 'renew', label: 'order.action.renew', handling: { kind: 'renew' } },
  { action: 'buyout', label: 'order.action.buyout', handling: { kind: 'buyout' } },
  // Before the term ends: the fee comes from the server's quote, shown before confirming.
  { action: 'earlyReturn', label: 'order.action.earlyReturn', handling: { kind: 'earlyReturn' } },
  {
    action: 'return',
    label: 'order.action.return',
    handling: page((id) => `/pages/returnApplication/returnApplication?orderId=${id}`),
  },
  {
    action: 'confirmChanges',
    label: 'order.action.confirmChanges',
    handling: { kind: 'confirmChanges' },
  },
  {
    action: 'verify',
    label: 'order.action.verify',
    handling: page((id) => `/pages/perfectIdCard/perfectIdCard?orderId=${id}`),
  },
  {
    action: 'sign',
    label: 'order.action.sign',
    handling: page((id) => `/pages/contractPreview/contractPreview?orderId=${id}`),
  },
  {
    action: 'refreeze',
    label: 'order.action.refreeze',
    handling: page((id) => `/pages/alipay/aliSign?orderId=${id}`),
  },
  {
    action: 'pay',
    label: 'order.action.pay',
    handling: page((id) => `/pages/confirmPayment/confirmPayment?orderId=${id}`),
  },
  {
    action: 'payBills',
    label: 'order.action.payBills',
    handling: page((id) => `/pages/billDetail/billDetail?orderId=${id}`),
  },
  { action: 'receive', label: 'order.action.receive', handling: { kind: 'receive' } },
];

/** The step each state's main button takes the user to. */
const PRIMARY = new Set(['verify', 'sign', 'refreeze', 'pay', 'receive', 'payBills']);

/**
 * The buttons for `order.actions`, in a stable order; actions this storefront does not know are
 * left out (an older build never shows a button it cannot handle). `confirm` is part of the
 * verification flow, so it shares the 去认证 button.
 */
export function actionButtons(
  order: Pick<OrderSummary, 'actions'> & Partial<Pick<OrderSummary, 'subProcess'>>,
): ActionButton[] {
  const offered = new Set(order.actions);
  if (offered.has('confirm')) offered.add('verify');
  // Once a return is under way the button is its next step (sending the item), not a new ask.
  const returning = order.subProcess === 'return';
  return ACTIONS.filter((button) => offered.has(button.action)).map((button) => ({
    ...button,
    ...(returning && button.action === 'return'
      ? { label: 'order.action.shipReturn' as const }
      : {}),
    primary: PRIMARY.has(button.action) || (returning && button.action === 'return'),
  }));
}

/** The step bar: 下单 → 认证签约 → 支付 → 审核发货 → 租用中 → 完成. */
export const STEPS: readonly MessageKey[] = [
  'order.step.placed',
  'order.step.verify',
  'order.step.pay',
  'order.step.ship',
  'order.step.renting',
  'order.step.done',
];

/** The current step (0-based); undefined for a cancelled or rejected order (no step bar). */
export function currentStep(status: string): number | undefined {
  return isOrderStatus(status) ? (ORDER_STATE_FACTS[status].step ?? undefined) : undefined;
}

/**
 * The sub-text under the headline: what is under way on top of the state when something is
 * (a return asked for, an early one while still renting), else the state's own.
 */
export function orderHint(order: Pick<OrderSummary, 'status'> & { subProcess?: string | null }) {
  if (order.subProcess === 'return') {
    return order.status === 'RENTING' ? 'order.hint.earlyReturn' : 'order.hint.return';
  }
  return statusHint(order.status);
}

/** The sub-text under each state's headline. */
export function statusHint(status: string): MessageKey {
  // Every state has its hint (contract/i18n/zh-Hans/order.ts checks it compiles).
  return isOrderStatus(status) ? `order.hint.${status}` : 'order.hint.other';
}

/** Today as YYYY-MM-DD in China, the day the service dates bills by (whatever the device's zone). */
export function today(): string {
  return dayOf(new Date());
}

export interface TimelinePoint {
  label: MessageKey;
  /** YYYY-MM-DD, or undefined while it has not happened and has no date yet. */
  date?: string;
  reached: boolean;
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : undefined);

/** 签收 → 起租 → 到期 → 归还, from the order's events and rental dates. */
export function rentalTimeline(
  order: Pick<OrderDetail, 'events' | 'startDate' | 'endDate' | 'status'>,
  today: string,
): TimelinePoint[] {
  const at = (action: string) => day(order.events.find((e) => e.action === action)?.at);
  const received = at('receive');
  const returned = at('ship_return');
  const start = day(order.startDate);
  const end = day(order.endDate);
  return [
    { label: 'order.timeline.received', date: received, reached: received !== undefined },
    {
      label: 'order.timeline.start',
      date: start,
      reached: start !== undefined && start <= today,
    },
    { label: 'order.timeline.end', date: end, reached: end !== undefined && end <= today },
    {
      label: 'order.timeline.returned',
      date: returned,
      // A completed order was returned unless it was bought out (then there is no return).
      reached:
        returned !== undefined || (order.status === 'COMPLETED' && at('buyout_paid') === undefined),
    },
  ];
}

export interface BillsSummary {
  /** Rent bills paid / all rent bills (n/N). */
  paidPeriods: number;
  periods: number;
  /** Owed today: unpaid bills already due, overdue ones and their fees included. */
  dueNow: number;
  /** The rest of the schedule, not yet due (never called owed). */
  notYetDue: number;
  overdue: number;
  next?: Bill;
}

const RENT_KINDS = new Set(['FIRST', 'INSTALMENT', 'FINAL']);

/** The order's bills in short, with what is owed now apart from what is still to come. */
export function billsSummary(bills: readonly Bill[], today: string): BillsSummary {
  const rent = bills.filter((bill) => RENT_KINDS.has(bill.kind) && bill.status !== 'cancelled');
  const unpaid = bills.filter((bill) => bill.status === 'unpaid' && bill.outstanding > 0);
  const owed = owedOn(
    bills.map((bill) => ({ ...datedBill(bill), overdue_fee: bill.overdueFee })),
    today,
  );
  return {
    paidPeriods: rent.filter((bill) => bill.status === 'paid').length,
    periods: rent.length,
    dueNow: owed.dueNow,
    notYetDue: owed.notYetDue,
    overdue: owed.overdue,
    next: unpaid.slice().sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)[0],
  };
}

/**
 * What the deposit card states beside the method: the amount frozen or paid, nothing taken for a
 * card order (its charges are withheld from the card), and for a freeze what credit waived of it.
 */
export function depositFigures(
  order: Pick<OrderDetail, 'depositMethod' | 'deposit' | 'depositAuthorisation'>,
): { amount?: number; waived?: number; frozen?: number } {
  switch (order.depositMethod) {
    case 'freeze': {
      const auth = order.depositAuthorisation;
      const waived = auth?.waived ?? 0;
      return waived > 0
        ? { amount: order.deposit, waived, frozen: auth?.frozen ?? order.deposit - waived }
        : { amount: order.deposit };
    }
    case 'paid':
      return { amount: order.deposit };
    default:
      // Waived by credit, or a card order: no deposit is taken.
      return {};
  }
}

/** The deposit card's line for each deposit method. */
export function depositMethodLabel(method: string): MessageKey {
  switch (method) {
    case 'freeze':
      return 'order.deposit.freeze';
    case 'card':
      return 'order.deposit.card';
    case 'paid':
      return 'order.deposit.paid';
    default:
      return 'order.deposit.waived';
  }
}

/**
 * What happens to the deposit, in a sentence under the deposit card. A paid deposit goes back the
 * way it came: on WeChat that is WeChat Pay (balance or the card paid with), which the user should
 * hear in those words, since WeChat has no Alipay-style freeze.
 */
export function depositExplanation(
  method: string,
  payTarget: 'alipay' | 'wechat' | 'h5',
): MessageKey {
  switch (method) {
    case 'freeze':
      return 'order.deposit.explain.freeze';
    case 'card':
      return 'order.deposit.explain.card';
    case 'paid':
      return payTarget === 'wechat'
        ? 'order.deposit.explain.paidWechat'
        : 'order.deposit.explain.paid';
    default:
      return 'order.deposit.explain.waived';
  }
}

/** A term as the order screens say it after the rent: 共12月, "for 12 months". */
export function termKey(count: number, unit: string): MessageKey {
  if (unit === 'day') return count === 1 ? 'order.term.oneDay' : 'order.term.days';
  return count === 1 ? 'order.term.oneMonth' : 'order.term.months';
}

/** 月 or 天 after the rent. */
export function termUnitLabel(unit: string): MessageKey {
  return unit === 'day' ? 'order.unit.day' : 'order.unit.month';
}

/** The event timeline's line for each order action. */
export function eventLabel(action: string): MessageKey {
  switch (action) {
    case 'place':
    case 'confirm':
    case 'sign':
    case 'freeze_succeeded':
    case 'freeze_failed':
    case 'refreeze':
    case 'switch_deposit':
    case 'first_paid':
    case 'pay_expired':
    case 'cancel':
    case 'request_cancel':
    case 'approve_cancel':
    case 'refuse_cancel':
    case 'approve':
    case 'reject':
    case 'ship':
    case 'deliver':
    case 'receive':
    case 'overdue':
    case 'overdue_settled':
    case 'due':
    case 'return_overdue':
    case 'ship_return':
    case 'receive_return':
    case 'inspect_pass':
    case 'inspect_damage':
    case 'compensate':
    case 'compensation_paid':
    case 'apply_buyout':
    case 'buyout_paid':
    case 'buyout_lapsed':
    case 'renew_paid':
    case 'release':
    case 'early_return':
    case 'deposit_settled':
      return `order.event.${action}`;
    default:
      return 'order.event.other';
  }
}

type OrderEvent = OrderDetail['events'][number];

/** One line of the history as the customer reads it. */
export interface EventLine {
  action: string;
  at: string;
  label: MessageKey;
  /** The figures under it, in the user's language; `reason` is a dictionary value to name. */
  detail?: { key: MessageKey; params: MessageParams; reason?: string };
}

const money = (value: string | number | undefined) => formatMoney(Number(value ?? 0));
const has = (params: OrderEvent['params'], ...names: string[]) =>
  names.every((name) => params[name] !== undefined);

/** What an event's figures say, for the events that carry any. */
function eventDetail(event: OrderEvent): EventLine['detail'] {
  const { params } = event;
  if (typeof params.reason === 'string')
    return { key: 'order.eventDetail.reason', params: {}, reason: params.reason };
  switch (event.action) {
    case 'freeze_succeeded':
      if (!has(params, 'frozen')) return undefined;
      return Number(params.waived ?? 0) > 0
        ? {
            key: 'order.eventDetail.frozenWaived',
            params: { waived: money(params.waived), frozen: money(params.frozen) },
          }
        : { key: 'order.eventDetail.frozen', params: { frozen: money(params.frozen) } };
    case 'renew_paid':
      return has(params, 'endDate')
        ? { key: 'order.eventDetail.renewed', params: { date: String(params.endDate) } }
        : undefined;
    case 'early_return':
      return has(params, 'waived', 'fee')
        ? {
            key: 'order.eventDetail.earlyReturn',
            params: { waived: money(params.waived), fee: money(params.fee) },
          }
        : undefined;
    case 'deposit_settled':
      return has(params, 'used', 'refunded')
        ? {
            key: 'order.eventDetail.depositSettled',
            params: { used: money(params.used), refunded: money(params.refunded) },
          }
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The order's history, newest first, as lines a customer understands: each event named in the
 * user's language with its figures; a line that repeats the one before it (the same step asked
 * for twice, as older orders recorded) shows once.
 */
export function eventLines(events: readonly OrderEvent[]): EventLine[] {
  const lines: EventLine[] = [];
  for (const event of events) {
    const line: EventLine = {
      action: event.action,
      at: event.at,
      label: eventLabel(event.action),
      detail: eventDetail(event),
    };
    const previous = lines[lines.length - 1];
    if (previous && previous.action === line.action && sameDetail(previous.detail, line.detail))
      continue;
    lines.push(line);
  }
  return lines.reverse();
}

function sameDetail(a: EventLine['detail'], b: EventLine['detail']): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
