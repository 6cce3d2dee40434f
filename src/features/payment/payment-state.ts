/**
 * The payment screens' routes, their query parameters and the pure rules they share: which bills
 * a payment covered, whether the server has confirmed it, what to show for each bill.
 *
 * Routes and their query (all ids decimal):
 * - /pages/pay/pay?orderId                         first payment (FIRST + DEPOSIT bills)
 * - /pages/confirmPayment/confirmPayment?orderId   the same, reached from the confirm flow
 * - /pages/billpay/pay?orderId&billIds=1,2         the named bills (instalments, early settlement,
 *                                                  tail, buy-out, renewal); without billIds every
 *                                                  unpaid bill to choose from, due ones selected
 * - /pages/payment/payment?orderId[&billIds]       the cashier: first payment or the named bills
 * - /pages/alipay/aliPay?orderId[&billIds]         the same, through Alipay
 * - /pages/alipay/aliSign?orderId                  deposit freeze (Alipay fund authorisation)
 * - /pages/loading/loading?orderId&outTradeNo      waits for a payment's notification
 * - /pages/loading/loading?orderId&kind=freeze     waits for the freeze's notification
 * - /pages/paymentResult/paymentResult?outTradeNo&orderId&status=success|fail|cancel
 *                                                  (the sandbox cashier returns here)
 * - /pages/orderSuccess/orderSuccess?orderId
 * - /pages/orderFailed/orderFailed?orderId&outTradeNo&reason=fail|cancel|timeout
 * - /pages/testAuth/testAuth                       1-fen test authorisation
 */
import type { Bill, OrderDetail } from '../../api/pay';
import { registerMessages, type MessageKey, type MessageParams } from '../../i18n';
import { paymentMessages } from '@contract/i18n/zh-Hans/payment';

registerMessages(paymentMessages);

/** How often the waiting screens ask the server, and when they stop and say so. */
export const POLL_INTERVAL_MS = 1500;
export const POLL_TIMEOUT_MS = 30_000;

export type FailReason = 'fail' | 'cancel' | 'timeout' | 'network';

/** A positive integer id from the query, else undefined. */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** `1,2,3` → [1, 2, 3]; anything malformed gives an empty list (the screen then pays its default). */
export function parseBillIds(value: string | undefined): number[] {
  if (!value) return [];
  const ids = value.split(',').map((part) => parseId(part.trim()));
  if (ids.some((id) => id === undefined)) return [];
  return [...new Set(ids as number[])];
}

export function parseReason(value: string | undefined): FailReason {
  return value === 'cancel' || value === 'timeout' || value === 'network' ? value : 'fail';
}

function query(params: Record<string, string | number | undefined>): string {
  const parts = Object.entries(params)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

export const paymentUrls = {
  firstPay: (orderId: number) => `/pages/pay/pay${query({ orderId })}`,
  billPay: (orderId: number, billIds: number[] = []) =>
    `/pages/billpay/pay${query({ orderId, billIds: billIds.join(',') })}`,
  waitPayment: (orderId: number, outTradeNo: string) =>
    `/pages/loading/loading${query({ orderId, outTradeNo })}`,
  waitFreeze: (orderId: number) => `/pages/loading/loading${query({ orderId, kind: 'freeze' })}`,
  result: (orderId: number, outTradeNo: string) =>
    `/pages/paymentResult/paymentResult${query({ orderId, outTradeNo, status: 'success' })}`,
  success: (orderId: number) => `/pages/orderSuccess/orderSuccess${query({ orderId })}`,
  failed: (orderId: number, outTradeNo: string | undefined, reason: FailReason) =>
    `/pages/orderFailed/orderFailed${query({ orderId, outTradeNo, reason })}`,
  orderDetail: (orderId: number) => `/pages/orderDetail/orderDetail${query({ orderId })}`,
  myOrders: () => '/pages/myOrder/myOrder',
  home: () => '/pages/home/home',
};

/** The bills a payment paid, as the server reports them (only after its notification). */
export function billsPaidBy(detail: OrderDetail, outTradeNo: string): Bill[] {
  return detail.bills.filter((bill) => bill.outTradeNo === outTradeNo && bill.status === 'paid');
}

/** Confirmed once the server shows a bill paid by this trade: nothing is shown paid before. */
export function isPaymentConfirmed(detail: OrderDetail, outTradeNo: string): boolean {
  return billsPaidBy(detail, outTradeNo).length > 0;
}

/** A first payment leads to the order-placed screen; any other to the payment result. */
export function wasFirstPayment(paid: readonly Bill[]): boolean {
  return paid.some((bill) => bill.kind === 'FIRST');
}

export type FreezeOutcome = 'waiting' | 'frozen' | 'not-needed';

/** The freeze is done when the order has left PENDING_FREEZE (the server moves it on notification). */
export function freezeOutcome(
  detail: Pick<OrderDetail, 'status' | 'depositMethod'>,
): FreezeOutcome {
  if (detail.status === 'PENDING_FREEZE') return 'waiting';
  const frozenStates = ['PENDING_PAY', 'PENDING_REVIEW', 'PENDING_SHIP'];
  // An Alipay freeze, or the WeChat Pay Score service order holding the deposit.
  const held = detail.depositMethod === 'freeze' || detail.depositMethod === 'payscore';
  return held && frozenStates.includes(detail.status) ? 'frozen' : 'not-needed';
}

/** What a bill is, for its row. */
export function billLabel(bill: Pick<Bill, 'kind' | 'period'>): [MessageKey, MessageParams?] {
  switch (bill.kind) {
    case 'FIRST':
      return ['payment.billFirst'];
    case 'INSTALMENT':
      return ['payment.billInstalment', { period: bill.period }];
    case 'DEPOSIT':
      return ['payment.billDeposit'];
    case 'BUYOUT':
      return ['payment.billBuyout'];
    case 'RENEWAL':
      return ['payment.billRenewal'];
    case 'COMPENSATION':
      return ['payment.billCompensation'];
    default:
      return ['payment.billOther'];
  }
}

/** Bills preselected when the screen offers a choice: those due by today, else the next one. */
export function defaultSelection(bills: readonly Bill[], today: string): number[] {
  const due = bills.filter(
    (bill) => !bill.dueAfterStart && bill.dueDate !== '' && bill.dueDate <= today,
  );
  return (due.length > 0 ? due : bills.slice(0, 1)).map((bill) => bill.id);
}

export function sumOutstanding(bills: readonly Bill[], ids: readonly number[]): number {
  const chosen = new Set(ids);
  return bills.reduce((sum, bill) => (chosen.has(bill.id) ? sum + bill.outstanding : sum), 0);
}
