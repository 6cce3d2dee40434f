/**
 * Reading orders: the user's own order, its detail and the tabbed list.
 */
import { EXPRESS_TEXT } from './notes.ts';
import { ORDER_TABS, type OrderTab } from '../../../contract/api/order.ts';
import { notFound } from '../plugins/errors.ts';
import { dictionaryEntry } from '../catalog/reference-data.ts';
import { dayOf, dueOf, orderQuote, outstandingOf, type BillRow } from './bills.ts';
import { STATUS_TEXT, USER_ACTIONS } from './machine.ts';
import { type Db, type Owner, type Trx, toDay } from './rules.ts';
import {
  billsOf,
  eventsOf,
  findOrder,
  findOwnOrder,
  findOwnOrderWithHistory,
  lastOrderIdOf,
  pageOfOrders,
  paymentsOf,
  shippingEventsOf,
} from './order-records.ts';
// ---------------------------------------------------------------------------------------------
// Reading

export async function ownOrder(
  db: Db | Trx,
  user: Owner,
  orderId: number,
  { lock = false }: { lock?: boolean } = {},
) {
  const order = await findOwnOrder(db, user, orderId, lock);
  // Someone else's order answers exactly like a missing one.
  if (!order) throw notFound('订单不存在');
  return order;
}

export type OrderRow = Awaited<ReturnType<typeof ownOrder>>;

/**
 * A bill as the screens show it. Before the rent start date is known (rent starts the day after
 * receipt), a later rent's date is only a placeholder: `dueAfterStart` says how it follows from
 * the start, as the contract states it, and the screens show that instead.
 */
export function billView(
  bill: BillRow & {
    due_date: Date | string;
    channel: string | null;
    out_trade_no: string | null;
    paid_at: Date | null;
    overdue_days: number;
    fee_waived?: number;
  },
  order: Pick<OrderRow, 'start_date' | 'term_unit'>,
) {
  const dated = order.start_date !== null || bill.kind !== 'INSTALMENT';
  return {
    id: bill.id,
    kind: bill.kind,
    period: bill.period,
    dueDate: toDay(bill.due_date) ?? '',
    dueAfterStart: dated ? null : { unit: order.term_unit, periods: bill.period - 1 },
    original: bill.original,
    discount: bill.discount,
    overdueFee: bill.overdue_fee,
    feeWaived: bill.fee_waived ?? 0,
    overdueDays: bill.overdue_days,
    due: dueOf(bill),
    paid: bill.paid,
    outstanding: outstandingOf(bill),
    status: bill.status,
    channel: bill.channel,
    outTradeNo: bill.out_trade_no,
    paidAt: bill.paid_at ? bill.paid_at.toISOString() : null,
  };
}

/** The sub-process each user action opens (or goes on with). */
const ACTION_SUB_PROCESS: Readonly<Record<string, NonNullable<OrderRow['sub_process']>>> = {
  renew: 'renewal',
  buyout: 'buyout',
  return: 'return',
  cancel: 'cancel',
};

/**
 * What the user may do now: the state's actions, less those of another sub-process than the one
 * under way (they would answer 409 busy; after an early return, say, renewing or buying out).
 * An early return starts the return, so it is offered only while nothing is under way; while
 * renting, returning is offered only once an early return has started it (a return before the
 * end is an early return, with its fee).
 */
function userActions(order: OrderRow): string[] {
  return USER_ACTIONS[order.status].filter((action) => {
    if (action === 'earlyReturn') return !order.sub_process;
    // Only a Pay Score order can turn to a paid deposit (an Alipay freeze is its own choice).
    if (action === 'switchDeposit') return order.deposit_method === 'payscore';
    if (action === 'return' && order.status === 'RENTING') return order.sub_process === 'return';
    const opens = ACTION_SUB_PROCESS[action];
    return !order.sub_process || !opens || opens === order.sub_process;
  });
}

/**
 * The number a customer reads and quotes: the day the order was placed (China time) and its id,
 * at least six digits ("20261128000001"), rather than a bare "1". Unique, since the id is.
 */
export function orderNumber(order: { id: number; created_at: Date }): string {
  return `${dayOf(order.created_at).replace(/-/g, '')}${String(order.id).padStart(6, '0')}`;
}

export function summaryView(order: OrderRow) {
  const snapshot = order.snapshot;
  return {
    id: order.id,
    orderNo: orderNumber(order),
    status: order.status,
    statusText: STATUS_TEXT[order.status],
    actions: userActions(order),
    subProcess: order.sub_process,
    goodsName: snapshot.goods.name,
    cover: snapshot.goods.cover,
    skuText: `${snapshot.sku.color} ${snapshot.sku.capacity} ${snapshot.sku.condition}`,
    termUnit: order.term_unit,
    term: order.term,
    rentPerPeriod: order.rent_per_period,
    // What each period asks for, services included: the lease quote's figure, as on its bills.
    perPeriod: orderQuote(order).perPeriod,
    deposit: order.deposit,
    depositMethod: order.deposit_method,
    createdAt: order.created_at.toISOString(),
  };
}

export async function orderDetail(db: Db | Trx, user: Owner, orderId: number) {
  const order = await findOwnOrderWithHistory(db, user, orderId);
  // Someone else's order answers exactly like a missing one.
  if (!order) throw notFound('订单不存在');
  const { bills, events, authorisation: auth } = order;
  return {
    ...summaryView(order),
    depositAuthorisation: auth
      ? {
          status: auth.status,
          amount: auth.amount,
          waived: auth.credit_amount,
          frozen: auth.fund_amount,
        }
      : null,
    couponDiscount: order.coupon_discount,
    startDate: toDay(order.start_date),
    endDate: toDay(order.end_date),
    waybill: order.waybill,
    returnWaybill: order.return_waybill,
    address: order.snapshot.address,
    services: order.snapshot.services.map((s) => ({
      id: s.id,
      name: s.name,
      price: s.price,
      priceUnit: s.priceUnit,
    })),
    bills: bills.map((bill) => billView(bill, order)),
    // The ops' notes stay out: they may name provider ids (a contract's flow id, say).
    events: events.map((e) => ({
      action: e.action,
      from: e.from_status,
      to: e.to_status,
      at: e.created_at.toISOString(),
      params: e.params,
    })),
    cancelReason: chosenReason(order.cancel_reason, order.cancel_reason_label),
    returnReason: chosenReason(order.return_reason, order.return_reason_label),
  };
}

/** A reason's value with its label (the value itself if the dictionary no longer has it). */
function chosenReason(value: string | null, label: string | null) {
  return value === null ? null : { value, label: label ?? value };
}

export async function listOrders(
  db: Db,
  user: Owner,
  tab: OrderTab,
  pageNum: number,
  pageSize: number,
) {
  const chosen = ORDER_TABS[tab];
  const statuses = chosen.statuses as readonly string[];
  const owing = 'withUnpaidBills' in chosen && chosen.withUnpaidBills;
  const { rows, total } = await pageOfOrders(db, user, { statuses, owing }, pageNum, pageSize);
  return { list: rows.map(summaryView), total, pageNum, pageSize };
}

// ---------------------------------------------------------------------------------------------
// Moved from the order routes (selectLastOrder, express).

/** The id of the user's latest order on this brand. */
export const lastOrderId = lastOrderIdOf;

/** The waybills of an order and what happened to its parcels. */
export async function expressOf(db: Db, user: Owner, orderId: number) {
  const order = await ownOrder(db, user, orderId);
  const events = await shippingEventsOf(db, order.id);
  return {
    waybill: order.waybill,
    returnWaybill: order.return_waybill,
    traces: events.map((e) => ({
      at: e.created_at.toISOString(),
      text: EXPRESS_TEXT[e.action] ?? e.note,
    })),
  };
}

/** The ops view of any order: its bills, payments and events, and why it was cancelled or returned. */
export async function opsOrderView(db: Db, orderId: number) {
  const order = await findOrder(db, orderId);
  if (!order) throw notFound('订单不存在');
  const bills = await billsOf(db, order.id);
  const payments = await paymentsOf(db, order.id);
  const events = await eventsOf(db, order.id);
  const reason = async (kind: 'cancel_reason' | 'return_reason', value: string | null) =>
    value === null
      ? null
      : chosenReason(value, (await dictionaryEntry(db, kind, value))?.label ?? null);
  return {
    order,
    bills,
    payments,
    events,
    cancelReason: await reason('cancel_reason', order.cancel_reason),
    returnReason: await reason('return_reason', order.return_reason),
  };
}
