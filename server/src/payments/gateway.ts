/**
 * A payment gateway as the order engine sees it: trade payments that finish asynchronously with a
 * signed notification, and (Alipay only) fund-authorisation freeze, unfreeze and payment from the
 * authorisation. `providers/{alipay-pay,wechat-pay,withholding}` each export one.
 */
export type GatewayName = 'alipay' | 'wechat' | 'card';

/** Form fields of a notification, as the providers post them. */
export type NotificationFields = Record<string, string>;

export interface TradeInput {
  outTradeNo: string;
  /** Fen. */
  amount: number;
  subject: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Opens a trade; the user pays it at the cashier (or it is withheld), then a notification follows. */
  createTrade(input: TradeInput): Promise<{ tradeNo: string }>;
  /** Checks a notification's signature. */
  verify(fields: NotificationFields): boolean;
  /** Refunds part or all of a paid trade (synchronous answer). */
  refund(outTradeNo: string, outRefundNo: string, amount: number): Promise<void>;
}

export interface WithholdingGateway extends PaymentGateway {
  /** Charges a bound card for a trade without the user present; the outcome arrives by notification. */
  withhold(input: TradeInput & { agreementNo: string }): Promise<void>;
}

export interface FundAuthGateway extends PaymentGateway {
  /** alipay.fund.auth.order.app.freeze: the outcome arrives by notification. */
  freeze(input: { outRequestNo: string; amount: number }): Promise<void>;
  /** alipay.fund.auth.order.unfreeze (synchronous). */
  unfreeze(authNo: string, amount: number): Promise<void>;
  /** alipay.trade.pay with auth_no: takes money from the authorisation (synchronous). */
  payFromAuth(input: TradeInput & { authNo: string }): Promise<void>;
}

/** Where sandboxes post their notifications; the pay routes install it (an in-process HTTP call). */
export type NotificationSink = (gateway: GatewayName, fields: NotificationFields) => Promise<void>;
