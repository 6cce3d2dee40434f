/**
 * A local api.mch.weixin.qq.com (WeChat Pay v3) for tests, on loopback, written from the protocol
 * with node:crypto alone (not the SDK the adapter uses, so each checks the other):
 *
 * - every request must carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   signature=…,timestamp=…,serial_no=…`, an RSA-SHA256 signature of
 *   `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` by the merchant's key (401 SIGN_ERROR otherwise);
 * - every answer is signed (`Wechatpay-Timestamp/Nonce/Serial/Signature` over `ts\nnonce\nbody\n`);
 * - jsapi prepay, query and close by out_trade_no, refunds and refund query, as documented;
 * - `requestPayment` is what wx.requestPayment does: checks paySign, pays the trade;
 * - notifications (TRANSACTION.SUCCESS, REFUND.SUCCESS/ABNORMAL) are AES-256-GCM encrypted with
 *   the APIv3 key, signed, posted asynchronously and retried until answered 2xx;
 * - on demand: fail the next call of a path (an error code, a 500, a timeout), notify twice.
 */
import {
  createCipheriv,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign as rsaSign,
  verify as rsaVerify,
  type KeyObject,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMerchant {
  mchid: string;
  appId: string;
  serialNo: string;
  merchantPublicKey: string;
  apiV3Key: string;
}

interface Trade {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id: string;
  prepay_id: string;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  amount: number;
  openid: string;
  notify_url: string;
  description: string;
  success_time?: string;
}

interface RefundRecord {
  mchid: string;
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  amount: number;
  total: number;
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  notify_url: string;
}

type Failure = { status: number; code: string } | 'timeout';

export interface Delivery {
  id: string;
  eventType: string;
  url: string;
  answers: number[];
}

const rfc3339 = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+08:00');

export class FakeWechatPay {
  private server: http.Server | undefined;
  baseUrl = '';
  private readonly platformKey: KeyObject;
  private readonly merchants = new Map<string, FakeMerchant & { key: KeyObject }>();
  readonly trades = new Map<string, Trade>();
  readonly refunds = new Map<string, RefundRecord>();
  private readonly failures = new Map<string, Failure[]>();
  /** Every notification sent and the HTTP status of each attempt. */
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** Requests refused for their signature. */
  badSignatures = 0;
  /** Send every notification twice (as WeChat may). */
  notifyTwice = false;
  /** Refunds end ABNORMAL instead of SUCCESS. */
  refundOutcome: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS';
  /** The next N delivery attempts go out with a broken signature (a proxy mangled them, say). */
  corruptNextDeliveries = 0;
  retryDelayMs = 30;
  maxAttempts = 5;

  constructor(
    platformPrivateKey: string,
    readonly platformKeyId: string,
  ) {
    this.platformKey = createPrivateKey(platformPrivateKey);
  }

  addMerchant(merchant: FakeMerchant): void {
    this.merchants.set(merchant.mchid, {
      ...merchant,
      key: createPublicKey(merchant.merchantPublicKey),
    });
  }

  /** The next call whose path starts with `pathPrefix` fails this way. */
  failNext(pathPrefix: string, failure: Failure): void {
    this.failures.set(pathPrefix, [...(this.failures.get(pathPrefix) ?? []), failure]);
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () =>
        this.handle(request, Buffer.concat(chunks).toString('utf8'), response),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await this.settled();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Resolves once every notification was answered or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  // --- the wallet's side ----------------------------------------------------------------------

  /**
   * wx.requestPayment: the parameters must be signed by the merchant of the prepay id for its
   * app; the trade is paid and its notification sent. Resolves with wx's errMsg.
   */
  requestPayment(params: {
    timeStamp: string;
    nonceStr: string;
    package: string;
    signType: string;
    paySign: string;
  }): string {
    const prepayId = params.package.replace(/^prepay_id=/, '');
    const trade = [...this.trades.values()].find((t) => t.prepay_id === prepayId);
    if (!trade || params.signType !== 'RSA') return 'requestPayment:fail invalid package';
    const merchant = this.merchants.get(trade.mchid)!;
    const message = `${trade.appid}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    if (
      !rsaVerify(
        'sha256',
        Buffer.from(message),
        merchant.key,
        Buffer.from(params.paySign, 'base64'),
      )
    )
      return 'requestPayment:fail invalid paySign';
    if (trade.trade_state !== 'NOTPAY') return 'requestPayment:fail order paid or closed';
    trade.trade_state = 'SUCCESS';
    trade.success_time = rfc3339();
    this.notify(
      trade.notify_url,
      trade.mchid,
      'TRANSACTION.SUCCESS',
      'transaction',
      this.transactionJson(trade),
    );
    return 'requestPayment:ok';
  }

  // --- notifications --------------------------------------------------------------------------

  /** The body and headers of a notification, encrypted and signed (tests may tamper with them). */
  buildNotification(mchid: string, eventType: string, originalType: string, resource: object) {
    const merchant = this.merchants.get(mchid)!;
    const nonce = randomBytes(6).toString('hex');
    const associated = originalType;
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(merchant.apiV3Key),
      Buffer.from(nonce),
    );
    cipher.setAAD(Buffer.from(associated));
    const encrypted = Buffer.concat([
      cipher.update(JSON.stringify(resource), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const id = crypto.randomUUID();
    const body = JSON.stringify({
      id,
      create_time: rfc3339(),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: eventType.startsWith('REFUND') ? '退款成功' : '支付成功',
      resource: {
        original_type: originalType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: encrypted.toString('base64'),
        associated_data: associated,
        nonce,
      },
    });
    return { id, body, headers: this.signedHeaders(body) };
  }

  /** Posts a notification, retrying until a 2xx (WeChat retries for 24 h; here a few times). */
  notify(
    url: string,
    mchid: string,
    eventType: string,
    originalType: string,
    resource: object,
  ): void {
    const built = this.buildNotification(mchid, eventType, originalType, resource);
    for (let copy = 0; copy < (this.notifyTwice ? 2 : 1); copy++)
      this.deliver({ url, ...built }, eventType);
  }

  /** Posts a (possibly tampered) notification once; resolves with the HTTP status. */
  async post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    return (await this.postForAnswer(url, body, headers)).status;
  }

  /** Posts a notification once; resolves with the status and the answer's `message`, if any. */
  async postForAnswer(
    url: string,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; message?: string }> {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await response.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    return { status: response.status, message };
  }

  private deliver(
    notification: { url: string; id: string; body: string; headers: Record<string, string> },
    eventType: string,
  ): void {
    const delivery: Delivery = {
      id: notification.id,
      eventType,
      url: notification.url,
      answers: [],
    };
    this.deliveries.push(delivery);
    const run = (async () => {
      // Asynchronous, as WeChat's: never inside the call that caused it.
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
        let status = 0;
        try {
          const corrupt = this.corruptNextDeliveries > 0;
          if (corrupt) this.corruptNextDeliveries--;
          status = await this.post(
            notification.url,
            corrupt ? `${notification.body} ` : notification.body,
            notification.headers,
          );
        } catch {
          status = 0;
        }
        delivery.answers.push(status);
        if (status >= 200 && status < 300) return;
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * (attempt + 1)));
      }
    })();
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  // --- the API --------------------------------------------------------------------------------

  /** WeChat Pay's signature headers for a body (what its answers and notifications carry). */
  signedHeaders(body: string): Record<string, string> {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = rsaSign(
      'sha256',
      Buffer.from(`${timestamp}\n${nonce}\n${body}\n`),
      this.platformKey,
    );
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Serial': this.platformKeyId,
      'Wechatpay-Signature': signature.toString('base64'),
      'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048',
    };
  }

  private send(response: http.ServerResponse, status: number, data?: object): void {
    const body = data === undefined ? '' : JSON.stringify(data);
    response.writeHead(status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'Request-ID': randomBytes(8).toString('hex'),
      ...this.signedHeaders(body),
    });
    response.end(body);
  }

  /** The merchant whose valid signature the request carries, or undefined. */
  private authenticate(request: http.IncomingMessage, body: string) {
    const header = request.headers.authorization ?? '';
    const match = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header);
    if (!match) return undefined;
    const parts = Object.fromEntries(
      [...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const merchant = this.merchants.get(parts.mchid ?? '');
    if (!merchant || parts.serial_no !== merchant.serialNo) return undefined;
    const timestamp = Number(parts.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      return undefined;
    const message = `${request.method}\n${request.url}\n${parts.timestamp}\n${parts.nonce_str}\n${body}\n`;
    const ok = rsaVerify(
      'sha256',
      Buffer.from(message),
      merchant.key,
      Buffer.from(parts.signature ?? '', 'base64'),
    );
    return ok ? merchant : undefined;
  }

  private transactionJson(trade: Trade) {
    return {
      appid: trade.appid,
      mchid: trade.mchid,
      out_trade_no: trade.out_trade_no,
      transaction_id: trade.transaction_id,
      trade_type: 'JSAPI',
      trade_state: trade.trade_state,
      trade_state_desc: trade.trade_state,
      bank_type: 'OTHERS',
      success_time: trade.success_time,
      payer: { openid: trade.openid },
      amount: {
        total: trade.amount,
        payer_total: trade.amount,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
    };
  }

  private refundJson(refund: RefundRecord) {
    return {
      refund_id: refund.refund_id,
      out_refund_no: refund.out_refund_no,
      transaction_id: this.trades.get(refund.out_trade_no)?.transaction_id,
      out_trade_no: refund.out_trade_no,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      create_time: rfc3339(),
      status: refund.status,
      amount: {
        total: refund.total,
        refund: refund.amount,
        payer_total: refund.total,
        payer_refund: refund.amount,
        currency: 'CNY',
      },
    };
  }

  private handle(request: http.IncomingMessage, body: string, response: http.ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const merchant = this.authenticate(request, body);
    if (!merchant) {
      this.badSignatures++;
      return this.send(response, 401, { code: 'SIGN_ERROR', message: '签名错误' });
    }
    const failure = [...this.failures.entries()].find(
      ([prefix, list]) => path.startsWith(prefix) && list.length > 0,
    );
    if (failure) {
      const next = failure[1].shift()!;
      if (next === 'timeout') return; // never answered: the client's timeout decides
      return this.send(response, next.status, { code: next.code, message: `forced ${next.code}` });
    }
    let input: Record<string, unknown> = {};
    try {
      input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      return this.send(response, 400, { code: 'PARAM_ERROR', message: 'body is not JSON' });
    }
    const amount = (input.amount ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v3/pay/transactions/jsapi') {
      if (input.mchid !== merchant.mchid || input.appid !== merchant.appId)
        return this.send(response, 400, {
          code: 'APPID_MCHID_NOT_MATCH',
          message: 'appid和mch_id不匹配',
        });
      const openid = ((input.payer ?? {}) as Record<string, unknown>).openid;
      const outTradeNo = String(input.out_trade_no ?? '');
      if (
        typeof openid !== 'string' ||
        !openid ||
        !outTradeNo ||
        typeof amount.total !== 'number' ||
        amount.total <= 0
      )
        return this.send(response, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      const known = this.trades.get(outTradeNo);
      if (known) {
        if (known.amount !== amount.total || known.openid !== openid)
          return this.send(response, 400, {
            code: 'INVALID_REQUEST',
            message: '201 商户订单号重复',
          });
        if (known.trade_state === 'SUCCESS')
          return this.send(response, 400, { code: 'ORDERPAID', message: '该订单已支付' });
        return this.send(response, 200, { prepay_id: known.prepay_id });
      }
      const trade: Trade = {
        appid: merchant.appId,
        mchid: merchant.mchid,
        out_trade_no: outTradeNo,
        transaction_id: `4200${Date.now()}${randomBytes(4).toString('hex')}`,
        prepay_id: `wx${Date.now()}${randomBytes(8).toString('hex')}`,
        trade_state: 'NOTPAY',
        amount: amount.total,
        openid,
        notify_url: String(input.notify_url ?? ''),
        description: String(input.description ?? ''),
      };
      this.trades.set(outTradeNo, trade);
      return this.send(response, 200, { prepay_id: trade.prepay_id });
    }
    if (
      (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path)) &&
      request.method === 'GET'
    ) {
      const trade = this.trades.get(decodeURIComponent(m[1]!));
      if (!trade || trade.mchid !== url.searchParams.get('mchid'))
        return this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return this.send(response, 200, this.transactionJson(trade));
    }
    if (
      (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path)) &&
      request.method === 'POST'
    ) {
      const trade = this.trades.get(decodeURIComponent(m[1]!));
      if (!trade || trade.mchid !== input.mchid)
        return this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (trade.trade_state === 'SUCCESS' || trade.trade_state === 'REFUND')
        return this.send(response, 400, { code: 'ORDERPAID', message: '订单已支付' });
      trade.trade_state = 'CLOSED';
      return this.send(response, 204);
    }
    if (request.method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const outRefundNo = String(input.out_refund_no ?? '');
      const known = this.refunds.get(outRefundNo);
      if (known) return this.send(response, 200, this.refundJson(known));
      const trade = this.trades.get(String(input.out_trade_no ?? ''));
      if (!trade || trade.mchid !== merchant.mchid)
        return this.send(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (trade.trade_state !== 'SUCCESS' && trade.trade_state !== 'REFUND')
        return this.send(response, 400, { code: 'INVALID_REQUEST', message: '订单未支付' });
      if (amount.total !== trade.amount)
        return this.send(response, 400, { code: 'PARAM_ERROR', message: '订单金额与实际不符' });
      const already = [...this.refunds.values()]
        .filter((r) => r.out_trade_no === trade.out_trade_no && r.status !== 'CLOSED')
        .reduce((sum, r) => sum + r.amount, 0);
      if (
        typeof amount.refund !== 'number' ||
        amount.refund <= 0 ||
        already + amount.refund > trade.amount
      )
        return this.send(response, 403, { code: 'NOT_ENOUGH', message: '可退金额不足' });
      const refund: RefundRecord = {
        mchid: merchant.mchid,
        out_trade_no: trade.out_trade_no,
        out_refund_no: outRefundNo,
        refund_id: `5030${Date.now()}${randomBytes(4).toString('hex')}`,
        amount: amount.refund,
        total: trade.amount,
        status: 'PROCESSING',
        notify_url: String(input.notify_url ?? ''),
      };
      this.refunds.set(outRefundNo, refund);
      trade.trade_state = 'REFUND';
      // The refund lands later, then its notification; settled() waits for both.
      const landing = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => {
        refund.status = this.refundOutcome;
        this.notify(refund.notify_url, refund.mchid, `REFUND.${refund.status}`, 'refund', {
          mchid: refund.mchid,
          out_trade_no: refund.out_trade_no,
          transaction_id: trade.transaction_id,
          out_refund_no: refund.out_refund_no,
          refund_id: refund.refund_id,
          refund_status: refund.status,
          success_time: rfc3339(),
          user_received_account: '支付用户零钱',
          amount: {
            total: refund.total,
            refund: refund.amount,
            payer_total: refund.total,
            payer_refund: refund.amount,
          },
        });
      });
      this.pending.add(landing);
      void landing.finally(() => this.pending.delete(landing));
      return this.send(response, 200, this.refundJson(refund));
    }
    if ((m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path)) && request.method === 'GET') {
      const refund = this.refunds.get(decodeURIComponent(m[1]!));
      if (!refund || refund.mchid !== merchant.mchid)
        return this.send(response, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return this.send(response, 200, this.refundJson(refund));
    }
    return this.send(response, 404, { code: 'NOT_FOUND', message: 'no such API' });
  }
}
