import type { PaymentOrder, PaymentResult } from './payment';

export type { PaymentOrder, PaymentResult, PaymentStatus, WechatPayParams } from './payment';

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
