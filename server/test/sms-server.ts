/**
 * A local dysmsapi.aliyuncs.com for tests, on loopback, checking what the official SDK sends:
 * the ACS3-HMAC-SHA256 signature (`Authorization: ACS3-HMAC-SHA256 Credential=<id>,
 * SignedHeaders=<names>,Signature=<hex>` over the canonical request: method, path, sorted
 * RFC 3986-encoded query, the signed headers, the body's SHA-256), the body hash header, a fresh
 * nonce and a recent date. SendSms checks sign name and template against what was "approved",
 * keeps the message, and answers a BizId; QuerySendDetails (signed the same way) reports the
 * receipt: delivered, failed with the carrier's code, or still waiting, as the test sets it. On
 * demand it answers throttling (isv.BUSINESS_LIMIT_CONTROL), an HTTP 500, or nothing at all, and
 * its secret can be rotated so that requests signed with the old one are refused.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  bizId: string;
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
  sendDate: string;
  /** 1 waiting, 2 failed, 3 delivered. */
  status: 1 | 2 | 3;
  /** The carrier's code of a failure (ErrCode), e.g. IC:0015 (number not in service). */
  errCode?: string;
}

/** What the receipt of a message says (SendStatus and ErrCode). */
export type Receipt = { status: 1 } | { status: 2; errCode: string } | { status: 3 };

type Failure = { code: string } | { http: number } | 'timeout';

const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export class FakeAliyunSms {
  private server: http.Server | undefined;
  endpoint = '';
  readonly sent: SentSms[] = [];
  private readonly nonces = new Set<string>();
  private readonly failures: Failure[] = [];
  badSignatures = 0;
  /** What the receipts of messages sent from now on say (delivered unless told otherwise). */
  receiptOfNew: Receipt = { status: 3 };

  private readonly accessKeyId: string;
  private accessKeySecret: string;
  private readonly approved: { signNames: string[]; templates: string[] };

  constructor(
    accessKeyId: string,
    accessKeySecret: string,
    approved: { signNames: string[]; templates: string[] },
  ) {
    this.accessKeyId = accessKeyId;
    this.accessKeySecret = accessKeySecret;
    this.approved = approved;
  }

  /** The access key secret is rotated at Alibaba: requests signed with the old one fail. */
  rotateSecret(secret: string): void {
    this.accessKeySecret = secret;
  }

  /** Sets what the receipt of a sent message says. */
  setReceipt(bizId: string, receipt: Receipt): void {
    const message = this.sent.find((m) => m.bizId === bizId);
    if (!message) throw new Error(`no message ${bizId}`);
    message.status = receipt.status;
    message.errCode = 'errCode' in receipt ? receipt.errCode : undefined;
  }

  failNext(failure: Failure): void {
    this.failures.push(failure);
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => this.handle(request, Buffer.concat(chunks), response));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Why the request's signature does not hold, or undefined when it does. */
  private signatureProblem(request: http.IncomingMessage, body: Buffer): string | undefined {
    const auth = request.headers.authorization ?? '';
    const match =
      /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
        auth,
      );
    if (!match) return 'IncompleteSignature';
    const [, credential, signedHeaderList, signature] = match;
    if (credential !== this.accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const signed = signedHeaderList!.split(';');
    for (const required of [
      'host',
      'x-acs-action',
      'x-acs-content-sha256',
      'x-acs-date',
      'x-acs-signature-nonce',
      'x-acs-version',
    ])
      if (!signed.includes(required)) return 'IncompleteSignature';
    const bodyHash = createHash('sha256').update(body).digest('hex');
    if (request.headers['x-acs-content-sha256'] !== bodyHash) return 'ContentSHA256NotMatched';
    const date = Date.parse(String(request.headers['x-acs-date']));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
      return 'InvalidTimeStamp.Expired';
    const nonce = String(request.headers['x-acs-signature-nonce'] ?? '');
    if (!nonce || this.nonces.has(nonce)) return 'SignatureNonceUsed';
    const url = new URL(request.url ?? '/', 'http://localhost');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`)
      .join('&');
    const headers = signed
      .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
      .join('');
    const canonical = [
      request.method,
      url.pathname,
      query,
      headers,
      signedHeaderList,
      bodyHash,
    ].join('\n');
    const stringToSign = `ACS3-HMAC-SHA256\n${createHash('sha256').update(canonical).digest('hex')}`;
    const expected = createHmac('sha256', this.accessKeySecret).update(stringToSign).digest();
    const given = Buffer.from(signature!, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return 'SignatureDoesNotMatch';
    this.nonces.add(nonce);
    return undefined;
  }

  private handle(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): void {
    const reply = (status: number, data: object) => {
      response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
      response.end(
        JSON.stringify({ RequestId: randomBytes(8).toString('hex').toUpperCase(), ...data }),
      );
    };
    const problem = this.signatureProblem(request, body);
    if (problem) {
      this.badSignatures++;
      return reply(400, {
        Code: problem,
        Message: 'Specified signature is not matched with our calculation.',
      });
    }
    const failure = this.failures.shift();
    if (failure === 'timeout') return; // no answer: the SDK's timeout decides
    if (failure && 'http' in failure)
      return reply(failure.http, { Code: 'ServiceUnavailable', Message: 'forced' });
    if (failure) return reply(200, { Code: failure.code, Message: 'forced' });
    const url = new URL(request.url ?? '/', 'http://localhost');
    const q = (name: string) => url.searchParams.get(name) ?? '';
    switch (request.headers['x-acs-action']) {
      case 'SendSms': {
        if (!/^1[3-9]\d{9}$/.test(q('PhoneNumbers')))
          return reply(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
        if (!this.approved.signNames.includes(q('SignName')))
          return reply(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '签名不合法' });
        if (!this.approved.templates.includes(q('TemplateCode')))
          return reply(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' });
        let params: Record<string, string>;
        try {
          params = JSON.parse(q('TemplateParam')) as Record<string, string>;
        } catch {
          return reply(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
        }
        const bizId = `${Date.now()}^${randomBytes(6).toString('hex')}`;
        const now = new Date(Date.now() + 8 * 3600_000);
        this.sent.push({
          bizId,
          phone: q('PhoneNumbers'),
          signName: q('SignName'),
          templateCode: q('TemplateCode'),
          params,
          sendDate: now.toISOString().slice(0, 10).replace(/-/g, ''),
          status: this.receiptOfNew.status,
          ...('errCode' in this.receiptOfNew ? { errCode: this.receiptOfNew.errCode } : {}),
        });
        return reply(200, { Code: 'OK', Message: 'OK', BizId: bizId });
      }
      case 'QuerySendDetails': {
        const found = this.sent.filter(
          (m) =>
            m.phone === q('PhoneNumber') &&
            m.sendDate === q('SendDate') &&
            (!q('BizId') || m.bizId === q('BizId')),
        );
        return reply(200, {
          Code: 'OK',
          Message: 'OK',
          TotalCount: found.length,
          SmsSendDetailDTOs: {
            SmsSendDetailDTO: found.map((m) => ({
              PhoneNum: m.phone,
              SendStatus: m.status,
              ErrCode:
                m.status === 3 ? 'DELIVERED' : m.status === 2 ? (m.errCode ?? 'MK:0001') : '',
              TemplateCode: m.templateCode,
              Content: `【${m.signName}】${JSON.stringify(m.params)}`,
              SendDate: m.sendDate,
              ReceiveDate: m.sendDate,
              OutId: '',
            })),
          },
        });
      }
      default:
        return reply(404, { Code: 'InvalidAction.NotFound', Message: 'no such action' });
    }
  }
}
