import type { PaymentOrder, PaymentResult, PaymentStatus } from './payment';

export type {
  PaymentOrder,
  PaymentResult,
  PaymentStatus,
  PayScoreConfirmation,
  WechatPayParams,
} from './payment';
// Pay Score is WeChat's: the neutral answer (unavailable).
export { confirmPayScore } from './payment';

export interface MyTradePayApi {
  /** A bill: `tradeNO` from alipay.trade.create; a deposit freeze: the server's signed `orderStr`. */
  tradePay(options: {
    tradeNO?: string;
    orderStr?: string;
    success?: (res: { resultCode?: string; memo?: string }) => void;
    fail?: (err: { error?: number; errorMessage?: string; resultCode?: string }) => void;
  }): void;
}

declare const my: MyTradePayApi;

/** Alipay's documented resultCode values for my.tradePay. */
const RESULT_STATUS: Record<string, PaymentStatus> = {
  '9000': 'paid',
  '8000': 'pending',
  '6004': 'pending',
  '6001': 'cancelled',
  '4000': 'failed',
  '5000': 'failed',
  '6002': 'failed',
};

/**
 * Pays a bill with the server's trade number. The result says only what the user saw: the order
 * is paid when the server's notification (or its query) says so, never on this answer.
 */
/** my.tradePay's "network error": the user may try again once online. */
const NETWORK_ERROR = '6002';

export function pay(order: PaymentOrder): Promise<PaymentResult> {
  const tradeNo = order.tradeNo?.trim();
  if (!tradeNo) return Promise.resolve({ status: 'unavailable', detail: 'no trade number' });
  return tradePay({ tradeNO: tradeNo });
}

/**
 * Authorises the deposit freeze (alipay.fund.auth.order.app.freeze) with the order string the
 * server signed; 9000 means the user authorised it, and the server still waits for Alipay's
 * notification before the order moves on.
 */
export function authorizeFreeze(orderStr: string | undefined): Promise<PaymentResult> {
  const order = orderStr?.trim();
  if (!order) return Promise.resolve({ status: 'unavailable', detail: 'no order string' });
  return tradePay({ orderStr: order });
}

function tradePay(target: { tradeNO: string } | { orderStr: string }): Promise<PaymentResult> {
  return new Promise((resolve) => {
    try {
      my.tradePay({
        ...target,
        // NOTE(alipay): tradePay calls success for every outcome; resultCode tells them apart.
        success: (res) => {
          const code = String(res?.resultCode ?? '');
          resolve({
            status: RESULT_STATUS[code] ?? 'failed',
            detail: code,
            ...(code === NETWORK_ERROR ? { reason: 'network' as const } : {}),
          });
        },
        fail: (err) =>
          resolve({
            status: err?.resultCode === '6001' ? 'cancelled' : 'failed',
            detail: String(err?.resultCode ?? err?.error ?? err?.errorMessage ?? ''),
          }),
      });
    } catch (error) {
      resolve({ status: 'failed', detail: String(error) });
    }
  });
}
