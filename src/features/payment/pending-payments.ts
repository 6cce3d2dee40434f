import { getPendingPayments, setPendingPayments } from '../../platform/storage';

/**
 * Which bills a payment covered, remembered while the user is away at the H5 cashier (the
 * cashier's return link names only the trade).
 */
export interface PendingPayment {
  outTradeNo: string;
  orderId: number;
  billIds: number[];
}

/** A few recent payments are enough: the record only serves a retry after coming back. */
const PENDING_LIMIT = 5;

function readPending(): PendingPayment[] {
  return getPendingPayments() as PendingPayment[];
}

export function rememberPayment(payment: PendingPayment): void {
  const rest = readPending().filter((p) => p.outTradeNo !== payment.outTradeNo);
  // Storage unavailable: the record is lost, and a retry then pays the order's default bills.
  setPendingPayments([payment, ...rest].slice(0, PENDING_LIMIT));
}

export function recallPayment(outTradeNo: string): PendingPayment | undefined {
  return readPending().find((p) => p.outTradeNo === outTradeNo);
}
