/**
 * A payment gateway as the order engine sees it: trade payments that finish asynchronously with a
 * signed notification, refunds, and (Alipay only) fund-authorisation freeze, unfreeze and payment
 * from the authorisation. Every call that moves money carries our own number for it
 * (`outTradeNo`, `outRefundNo`, `outRequestNo`) and is idempotent on it, as the real gateways
 * are: asking twice never moves money twice, which is what lets a job retry a call after a crash.
 * Each call has a query, so reconciliation can ask the gateway for the truth.
 */
export type GatewayName = 'alipay' | 'wechat' | 'card';

/** What wx.requestPayment takes (the storefront passes it on as is). */
export interface WechatPayParams {
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** A Pay Score service order as WeChat Pay answers and notifies it (the fields read here). */
export interface ServiceOrder {
  appid?: string;
  mchid?: string;
  service_id?: string;
  out_order_no?: string;
  /** WeChat's number of the service order. */
  order_id?: string;
  /** CREATED, DOING, DONE, REVOKED, EXPIRED. */
  state?: string;
  /** DOING: USER_CONFIRM, MCH_COMPLETE; DONE: USER_PAID … */
  state_description?: string;
  total_amount?: number;
  risk_fund?: { name?: string; amount?: number };
  collection?: {
    state?: string;
    total_amount?: number;
    paid_amount?: number;
    details?: { transaction_id?: string; amount?: number }[];
  };
  /** The confirmation page's handle, for wx.openBusinessView (create's answer only). */
  package?: string;
}

/** What the mini-program hands to wx.openBusinessView so the user confirms in WeChat. */
export interface PayScoreConfirmation {
  businessType: 'wxpayScoreUse';
  extraData: { package: string };
}

/**
 * WeChat Pay Score's service orders (deposit-free mode), as the live WeChat Pay gateway speaks
 * them and the sandbox plays them (the user confirming at once). Told apart by shape.
 */
export interface PayScoreApi {
  createServiceOrder(input: {
    outOrderNo: string;
    openId: string;
    deposit: number;
    title: string;
    startTime: string;
    endTime: string;
  }): Promise<
    | { kind: 'created'; orderId: string; confirmation: PayScoreConfirmation }
    | { kind: 'refused'; reason: string }
  >;
  queryServiceOrder(outOrderNo: string): Promise<ServiceOrder | undefined>;
  cancelServiceOrder(outOrderNo: string, reason: string): Promise<void>;
  /**
   * Completes with what is owed; `collectAs` is our payment's number for it (the sandbox's trade;
   * WeChat's USER_PAID names the service order, and the notification handler finds the payment).
   */
  completeServiceOrder(
    outOrderNo: string,
    items: { name: string; amount: number; description: string }[],
    endTime: string,
    collectAs?: string,
  ): Promise<void>;
}

export function hasPayScore(gateway: object): gateway is PayScoreApi {
  return 'createServiceOrder' in gateway;
}

/** Form fields of a notification, as the providers post them. */
export type NotificationFields = Record<string, string>;

/**
 * The fields the order engine reads from a verified notification (what the sandbox sends, and
 * what `interpret` turns a provider's own notification into):
 * - `notify_id`, the merchant field (`app_id` / `mchid`), `out_trade_no` (our trade or freeze
 *   request number);
 * - `notify_type`: `trade`, `freeze`, or `progress` (nothing final yet: acknowledged, ignored);
 * - trades: `trade_status` `TRADE_SUCCESS` or `TRADE_CLOSED`, `trade_no`;
 * - freezes: `status` `SUCCESS` or `FAIL`, `auth_no`, and `credit_amount` / `fund_amount` (fen)
 *   where credit waived part of it;
 * - `total_amount`: fen.
 */
export type CommonNotification = NotificationFields;

export interface TradeInput {
  outTradeNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  /** Who pays, as the provider knows them (Alipay `buyer_id` / `buyer_open_id` from login). */
  buyer?: { userId?: string; openId?: string };
  /** WeChat JSAPI: the payer's open id in the brand's mini-program. */
  payerOpenId?: string;
}

export type TradeStatus = 'open' | 'paid' | 'closed' | 'failed';

export interface TradeState {
  outTradeNo: string;
  tradeNo: string;
  amount: number;
  status: TradeStatus;
  /** Refunded so far, fen. */
  refunded: number;
}

export interface FreezeState {
  outRequestNo: string;
  authNo: string;
  amount: number;
  status: 'frozen' | 'failed';
  /** Still frozen, fen. */
  frozen: number;
  /** Of `amount`, what the user's credit waived (Zhima) and what is real money frozen. */
  creditAmount?: number;
  fundAmount?: number;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Our merchant id at the gateway (Alipay app id, WeChat mchid): notifications must carry it. */
  readonly merchantId: string;
  /** Opens a trade; the user pays it at the cashier, then a notification follows. Idempotent. */
  createTrade(input: TradeInput): Promise<{ tradeNo: string }>;
  queryTrade(outTradeNo: string): Promise<TradeState | undefined>;
  /** Closes an unpaid trade; says `paid` when it was paid meanwhile (then it stays open to refunds). */
  closeTrade(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'>;
  /**
   * A mobile-web cashier for the trade (Alipay `alipay.trade.wap.pay`): the signed URL the H5
   * storefront sends the user to; Alipay opens the trade itself (no buyer needed), returns to
   * `returnUrl` after paying or `quitUrl` when the user leaves, and notifies as for any trade.
   */
  wapPayUrl?(input: TradeInput & { returnUrl: string; quitUrl: string }): string;
  /**
   * A wallet that pays inside the mini-program (WeChat Pay JSAPI): the trade is opened for the
   * payer's open id, and the storefront hands these parameters, signed for the trade's prepay
   * id, to `wx.requestPayment`.
   */
  clientPayParams?(prepayId: string): WechatPayParams;
  /**
   * A gateway with a cashier page of ours (the sandbox): the link, signed for this payment, that
   * only whoever opened the payment can pay at. Without it the storefront gets the plain path.
   */
  cashierLink?(outTradeNo: string): string;
  /** Checks a notification's signature. */
  verify(fields: NotificationFields): boolean;
  /**
   * A verified notification in the provider's own words, put in the common fields the order
   * engine reads (see CommonNotification); absent when the provider already speaks them.
   */
  interpret?(fields: NotificationFields): NotificationFields;
  /** Refunds part of a paid trade; idempotent on `outRefundNo`. */
  refund(input: {
    outTradeNo: string;
    outRefundNo: string;
    amount: number;
    /** The whole trade's amount, fen (WeChat Pay asks for it with every refund). */
    tradeAmount?: number;
  }): Promise<void>;
  queryRefund(input: {
    outTradeNo: string;
    outRefundNo: string;
  }): Promise<{ amount: number } | undefined>;
}

export interface WithholdingGateway extends PaymentGateway {
  /** Charges a bound card without the user present; idempotent on `outTradeNo`; the outcome arrives by notification. */
  withhold(input: TradeInput & { agreementNo: string }): Promise<void>;
}

/** An order as the Alipay order centre shows it. */
export interface OrderCentreState {
  /** Our order number. */
  outBizNo: string;
  buyer: { userId?: string; openId?: string };
  /**
   * The online-rental category's merchant_order_status (server/README.md, "Order centre", maps
   * our states to these).
   */
  state: string;
  modifiedAt: Date;
  createdAt: Date;
  title: string;
  /** Fen: the whole rent, and what was paid so far. */
  amount: number;
  paid: number;
  /** The rental term as the user reads it (12个月, 7天). */
  lease: string;
  /** The storefront page the order centre links to. */
  page: string;
  /** The waybill the order centre shows: the return's once it shipped, else the delivery's. */
  waybill?: string;
  /** The next rent due and its amount (fen), while any is owed. */
  nextDue?: { date: string; amount: number };
  /** Owed on bills past their due date, fees included (fen); 0 when none. */
  overdueAmount: number;
}

export interface FundAuthGateway extends PaymentGateway {
  /** alipay.fund.auth.order.app.freeze: the outcome arrives by notification. Idempotent. */
  freeze(input: { outRequestNo: string; amount: number }): Promise<void>;
  /**
   * Where the user authorises the freeze in the wallet (the live gateway): the signed order
   * string the mini-program hands to `my.tradePay({ orderStr })`. Signing moves nothing; the
   * outcome arrives by notification. Without it the server asks for the freeze itself (freeze).
   */
  freezeOrder?(input: { outRequestNo: string; amount: number; title: string }): string;
  queryFreeze(outRequestNo: string): Promise<FreezeState | undefined>;
  /**
   * alipay.fund.auth.order.unfreeze; idempotent on `outRequestNo`. `completesCredit`: this
   * unfreeze ends a rental whose deposit credit waived, so Zhima records it as fulfilled.
   */
  unfreeze(input: {
    authNo: string;
    outRequestNo: string;
    amount: number;
    completesCredit?: boolean;
  }): Promise<void>;
  /** `authNo` names the authorisation where the provider needs it to find the operation. */
  queryUnfreeze(outRequestNo: string, authNo?: string): Promise<{ amount: number } | undefined>;
  /**
   * alipay.trade.pay with auth_no: takes money from the authorisation; idempotent on `outTradeNo`.
   * `authRequestNo` is the freeze's own request number (where the provider looks up the payer).
   */
  payFromAuth(
    input: TradeInput & {
      authNo: string;
      authRequestNo: string;
      /** Credit waived part of the deposit: the payment is the rent the credit order promised. */
      credit?: boolean;
    },
  ): Promise<void>;
  /**
   * alipay.merchant.order.sync: the order's state in the user's Alipay order centre (live only).
   * The same state again, or an older one (by `modifiedAt`), changes nothing there.
   */
  syncOrder?(input: OrderCentreState): Promise<void>;
}

/** One brand's gateways, by the channel names payments use. */
export interface Gateways {
  alipay: FundAuthGateway;
  wechat: PaymentGateway;
  card: WithholdingGateway;
}

/**
 * Every brand is its own merchant at each provider (its own app id, merchant number and keys),
 * so gateways are had per brand: a payment goes through the gateways of its order's brand, and a
 * notification arrives at the notify URL of the brand that asked (`/pay/notify/<gateway>/<brand>`).
 */
export interface PaymentProviders {
  forBrand(platform: number): Gateways;
}
