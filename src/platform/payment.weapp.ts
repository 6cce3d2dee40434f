import type { PaymentOrder, PaymentResult, PayScoreConfirmation } from './payment';

export type {
  PaymentOrder,
  PaymentResult,
  PaymentStatus,
  PayScoreConfirmation,
  WechatPayParams,
} from './payment';

export interface WxPaymentApi {
  requestPayment(options: {
    timeStamp: string;
    nonceStr: string;
    package: string;
    signType: string;
    paySign: string;
    success?: (res: { errMsg: string }) => void;
    fail?: (err: { errMsg: string }) => void;
  }): void;
  openBusinessView?(options: {
    businessType: string;
    extraData: Record<string, string>;
    success?: (res: { errMsg: string; extraData?: { query_id?: string } }) => void;
    fail?: (err: { errMsg: string }) => void;
  }): void;
}

declare const wx: WxPaymentApi;

export function pay(order: PaymentOrder): Promise<PaymentResult> {
  const params = order.wechat;
  if (!params?.paySign || !params.package) {
    return Promise.resolve({ status: 'unavailable', detail: 'no signed parameters' });
  }
  return new Promise((resolve) => {
    try {
      wx.requestPayment({
        timeStamp: params.timeStamp,
        nonceStr: params.nonceStr,
        package: params.package,
        signType: params.signType,
        paySign: params.paySign,
        success: (res) => resolve({ status: 'paid', detail: res?.errMsg ?? '' }),
        fail: (err) => {
          const message = err?.errMsg ?? '';
          resolve({ status: /cancel/i.test(message) ? 'cancelled' : 'failed', detail: message });
        },
      });
    } catch (error) {
      resolve({ status: 'failed', detail: String(error) });
    }
  });
}

/** The deposit freeze is an Alipay authorisation: WeChat has none. */
export function authorizeFreeze(orderStr: string | undefined): Promise<PaymentResult> {
  void orderStr;
  return Promise.resolve({ status: 'unavailable', detail: 'freeze needs the Alipay app' });
}

/**
 * Opens Pay Score's confirmation page (调起支付分-确认订单: `wx.openBusinessView` with
 * businessType `wxpayScoreUse` and the package the server got from creating the service order).
 * Coming back says nothing certain (the page's own docs: query the order); the server moves the
 * order on WeChat's PAYSCORE.USER_CONFIRM notification, so success is `pending`.
 */
export function confirmPayScore(
  confirmation: PayScoreConfirmation | undefined,
): Promise<PaymentResult> {
  const pkg = confirmation?.extraData.package;
  if (!pkg) return Promise.resolve({ status: 'unavailable', detail: 'no package' });
  if (typeof wx.openBusinessView !== 'function')
    return Promise.resolve({
      status: 'unavailable',
      detail: 'openBusinessView needs WeChat 7.0.3',
    });
  return new Promise((resolve) => {
    try {
      wx.openBusinessView!({
        businessType: confirmation.businessType,
        extraData: { package: pkg },
        success: (res) => resolve({ status: 'pending', detail: res?.errMsg ?? '' }),
        fail: (err) => {
          const message = err?.errMsg ?? '';
          resolve({ status: /cancel/i.test(message) ? 'cancelled' : 'failed', detail: message });
        },
      });
    } catch (error) {
      resolve({ status: 'failed', detail: String(error) });
    }
  });
}
