/**
 * Placing an order: place (one order per idempotency key), place2 (again from an earlier order),
 * placeAll (place + confirm when every check is done) and confirm (verification done → sign).
 * The order view and cancel used by the verification steps are here too, so checkout does not
 * depend on the order screens' module.
 */
import type {
  CancelBody,
  DepositMethod,
  OrderDetail,
  PlaceOrderBody,
  ReorderBody,
} from '@contract/api/order';
import { get, post } from '../platform/request';

export type { DepositMethod, OrderDetail, PlaceOrderBody };

const BASE = '/api/order';

/** `idempotencyKey`: made once when the confirm page opens, so a double tap places one order. */
export function placeOrder(body: PlaceOrderBody, idempotencyKey: string) {
  return post<{ id: number }>(`${BASE}/place`, body, { idempotencyKey });
}

export function placeAgain(body: ReorderBody, idempotencyKey: string) {
  return post<{ id: number }>(`${BASE}/place2`, body, { idempotencyKey });
}

/** Place and confirm at once; 422 naming the missing checks (nothing is created then). */
export function placeAndConfirm(body: PlaceOrderBody, idempotencyKey: string) {
  return post<{ id: number }>(`${BASE}/placeAll`, body, { idempotencyKey });
}

/** PENDING_VERIFY → PENDING_SIGN once the checks the deposit method needs are done. */
export function confirmOrder(orderId: number) {
  return post<OrderDetail>(`${BASE}/confirm`, { orderId });
}

export function fetchPlacedOrder(orderId: number) {
  return get<OrderDetail>(`${BASE}/detail/${orderId}`);
}

/** Free before payment: the coupon comes back. `reason`: a `cancel_reason` dictionary value. */
export function cancelPlacedOrder(orderId: number, reason?: string) {
  const body: CancelBody = reason !== undefined ? { orderId, reason } : { orderId };
  return post<OrderDetail>(`${BASE}/cancel`, body);
}
