import type { PaymentOrder, PaymentResult, PaymentStatus } from './payment';

export type { PaymentOrder, PaymentResult, PaymentStatus, WechatPayParams } from './payment';

export interface MyTradePayApi {
  tradePay(options: {
    tradeNO: string;
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

export function pay(order: PaymentOrder): Promise<PaymentResult> {
  const tradeNo = order.tradeNo?.trim();
  if (!tradeNo) return Promise.resolve({ status: 'unavailable', detail: 'no trade number' });
  return new Promise((resolve) => {
    try {
      my.tradePay({
        tradeNO: tradeNo,
        // NOTE(alipay): tradePay calls success for every outcome; resultCode tells them apart.
        success: (res) => {
          const code = String(res?.resultCode ?? '');
          resolve({ status: RESULT_STATUS[code] ?? 'failed', detail: code });
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
