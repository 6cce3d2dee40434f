/**
 * WeChat Pay v3, JSAPI (mini-program) payments of one brand's merchant, on wechatpay-axios-plugin:
 * it signs every request (`Authorization: WECHATPAY2-SHA256-RSA2048 …` with the merchant API key)
 * and verifies every answer's `Wechatpay-Signature` against WeChat Pay's public key before this code
 * sees it; the AES-GCM and RSA helpers decrypt notifications and sign the mini-program's paySign.
 *
 * - createTrade: `/v3/pay/transactions/jsapi` with the payer's open id → prepay_id (our tradeNo).
 *   WeChat answers the same prepay_id for the same out_trade_no, so asking twice is harmless.
 * - clientPayParams: what `wx.requestPayment` takes, signed for this prepay_id.
 * - queryTrade / closeTrade by out_trade_no; refund / queryRefund by out_refund_no (idempotent
 *   at WeChat on our numbers).
 * - decodeNotification: `Wechatpay-Signature` over `timestamp\nnonce\nbody\n`, the serial must be
 *   our platform key's id, the timestamp within 5 minutes; the resource is decrypted
 *   (AEAD_AES_256_GCM, the APIv3 key) and must name our mchid and appid.
 */
import { randomBytes } from 'node:crypto';
import { Aes, Decorator, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { WechatBrandSettings } from '../boot/live-settings.ts';
import { ProviderError } from '../providers/errors.ts';
import type {
  NotificationFields,
  PayScoreApi,
  PayScoreConfirmation,
  PaymentGateway,
  ServiceOrder,
  TradeInput,
  TradeState,
  WechatPayParams,
} from './gateway.ts';

export type { PayScoreConfirmation, ServiceOrder, WechatPayParams } from './gateway.ts';

/**
 * Why a notification was refused: its signature (headers, key id, time or the signature itself),
 * or, signed by WeChat Pay, a resource that does not decrypt with the APIv3 key.
 */
export type WechatNotificationRefusal = { kind: 'refused'; failed: 'signature' | 'decryption' };

/** A notification that passed its signature and decryption. */
export type WechatNotification =
  | { kind: 'trade'; fields: NotificationFields }
  | {
      kind: 'payscore';
      notifyId: string;
      /** PAYSCORE.USER_CONFIRM or PAYSCORE.USER_PAID. */
      event: string;
      order: ServiceOrder;
      payload: string;
    }
  | {
      kind: 'refund';
      notifyId: string;
      mchid: string;
      outTradeNo: string;
      outRefundNo: string;
      /** SUCCESS, CLOSED or ABNORMAL. */
      status: string;
      amount: number;
      payload: string;
    };

interface AxiosLikeError {
  response?: { status?: number; data?: { code?: string; message?: string } };
  code?: string;
  message?: string;
}

interface Transaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; payer_total?: number };
}

interface Refund {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_status?: string;
  status?: string;
  amount?: { refund?: number; total?: number };
}

/** Seconds a notification's timestamp may differ from our clock (WeChat's own limit). */
const NOTIFY_CLOCK_SKEW_SECONDS = 300;

/** Errors after which asking again cannot help: the job records the refusal. */
const FINAL_CODES = new Set([
  'INVALID_REQUEST',
  'PARAM_ERROR',
  'NOT_ENOUGH',
  'ORDER_NOT_EXIST',
  'RESOURCE_NOT_EXISTS',
  'USER_ACCOUNT_ABNORMAL',
  'NO_AUTH',
  'MCH_NOT_EXISTS',
  'APPID_MCHID_NOT_MATCH',
  'OPENID_MISMATCH',
  'ORDER_CLOSED',
]);

const TRADE_STATES: Record<string, TradeState['status']> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'open',
  USERPAYING: 'open',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

/** What a service order collects (完结 and 修改): WeChat caps the name at 20 and the text at 30. */
function postPayments(items: { name: string; amount: number; description: string }[]) {
  return items.map((item) => ({
    name: item.name.slice(0, 20),
    amount: item.amount,
    description: item.description.slice(0, 30),
    count: 1,
  }));
}

export class WechatPayGateway implements PaymentGateway, PayScoreApi {
  readonly name = 'wechat' as const;
  readonly merchantId: string;
  private readonly client: Decorator;

  private readonly brand: WechatBrandSettings;
  private readonly options: {
    apiBase: string;
    timeoutMs: number;
    /** Where WeChat Pay posts this brand's notifications. */
    notifyUrl: () => string;
  };

  constructor(
    brand: WechatBrandSettings,
    options: {
      apiBase: string;
      timeoutMs: number;
      /** Where WeChat Pay posts this brand's notifications. */
      notifyUrl: () => string;
    },
  ) {
    this.brand = brand;
    this.options = options;
    this.merchantId = brand.pay.mchid;
    this.client = new Decorator({
      mchid: brand.pay.mchid,
      serial: brand.pay.merchantSerialNo,
      privateKey: brand.pay.merchantPrivateKey.reveal(),
      certs: { [brand.pay.platformPublicKeyId]: brand.pay.platformPublicKey },
      baseURL: `${options.apiBase}/`,
      timeout: options.timeoutMs,
    } as ConstructorParameters<typeof Decorator>[0]);
  }

  /** One signed call; WeChat's refusal as a ProviderError (final or retryable), the answer verified. */
  private async call<T>(
    path: string,
    method: 'GET' | 'POST',
    data: object | undefined,
    placeholders: Record<string, string> = {},
    /** A GET's query; the transaction and refund queries' is the merchant id. */
    params: Record<string, string> = { mchid: this.merchantId },
  ): Promise<{ status: number; data: T }> {
    try {
      const response = await this.client.request(path, method, data, {
        ...placeholders,
        ...(method === 'GET' ? { params } : {}),
      });
      return { status: response.status, data: response.data as T };
    } catch (error) {
      throw this.failure(path, error as AxiosLikeError);
    }
  }

  private failure(
    path: string,
    error: AxiosLikeError,
  ): ProviderError & { wechatCode?: string; wechatMessage?: string } {
    const status = error.response?.status;
    const code = error.response?.data?.code ?? error.code ?? 'NETWORK';
    // Answers that fail verification are not trusted either way: retry.
    const final = status !== undefined && status >= 400 && status < 500 && FINAL_CODES.has(code);
    const failure = new ProviderError(
      'wechat',
      final ? 'rejected' : 'unavailable',
      `${path}: ${status ?? '-'} ${code}`,
    ) as ProviderError & { wechatCode?: string; wechatMessage?: string };
    failure.wechatCode = code;
    failure.wechatMessage = error.response?.data?.message;
    return failure;
  }

  async createTrade(input: TradeInput): Promise<{ tradeNo: string }> {
    if (!input.payerOpenId)
      throw new ProviderError('wechat', 'rejected', 'the payer has no WeChat open id');
    const { data } = await this.call<{ prepay_id?: string }>('v3/pay/transactions/jsapi', 'POST', {
      appid: this.brand.appId,
      mchid: this.merchantId,
      description: input.subject.slice(0, 127),
      out_trade_no: input.outTradeNo,
      notify_url: this.options.notifyUrl(),
      amount: { total: input.amount, currency: 'CNY' },
      payer: { openid: input.payerOpenId },
    });
    if (!data.prepay_id) throw new ProviderError('wechat', 'unavailable', 'jsapi: no prepay_id');
    return { tradeNo: data.prepay_id };
  }

  /** wx.requestPayment's parameters for a prepay id, signed with the merchant key (RSA). */
  clientPayParams(prepayId: string): WechatPayParams {
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(
      Formatter.joinedByLineFeed(this.brand.appId, timeStamp, nonceStr, pkg),
      this.brand.pay.merchantPrivateKey.reveal(),
    );
    return { timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async queryTrade(outTradeNo: string): Promise<TradeState | undefined> {
    try {
      const { data } = await this.call<Transaction>(
        'v3/pay/transactions/out-trade-no/{out_trade_no}',
        'GET',
        undefined,
        { out_trade_no: outTradeNo },
      );
      if (data.mchid !== this.merchantId || data.out_trade_no !== outTradeNo)
        throw new ProviderError('wechat', 'unavailable', 'query: answer for another trade');
      return {
        outTradeNo,
        tradeNo: data.transaction_id ?? '',
        amount: data.amount?.total ?? 0,
        status: TRADE_STATES[data.trade_state ?? ''] ?? 'open',
        refunded: 0,
      };
    } catch (error) {
      if ((error as { wechatCode?: string }).wechatCode === 'ORDER_NOT_EXIST') return undefined;
      throw error;
    }
  }

  async closeTrade(outTradeNo: string): Promise<'closed' | 'paid' | 'unknown'> {
    try {
      await this.call(
        'v3/pay/transactions/out-trade-no/{out_trade_no}/close',
        'POST',
        { mchid: this.merchantId },
        { out_trade_no: outTradeNo },
      );
      return 'closed';
    } catch (error) {
      const code = (error as { wechatCode?: string }).wechatCode;
      if (code === 'ORDERPAID') return 'paid';
      if (code === 'ORDER_NOT_EXIST') return 'unknown';
      throw error;
    }
  }

  // ------------------------------------------------------------------ Pay Score (微信支付分)
  // Deposit-free mode with the user's confirmation (需确认模式, 先免: the deposit is the service
  // order's risk fund). API pages followed (pay.weixin.qq.com/docs/merchant/apis/weixin-pay-score/
  // …, 2024-12 to 2025-03): 创建支付分订单 POST /v3/payscore/serviceorder (state CREATED, answers
  // `package`); 查询 GET /v3/payscore/serviceorder?service_id&out_order_no&appid; 取消 POST
  // …/{out_order_no}/cancel; 修改订单金额 POST …/{out_order_no}/modify; 完结 POST
  // …/{out_order_no}/complete; notifications PAYSCORE.USER_CONFIRM and PAYSCORE.USER_PAID. The
  // mini-program opens the confirmation with wx.openBusinessView({ businessType:
  // 'wxpayScoreUse', extraData: { package } }) (调起支付分-确认订单, 2025-03-05: package only).

  /** The brand's Pay Score service id; a brand without one offers no Pay Score. */
  private serviceId(): string {
    const id = this.brand.payScore?.serviceId;
    if (!id) throw new ProviderError('wechat', 'rejected', 'this brand has no Pay Score service');
    return id;
  }

  /**
   * Creates the service order holding `deposit` as its risk fund (DEPOSIT, the 先免 mode's name
   * for a deposit), for the user to confirm in WeChat. Re-entrant on the same parameters (the
   * page says "支持原参重入"). Pay Score's own assessment refusing the user ("综合评估未通过",
   * INVALID_REQUEST) is answered as `refused`, with WeChat's message.
   */
  async createServiceOrder(input: {
    outOrderNo: string;
    openId: string;
    deposit: number;
    title: string;
    /** yyyyMMddHHmmss, Beijing time: the lease's start and expected end. */
    startTime: string;
    endTime: string;
  }): Promise<
    | { kind: 'created'; orderId: string; confirmation: PayScoreConfirmation }
    | { kind: 'refused'; reason: string }
  > {
    try {
      const { data } = await this.call<ServiceOrder>('v3/payscore/serviceorder', 'POST', {
        out_order_no: input.outOrderNo,
        appid: this.brand.appId,
        service_id: this.serviceId(),
        service_introduction: input.title.slice(0, 20),
        time_range: { start_time: input.startTime, end_time: input.endTime },
        risk_fund: { name: 'DEPOSIT', amount: input.deposit, description: '租赁押金' },
        notify_url: this.options.notifyUrl(),
        openid: input.openId,
        need_user_confirm: true,
      });
      if (!data.package || data.out_order_no !== input.outOrderNo)
        throw new ProviderError('wechat', 'unavailable', 'payscore create: no package');
      return {
        kind: 'created',
        orderId: data.order_id ?? '',
        confirmation: { businessType: 'wxpayScoreUse', extraData: { package: data.package } },
      };
    } catch (error) {
      const failure = error as ProviderError & { wechatCode?: string; wechatMessage?: string };
      if (failure.wechatCode === 'INVALID_REQUEST' && /评估/.test(failure.wechatMessage ?? ''))
        return { kind: 'refused', reason: failure.wechatMessage ?? '' };
      throw error;
    }
  }

  /** The service order as WeChat Pay holds it, or undefined when it has none of that number. */
  async queryServiceOrder(outOrderNo: string): Promise<ServiceOrder | undefined> {
    try {
      const { data } = await this.call<ServiceOrder>(
        'v3/payscore/serviceorder',
        'GET',
        undefined,
        {},
        { service_id: this.serviceId(), out_order_no: outOrderNo, appid: this.brand.appId },
      );
      if (data.out_order_no !== outOrderNo || data.service_id !== this.serviceId())
        throw new ProviderError('wechat', 'unavailable', 'payscore query: another order');
      return data;
    } catch (error) {
      const code = (error as { wechatCode?: string }).wechatCode;
      if (code === 'ORDER_NOT_EXIST' || code === 'RESOURCE_NOT_EXISTS') return undefined;
      throw error;
    }
  }

  /** Cancels a service order nothing is owed on (the rental cancelled before shipping). */
  async cancelServiceOrder(outOrderNo: string, reason: string): Promise<void> {
    const order = await this.queryServiceOrder(outOrderNo);
    if (!order || order.state === 'REVOKED' || order.state === 'EXPIRED') return;
    await this.call(
      'v3/payscore/serviceorder/{out_order_no}/cancel',
      'POST',
      { appid: this.brand.appId, service_id: this.serviceId(), reason: reason.slice(0, 50) },
      { out_order_no: outOrderNo },
    );
  }

  /**
   * Completes the service order with what the user owes at the end (`items`, fen; none after a
   * clean return): WeChat collects it and notifies PAYSCORE.USER_PAID. Asked again once
   * completed, it changes nothing.
   */
  async completeServiceOrder(
    outOrderNo: string,
    items: { name: string; amount: number; description: string }[],
    endTime: string,
    // WeChat's USER_PAID names the service order; the notification handler finds the payment.
    _collectAs?: string,
  ): Promise<void> {
    const order = await this.queryServiceOrder(outOrderNo);
    if (!order) throw new ProviderError('wechat', 'rejected', `payscore: no order ${outOrderNo}`);
    if (order.state === 'DONE' || order.state_description === 'MCH_COMPLETE') return;
    const total = items.reduce((sum, item) => sum + item.amount, 0);
    await this.call(
      'v3/payscore/serviceorder/{out_order_no}/complete',
      'POST',
      {
        appid: this.brand.appId,
        service_id: this.serviceId(),
        post_payments: postPayments(items),
        total_amount: total,
        time_range: { end_time: endTime },
      },
      { out_order_no: outOrderNo },
    );
  }

  /**
   * Changes what a completed, still unpaid service order collects (修改订单金额: only after the
   * completion, before the user paid).
   */
  async modifyServiceOrder(
    outOrderNo: string,
    items: { name: string; amount: number; description: string }[],
    reason: string,
  ): Promise<void> {
    await this.call(
      'v3/payscore/serviceorder/{out_order_no}/modify',
      'POST',
      {
        appid: this.brand.appId,
        service_id: this.serviceId(),
        post_payments: postPayments(items),
        total_amount: items.reduce((sum, item) => sum + item.amount, 0),
        reason: reason.slice(0, 50),
      },
      { out_order_no: outOrderNo },
    );
  }

  /** Form-posted notifications are not WeChat Pay v3's: only decodeNotification is trusted. */
  verify(_fields: NotificationFields): boolean {
    return false;
  }

  async refund(input: {
    outTradeNo: string;
    outRefundNo: string;
    amount: number;
    tradeAmount?: number;
  }): Promise<void> {
    if (!input.tradeAmount)
      throw new ProviderError('wechat', 'rejected', 'refund without the trade amount');
    const { data } = await this.call<Refund>('v3/refund/domestic/refunds', 'POST', {
      out_trade_no: input.outTradeNo,
      out_refund_no: input.outRefundNo,
      notify_url: this.options.notifyUrl(),
      amount: { refund: input.amount, total: input.tradeAmount, currency: 'CNY' },
    });
    // PROCESSING and SUCCESS: WeChat holds the refund (its notification says when it lands).
    if (data.status === 'CLOSED')
      throw new ProviderError('wechat', 'rejected', 'refund: CLOSED at once');
  }

  async queryRefund(input: {
    outTradeNo: string;
    outRefundNo: string;
  }): Promise<{ amount: number } | undefined> {
    try {
      const { data } = await this.call<Refund>(
        'v3/refund/domestic/refunds/{out_refund_no}',
        'GET',
        undefined,
        { out_refund_no: input.outRefundNo },
      );
      if (data.out_refund_no !== input.outRefundNo || data.status === 'CLOSED') return undefined;
      return { amount: data.amount?.refund ?? 0 };
    } catch (error) {
      if ((error as { wechatCode?: string }).wechatCode === 'RESOURCE_NOT_EXISTS') return undefined;
      throw error;
    }
  }

  /**
   * A notification as WeChat Pay v3 posts it (headers and the raw JSON body), or undefined when
   * it is not provably WeChat Pay's: bad or stale signature, unknown key, undecryptable resource.
   */
  decodeNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    nowSeconds: number,
  ): WechatNotification | WechatNotificationRefusal {
    const refused = (failed: WechatNotificationRefusal['failed']) =>
      ({ kind: 'refused', failed }) as const;
    const header = (name: string) => {
      const value = headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    };
    const timestamp = header('Wechatpay-Timestamp');
    const nonce = header('Wechatpay-Nonce');
    const serial = header('Wechatpay-Serial');
    const signature = header('Wechatpay-Signature');
    if (!timestamp || !nonce || !serial || !signature) return refused('signature');
    if (serial !== this.brand.pay.platformPublicKeyId) return refused('signature');
    if (!/^\d{1,12}$/.test(timestamp)) return refused('signature');
    if (Math.abs(nowSeconds - Number(timestamp)) > NOTIFY_CLOCK_SKEW_SECONDS)
      return refused('signature');
    let verified = false;
    try {
      verified = Rsa.verify(
        Formatter.response(timestamp, nonce, rawBody),
        signature,
        this.brand.pay.platformPublicKey,
      );
    } catch {
      verified = false;
    }
    if (!verified) return refused('signature');
    let envelope: {
      id?: string;
      event_type?: string;
      resource?: {
        algorithm?: string;
        ciphertext?: string;
        nonce?: string;
        associated_data?: string;
      };
    };
    let plain: string;
    try {
      envelope = JSON.parse(rawBody) as typeof envelope;
      const resource = envelope.resource;
      if (resource?.algorithm !== 'AEAD_AES_256_GCM' || !resource.ciphertext || !resource.nonce)
        return refused('decryption');
      plain = Aes.AesGcm.decrypt(
        resource.ciphertext,
        this.brand.pay.apiV3Key.reveal(),
        resource.nonce,
        resource.associated_data ?? '',
      );
    } catch {
      return refused('decryption');
    }
    const notifyId = String(envelope.id ?? '').slice(0, 64);
    const eventType = String(envelope.event_type ?? '');
    if (!notifyId) return refused('decryption');
    if (eventType.startsWith('REFUND.')) {
      const refund = JSON.parse(plain) as Refund;
      return {
        kind: 'refund',
        notifyId,
        mchid: refund.mchid ?? '',
        outTradeNo: refund.out_trade_no ?? '',
        outRefundNo: refund.out_refund_no ?? '',
        status: refund.refund_status ?? eventType.slice('REFUND.'.length),
        amount: refund.amount?.refund ?? 0,
        payload: plain,
      };
    }
    if (eventType.startsWith('PAYSCORE.')) {
      const order = JSON.parse(plain) as ServiceOrder;
      return {
        kind: 'payscore',
        notifyId,
        event: eventType,
        // A service order of another mini-program or service is not ours, whatever it says.
        order:
          order.appid === this.brand.appId && order.service_id === this.brand.payScore?.serviceId
            ? order
            : { ...order, mchid: '' },
        payload: plain,
      };
    }
    const trade = JSON.parse(plain) as Transaction;
    return {
      kind: 'trade',
      fields: {
        notify_id: notifyId,
        // An answer for another mini-program is not ours, whatever merchant it names.
        mchid: trade.appid === this.brand.appId ? (trade.mchid ?? '') : '',
        out_trade_no: trade.out_trade_no ?? '',
        trade_status:
          trade.trade_state === 'SUCCESS' ? 'TRADE_SUCCESS' : `TRADE_${trade.trade_state ?? ''}`,
        total_amount: String(trade.amount?.total ?? ''),
        trade_no: trade.transaction_id ?? '',
      },
    };
  }
}
