/**
 * A local api.weixin.qq.com for tests, on loopback: `/sns/jscode2session`, `/cgi-bin/stable_token`,
 * `/wxa/business/getuserphonenumber` and `/cgi-bin/message/subscribe/send` as WeChat documents
 * them (GET/POST, JSON answers with `errcode`/`errmsg`, HTTP 200 even on errors). Codes are single
 * use (40163 the second time), unknown codes are 40029, a wrong app secret is 40125, an expired or
 * replaced token is 40001, and `failNext` answers the next call of a path with any errcode (45011
 * rate limit, -1 busy). A subscribe message needs a one-time acceptance of its template by the
 * user (43101 without one: the user refused or used it up), a template of the app (40037), and
 * exactly the template's fields, each `{ value }` (47003).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface App {
  secret: string;
  token: string;
  expiresAt: number;
}

export class FakeWechatApi {
  private server: http.Server | undefined;
  baseUrl = '';
  private readonly apps = new Map<string, App>();
  private readonly loginCodes = new Map<string, { appId: string; openId: string }>();
  private readonly phoneCodes = new Map<
    string,
    { appId: string; mobile: string; country: string }
  >();
  private readonly usedCodes = new Set<string>();
  private readonly failures = new Map<string, number[]>();
  /** Calls per path, and every stable_token body (tests count refreshes). */
  readonly calls = new Map<string, number>();
  readonly tokenRequests: { appid: string; force_refresh: boolean }[] = [];
  /** Subscribe messages WeChat accepted, in order. */
  readonly subscribeMessages: {
    appId: string;
    touser: string;
    templateId: string;
    page: string;
    data: Record<string, string>;
  }[] = [];
  private readonly templates = new Map<string, { appId: string; fields: string[] }>();
  /** One-time acceptances not yet used, per `appId openId templateId`. */
  private readonly acceptances = new Map<string, number>();
  /** Milliseconds stable_token takes (to make concurrent refreshes overlap). */
  tokenDelayMs = 0;
  /** Seconds a token lives. */
  tokenLifetime = 7200;

  addApp(appId: string, secret: string): void {
    this.apps.set(appId, { secret, token: '', expiresAt: 0 });
  }

  /** A wx.login code for `openId` in `appId`. */
  loginCode(appId: string, openId: string): string {
    const code = `0${randomBytes(15).toString('hex')}`;
    this.loginCodes.set(code, { appId, openId });
    return code;
  }

  /** A getPhoneNumber code for `mobile` in `appId`. */
  phoneCode(appId: string, mobile: string, country = '86'): string {
    const code = randomBytes(32).toString('hex');
    this.phoneCodes.set(code, { appId, mobile, country });
    return code;
  }

  /** A subscribe-message template approved for `appId`, with its field keys. */
  addTemplate(appId: string, templateId: string, fields: string[]): void {
    this.templates.set(templateId, { appId, fields });
  }

  /** The user accepted the template once in the app (wx.requestSubscribeMessage). */
  acceptSubscription(appId: string, openId: string, templateId: string): void {
    const key = `${appId} ${openId} ${templateId}`;
    this.acceptances.set(key, (this.acceptances.get(key) ?? 0) + 1);
  }

  /** The next call of `path` answers this errcode. */
  failNext(path: string, errcode: number): void {
    this.failures.set(path, [...(this.failures.get(path) ?? []), errcode]);
  }

  /** WeChat replaces the app's token (as a refresh elsewhere would): the old one gets 40001. */
  invalidateToken(appId: string): void {
    const app = this.apps.get(appId);
    if (app) app.token = `revoked-${app.token}`;
  }

  currentToken(appId: string): string | undefined {
    return this.apps.get(appId)?.token || undefined;
  }

  async start(): Promise<void> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.handle(request, Buffer.concat(chunks).toString('utf8')).then((reply) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(reply));
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, body: string): Promise<object> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname;
    this.calls.set(path, (this.calls.get(path) ?? 0) + 1);
    const failing = this.failures.get(path)?.shift();
    if (failing !== undefined) return { errcode: failing, errmsg: `forced ${failing}` };
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body) as Record<string, unknown>;
      } catch {
        return {};
      }
    };
    switch (`${request.method} ${path}`) {
      case 'GET /sns/jscode2session': {
        const appId = url.searchParams.get('appid') ?? '';
        const app = this.apps.get(appId);
        if (!app || app.secret !== url.searchParams.get('secret'))
          return { errcode: 40125, errmsg: 'invalid appsecret' };
        if (url.searchParams.get('grant_type') !== 'authorization_code')
          return { errcode: 40002, errmsg: 'invalid grant_type' };
        const code = url.searchParams.get('js_code') ?? '';
        if (this.usedCodes.has(code)) return { errcode: 40163, errmsg: 'code been used' };
        const found = this.loginCodes.get(code);
        if (!found || found.appId !== appId) return { errcode: 40029, errmsg: 'invalid code' };
        this.usedCodes.add(code);
        return { openid: found.openId, session_key: randomBytes(16).toString('base64') };
      }
      case 'POST /cgi-bin/stable_token': {
        const input = json();
        const app = this.apps.get(String(input.appid));
        if (input.grant_type !== 'client_credential')
          return { errcode: 40002, errmsg: 'invalid grant_type' };
        if (!app || app.secret !== input.secret)
          return { errcode: 40125, errmsg: 'invalid appsecret' };
        this.tokenRequests.push({
          appid: String(input.appid),
          force_refresh: !!input.force_refresh,
        });
        if (this.tokenDelayMs) await new Promise((r) => setTimeout(r, this.tokenDelayMs));
        const now = Date.now();
        if (
          input.force_refresh ||
          !app.token ||
          app.expiresAt <= now ||
          app.token.startsWith('revoked-')
        ) {
          app.token = `tok_${randomBytes(12).toString('hex')}`;
          app.expiresAt = now + this.tokenLifetime * 1000;
        }
        return { access_token: app.token, expires_in: Math.floor((app.expiresAt - now) / 1000) };
      }
      case 'POST /wxa/business/getuserphonenumber': {
        const token = url.searchParams.get('access_token') ?? '';
        const app = [...this.apps.entries()].find(([, a]) => a.token === token);
        if (!app || app[1].expiresAt <= Date.now())
          return {
            errcode: 40001,
            errmsg: 'invalid credential, access_token is invalid or not latest',
          };
        const code = String(json().code ?? '');
        if (this.usedCodes.has(code)) return { errcode: 40163, errmsg: 'code been used' };
        const found = this.phoneCodes.get(code);
        if (!found || found.appId !== app[0]) return { errcode: 40029, errmsg: 'invalid code' };
        this.usedCodes.add(code);
        return {
          errcode: 0,
          errmsg: 'ok',
          phone_info: {
            phoneNumber: found.country === '86' ? found.mobile : `+${found.country}${found.mobile}`,
            purePhoneNumber: found.mobile,
            countryCode: found.country,
            watermark: { timestamp: Math.floor(Date.now() / 1000), appid: found.appId },
          },
        };
      }
      case 'POST /cgi-bin/message/subscribe/send': {
        const token = url.searchParams.get('access_token') ?? '';
        const app = [...this.apps.entries()].find(([, a]) => a.token === token);
        if (!app || app[1].expiresAt <= Date.now())
          return { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' };
        const input = json();
        const appId = app[0];
        const templateId = String(input.template_id ?? '');
        const template = this.templates.get(templateId);
        if (!template || template.appId !== appId)
          return { errcode: 40037, errmsg: 'invalid template_id' };
        const data = input.data as Record<string, { value?: unknown }> | undefined;
        const values: Record<string, string> = {};
        for (const field of template.fields) {
          const value = data?.[field]?.value;
          if (typeof value !== 'string' || value === '')
            return { errcode: 47003, errmsg: `argument invalid! data.${field}.value is empty` };
          values[field] = value;
        }
        if (!['formal', 'trial', 'developer'].includes(String(input.miniprogram_state ?? 'formal')))
          return { errcode: 47003, errmsg: 'argument invalid! miniprogram_state' };
        const key = `${appId} ${String(input.touser ?? '')} ${templateId}`;
        const left = this.acceptances.get(key) ?? 0;
        if (left === 0) return { errcode: 43101, errmsg: 'user refuse to accept the msg' };
        this.acceptances.set(key, left - 1);
        this.subscribeMessages.push({
          appId,
          touser: String(input.touser),
          templateId,
          page: String(input.page ?? ''),
          data: values,
        });
        return { errcode: 0, errmsg: 'ok', msgid: Date.now() };
      }
      default:
        return { errcode: 40066, errmsg: 'invalid url' };
    }
  }
}
