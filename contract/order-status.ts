/**
 * The states of an order, as plain values both sides import (server/src/orders/machine.ts has
 * the transitions; the storefront names each one with the catalogue's `order.status.<STATE>`),
 * and ORDER_STATE_FACTS: what every other place needs to know about a state, in one row each.
 * A new state fails to compile until its row is written and the catalogues name it (the check
 * is `contract/order-status.test.ts`); the tabs, payable sets and step bar are read off the rows.
 */
export const ORDER_STATUSES = [
  'PENDING_VERIFY',
  'PENDING_SIGN',
  'PENDING_FREEZE',
  'PENDING_PAY',
  'PENDING_REVIEW',
  'PENDING_SHIP',
  'CANCEL_REVIEW',
  'SHIPPED',
  'RENTING',
  'OVERDUE',
  'DUE',
  'RETURN_OVERDUE',
  'RETURNING',
  'INSPECTING',
  'COMPENSATION',
  'BUYING_OUT',
  'SETTLING',
  'BOUGHT_OUT',
  'COMPLETED',
  'CANCELLED',
  'REJECTED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The tabs of My orders that hold a state each (`all` holds every state, `owing` is a flag). */
export type OrderListTab =
  | 'unpaid'
  | 'review'
  | 'ship'
  | 'receive'
  | 'renting'
  | 'return'
  | 'overdue'
  | 'done'
  | 'cancelled';

/** The merchant console's order desk tabs. */
export type OrderDeskTabKey =
  | 'review'
  | 'ship'
  | 'shipped'
  | 'renting'
  | 'overdue'
  | 'returning'
  | 'inspecting'
  | 'completed'
  | 'cancelled';

/** The payments a user can open: the first, instalments (`stage`), the tail (`foot`), all owed. */
export type PayKind = 'first' | 'stage' | 'foot' | 'all';

/** Alipay order centre's `merchant_order_status` for the online-rental category (3C_RENT). */
export type OrderCentreState =
  | 'APPLYING'
  | 'DEPOSIT_WAIVER'
  | 'WAIT_PAY'
  | 'APPROVAL'
  | 'TO_SEND_GOODS'
  | 'IN_DELIVERY'
  | 'IN_THE_LEASE'
  | 'OVERDUE'
  | 'RENT_DUE'
  | 'RELET'
  | 'RETURN_OVERDUE'
  | 'IN_THE_BUYOUT'
  | 'BUYOUT'
  | 'IN_THE_BACK'
  | 'TO_BE_PAID'
  | 'END_OF_LEASE'
  | 'FINISHED'
  | 'CLOSED'
  | 'REJECT';

/** The storefront's step bar, 下单 → 认证签约 → 支付 → 审核发货 → 租用中 → 完成 (0-based). */
export type OrderStep = 0 | 1 | 2 | 3 | 4 | 5;

export interface OrderStateFacts {
  /** The step the storefront's bar shows; null: no step bar (cancelled, rejected). */
  step: OrderStep | null;
  /** My orders' tab. */
  tab: OrderListTab;
  /** Shown under 我的 → 待还款 when a bill is unpaid (the first payment is made). */
  owing: boolean;
  /** The console's order desk tab; null: on no desk tab (only under its search). */
  deskTab: OrderDeskTabKey | null;
  /** The payments a user may open in this state (server/src/orders/payments.ts). */
  payable: readonly PayKind[];
  /**
   * The order-centre state a change into this state shows; null: none (the order centre keeps the
   * one before). Placement (APPLYING) and a paid renewal (RELET) are events, not states. The
   * server's trigger (migration 0030) holds the same mapping; server/test/order-centre-map checks it.
   */
  orderCentre: OrderCentreState | null;
  /** Once there, the order never moves again. */
  terminal: boolean;
}

const RENTED_PAYABLE: readonly PayKind[] = ['stage', 'foot', 'all'];
const RETURN_UNDER_WAY: readonly PayKind[] = ['stage', 'foot'];

/**
 * One row per state. The label (`order.status.<STATE>`) and the hint (`order.hint.<STATE>`) are
 * the catalogues' keys by name; every catalogue checks it has them (EveryOrderState below).
 */
// A row as the columns of the table below, in OrderStateFacts' order; positional so that the
// table reads as one line a state (and stays small in the mini-programs' main package).
const facts = (
  step: OrderStep | null,
  tab: OrderListTab,
  owing: boolean,
  deskTab: OrderDeskTabKey | null,
  payable: readonly PayKind[],
  orderCentre: OrderCentreState | null,
  terminal: boolean,
): OrderStateFacts => ({ step, tab, owing, deskTab, payable, orderCentre, terminal });

export const ORDER_STATE_FACTS: { readonly [State in OrderStatus]: OrderStateFacts } = {
  // state: facts(step, My orders tab, owing, desk tab, payable, order centre, terminal)
  PENDING_VERIFY: facts(1, 'unpaid', false, null, [], null, false),
  PENDING_SIGN: facts(1, 'unpaid', false, null, [], null, false),
  PENDING_FREEZE: facts(2, 'unpaid', false, null, [], 'DEPOSIT_WAIVER', false),
  PENDING_PAY: facts(2, 'unpaid', false, null, ['first', 'all'], 'WAIT_PAY', false),
  PENDING_REVIEW: facts(3, 'review', true, 'review', [], 'APPROVAL', false),
  PENDING_SHIP: facts(3, 'ship', true, 'ship', [], 'TO_SEND_GOODS', false),
  CANCEL_REVIEW: facts(3, 'review', true, null, [], null, false),
  SHIPPED: facts(3, 'receive', true, 'shipped', ['stage'], 'IN_DELIVERY', false),
  RENTING: facts(4, 'renting', true, 'renting', RENTED_PAYABLE, 'IN_THE_LEASE', false),
  OVERDUE: facts(4, 'overdue', true, 'overdue', RENTED_PAYABLE, 'OVERDUE', false),
  DUE: facts(4, 'return', true, 'renting', RENTED_PAYABLE, 'RENT_DUE', false),
  RETURN_OVERDUE: facts(4, 'overdue', true, 'overdue', RENTED_PAYABLE, 'RETURN_OVERDUE', false),
  RETURNING: facts(4, 'return', true, 'returning', RETURN_UNDER_WAY, 'IN_THE_BACK', false),
  INSPECTING: facts(4, 'return', true, 'inspecting', RETURN_UNDER_WAY, null, false),
  COMPENSATION: facts(4, 'return', true, null, RENTED_PAYABLE, 'TO_BE_PAID', false),
  BUYING_OUT: facts(4, 'renting', true, 'renting', RENTED_PAYABLE, 'IN_THE_BUYOUT', false),
  SETTLING: facts(4, 'return', true, null, [], 'END_OF_LEASE', false),
  BOUGHT_OUT: facts(5, 'done', false, 'completed', [], 'BUYOUT', false),
  COMPLETED: facts(5, 'done', false, 'completed', [], 'FINISHED', true),
  CANCELLED: facts(null, 'cancelled', false, 'cancelled', [], 'CLOSED', true),
  REJECTED: facts(null, 'cancelled', false, 'cancelled', [], 'REJECT', true),
};

/** The states whose row passes `test`, in ORDER_STATUSES' order. */
export function statesWhere(test: (facts: OrderStateFacts) => boolean): OrderStatus[] {
  return ORDER_STATUSES.filter((state) => test(ORDER_STATE_FACTS[state]));
}

/** Where each kind of payment may be opened (the server refuses it elsewhere). */
export const PAYABLE_STATUSES: Readonly<Record<PayKind, readonly OrderStatus[]>> = {
  first: statesWhere((facts) => facts.payable.includes('first')),
  stage: statesWhere((facts) => facts.payable.includes('stage')),
  foot: statesWhere((facts) => facts.payable.includes('foot')),
  all: statesWhere((facts) => facts.payable.includes('all')),
};

/**
 * A catalogue names every state: `EveryOrderState<typeof messages, 'order.status'>` fails to
 * compile in the catalogue's file, naming the missing key, until the new state has its text.
 */
export type EveryOrderState<
  Catalogue extends Record<`${Prefix}.${OrderStatus}`, string>,
  Prefix extends string,
> = Catalogue;
