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
export const ORDER_STATE_FACTS: { readonly [State in OrderStatus]: OrderStateFacts } = {
  PENDING_VERIFY: {
    step: 1,
    tab: 'unpaid',
    owing: false,
    deskTab: null,
    payable: [],
    orderCentre: null,
    terminal: false,
  },
  PENDING_SIGN: {
    step: 1,
    tab: 'unpaid',
    owing: false,
    deskTab: null,
    payable: [],
    orderCentre: null,
    terminal: false,
  },
  PENDING_FREEZE: {
    step: 2,
    tab: 'unpaid',
    owing: false,
    deskTab: null,
    payable: [],
    orderCentre: 'DEPOSIT_WAIVER',
    terminal: false,
  },
  PENDING_PAY: {
    step: 2,
    tab: 'unpaid',
    owing: false,
    deskTab: null,
    payable: ['first', 'all'],
    orderCentre: 'WAIT_PAY',
    terminal: false,
  },
  PENDING_REVIEW: {
    step: 3,
    tab: 'review',
    owing: true,
    deskTab: 'review',
    payable: [],
    orderCentre: 'APPROVAL',
    terminal: false,
  },
  PENDING_SHIP: {
    step: 3,
    tab: 'ship',
    owing: true,
    deskTab: 'ship',
    payable: [],
    orderCentre: 'TO_SEND_GOODS',
    terminal: false,
  },
  CANCEL_REVIEW: {
    step: 3,
    tab: 'review',
    owing: true,
    deskTab: null,
    payable: [],
    orderCentre: null,
    terminal: false,
  },
  SHIPPED: {
    step: 3,
    tab: 'receive',
    owing: true,
    deskTab: 'shipped',
    payable: ['stage'],
    orderCentre: 'IN_DELIVERY',
    terminal: false,
  },
  RENTING: {
    step: 4,
    tab: 'renting',
    owing: true,
    deskTab: 'renting',
    payable: RENTED_PAYABLE,
    orderCentre: 'IN_THE_LEASE',
    terminal: false,
  },
  OVERDUE: {
    step: 4,
    tab: 'overdue',
    owing: true,
    deskTab: 'overdue',
    payable: RENTED_PAYABLE,
    orderCentre: 'OVERDUE',
    terminal: false,
  },
  DUE: {
    step: 4,
    tab: 'return',
    owing: true,
    deskTab: 'renting',
    payable: RENTED_PAYABLE,
    orderCentre: 'RENT_DUE',
    terminal: false,
  },
  RETURN_OVERDUE: {
    step: 4,
    tab: 'overdue',
    owing: true,
    deskTab: 'overdue',
    payable: RENTED_PAYABLE,
    orderCentre: 'RETURN_OVERDUE',
    terminal: false,
  },
  RETURNING: {
    step: 4,
    tab: 'return',
    owing: true,
    deskTab: 'returning',
    payable: RETURN_UNDER_WAY,
    orderCentre: 'IN_THE_BACK',
    terminal: false,
  },
  INSPECTING: {
    step: 4,
    tab: 'return',
    owing: true,
    deskTab: 'inspecting',
    payable: RETURN_UNDER_WAY,
    orderCentre: null,
    terminal: false,
  },
  COMPENSATION: {
    step: 4,
    tab: 'return',
    owing: true,
    deskTab: null,
    payable: RENTED_PAYABLE,
    orderCentre: 'TO_BE_PAID',
    terminal: false,
  },
  BUYING_OUT: {
    step: 4,
    tab: 'renting',
    owing: true,
    deskTab: 'renting',
    payable: RENTED_PAYABLE,
    orderCentre: 'IN_THE_BUYOUT',
    terminal: false,
  },
  SETTLING: {
    step: 4,
    tab: 'return',
    owing: true,
    deskTab: null,
    payable: [],
    orderCentre: 'END_OF_LEASE',
    terminal: false,
  },
  BOUGHT_OUT: {
    step: 5,
    tab: 'done',
    owing: false,
    deskTab: 'completed',
    payable: [],
    orderCentre: 'BUYOUT',
    terminal: false,
  },
  COMPLETED: {
    step: 5,
    tab: 'done',
    owing: false,
    deskTab: 'completed',
    payable: [],
    orderCentre: 'FINISHED',
    terminal: true,
  },
  CANCELLED: {
    step: null,
    tab: 'cancelled',
    owing: false,
    deskTab: 'cancelled',
    payable: [],
    orderCentre: 'CLOSED',
    terminal: true,
  },
  REJECTED: {
    step: null,
    tab: 'cancelled',
    owing: false,
    deskTab: 'cancelled',
    payable: [],
    orderCentre: 'REJECT',
    terminal: true,
  },
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
