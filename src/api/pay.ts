/**
 * Paying: the bills a payment would cover (first, all unpaid, due by today), opening a payment
 * for chosen bills, the Alipay deposit authorisation (freeze) and its 1-fen test, and the order
 * state the payment screens poll for the server's notification. Every call that moves money
 * carries the idempotency key of the user's intent.
 */
import type {
  Bill,
  BillList,
  FreezeState,
  OpenedPayment,
  OrderDetail,
  PayBody,
  PayChannel,
  PayScoreOffer,
} from '@contract/api/order';
import { get, post } from '../platform/request';

export type { Bill, FreezeState, OpenedPayment, OrderDetail, PayChannel, PayScoreOffer };

/** The bills a pay screen shows; total is the sum of their outstanding amounts, fen. */
export type PayBillList = BillList;

const BASE = '/api/order';

/** Which bills a pay screen shows: the first payment, everything unpaid, or what is due today. */
export type BillScope = 'first' | 'foot' | 'stage';

export function fetchPayBills(orderId: number, scope: BillScope) {
  const path =
    scope === 'first' ? 'firstPayList' : scope === 'foot' ? 'footPayList' : 'stagePayPreOrder';
  return post<PayBillList>(`${BASE}/${path}`, { orderId });
}

/**
 * Opens (or returns the open) payment for the bills. `pay` picks the first payment while the
 * order waits for it and the named bills after that; without bills the server pays its default.
 */
export function openPayment(body: PayBody, idempotencyKey: string) {
  return post<OpenedPayment>(`${BASE}/pay`, body, { idempotencyKey });
}

/** Starts (or returns the running) Alipay fund authorisation of the order's deposit. */
export function startFreeze(orderId: number, idempotencyKey: string) {
  return post<FreezeState>(`${BASE}/refreeze`, { orderId }, { idempotencyKey });
}

/** Whether WeChat Pay Score's deposit-free choice is offered to this user on this brand. */
export function fetchPayScoreOffer() {
  return get<PayScoreOffer>(`${BASE}/payScore`);
}

/** Pay Score refused: the order's deposit is paid with the first payment instead. */
export function switchToPaidDeposit(orderId: number) {
  return post<OrderDetail>(`${BASE}/switchDeposit`, { orderId });
}

/** A 1-fen test authorisation, released by the server as soon as it froze. */
export function testAliPayFreeze() {
  return get<FreezeState>('/api/test/aliPayFreeze');
}

/** The order with its bills: what the payment screens read to learn the notification arrived. */
export function fetchPaymentState(orderId: number) {
  return get<OrderDetail>(`${BASE}/detail/${orderId}`);
}
