/**
 * A local Alipay for tests: an HTTP server on 127.0.0.1 speaking the OpenAPI gateway protocol as
 * Alipay documents it, so the live adapter runs unchanged against it (ALIPAY_GATEWAY_URL).
 *
 * - Requests: `POST /gateway.do`, common parameters in the query, `biz_content` form-encoded in
 *   the body; the RSA2 signature over every parameter but `sign` (sorted, empty ones left out) is
 *   checked with the app's public key, generated here at start (OpenAPI 2.0 signing,
 *   https://opendocs.alipay.com/common/02kf5q). The `timestamp` ("yyyy-MM-dd HH:mm:ss") is read
 *   as Beijing time and must be within TIMESTAMP_TOLERANCE_MS of now, as Alipay refuses a stale
 *   one (40002 isv.invalid-timestamp, 非法的时间戳参数); the freeze order string and the wap.pay
 *   URL are held to the same.
 * - Answers: `{"<method>_response": {...}, "sign": "…"}`, signed with this gateway's own key (the
 *   "Alipay public key" the app is configured with), with `code`/`msg` where the method's page
 *   shows them: every method here but `alipay.system.oauth.token`, whose documented success has
 *   none. Errors Alipay raises before a method runs come as `{"error_response": {...}}` with no
 *   `sign` (an unknown app or method, a stale timestamp, and an auth code oauth.token refuses:
 *   the sample alipay-sdk's own source quotes, `{"error_response":{"code":"40002","msg":"Invalid
 *   Arguments","sub_code":"isv.code-invalid","sub_msg":"授权码code无效"}}`). A bad request signature
 *   is answered under the method's key, signed (the 2024 sample in alipay-sdk's source).
 * - Notifications: form-encoded, signed over every field but `sign` and `sign_type`, with the
 *   fields each notification's page lists (fund_auth_* name the app in `auth_app_id`, not
 *   `app_id`), times in Beijing time, posted asynchronously to the request's `notify_url` and
 *   retried until answered `success`.
 * - On demand: a method fails (system error), times out (does the work, answers too late),
 *   answers unsigned or with a bad signature; a notification is sent twice, held back and
 *   released out of order, or carries another amount.
 *
 * Field lists of answers follow Alipay's API definitions as its official SDKs are generated from
 * them (alipay/alipay-sdk-java-all, `v2/src/main/java/com/alipay/api/response/<Method>Response`
 * and `domain/<Method>Model`), cited per method below with the page where one was found.
 *
 * What the wallet does is here too: paying a trade (`my.tradePay({ tradeNO })`), authorising a
 * freeze order string (`my.tradePay({ orderStr })`, its signature checked like a request), and
 * issuing mini-program auth codes and encrypted phone numbers.
 */
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeAlipayCertificates, type AlipayCertificates } from './certificates.ts';

export type FailureKind = 'system-error' | 'timeout' | 'http-500' | 'bad-signature' | 'unsigned';

interface Trade {
  outTradeNo: string;
  tradeNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  buyerId: string;
  notifyUrl: string;
  refunds: Map<string, number>;
  /** When it was opened, Beijing time. */
  createdAt: string;
  authNo?: string;
  /** When it was paid, Beijing time. */
  paidAt?: string;
  /** Mobile-web cashier (wap.pay): where the user goes after paying, or on leaving. */
  returnUrl?: string;
  quitUrl?: string;
}

interface Operation {
  operationId: string;
  outRequestNo: string;
  type: 'FREEZE' | 'UNFREEZE' | 'PAY';
  amount: number;
  status: 'SUCCESS' | 'CLOSED';
  /** When Alipay did it, Beijing time. */
  at: string;
}

interface Authorisation {
  authNo: string;
  outOrderNo: string;
  amount: number;
  creditAmount: number;
  fundAmount: number;
  /** Still frozen (credit and fund together). */
  rest: number;
  notifyUrl: string;
  payerUserId: string;
  /** The payer in the app's open-id space (apps created since 2023). */
  payerOpenId: string;
  operations: Map<string, Operation>;
  /**
   * The Zhima credit order behind a credit-waived authorisation: OPEN until an unfreeze says the
   * user kept the contract (`unfreezeBizInfo` `bizComplete`), then COMPLETE.
   */
  creditOrder?: 'OPEN' | 'COMPLETE';
  /** Payments from the authorisation that Zhima counts as instalments kept (is_async_pay). */
  fulfilledPayments: string[];
}

export interface Delivery {
  url: string;
  fields: Record<string, string>;
  answers: string[];
}

export interface LocalAlipayOptions {
  appId?: string;
  /** Delays between notification attempts, ms (Alipay: 4 min, 10 min, … 15 h). */
  retryDelaysMs?: number[];
  /** How late a `timeout` failure answers, ms (above the adapter's ALIPAY_TIMEOUT_MS). */
  timeoutDelayMs?: number;
  /**
   * Certificate mode: requests must carry the app's app_cert_sn and the root's
   * alipay_root_cert_sn, and answers name the certificate they are signed under.
   */
  certificates?: boolean;
}

type Fields = Record<string, unknown>;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** merchant_order_status of the online-rental category (3C_RENT) in the order centre. */
const RENT_ORDER_STATES = new Set([
  'APPLYING',
  'APPROVAL',
  'REJECT',
  'WAIT_PAY',
  'CLOSED',
  'TO_SEND_GOODS',
  'IN_DELIVERY',
  'IN_THE_LEASE',
  'EXERCISED',
  'OVERDUE',
  'RENT_DUE',
  'RETURN_OVERDUE',
  'IN_THE_BUYOUT',
  'IN_THE_BACK',
  'TO_BE_PAID',
  'RELET',
  'BUYOUT',
  'FINISHED',
  'PENDING',
  'END_OF_LEASE',
  'DEPOSIT_WAIVER',
  'ON_TRIAL',
]);
function fen(text: unknown): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(text ?? ''));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
}
/** Alipay's clock, Beijing time (GMT+8), whatever this process's TZ. */
const now = () => new Date(Date.now() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);

/**
 * How far a request's `timestamp` may be from Alipay's clock. Alipay refuses a stale timestamp
 * (isv.invalid-timestamp) but documents no window; 10 minutes here, far below the 8 hours a
 * timestamp formatted in UTC is off by.
 */
export const TIMESTAMP_TOLERANCE_MS = 10 * 60_000;

/** Whether a request's `timestamp` is Alipay's now, read as Beijing time. */
function timestampIsCurrent(value: string | undefined): boolean {
  const parts = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/.exec(value ?? '');
  if (!parts) return false;
  const at = Date.parse(`${parts[1]}T${parts[2]}+08:00`);
  return Number.isFinite(at) && Math.abs(at - Date.now()) <= TIMESTAMP_TOLERANCE_MS;
}
const digits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** The string Alipay signs: fields sorted by name, empty ones and `skip` left out. */
export function signContent(fields: Record<string, string>, skip: string[]): string {
  return Object.keys(fields)
    .filter((key) => !skip.includes(key) && fields[key] !== '' && fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
}

class Refusal extends Error {
  readonly code: string;
  readonly msg: string;
  readonly subCode: string;
  readonly subMsg: string;
  /** Raised by the gateway before the method: an unsigned `error_response`. */
  readonly gatewayLevel: boolean;

  constructor(
    code: string,
    msg: string,
    subCode: string,
    subMsg: string,
    gatewayLevel: boolean = false,
  ) {
    super(`${code} ${subCode}`);
    this.code = code;
    this.msg = msg;
    this.subCode = subCode;
    this.subMsg = subMsg;
    this.gatewayLevel = gatewayLevel;
  }
}
const business = (subCode: string, subMsg: string) =>
  new Refusal('40004', 'Business Failed', subCode, subMsg);

const refusalFields = (refusal: Refusal): Fields => ({
  code: refusal.code,
  msg: refusal.msg,
  sub_code: refusal.subCode,
  sub_msg: refusal.subMsg,
});

/** The OpenAPI methods this gateway serves (alipay.trade.wap.pay is a page: GET, below). */
const METHODS = new Set([
  'alipay.trade.create',
  'alipay.trade.query',
  'alipay.trade.close',
  'alipay.trade.refund',
  'alipay.trade.fastpay.refund.query',
  'alipay.trade.pay',
  'alipay.fund.auth.order.unfreeze',
  'alipay.fund.auth.operation.detail.query',
  'alipay.system.oauth.token',
  'alipay.merchant.order.sync',
  'alipay.open.app.mini.templatemessage.send',
]);

export class LocalAlipay {
  readonly appId: string;
  /** The merchant's own Alipay user id (its PID): payee of freezes, seller of their payments. */
  readonly pid = `2088${digits(12)}`;
  /** The app's key pair (the merchant's, generated for the test): PEM. */
  readonly appPrivateKey: string;
  readonly appPublicKey: string;
  /** This gateway's key pair ("Alipay's"). */
  readonly alipayPublicKey: string;
  private readonly alipayPrivateKey: string;
  /** The app's content-encryption key (base64 AES-128). */
  readonly aesKey = randomBytes(16).toString('base64');
  url = '';

  private server: http.Server | undefined;
  private readonly trades = new Map<string, Trade>();
  private readonly auths = new Map<string, Authorisation>();
  private readonly authCodes = new Map<string, { userId: string; openId: string }>();
  /** The order centre: each order's states as synced (stale ones ignored), by out_biz_no. */
  readonly orderCentre = new Map<
    string,
    {
      state: string;
      modified: string;
      buyer: string;
      /** business_info as sent (total_rent, lease, waybill_no, next_pay_*, overdue_amount). */
      info: Record<string, string>;
      /** logistics_info_list's tracking numbers. */
      tracking: string[];
    }[]
  >();
  private readonly failures = new Map<string, FailureKind[]>();
  private readonly retryDelaysMs: number[];
  private readonly timeoutDelayMs: number;
  private pendingDeliveries = new Set<Promise<void>>();
  /** Certificate mode's certificates (certificates.ts), when on. */
  readonly certificates: AlipayCertificates | undefined;

  /** Every request that reached the gateway with a valid signature, by method. */
  readonly calls: { method: string; biz: Fields }[] = [];
  /** Subscribe messages delivered (alipay.open.app.mini.templatemessage.send), in order. */
  readonly templateMessages: { to: string; templateId: string; page: string; data: Fields }[] = [];
  /** One-time acceptances not yet used, per `<user or open id> <template id>`. */
  private readonly subscriptions = new Map<string, number>();
  /** Requests refused for a bad signature. */
  readonly badSignatures: string[] = [];
  /** Requests refused for certificate SNs not this app's or root's (certificate mode). */
  readonly badCertificates: string[] = [];
  /** Requests (and order strings, wap.pay URLs) refused for a timestamp not Beijing's now. */
  readonly staleTimestamps: { method: string; timestamp: string }[] = [];
  /** Every notification sent, with each answer it got. */
  readonly deliveries: Delivery[] = [];
  /** Notifications are sent twice each (the same notify_id), as Alipay may. */
  notifyTwice = false;
  /**
   * `error_response` answers are signed too. Alipay's samples show them unsigned; the adapter
   * must verify one that is signed rather than take it on trust either way.
   */
  signErrorResponses = false;
  /** Notifications are held until `release()`, to deliver them in another order. */
  holdNotifications = false;
  private held: { url: string; fields: Record<string, string> }[] = [];
  /** The next notification reports this amount instead (fen), signed all the same. */
  nextNotificationAmount: number | undefined;

  constructor(options: LocalAlipayOptions = {}) {
    this.appId = options.appId ?? `20210${digits(11)}`;
    this.retryDelaysMs = options.retryDelaysMs ?? [20, 50, 100, 200];
    this.timeoutDelayMs = options.timeoutDelayMs ?? 1500;
    const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.appPrivateKey = app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.appPublicKey = app.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.alipayPrivateKey = alipay.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    this.alipayPublicKey = alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.certificates = options.certificates
      ? makeAlipayCertificates({
          appPrivateKey: this.appPrivateKey,
          alipayPrivateKey: this.alipayPrivateKey,
        })
      : undefined;
  }

  /** Why the request's certificate SNs are not this app's and root's (certificate mode). */
  private certificateProblem(fields: Record<string, string>): string | undefined {
    if (!this.certificates) return undefined;
    if (fields.app_cert_sn !== this.certificates.appCertSn) return 'isv.app-cert-sn-invalid';
    if (fields.alipay_root_cert_sn !== this.certificates.rootCertSn)
      return 'isv.alipay-root-cert-sn-invalid';
    return undefined;
  }

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}/gateway.do`;
    return this;
  }

  /** The server's environment for ALIPAY_PROVIDER=live against this gateway. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return {
      ALIPAY_PROVIDER: 'live',
      ALIPAY_APP_ID: this.appId,
      ALIPAY_PRIVATE_KEY: this.appPrivateKey,
      ...(this.certificates
        ? {
            ALIPAY_APP_CERT_PATH: this.certificates.appCertPath,
            ALIPAY_PUBLIC_CERT_PATH: this.certificates.alipayPublicCertPath,
            ALIPAY_ROOT_CERT_PATH: this.certificates.alipayRootCertPath,
          }
        : { ALIPAY_PUBLIC_KEY: this.alipayPublicKey }),
      ALIPAY_AES_KEY: this.aesKey,
      ALIPAY_PAYEE_USER_ID: this.pid,
      ALIPAY_GATEWAY_URL: this.url,
      ALIPAY_TIMEOUT_MS: '800',
      ...extra,
    };
  }

  async close(): Promise<void> {
    await this.settled();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    if (this.certificates) fs.rmSync(this.certificates.dir, { recursive: true, force: true });
  }

  // ------------------------------------------------------------------------- test controls

  /** The user accepted the template once in the mini-program (my.requestSubscribeMessage). */
  acceptSubscription(userOrOpenId: string, templateId: string): void {
    const key = `${userOrOpenId} ${templateId}`;
    this.subscriptions.set(key, (this.subscriptions.get(key) ?? 0) + 1);
  }

  /** The next call of `method` fails this way. */
  failNext(method: string, kind: FailureKind): void {
    this.failures.set(method, [...(this.failures.get(method) ?? []), kind]);
  }

  /** Waits until every notification under way was delivered or given up. */
  async settled(): Promise<void> {
    while (this.pendingDeliveries.size > 0) await Promise.all([...this.pendingDeliveries]);
  }

  /** Sends the held notifications, in the order given (indexes), or newest first. */
  release(order?: number[]): void {
    const held = this.held;
    this.held = [];
    const sequence = order ? order.map((i) => held[i]!) : [...held].reverse();
    for (const item of sequence) this.deliver(item.url, item.fields);
  }

  trade(outTradeNo: string): Trade | undefined {
    return this.trades.get(outTradeNo);
  }

  authorisation(authNo: string): Authorisation | undefined {
    return this.auths.get(authNo);
  }

  /** Money that reached the merchant: trades paid, less what was refunded. */
  collected(): number {
    let total = 0;
    for (const trade of this.trades.values()) {
      const refunded = [...trade.refunds.values()].reduce((s, a) => s + a, 0);
      if (trade.status === 'TRADE_SUCCESS' || refunded > 0) total += trade.amount - refunded;
    }
    return total;
  }

  /** A mini-program auth code (`my.getAuthCode`) for this Alipay user. */
  issueAuthCode(userId = `2088${digits(12)}`): { code: string; userId: string; openId: string } {
    const code = `ac${randomBytes(12).toString('hex')}`;
    const openId = `0${digits(5)}${randomBytes(10).toString('hex')}`;
    this.authCodes.set(code, { userId, openId });
    return { code, userId, openId };
  }

  /**
   * What `my.getPhoneNumber` hands the mini-program: `{ response, sign }` JSON, the response
   * AES-encrypted with the app's key and signed by Alipay over the quoted ciphertext.
   */
  phoneNumberResponse(mobile: string, options: { badSign?: boolean } = {}): string {
    const cipher = createCipheriv(
      'aes-128-cbc',
      Buffer.from(this.aesKey, 'base64'),
      Buffer.alloc(16, 0),
    );
    const plain = JSON.stringify({ code: '10000', msg: 'Success', mobile });
    const response = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString(
      'base64',
    );
    const sign = this.sign(`"${response}"`);
    return JSON.stringify({
      response,
      sign: options.badSign ? this.sign('"tampered"') : sign,
      sign_type: 'RSA2',
      encrypt_type: 'AES',
      charset: 'UTF-8',
    });
  }

  // ------------------------------------------------------------------------- the wallet

  /** The user pays a trade in the wallet (`my.tradePay({ tradeNO })` → resultCode 9000). */
  pay(tradeNo: string): void {
    const trade = [...this.trades.values()].find((t) => t.tradeNo === tradeNo);
    if (!trade) throw new Error(`no trade ${tradeNo}`);
    if (trade.status !== 'WAIT_BUYER_PAY') return;
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = now();
    this.notifyTrade(trade);
  }

  /**
   * The user authorises a freeze order string in the wallet (`my.tradePay({ orderStr })`). The
   * wallet checks the order string's signature like any request; credit waives `creditAmount`.
   */
  authorise(orderStr: string, options: { creditAmount?: number } = {}): Authorisation {
    const fields = Object.fromEntries(new URLSearchParams(orderStr)) as Record<string, string>;
    if (!this.verifyRequest(fields)) throw new Error('order string signature invalid');
    if (fields.method !== 'alipay.fund.auth.order.app.freeze')
      throw new Error(`not a freeze: ${fields.method}`);
    if (fields.app_id !== this.appId) throw new Error('order string of another app');
    const certificateProblem = this.certificateProblem(fields);
    if (certificateProblem) throw new Error(`order string refused: ${certificateProblem}`);
    if (!timestampIsCurrent(fields.timestamp)) {
      this.staleTimestamps.push({ method: fields.method, timestamp: fields.timestamp ?? '' });
      throw new Error(`order string refused: isv.invalid-timestamp (${fields.timestamp})`);
    }
    const biz = JSON.parse(fields.biz_content ?? '{}') as Fields;
    // alipay.fund.auth.order.app.freeze (AlipayFundAuthOrderAppFreezeModel; 线上资金授权冻结,
    // https://docs.open.alipay.com/20180417160701241302/vo4kv7/): product_code "支付宝预授权产品
    // 固定为 PRE_AUTH_ONLINE"; payee_user_id, when given, must be an account the merchant may
    // collect to.
    if (biz.product_code !== 'PRE_AUTH_ONLINE')
      throw new Error(`order string refused: product_code ${String(biz.product_code)}`);
    if (biz.payee_user_id !== undefined && biz.payee_user_id !== this.pid)
      throw new Error('order string refused: payee_user_id is not the merchant');
    const existing = [...this.auths.values()].find((a) => a.outOrderNo === biz.out_order_no);
    if (existing) return existing;
    const amount = fen(biz.amount);
    const creditService =
      typeof biz.extra_param === 'string' && biz.extra_param.includes('serviceId');
    const credit = creditService ? Math.min(options.creditAmount ?? 0, amount) : 0;
    const auth: Authorisation = {
      authNo: `2026${digits(24)}`,
      outOrderNo: String(biz.out_order_no),
      amount,
      creditAmount: credit,
      fundAmount: amount - credit,
      rest: amount,
      notifyUrl: fields.notify_url ?? '',
      payerUserId: `2088${digits(12)}`,
      payerOpenId: `0${digits(5)}${randomBytes(10).toString('hex')}`,
      operations: new Map(),
      ...(credit > 0 ? { creditOrder: 'OPEN' as const } : {}),
      fulfilledPayments: [],
    };
    const operation: Operation = {
      operationId: `2026${digits(20)}`,
      outRequestNo: String(biz.out_request_no),
      type: 'FREEZE',
      amount,
      status: 'SUCCESS',
      at: now(),
    };
    auth.operations.set(operation.outRequestNo, operation);
    this.auths.set(auth.authNo, auth);
    // The freeze's notification (资金授权冻结异步通知): the operation's fields and the app in
    // `auth_app_id`; the documented list has no `app_id`.
    this.notify(auth.notifyUrl, {
      notify_type: 'fund_auth_freeze',
      ...this.operationFields(auth, operation),
      total_freeze_amount: yuan(auth.amount),
      total_pay_amount: '0.00',
      pre_auth_type: creditService ? 'CREDIT_AUTH' : '',
      payer_user_id: auth.payerUserId,
      payee_user_id: this.pid,
    });
    return auth;
  }

  // ------------------------------------------------------------------------- the gateway

  private async handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const fields: Record<string, string> = {
      ...Object.fromEntries(url.searchParams),
      ...Object.fromEntries(new URLSearchParams(body)),
    };
    const method = fields.method ?? '';
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const send = (body: string) => {
      response.setHeader('content-type', 'application/json;charset=utf-8');
      response.end(body);
    };
    /** An answer under the method's key, signed over its exact JSON (as the SDKs verify it). */
    const answer = (payload: Fields, tamper = false, key = responseKey) => {
      const json = JSON.stringify(payload);
      const sign = tamper ? this.sign(`${json} `) : this.sign(json);
      // In certificate mode the answer names the certificate whose key signed it.
      const certSn = this.certificates
        ? `,"alipay_cert_sn":"${this.certificates.alipayCertSn}"`
        : '';
      send(`{"${key}":${json}${certSn},"sign":"${sign}"}`);
    };
    /** Alipay's gateway-level error: `error_response`, not signed (unless told to sign it). */
    const errorResponse = (refusal: Refusal, tamper = false) =>
      this.signErrorResponses
        ? answer(refusalFields(refusal), tamper, 'error_response')
        : send(JSON.stringify({ error_response: refusalFields(refusal) }));
    if (url.pathname === '/gateway.do' && request.method === 'GET')
      return this.cashierPage(fields, response);
    // The cashier page's buttons (a browser journey presses them as the user would).
    const button = /^\/cashier\/(\d+)\/(pay|quit)$/.exec(url.pathname);
    if (button && request.method === 'POST')
      return this.cashierButton(button[1]!, button[2]!, response);
    if (url.pathname !== '/gateway.do' || request.method !== 'POST') {
      response.statusCode = 404;
      return response.end('not found');
    }
    if (!this.verifyRequest(fields)) {
      this.badSignatures.push(method);
      // Under the method's key and signed, as alipay-sdk's source quotes a 2024 answer
      // (alipay_security_risk_content_analyze_response, 40002 isv.invalid-signature, "sign").
      return answer(
        refusalFields(
          new Refusal('40002', 'Invalid Arguments', 'isv.invalid-signature', '验签出错'),
        ),
      );
    }
    if (fields.app_id !== this.appId)
      return errorResponse(
        new Refusal('40002', 'Invalid Arguments', 'isv.invalid-app-id', '无效的AppID参数', true),
      );
    if (!timestampIsCurrent(fields.timestamp)) {
      this.staleTimestamps.push({ method, timestamp: fields.timestamp ?? '' });
      return errorResponse(
        new Refusal(
          '40002',
          'Invalid Arguments',
          'isv.invalid-timestamp',
          '非法的时间戳参数',
          true,
        ),
      );
    }
    const certificateProblem = this.certificateProblem(fields);
    if (certificateProblem) {
      this.badCertificates.push(method);
      // Under the method's own key, signed: the adapter can read why.
      return answer(
        refusalFields(
          new Refusal('40002', 'Invalid Arguments', certificateProblem, '证书序列号无效'),
        ),
      );
    }
    if (!METHODS.has(method))
      return errorResponse(
        new Refusal(
          '40002',
          'Invalid Arguments',
          'isv.invalid-method',
          `不存在的方法名 ${method}`,
          true,
        ),
      );
    const biz = JSON.parse(fields.biz_content || '{}') as Fields;
    this.calls.push({ method, biz });
    const failure = this.failures.get(method)?.shift();
    if (failure === 'system-error')
      return answer({
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'aop.unknow-error',
        sub_msg: '系统繁忙',
      });
    if (failure === 'http-500') {
      response.statusCode = 500;
      return response.end('internal error');
    }
    let payload: Fields;
    try {
      payload = this.execute(method, fields, biz);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (error.gatewayLevel) return errorResponse(error, failure === 'bad-signature');
      payload = refusalFields(error);
    }
    // The work is done; only the answer is late (the caller cannot know whether it happened).
    if (failure === 'timeout')
      await new Promise((resolve) => setTimeout(resolve, this.timeoutDelayMs));
    if (response.destroyed) return;
    // What a forger without Alipay's key could send: the answer with no signature at all.
    if (failure === 'unsigned') return send(JSON.stringify({ [responseKey]: payload }));
    answer(payload, failure === 'bad-signature');
  }

  /**
   * A method's answer. Every method here documents `code`/`msg` ("10000", "Success") in its
   * success but `alipay.system.oauth.token`: its page's sample is
   * `{"alipay_system_oauth_token_response":{"user_id":"2088…","access_token":"…","expires_in":…,
   * "refresh_token":"…","re_expires_in":…},"sign":"…"}`.
   */
  private execute(method: string, fields: Record<string, string>, biz: Fields): Fields {
    if (method === 'alipay.system.oauth.token') return this.oauthToken(fields);
    return { code: '10000', msg: 'Success', ...this.methodAnswer(method, fields, biz) };
  }

  private methodAnswer(method: string, fields: Record<string, string>, biz: Fields): Fields {
    switch (method) {
      case 'alipay.trade.create':
        return this.tradeCreate(biz, fields.notify_url ?? '');
      case 'alipay.trade.query':
        return this.tradeQuery(biz);
      case 'alipay.trade.close':
        return this.tradeClose(biz);
      case 'alipay.trade.refund':
        return this.tradeRefund(biz);
      case 'alipay.trade.fastpay.refund.query':
        return this.refundQuery(biz);
      case 'alipay.trade.pay':
        return this.tradePayFromAuth(biz, fields.notify_url ?? '');
      case 'alipay.fund.auth.order.unfreeze':
        return this.unfreeze(biz, fields.notify_url ?? '');
      case 'alipay.fund.auth.operation.detail.query':
        return this.operationQuery(biz);
      case 'alipay.merchant.order.sync':
        return this.orderSync(biz);
      default:
        return this.templateMessage(biz);
    }
  }

  /**
   * A page method opened in the browser (alipay.trade.wap.pay): the signed URL is checked like
   * any request, the trade opened, and Alipay's cashier page shown (here: the trade number, for
   * the test to pay as the user would).
   */
  private cashierPage(fields: Record<string, string>, response: http.ServerResponse) {
    const page = (status: number, body: string) => {
      response.statusCode = status;
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html><body>${body}</body></html>`);
    };
    if (!this.verifyRequest(fields) || fields.app_id !== this.appId) {
      this.badSignatures.push(fields.method ?? '');
      return page(400, '<p id="error">ILLEGAL_SIGN</p>');
    }
    if (fields.method !== 'alipay.trade.wap.pay')
      return page(400, '<p id="error">INVALID_METHOD</p>');
    if (!timestampIsCurrent(fields.timestamp)) {
      this.staleTimestamps.push({ method: fields.method, timestamp: fields.timestamp ?? '' });
      return page(400, '<p id="error">INVALID_TIMESTAMP</p>');
    }
    const biz = JSON.parse(fields.biz_content || '{}') as Fields;
    this.calls.push({ method: fields.method, biz });
    if (biz.product_code !== 'QUICK_WAP_WAY') return page(400, '<p id="error">INVALID_PRODUCT</p>');
    let trade: Fields;
    try {
      trade = this.tradeCreate({ ...biz, buyer_id: `2088${digits(12)}` }, fields.notify_url ?? '');
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return page(400, `<p id="error">${error.subCode}</p>`);
    }
    const opened = this.trades.get(String(trade.out_trade_no))!;
    opened.returnUrl = fields.return_url;
    opened.quitUrl = typeof biz.quit_url === 'string' ? biz.quit_url : undefined;
    const form = (action: string, label: string) =>
      `<form method="post" action="/cashier/${opened.tradeNo}/${action}"><button type="submit">${label}</button></form>`;
    return page(
      200,
      `<p id="trade_no">${opened.tradeNo}</p><p id="amount">${yuan(opened.amount)}</p>${form('pay', '确认付款')}${form('quit', '放弃付款')}`,
    );
  }

  /** Pay: the trade is paid (notification follows) and the browser goes to return_url; quit: to quit_url. */
  private cashierButton(tradeNo: string, action: string, response: http.ServerResponse) {
    const trade = [...this.trades.values()].find((t) => t.tradeNo === tradeNo);
    if (!trade?.returnUrl) {
      response.statusCode = 404;
      return response.end('no such cashier');
    }
    if (action === 'pay') this.pay(tradeNo);
    response.statusCode = 302;
    response.setHeader(
      'location',
      action === 'pay'
        ? this.returnAfterPaying(trade.outTradeNo)
        : (trade.quitUrl ?? trade.returnUrl),
    );
    response.end();
  }

  /** What the browser does with the signed wap.pay URL: open Alipay's cashier; the trade number. */
  async openCashier(cashierUrl: string): Promise<{ tradeNo: string; amount: string }> {
    const response = await fetch(cashierUrl);
    const html = await response.text();
    const tradeNo = /<p id="trade_no">([^<]+)<\/p>/.exec(html)?.[1];
    const amount = /<p id="amount">([^<]+)<\/p>/.exec(html)?.[1];
    if (response.status !== 200 || !tradeNo || !amount) throw new Error(`cashier refused: ${html}`);
    return { tradeNo, amount };
  }

  /** Where the cashier sends the user back after paying: return_url with Alipay's signed sync fields. */
  returnAfterPaying(outTradeNo: string): string {
    const trade = this.trades.get(outTradeNo);
    if (!trade?.returnUrl) throw new Error(`no wap trade ${outTradeNo}`);
    const sync = this.signedNotification({
      method: 'alipay.trade.wap.pay.return',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      total_amount: yuan(trade.amount),
      seller_id: '2088000000000000',
    });
    const separator = trade.returnUrl.includes('?') ? '&' : '?';
    return `${trade.returnUrl}${separator}${new URLSearchParams(sync).toString()}`;
  }

  /**
   * alipay.trade.create (AlipayTradeCreateResponse; 统一收单交易创建接口): success
   * `{code, msg, out_trade_no, trade_no}`; the same out_trade_no again answers the same trade.
   */
  private tradeCreate(biz: Fields, notifyUrl: string): Fields {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const amount = fen(biz.total_amount);
    const buyerId = String(biz.buyer_id ?? biz.buyer_open_id ?? '');
    if (!outTradeNo || !Number.isFinite(amount) || amount <= 0)
      throw new Refusal('40002', 'Invalid Arguments', 'isv.invalid-parameter', '参数无效');
    if (!buyerId) throw business('ACQ.BUYER_NOT_EXIST', '买家不存在');
    const existing = this.trades.get(outTradeNo);
    if (existing) {
      if (existing.amount !== amount) throw business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      if (existing.status === 'TRADE_SUCCESS')
        throw business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      if (existing.status === 'TRADE_CLOSED') throw business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      return { out_trade_no: outTradeNo, trade_no: existing.tradeNo };
    }
    const trade: Trade = {
      outTradeNo,
      tradeNo: `2026${digits(24)}`,
      amount,
      subject: String(biz.subject ?? ''),
      status: 'WAIT_BUYER_PAY',
      buyerId,
      notifyUrl,
      refunds: new Map(),
      createdAt: now(),
    };
    this.trades.set(outTradeNo, trade);
    return { out_trade_no: outTradeNo, trade_no: trade.tradeNo };
  }

  private findTrade(biz: Fields): Trade {
    const trade =
      this.trades.get(String(biz.out_trade_no ?? '')) ??
      [...this.trades.values()].find((t) => t.tradeNo === biz.trade_no);
    if (!trade) throw business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    return trade;
  }

  /**
   * alipay.trade.query (AlipayTradeQueryResponse; 统一收单交易查询): `trade_no`, `out_trade_no`,
   * `buyer_user_id`, `trade_status` (WAIT_BUYER_PAY, TRADE_CLOSED, TRADE_SUCCESS,
   * TRADE_FINISHED), `total_amount`, `receipt_amount`, `send_pay_date`; an unknown trade is
   * 40004 ACQ.TRADE_NOT_EXIST.
   */
  private tradeQuery(biz: Fields): Fields {
    const trade = this.findTrade(biz);
    return {
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      trade_status: trade.status,
      total_amount: yuan(trade.amount),
      buyer_user_id: trade.buyerId,
      ...(trade.status === 'WAIT_BUYER_PAY'
        ? {}
        : { receipt_amount: yuan(trade.amount), send_pay_date: trade.paidAt ?? now() }),
    };
  }

  /**
   * alipay.trade.close (AlipayTradeCloseResponse; 统一收单交易关闭接口): `{code, msg,
   * trade_no, out_trade_no}`; a paid trade is 40004 ACQ.TRADE_STATUS_ERROR.
   */
  private tradeClose(biz: Fields): Fields {
    const trade = this.findTrade(biz);
    if (trade.status === 'TRADE_SUCCESS')
      throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (trade.status === 'WAIT_BUYER_PAY') {
      trade.status = 'TRADE_CLOSED';
      this.notifyTrade(trade);
    }
    return { out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
  }

  /**
   * alipay.trade.refund (AlipayTradeRefundResponse; 统一收单交易退款接口): `trade_no`,
   * `out_trade_no`, `buyer_user_id`, `refund_fee` (refunded so far), `fund_change` (Y: this
   * request moved money; N: asked again with the same out_request_no, nothing moved).
   */
  private tradeRefund(biz: Fields): Fields {
    const trade = this.findTrade(biz);
    const requestNo = String(biz.out_request_no ?? trade.outTradeNo);
    const amount = fen(biz.refund_amount);
    const done = trade.refunds.get(requestNo);
    const refunded = () => [...trade.refunds.values()].reduce((s, a) => s + a, 0);
    const reply = (change: 'Y' | 'N') => ({
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      buyer_user_id: trade.buyerId,
      refund_fee: yuan(refunded()),
      fund_change: change,
    });
    if (done !== undefined) {
      if (done !== amount)
        throw business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
      return reply('N');
    }
    if (trade.status !== 'TRADE_SUCCESS')
      throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (!(amount > 0) || refunded() + amount > trade.amount)
      throw business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    trade.refunds.set(requestNo, amount);
    if (refunded() === trade.amount) trade.status = 'TRADE_CLOSED';
    return reply('Y');
  }

  /**
   * alipay.trade.fastpay.refund.query (AlipayTradeFastpayRefundQueryResponse; 统一收单交易退款
   * 查询): a refund Alipay holds is answered with `out_request_no`, `total_amount`,
   * `refund_amount` and `refund_status` REFUND_SUCCESS; one it does not is code 10000 with none of
   * them ("没有查询到则代表未退款成功").
   */
  private refundQuery(biz: Fields): Fields {
    const trade = this.findTrade(biz);
    const amount = trade.refunds.get(String(biz.out_request_no ?? ''));
    if (amount === undefined) return { out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
    return {
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      out_request_no: biz.out_request_no,
      total_amount: yuan(trade.amount),
      refund_amount: yuan(amount),
      refund_status: 'REFUND_SUCCESS',
    };
  }

  /**
   * alipay.trade.pay from a frozen deposit (授权转支付). The request as AlipayTradePayModel
   * (2025-05-20) describes it: `product_code` "PRE_AUTH_ONLINE：支付宝预授权产品" (PRE_AUTH is the
   * face-to-face authorisation's; nothing lists PREAUTH_PAY), `auth_no`, and `buyer_id` /
   * `seller_id` "支付宝预授权和新当面资金授权场景下必填" (seller_id left out means the merchant's own
   * account, which is this gateway's pid). Anything else is 40004 ACQ.INVALID_PARAMETER.
   * Success (AlipayTradePayResponse): `trade_no`, `out_trade_no`, `buyer_user_id`,
   * `total_amount`, `receipt_amount`, `buyer_pay_amount`, `gmt_payment`.
   */
  private tradePayFromAuth(biz: Fields, notifyUrl: string): Fields {
    const outTradeNo = String(biz.out_trade_no ?? '');
    const amount = fen(biz.total_amount);
    const invalid = (what: string) => business('ACQ.INVALID_PARAMETER', `参数无效: ${what}`);
    if (biz.product_code !== 'PRE_AUTH_ONLINE')
      throw invalid(`product_code ${String(biz.product_code)}`);
    if (!biz.auth_no) throw invalid('auth_no');
    if (biz.seller_id !== undefined && biz.seller_id !== this.pid) throw invalid('seller_id');
    const existing = this.trades.get(outTradeNo);
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS')
        throw business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    }
    const auth = this.auths.get(String(biz.auth_no));
    if (!auth) throw business('ACQ.AUTH_NO_ERROR', '预授权号错误');
    if (biz.buyer_id !== auth.payerUserId && biz.buyer_open_id !== auth.payerOpenId)
      throw invalid('buyer_id');
    if (amount > auth.rest) throw business('ACQ.AUTH_AMOUNT_NOT_ENOUGH', '授权金额不足');
    if (biz.is_async_pay !== undefined && typeof biz.is_async_pay !== 'boolean')
      throw invalid('is_async_pay');
    auth.rest -= amount;
    // On a credit authorisation, a payment taken asynchronously from the user's funds is the
    // rent the Zhima order promised: counted as kept.
    if (auth.creditOrder && biz.is_async_pay === true) auth.fulfilledPayments.push(outTradeNo);
    const trade: Trade = {
      outTradeNo,
      tradeNo: `2026${digits(24)}`,
      amount,
      subject: String(biz.subject ?? ''),
      status: 'TRADE_SUCCESS',
      buyerId: auth.payerUserId,
      notifyUrl,
      refunds: new Map(),
      createdAt: now(),
      authNo: auth.authNo,
      paidAt: now(),
    };
    this.trades.set(outTradeNo, trade);
    this.notifyTrade(trade);
    return {
      out_trade_no: outTradeNo,
      trade_no: trade.tradeNo,
      buyer_user_id: auth.payerUserId,
      total_amount: yuan(amount),
      receipt_amount: yuan(amount),
      buyer_pay_amount: yuan(amount),
      gmt_payment: trade.paidAt,
    };
  }

  /**
   * alipay.fund.auth.order.unfreeze (AlipayFundAuthOrderUnfreezeResponse; 资金授权解冻,
   * https://docs.open.alipay.com/20180417160701241302/vy70oy/): `auth_no`, `out_order_no`,
   * `operation_id`, `out_request_no`, `amount`, `status`, `gmt_trans`, `credit_amount`,
   * `fund_amount`; the same out_request_no again answers the same operation.
   */
  private unfreeze(biz: Fields, notifyUrl: string): Fields {
    const auth = this.auths.get(String(biz.auth_no ?? ''));
    if (!auth) throw business('AUTH_ORDER_NOT_EXIST', '授权单不存在');
    const requestNo = String(biz.out_request_no ?? '');
    const amount = fen(biz.amount);
    const done = auth.operations.get(requestNo);
    if (done) {
      if (done.type !== 'UNFREEZE' || done.amount !== amount)
        throw business('REQUEST_AMOUNT_EXCEED', '请求号已用于另一笔操作');
      return this.unfreezeAnswer(auth, done);
    }
    if (!(amount > 0) || amount > auth.rest)
      throw business('REQUEST_AMOUNT_EXCEED', '解冻金额超过剩余冻结金额');
    // extra_param (AlipayFundAuthOrderUnfreezeModel): JSON text of a map<string, string>;
    // unfreezeBizInfo is itself JSON text, {"bizComplete":"true"} marking the credit order kept.
    let bizComplete = false;
    if (biz.extra_param !== undefined) {
      try {
        const extra = JSON.parse(String(biz.extra_param)) as Record<string, unknown>;
        if (typeof extra.unfreezeBizInfo !== 'string') throw new Error('not text');
        const info = JSON.parse(extra.unfreezeBizInfo) as Record<string, unknown>;
        if (info.bizComplete !== 'true' && info.bizComplete !== 'false')
          throw new Error('bizComplete');
        bizComplete = info.bizComplete === 'true';
      } catch {
        throw business('INVALID_PARAMETER', '参数有误: extra_param');
      }
    }
    auth.rest -= amount;
    if (auth.creditOrder && bizComplete && auth.rest === 0) auth.creditOrder = 'COMPLETE';
    const operation: Operation = {
      operationId: `2026${digits(20)}`,
      outRequestNo: requestNo,
      type: 'UNFREEZE',
      amount,
      status: 'SUCCESS',
      at: now(),
    };
    auth.operations.set(requestNo, operation);
    if (notifyUrl)
      this.notify(notifyUrl, {
        notify_type: 'fund_auth_unfreeze',
        ...this.operationFields(auth, operation),
      });
    return this.unfreezeAnswer(auth, operation);
  }

  /** Unfreeze's answer: the operation, without what only the query reports (type, rest). */
  private unfreezeAnswer(auth: Authorisation, operation: Operation): Fields {
    const {
      operation_type: _type,
      rest_amount: _rest,
      gmt_create: _created,
      ...answer
    } = this.operationFields(auth, operation);
    return answer;
  }

  /**
   * alipay.fund.auth.operation.detail.query (AlipayFundAuthOperationDetailQueryResponse,
   * 2024-04-23; 资金授权操作查询): the operation's `auth_no`, `out_order_no`, `operation_id`,
   * `out_request_no`, `operation_type`, `amount`, `status` (INIT, SUCCESS, CLOSED),
   * `order_status`, `rest_amount`, `total_freeze_amount`, `total_pay_amount`, `payer_user_id`,
   * `payer_open_id`, `credit_amount`, `fund_amount`, `gmt_create`, `gmt_trans`.
   */
  private operationQuery(biz: Fields): Fields {
    const auth =
      this.auths.get(String(biz.auth_no ?? '')) ??
      [...this.auths.values()].find((a) => a.outOrderNo === biz.out_order_no);
    if (!auth) throw business('AUTH_ORDER_NOT_EXIST', '授权单不存在');
    const operation = auth.operations.get(String(biz.out_request_no ?? ''));
    if (!operation) throw business('AUTH_OPERATION_NOT_EXIST', '授权操作不存在');
    return {
      ...this.operationFields(auth, operation),
      order_status: auth.rest > 0 ? 'AUTHORIZED' : 'FINISH',
      payer_user_id: auth.payerUserId,
      payer_open_id: auth.payerOpenId,
      total_freeze_amount: yuan(auth.amount),
      total_pay_amount: yuan(
        [...this.trades.values()]
          .filter((t) => t.authNo === auth.authNo)
          .reduce((s, t) => s + t.amount, 0),
      ),
    };
  }

  private operationFields(auth: Authorisation, operation: Operation): Record<string, string> {
    return {
      auth_no: auth.authNo,
      out_order_no: auth.outOrderNo,
      operation_id: operation.operationId,
      out_request_no: operation.outRequestNo,
      operation_type: operation.type,
      amount: yuan(operation.amount),
      status: operation.status,
      rest_amount: yuan(auth.rest),
      credit_amount: yuan(auth.creditAmount),
      fund_amount: yuan(auth.fundAmount),
      gmt_create: operation.at,
      gmt_trans: operation.at,
    };
  }

  /**
   * alipay.merchant.order.sync as AlipayMerchantOrderSyncModel and the online-rental category
   * (3C_RENT) define it: a service order, its times (Beijing time), amounts in yuan, at least one
   * item with a name, and ext_info as key/value pairs carrying a status of the category, the
   * category, the order page, the mini-program's app id and the business information (total
   * rent, lease). Success (AlipayMerchantOrderSyncResponse): `{code, msg, record_id, order_id,
   * order_status}`.
   */
  private orderSync(biz: Fields): Fields {
    const invalid = (what: string) =>
      new Refusal('40002', 'Invalid Arguments', 'isv.invalid-parameter', `参数无效: ${what}`);
    const outBizNo = String(biz.out_biz_no ?? '');
    const buyer = String(biz.buyer_id ?? biz.buyer_open_id ?? '');
    const modified = String(biz.order_modified_time ?? '');
    const time = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
    if (!outBizNo) throw invalid('out_biz_no');
    if (!buyer) throw invalid('buyer_id / buyer_open_id');
    if (biz.order_type !== 'SERVICE_ORDER') throw invalid('order_type');
    if (!time.test(String(biz.order_create_time ?? ''))) throw invalid('order_create_time');
    if (!time.test(modified)) throw invalid('order_modified_time');
    for (const amount of ['amount', 'pay_amount'])
      if (!/^\d+\.\d{2}$/.test(String(biz[amount] ?? ''))) throw invalid(amount);
    const items = Array.isArray(biz.item_order_list)
      ? (biz.item_order_list as { item_name?: string; quantity?: number; unit_price?: string }[])
      : [];
    if (items.length === 0 || items.some((i) => !i.item_name || !i.quantity || !i.unit_price))
      throw invalid('item_order_list');
    const ext = Array.isArray(biz.ext_info)
      ? (biz.ext_info as { ext_key?: string; ext_value?: string }[])
      : [];
    const extValue = (key: string) => ext.find((e) => e.ext_key === key)?.ext_value ?? '';
    const state = extValue('merchant_order_status');
    if (!RENT_ORDER_STATES.has(state)) throw invalid('merchant_order_status');
    if (extValue('merchant_biz_type') !== '3C_RENT') throw invalid('merchant_biz_type');
    if (!extValue('merchant_order_link_page')) throw invalid('merchant_order_link_page');
    if (extValue('tiny_app_id') !== this.appId) throw invalid('tiny_app_id');
    let info: Record<string, string> = {};
    try {
      info = JSON.parse(extValue('business_info') || '{}') as typeof info;
    } catch {
      throw invalid('business_info');
    }
    if (!info.total_rent || !info.lease) throw invalid('business_info');
    const money = /^\d+\.\d{2}$/;
    for (const key of ['total_rent', 'next_pay_amount', 'overdue_amount'])
      if (info[key] !== undefined && !money.test(info[key])) throw invalid(`business_info.${key}`);
    if (info.next_pay_date !== undefined && !/^\d{4}-\d\d-\d\d$/.test(info.next_pay_date))
      throw invalid('business_info.next_pay_date');
    const logistics = Array.isArray(biz.logistics_info_list)
      ? (biz.logistics_info_list as { tracking_no?: string }[])
      : [];
    if (biz.logistics_info_list !== undefined && logistics.some((l) => !l.tracking_no))
      throw invalid('logistics_info_list');
    const history = this.orderCentre.get(outBizNo) ?? [];
    const last = history.at(-1);
    if (last && last.buyer !== buyer) throw business('USER_NOT_MATCH', '订单的买家不一致');
    // An older update than the one shown changes nothing (the order centre never goes back).
    if (!last || last.modified < modified || (last.modified === modified && last.state !== state))
      history.push({
        state,
        modified,
        buyer,
        info,
        tracking: logistics.map((l) => String(l.tracking_no)),
      });
    this.orderCentre.set(outBizNo, history);
    return { record_id: `2026${digits(16)}`, order_id: `2026${digits(20)}`, order_status: state };
  }

  /**
   * alipay.open.app.mini.templatemessage.send (AlipayOpenAppMiniTemplatemessageSendModel): to
   * `to_user_id` or `to_open_id`, on `user_template_id`, `page`, and `data` as a JSON text of
   * `{ keyword: { value } }`. Success (AlipayOpenAppMiniTemplatemessageSendResponse) carries
   * `code`/`msg` and nothing else. Without an unused acceptance it is refused (the sub_code is
   * this gateway's own name: what we could find of Alipay's docs lists none).
   */
  private templateMessage(biz: Fields): Fields {
    const to = String(biz.to_user_id ?? biz.to_open_id ?? '');
    const templateId = String(biz.user_template_id ?? '');
    if (!to || !templateId || typeof biz.page !== 'string' || typeof biz.data !== 'string')
      throw new Refusal('40002', 'Invalid Arguments', 'isv.missing-parameter', '缺少必选参数');
    let data: Fields;
    try {
      data = JSON.parse(biz.data) as Fields;
    } catch {
      throw new Refusal('40002', 'Invalid Arguments', 'isv.invalid-parameter', 'data 格式错误');
    }
    const key = `${to} ${templateId}`;
    const left = this.subscriptions.get(key) ?? 0;
    if (left === 0)
      throw new Refusal('40004', 'Business Failed', 'USER_NOT_SUBSCRIBED', '用户未订阅该消息模板');
    this.subscriptions.set(key, left - 1);
    this.templateMessages.push({ to, templateId, page: biz.page, data });
    return {};
  }

  /**
   * alipay.system.oauth.token (换取授权访问令牌, https://opendocs.alipay.com/apis/api_9/alipay.system.oauth.token;
   * AlipaySystemOauthTokenResponse, 2024-03-01): success is `user_id` (or `open_id` only, for
   * apps on open ids), `access_token`, `expires_in`, `refresh_token`, `re_expires_in`,
   * `auth_start`, and no `code`. A wrong, used or expired code is the unsigned
   * `error_response` 40002 isv.code-invalid (授权码code无效).
   */
  private oauthToken(fields: Record<string, string>): Fields {
    const user =
      fields.grant_type === 'authorization_code'
        ? this.authCodes.get(fields.code ?? '')
        : undefined;
    if (!user)
      throw new Refusal('40002', 'Invalid Arguments', 'isv.code-invalid', '授权码code无效', true);
    this.authCodes.delete(fields.code ?? '');
    return {
      user_id: user.userId,
      open_id: user.openId,
      access_token: `authusrB${randomBytes(16).toString('hex')}`,
      expires_in: 1296000,
      refresh_token: `authusrB${randomBytes(16).toString('hex')}`,
      re_expires_in: 2592000,
      auth_start: now(),
    };
  }

  // ------------------------------------------------------------------------- signatures

  private sign(content: string): string {
    return createSign('RSA-SHA256').update(content, 'utf8').sign(this.alipayPrivateKey, 'base64');
  }

  /** A request's (or order string's) signature, checked with the app's public key. */
  private verifyRequest(fields: Record<string, string>): boolean {
    if (fields.sign_type !== 'RSA2' || !fields.sign) return false;
    return createVerify('RSA-SHA256')
      .update(signContent(fields, ['sign']), 'utf8')
      .verify(this.appPublicKey, fields.sign, 'base64');
  }

  // ------------------------------------------------------------------------- notifications

  /**
   * The trade notification (trade_status_sync; 异步通知参数 of 统一收单 trades, the same for
   * trade.create, wap.pay and trade.pay): `app_id` and `auth_app_id` (the same app here),
   * `trade_no`, `out_trade_no`, `buyer_id`, `seller_id`, `trade_status`, `total_amount`,
   * `receipt_amount`, `subject`, `gmt_create`, `gmt_payment`.
   */
  private notifyTrade(trade: Trade): void {
    this.notify(trade.notifyUrl, {
      notify_type: 'trade_status_sync',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      trade_status: trade.status,
      total_amount: yuan(trade.amount),
      receipt_amount: yuan(trade.amount),
      buyer_id: trade.buyerId,
      seller_id: this.pid,
      subject: trade.subject,
      gmt_create: trade.createdAt,
      ...(trade.paidAt ? { gmt_payment: trade.paidAt } : {}),
    });
  }

  /**
   * Builds a signed notification; tests forge bad ones from it. Every notification carries
   * notify_time (Beijing time), notify_type, notify_id, sign_type and sign. Trade notifications
   * name the app in `app_id` (and `auth_app_id`) with charset and version; the fund-authorisation
   * ones (fund_auth_freeze, fund_auth_unfreeze) list `auth_app_id` and no `app_id`.
   */
  signedNotification(fields: Record<string, string>): Record<string, string> {
    const fundAuth = (fields.notify_type ?? '').startsWith('fund_auth_');
    const all: Record<string, string> = {
      notify_time: now(),
      notify_id: randomBytes(16).toString('hex'),
      ...(fundAuth
        ? { auth_app_id: this.appId }
        : { app_id: this.appId, auth_app_id: this.appId, charset: 'utf-8', version: '1.0' }),
    };
    // Empty fields are not sent at all (so not signed either); a test leaves one out this way.
    for (const [key, value] of Object.entries(fields)) {
      if (value === '') delete all[key];
      else all[key] = value;
    }
    return { ...all, sign_type: 'RSA2', sign: this.sign(signContent(all, ['sign', 'sign_type'])) };
  }

  private notify(url: string, fields: Record<string, string>): void {
    if (!url) return;
    const amountField = fields.notify_type === 'trade_status_sync' ? 'total_amount' : 'amount';
    if (this.nextNotificationAmount !== undefined) {
      fields = { ...fields, [amountField]: yuan(this.nextNotificationAmount) };
      this.nextNotificationAmount = undefined;
    }
    const signed = this.signedNotification(fields);
    if (this.holdNotifications) {
      this.held.push({ url, fields: signed });
      return;
    }
    this.deliver(url, signed);
    if (this.notifyTwice) this.deliver(url, signed);
  }

  /** Posts asynchronously, retrying on anything but `success` (as Alipay does, faster). */
  private deliver(url: string, fields: Record<string, string>): void {
    const delivery: Delivery = { url, fields, answers: [] };
    this.deliveries.push(delivery);
    const run = async () => {
      for (let attempt = 0; attempt <= this.retryDelaysMs.length; attempt++) {
        if (attempt > 0) await new Promise((r) => setTimeout(r, this.retryDelaysMs[attempt - 1]));
        let answer: string;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
            body: new URLSearchParams(fields).toString(),
            signal: AbortSignal.timeout(5000),
          });
          answer = (await response.text()).trim();
        } catch (error) {
          answer = `unreachable: ${(error as Error).message}`;
        }
        delivery.answers.push(answer);
        if (answer === 'success') return;
      }
    };
    // Asynchronous, as Alipay's: the answer to the call that caused it goes out first.
    const pending: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 5))
      .then(run)
      .finally(() => this.pendingDeliveries.delete(pending));
    this.pendingDeliveries.add(pending);
  }
}

export async function startLocalAlipay(options: LocalAlipayOptions = {}): Promise<LocalAlipay> {
  return new LocalAlipay(options).start();
}
