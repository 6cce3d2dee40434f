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
 * - Pay Score (微信支付分, deposit-free 需确认 mode): create, query, cancel, modify and complete
 *   a service order under the merchant's service id, as the merchant API pages describe them
 *   (pay.weixin.qq.com/docs/merchant/apis/weixin-pay-score/…); `openBusinessView` is the WeChat
 *   client's confirmation page (the package opens once); PAYSCORE.USER_CONFIRM and, after a
 *   completion with money owed, the collection and PAYSCORE.USER_PAID, encrypted and signed as
 *   every notification; users its assessment refuses ("综合评估未通过") on demand.
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
  /** Pay Score service ids the merchant may use. */
  payScoreServiceIds?: string[];
}

interface PostPayment {
  name: string;
  amount: number;
  description?: string;
  count?: number;
}

/** A Pay Score service order as WeChat Pay keeps it. */
export interface ServiceOrder {
  appid: string;
  mchid: string;
  service_id: string;
  out_order_no: string;
  order_id: string;
  service_introduction: string;
  state: 'CREATED' | 'DOING' | 'DONE' | 'REVOKED' | 'EXPIRED';
  state_description?: 'USER_CONFIRM' | 'MCH_COMPLETE' | 'USER_PAID';
  risk_fund: { name: string; amount: number; description?: string };
  time_range: { start_time: string; end_time?: string };
  post_payments: PostPayment[];
  total_amount: number;
  notify_url: string;
  openid: string;
  package: string;
  /** The package opened the confirmation page already (it opens once). */
  packageUsed: boolean;
  need_collection: boolean;
  collection?: {
    state: 'USER_PAYING' | 'USER_PAID';
    total_amount: number;
    paying_amount: number;
    paid_amount: number;
    details: {
      seq: number;
      amount: number;
      paid_type: string;
      paid_time: string;
      transaction_id: string;
    }[];
  };
  /** Every request that changed it, for tests: cancel, modify, complete. */
  history: { action: string; body: Record<string, unknown> }[];
}

/** Risk-fund names of the deposit-free (先免) mode; ESTIMATE_ORDER_COST is 先享's. */
const DEPOSIT_FREE_RISK_FUNDS = new Set(['DEPOSIT', 'ADVANCE', 'CASH_DEPOSIT']);
const STAMP = /^\d{14}$/;

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
  /** How many times each notification is sent (the same id each time), unless notifyTwice. */
  notifyCopies = 1;
  /** Refunds end ABNORMAL instead of SUCCESS. */
  refundOutcome: 'SUCCESS' | 'ABNORMAL' = 'SUCCESS';
  /** The next N delivery attempts go out with a broken signature (a proxy mangled them, say). */
  corruptNextDeliveries = 0;
  retryDelayMs = 30;
  maxAttempts = 5;
  /** Pay Score service orders by out_order_no. */
  readonly serviceOrders = new Map<string, ServiceOrder>();
  /** Open ids Pay Score's assessment refuses (创单评估未通过). */
  readonly payScoreRefused = new Set<string>();
  /** Completed orders wait with USER_PAYING until `collect` (else WeChat collects at once). */
  holdCollection = false;

  readonly platformKeyId: string;

  constructor(platformPrivateKey: string, platformKeyId: string) {
    this.platformKeyId = platformKeyId;
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

  /**
   * wx.openBusinessView({ businessType: 'wxpayScoreUse', extraData: { package } }): the Pay Score
   * confirmation page. The package must be a service order of this mini-program's merchant, open
   * once; the user confirms (the order is DOING, USER_CONFIRM notified) or leaves.
   */
  openBusinessView(
    appId: string,
    params: { businessType: string; extraData?: { package?: string } },
    choice: 'confirm' | 'leave' = 'confirm',
  ): { errMsg: string; extraData?: { query_id: string } } {
    if (params.businessType !== 'wxpayScoreUse')
      return { errMsg: 'openBusinessView:fail invalid businessType' };
    const order = [...this.serviceOrders.values()].find(
      (o) => o.package === params.extraData?.package,
    );
    // 4185: no package; 4186: not the package the order answered; 4108: another app's order.
    if (!params.extraData?.package) return { errMsg: 'openBusinessView:fail 4185' };
    if (!order) return { errMsg: 'openBusinessView:fail 4186' };
    if (order.appid !== appId) return { errMsg: 'openBusinessView:fail 4108' };
    if (order.packageUsed || order.state !== 'CREATED')
      return { errMsg: 'openBusinessView:fail 订单未获得权益，系统繁忙' };
    order.packageUsed = true;
    if (choice === 'leave') return { errMsg: 'openBusinessView:ok' };
    order.state = 'DOING';
    order.state_description = 'USER_CONFIRM';
    this.notify(
      order.notify_url,
      order.mchid,
      'PAYSCORE.USER_CONFIRM',
      'payscore',
      this.serviceOrderJson(order),
    );
    return {
      errMsg: 'openBusinessView:ok',
      extraData: { query_id: randomBytes(8).toString('hex') },
    };
  }

  /** WeChat collects what a completed service order asks (it retries in its own time). */
  collect(outOrderNo: string): void {
    const order = this.serviceOrders.get(outOrderNo);
    if (!order?.collection || order.collection.state !== 'USER_PAYING') return;
    const amount = order.collection.paying_amount;
    order.collection = {
      ...order.collection,
      state: 'USER_PAID',
      paying_amount: 0,
      paid_amount: amount,
      details: [
        {
          seq: 1,
          amount,
          paid_type: 'NEWTON',
          paid_time: rfc3339(),
          transaction_id: `4200${Date.now()}${randomBytes(4).toString('hex')}`,
        },
      ],
    };
    order.state = 'DONE';
    order.state_description = 'USER_PAID';
    this.notify(
      order.notify_url,
      order.mchid,
      'PAYSCORE.USER_PAID',
      'payscore',
      this.serviceOrderJson(order),
    );
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
      summary: eventType.startsWith('REFUND')
        ? '退款成功'
        : eventType === 'PAYSCORE.USER_CONFIRM'
          ? '确认订单'
          : '支付成功',
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
    for (let copy = 0; copy < (this.notifyTwice ? 2 : this.notifyCopies); copy++)
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

  /** A service order as the query answers and the notifications carry it. */
  serviceOrderJson(order: ServiceOrder) {
    const {
      package: _package,
      packageUsed: _used,
      history: _history,
      notify_url: _notify,
      ...visible
    } = order;
    return visible;
  }

  /** The Pay Score API (创建 / 查询 / 取消 / 修改 / 完结支付分订单); undefined: not its path. */
  private payScore(
    request: http.IncomingMessage,
    url: URL,
    input: Record<string, unknown>,
    merchant: FakeMerchant,
    response: http.ServerResponse,
  ): boolean {
    const path = url.pathname;
    const invalid = (message: string) =>
      this.send(response, 400, { code: 'INVALID_REQUEST', message });
    const param = (message: string) => this.send(response, 400, { code: 'PARAM_ERROR', message });
    const ours = (appid: unknown, serviceId: unknown) =>
      appid === merchant.appId && (merchant.payScoreServiceIds ?? []).includes(String(serviceId));
    if (request.method === 'POST' && path === '/v3/payscore/serviceorder') {
      if (!ours(input.appid, input.service_id)) {
        this.send(response, 403, { code: 'NO_AUTH', message: '商户暂无权限使用此服务' });
        return true;
      }
      const outOrderNo = String(input.out_order_no ?? '');
      const risk = (input.risk_fund ?? {}) as { name?: string; amount?: number };
      const range = (input.time_range ?? {}) as { start_time?: string; end_time?: string };
      const intro = String(input.service_introduction ?? '');
      if (!/^[0-9A-Za-z_\-|*]{1,32}$/.test(outOrderNo)) return (param('out_order_no'), true);
      if (!intro || [...intro].length > 20) return (param('service_introduction'), true);
      if (typeof input.openid !== 'string' || !input.openid) return (param('openid'), true);
      if (!input.notify_url) return (param('notify_url'), true);
      if (!STAMP.test(range.start_time ?? '') || (range.end_time && !STAMP.test(range.end_time)))
        return (param('time_range'), true);
      // 需确认模式: need_user_confirm true, and the risk fund a deposit-free (先免) one.
      if (input.need_user_confirm !== true) {
        this.send(response, 403, { code: 'NO_AUTH', message: '商户暂无权限使用此服务' });
        return true;
      }
      if (!DEPOSIT_FREE_RISK_FUNDS.has(risk.name ?? '') || !(Number(risk.amount) > 0))
        return (param('risk_fund'), true);
      const known = this.serviceOrders.get(outOrderNo);
      if (known) {
        // 支持原参重入: the same parameters again answer the same order.
        if (known.openid !== input.openid || known.risk_fund.amount !== risk.amount)
          return (invalid('商户订单号重复'), true);
        this.send(response, 200, { ...this.serviceOrderJson(known), package: known.package });
        return true;
      }
      if (this.payScoreRefused.has(input.openid)) return (invalid('综合评估未通过'), true);
      const order: ServiceOrder = {
        appid: merchant.appId,
        mchid: merchant.mchid,
        service_id: String(input.service_id),
        out_order_no: outOrderNo,
        order_id: `1000${Date.now()}${randomBytes(6).toString('hex')}`,
        service_introduction: intro,
        state: 'CREATED',
        risk_fund: { name: risk.name!, amount: Number(risk.amount) },
        time_range: {
          start_time: range.start_time!,
          ...(range.end_time ? { end_time: range.end_time } : {}),
        },
        post_payments: [],
        total_amount: 0,
        notify_url: String(input.notify_url),
        openid: input.openid,
        package: randomBytes(48).toString('base64url'),
        packageUsed: false,
        need_collection: true,
        history: [],
      };
      this.serviceOrders.set(outOrderNo, order);
      this.send(response, 200, { ...this.serviceOrderJson(order), package: order.package });
      return true;
    }
    if (request.method === 'GET' && path === '/v3/payscore/serviceorder') {
      const order = this.serviceOrders.get(url.searchParams.get('out_order_no') ?? '');
      if (
        !order ||
        order.mchid !== merchant.mchid ||
        !ours(url.searchParams.get('appid'), url.searchParams.get('service_id'))
      )
        this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      else this.send(response, 200, this.serviceOrderJson(order));
      return true;
    }
    const m = /^\/v3\/payscore\/serviceorder\/([^/]+)\/(cancel|modify|complete)$/.exec(path);
    if (!m || request.method !== 'POST') return false;
    const order = this.serviceOrders.get(decodeURIComponent(m[1]!));
    const action = m[2]!;
    if (!order || order.mchid !== merchant.mchid || !ours(input.appid, input.service_id)) {
      this.send(response, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return true;
    }
    const payments = Array.isArray(input.post_payments)
      ? (input.post_payments as PostPayment[])
      : [];
    const total = payments.reduce((sum, p) => sum + Number(p.amount ?? 0), 0);
    if (action === 'cancel') {
      if (!input.reason) return (param('reason'), true);
      if (
        order.state !== 'CREATED' &&
        !(order.state === 'DOING' && order.state_description === 'USER_CONFIRM')
      )
        return (invalid('当前订单状态不合法'), true);
      order.state = 'REVOKED';
      delete order.state_description;
      order.history.push({ action, body: input });
      this.send(response, 200, this.serviceOrderJson(order));
      return true;
    }
    // modify and complete: the total must be what the items add up to, within the risk fund.
    if (payments.some((p) => !p.name || !Number.isInteger(p.amount) || p.amount < 0))
      return (param('post_payments'), true);
    if (input.total_amount !== total) return (param('total_amount 与后付费项目金额之和不符'), true);
    if (total > order.risk_fund.amount) return (invalid('订单金额超过服务风险金额'), true);
    if (action === 'complete') {
      if (!(order.state === 'DOING' && order.state_description === 'USER_CONFIRM'))
        return (invalid('当前订单状态不合法'), true);
      order.post_payments = payments;
      order.total_amount = total;
      order.history.push({ action, body: input });
      if (total === 0) {
        // Nothing to collect: the order is done at once.
        order.state = 'DONE';
        order.state_description = 'MCH_COMPLETE';
        order.need_collection = false;
      } else {
        order.state_description = 'MCH_COMPLETE';
        order.collection = {
          state: 'USER_PAYING',
          total_amount: total,
          paying_amount: total,
          paid_amount: 0,
          details: [],
        };
        if (!this.holdCollection) {
          const collecting = new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() =>
            this.collect(order.out_order_no),
          );
          this.pending.add(collecting);
          void collecting.finally(() => this.pending.delete(collecting));
        }
      }
      this.send(response, 200, this.serviceOrderJson(order));
      return true;
    }
    // modify (修改订单金额): a completed order not yet paid.
    if (!input.reason) return (param('reason'), true);
    if (order.state_description !== 'MCH_COMPLETE' || order.collection?.state !== 'USER_PAYING')
      return (invalid('当前订单状态不合法'), true);
    order.post_payments = payments;
    order.total_amount = total;
    order.collection = { ...order.collection, total_amount: total, paying_amount: total };
    order.history.push({ action, body: input });
    this.send(response, 200, this.serviceOrderJson(order));
    return true;
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
    if (path.startsWith('/v3/payscore/') && this.payScore(request, url, input, merchant, response))
      return;
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
