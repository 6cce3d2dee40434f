/**
 * What this build can pay with (the wallet itself: `payment*.ts`). Alipay pays with tradePay,
 * WeChat with requestPayment, H5 at a provider's cashier page.
 */

export type PayTarget = 'alipay' | 'wechat' | 'h5';

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

/** Whether this build runs where the Alipay fund authorisation (deposit freeze) exists. */
export const canFreezeDeposit = process.env.TARO_ENV !== 'weapp';
/** WeChat has no fund authorisation: the deposit may be withheld from a bound card instead. */
export const canWithholdFromCard = process.env.TARO_ENV === 'weapp';
/** WeChat Pay Score (deposit-free) is confirmed in WeChat: the WeChat build only. */
export const canUsePayScore = process.env.TARO_ENV === 'weapp';
