/**
 * Paying an order on each target. The server prepares the payment (trade number for Alipay,
 * signed parameters for WeChat, a cashier URL for H5); the wallet's answer here only says what
 * the user saw. Whether the money arrived is the server's asynchronous notification, so screens
 * confirm with the server before showing "paid".
 */

export interface WechatPayParams {
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'MD5' | 'HMAC-SHA256' | 'RSA';
  paySign: string;
}

export interface PaymentOrder {
  /** Alipay: the trade number from the server. */
  tradeNo?: string;
  /** WeChat: the signed parameters from the server. */
  wechat?: WechatPayParams;
  /** H5: the cashier page to send the user to. */
  cashierUrl?: string;
}

export type PaymentStatus =
  /** The wallet reports success; confirm with the server. */
  | 'paid'
  /** The wallet does not know yet (Alipay 8000/6004): ask the server. */
  | 'pending'
  | 'cancelled'
  | 'failed'
  /** H5: the user has been sent to the cashier page. */
  | 'redirected'
  /** The order lacks what this target needs. */
  | 'unavailable';

export interface PaymentResult {
  status: PaymentStatus;
  /** Why a failure happened, where the wallet says (Alipay 6002: the network). */
  reason?: 'network';
  /** The wallet's own code or message, for logs. */
  detail: string;
}

/**
 * Only https pages or our own paths: the cashier URL comes from the server, but never trust it
 * blindly. Plain http only on this machine (localhost, 127.0.0.1), as the server's rule for return
 * addresses: a cashier running beside a development or test server (the local Alipay gateway).
 */
export function isCashierUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  if (/^\/(?![/\\])[^\s]*$/.test(url)) return true;
  if (/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/[^\s]*)?$/i.test(url)) return true;
  return /^https:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s]*)?$/i.test(url);
}

/**
 * The deposit freeze is authorised in the Alipay wallet (`my.tradePay({ orderStr })`), which
 * only the Alipay mini-program has.
 */
export function authorizeFreeze(orderStr: string | undefined): Promise<PaymentResult> {
  void orderStr;
  return Promise.resolve({ status: 'unavailable', detail: 'freeze needs the Alipay app' });
}

/** What wx.openBusinessView takes to open Pay Score's confirmation page (from the server). */
export interface PayScoreConfirmation {
  businessType: 'wxpayScoreUse';
  extraData: { package: string };
}

/**
 * WeChat Pay Score's deposit-free mode is confirmed in WeChat (`wx.openBusinessView`), which only
 * the WeChat mini-program has.
 */
export function confirmPayScore(
  confirmation: PayScoreConfirmation | undefined,
): Promise<PaymentResult> {
  void confirmation;
  return Promise.resolve({ status: 'unavailable', detail: 'Pay Score needs the WeChat app' });
}

/** H5: go to the server's cashier page (the page returns to paymentResult afterwards). */
/** WeChat's in-app browser (a link opened in a chat): it blocks Alipay's cashier pages. */
export function isWechatBrowser(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/** What `pay` answers inside the WeChat browser for a cashier it would block. */
export const WECHAT_BROWSER_BLOCKED = 'wechat-browser';

/**
 * H5: go to the server's cashier page (the page returns to paymentResult afterwards). Inside the
 * WeChat browser an outside cashier (Alipay wap pay) is blocked by WeChat, and WeChat Pay in H5
 * needs an official account this storefront does not have: the user is told to open the page in
 * the browser (or pay in the mini-program) rather than sent to a page that will not load.
 */
export function pay(
  order: PaymentOrder,
  navigate: (url: string) => void = (url) => window.location.assign(url),
  userAgent?: string,
): Promise<PaymentResult> {
  if (!isCashierUrl(order.cashierUrl)) {
    return Promise.resolve({ status: 'unavailable', detail: 'no cashier url' });
  }
  if (/^https:/i.test(order.cashierUrl) && isWechatBrowser(userAgent)) {
    return Promise.resolve({ status: 'unavailable', detail: WECHAT_BROWSER_BLOCKED });
  }
  try {
    navigate(order.cashierUrl);
    return Promise.resolve({ status: 'redirected', detail: order.cashierUrl });
  } catch (error) {
    return Promise.resolve({ status: 'failed', detail: String(error) });
  }
}
