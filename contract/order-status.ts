/**
 * The states of an order, as plain values both sides import (server/src/orders/machine.ts has
 * the transitions; the storefront names each one with the catalogue's `order.status.<STATE>`).
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
