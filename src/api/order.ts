/**
 * Orders after placing: My orders, the order view, cancel, receipt, logistics, return, buy-out,
 * renewal and bills. Placing lives in `api/checkout.ts`, paying in `api/pay.ts`.
 */
import type {
  ApplyReturnBody,
  Bill,
  CancelBody,
  BillList,
  OrderDetail,
  OrderExpress,
  OrderListQuery,
  OpenedPayment,
  OrderQuote,
  OrderSummary,
  OrderTab,
  PayChannel,
  ReturnBody,
} from '@contract/api/order';
import type { DictionaryItem, ExpressCompany } from '@contract/api/reference-data';
import { get, post } from '../platform/request';

export type {
  Bill,
  BillList,
  DictionaryItem,
  ExpressCompany,
  OrderDetail,
  OrderExpress,
  OrderQuote,
  OrderSummary,
  OrderTab,
  ReturnBody,
};

const BASE = '/api/order';

export function fetchOrders(tab: OrderTab, pageNum: number, pageSize: number) {
  const query: OrderListQuery = { status: tab, pageNum, pageSize };
  return get<{ list: OrderSummary[]; total: number; pageNum: number; pageSize: number }>(
    `${BASE}/list`,
    query,
  );
}

export function fetchOrderDetail(orderId: number) {
  return get<OrderDetail>(`${BASE}/detail/${orderId}`);
}

/**
 * Free before payment; after payment it asks the merchant (CANCEL_REVIEW). `reason`: the
 * `cancel_reason` dictionary value the user chose.
 */
export function cancelOrder(orderId: number, reason?: string) {
  const body: CancelBody = reason !== undefined ? { orderId, reason } : { orderId };
  return post<OrderDetail>(`${BASE}/cancel`, body);
}

export function confirmReceipt(orderId: number) {
  return post<OrderDetail>(`${BASE}/confirmReceive`, { orderId });
}

export function confirmChanges(orderId: number) {
  return post<Record<string, never>>(`${BASE}/confirmChanges`, { orderId });
}

export function fetchExpress(orderId: number) {
  return post<OrderExpress>(`${BASE}/express`, { orderId });
}

/**
 * Checks a return is allowed now and marks it with the `return_reason` dictionary value chosen;
 * the waybill (shipReturn) moves the order.
 */
export function applyReturn(orderId: number, reason: string) {
  const body: ApplyReturnBody = { orderId, reason };
  return post<OrderDetail>(`${BASE}/apply/return`, body);
}

export function shipReturn(body: ReturnBody) {
  return post<OrderDetail>(`${BASE}/confirm/return`, body);
}

export function fetchBuyoutQuote(orderId: number) {
  return get<OrderQuote>(`${BASE}/buyoutQuote/${orderId}`);
}

/** Starts the buy-out: a BUYOUT bill the user then pays like any bill. */
/** Early return (提前归还): the rent waived, the fee and what is owed, before confirming. */
export function fetchEarlyReturnQuote(orderId: number) {
  return get<OrderQuote>(`${BASE}/earlyReturnQuote/${orderId}`);
}

/** Confirms the early return at the total the user was shown (a changed total answers 409). */
export function applyEarlyReturn(orderId: number, total: number) {
  return post<OrderDetail>(`${BASE}/apply/earlyReturn`, { orderId, total });
}

export function applyBuyout(orderId: number) {
  return post<OrderQuote>(`${BASE}/apply/buyout`, { orderId });
}

export function fetchRenewalQuote(orderId: number, periods: number) {
  return post<OrderQuote>(`${BASE}/reenjoyPayPreOrder`, { orderId, periods });
}

/** Opens the renewal's payment (a money operation: one key per user intent). */
export function payRenewal(
  orderId: number,
  periods: number,
  channel: PayChannel,
  idempotencyKey: string,
) {
  return post<OpenedPayment>(
    `${BASE}/reenjoyPayOrder`,
    { orderId, periods, channel },
    { idempotencyKey },
  );
}

/** Every unpaid bill of the order (what can be settled early). */
export function fetchUnpaidBills(orderId: number) {
  return post<BillList>(`${BASE}/footPayList`, { orderId });
}

/** Couriers the user can return the goods with (code, name, phone). */
export function fetchExpressCompanies() {
  return get<ExpressCompany[]>('/api/common/express');
}

/**
 * Where returns go: the `return_address` dictionary (label: recipient and phone, value: the
 * address); empty until the merchant has set it.
 */
export function fetchReturnAddresses() {
  return get<DictionaryItem[]>('/api/common/dictionary', { type: 'return_address' });
}

export function fetchReasons(kind: 'return_reason' | 'cancel_reason') {
  return get<DictionaryItem[]>('/api/common/dictionary', { type: kind });
}
