import Taro from '@tarojs/taro';
import { readStored, writeStored } from './storage-backend';

/**
 * What the payment screens need from the device besides the wallet itself (`payment*.ts`): the
 * channel of this build, replacing the open page (a payment's waiting and result pages must not
 * stack up under the back button), and remembering which bills a payment covered while the user
 * is away at the H5 cashier (the cashier's return link names only the trade).
 */

export type PayTarget = 'alipay' | 'wechat' | 'h5';

/** The build: Alipay pays with tradePay, WeChat with requestPayment, H5 at the cashier page. */
export function payTarget(): PayTarget {
  if (process.env.TARO_ENV === 'alipay') return 'alipay';
  if (process.env.TARO_ENV === 'weapp') return 'wechat';
  return 'h5';
}

/** The server's channel for this build (H5's sandbox cashier takes Alipay's). */
export function payChannel(): 'alipay' | 'wechat' {
  return payTarget() === 'wechat' ? 'wechat' : 'alipay';
}

/**
 * H5: where a provider's mobile cashier (Alipay wap pay) brings the user back, this page's
 * origin; the server checks it against its allow-list. Mini-programs pay in the wallet: none.
 */
export function returnOrigin(): string | undefined {
  if (payTarget() !== 'h5' || typeof window === 'undefined') return undefined;
  return window.location.origin;
}

/** Replace the open page (redirectTo); resolves false when the target refuses. */
export function replacePage(url: string): Promise<boolean> {
  try {
    return Promise.resolve(Taro.redirectTo({ url })).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

export interface PendingPayment {
  outTradeNo: string;
  orderId: number;
  billIds: number[];
}

const PENDING_KEY = 'pendingPayments';
/** A few recent payments are enough: the record only serves a retry after coming back. */
const PENDING_LIMIT = 5;

function readPending(): PendingPayment[] {
  const value = readStored(PENDING_KEY);
  return Array.isArray(value) ? (value as PendingPayment[]) : [];
}

export function rememberPayment(payment: PendingPayment): void {
  const rest = readPending().filter((p) => p.outTradeNo !== payment.outTradeNo);
  // Storage unavailable: the record is lost, and a retry then pays the order's default bills.
  writeStored(PENDING_KEY, [payment, ...rest].slice(0, PENDING_LIMIT));
}

export function recallPayment(outTradeNo: string): PendingPayment | undefined {
  return readPending().find((p) => p.outTradeNo === outTradeNo);
}
