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
import type { WechatBrandSettings } from '../live-settings.ts';
import { ProviderError } from '../providers/errors.ts';
import type { NotificationFields, PaymentGateway, TradeInput, TradeState } from './gateway.ts';

/** What wx.requestPayment takes (the storefront passes it on as is). */
export interface WechatPayParams {
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/**
 * Why a notification was refused: its signature (headers, key id, time or the signature itself),
 * or, signed by WeChat Pay, a resource that does not decrypt with the APIv3 key.
 */
export type WechatNotificationRefusal = { kind: 'refused'; failed: 'signature' | 'decryption' };

/** A notification that passed its signature and decryption. */
export type WechatNotification =
  | { kind: 'trade'; fields: NotificationFields }
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

export class WechatPayGateway implements PaymentGateway {
  readonly name = 'wechat' as const;
  readonly merchantId: string;
  private readonly client: Decorator;

  constructor(
    private readonly brand: WechatBrandSettings,
    private readonly options: {
      apiBase: string;
      timeoutMs: number;
      /** Where WeChat Pay posts this brand's notifications. */
      notifyUrl: () => string;
    },
  ) {
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
  ): Promise<{ status: number; data: T }> {
    try {
      const response = await this.client.request(path, method, data, {
        ...placeholders,
        ...(method === 'GET' ? { params: { mchid: this.merchantId } } : {}),
      });
      return { status: response.status, data: response.data as T };
    } catch (error) {
      throw this.failure(path, error as AxiosLikeError);
    }
  }

  private failure(path: string, error: AxiosLikeError): ProviderError & { wechatCode?: string } {
    const status = error.response?.status;
    const code = error.response?.data?.code ?? error.code ?? 'NETWORK';
    // Answers that fail verification are not trusted either way: retry.
    const final = status !== undefined && status >= 400 && status < 500 && FINAL_CODES.has(code);
    const failure = new ProviderError(
      'wechat',
      final ? 'rejected' : 'unavailable',
      `${path}: ${status ?? '-'} ${code}`,
    ) as ProviderError & { wechatCode?: string };
    failure.wechatCode = code;
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
