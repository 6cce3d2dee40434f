/**
 * Live WeChat mini-program login: `code2Session` turns a wx.login code into the user's open id,
 * `getuserphonenumber` turns a getPhoneNumber code into the mobile; and bill reminders as
 * subscribe messages (`subscribeMessage.send`). There is no official Node SDK for these server
 * APIs; they are plain HTTPS calls, made with fetch.
 *
 * The session key code2Session returns is dropped at once: this server never needs it (phone
 * numbers come by code, not by decrypting client data), so it is never stored, logged or sent.
 *
 * The access token getuserphonenumber needs comes from `/cgi-bin/stable_token` and is kept in
 * `wechat_access_tokens`, one row per mini-program, shared by every process. A process that finds
 * it missing or near expiry locks the row, reads it again and only then asks WeChat, so two
 * processes never refresh at once (the second finds the first's token). A token WeChat calls
 * invalid (40001, 42001) is refreshed with `force_refresh` and the call made once more.
 *
 * The token is a credential to the whole mini-program, so the row holds it sealed (AES-256-GCM
 * under DATA_ENCRYPTION_KEY, bound to the app id). A row sealed under another key is refused by
 * name rather than silently replaced: processes with different keys would otherwise keep
 * overwriting each other's token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { WechatBrandSettings, WechatSettings } from '../../boot/live-settings.ts';
import { SealedDataError } from '../../lib/sealed.ts';
import { ProviderError } from '../errors.ts';
import type { SubscribeMessage } from '../subscribe/index.ts';
import type { WechatProvider } from './index.ts';
import './schema.ts';

interface WechatReply {
  errcode?: number;
  errmsg?: string;
}

interface SessionReply extends WechatReply {
  openid?: string;
  session_key?: string;
  unionid?: string;
}

interface TokenReply extends WechatReply {
  access_token?: string;
  expires_in?: number;
}

interface PhoneReply extends WechatReply {
  phone_info?: {
    phoneNumber?: string;
    purePhoneNumber?: string;
    countryCode?: string;
    watermark?: { appid?: string; timestamp?: number };
  };
}

/** Errcodes that mean the code the user brought is no good (a new one fixes it). */
const BAD_CODE: Record<number, string> = {
  40029: 'invalid code',
  40163: 'code already used',
  40226: 'user blocked by risk control',
};
/** subscribeMessage.send errcodes no retry changes. */
const SUBSCRIBE_REFUSED: Record<number, string> = {
  43101: 'user refused the message (no acceptance left)',
  40003: 'invalid openid',
  40037: 'invalid template_id',
  41030: 'invalid page',
  47003: 'template data does not match the template',
};
/** Errcodes that mean our access token is no longer valid. */
const BAD_TOKEN = new Set([40001, 40014, 42001]);

export class LiveWechat implements WechatProvider {
  readonly name = 'live';

  private readonly settings: WechatSettings;
  private readonly db: Kysely<Database>;
  private readonly now: () => Date;

  constructor(settings: WechatSettings, db: Kysely<Database>, now: () => Date = () => new Date()) {
    this.settings = settings;
    this.db = db;
    this.now = now;
  }

  private brand(platform: number): WechatBrandSettings {
    const brand = this.settings.brands.get(platform);
    if (!brand) throw new ProviderError('wechat', 'rejected', `no brand ${platform}`);
    return brand;
  }

  /** One call to api.weixin.qq.com; the path (not the query: it holds secrets) names it in errors. */
  private async call<T extends WechatReply>(
    path: string,
    query: Record<string, string>,
    body?: unknown,
  ): Promise<T> {
    const url = new URL(path, `${this.settings.apiBase}/`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new ProviderError('wechat', 'unavailable', `${path}: ${reason}`);
    }
    if (!response.ok)
      throw new ProviderError('wechat', 'unavailable', `${path}: HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new ProviderError('wechat', 'unavailable', `${path}: not JSON`);
    }
  }

  /** An errcode other than 0 as a ProviderError: the user's code refused, or WeChat failing. */
  private failure(path: string, reply: WechatReply): ProviderError {
    const code = reply.errcode ?? 0;
    const known = BAD_CODE[code];
    if (known) return new ProviderError('wechat', 'rejected', `${path}: ${code} ${known}`);
    // 45011 (too frequent), -1 (busy) and anything else: try again later.
    return new ProviderError('wechat', 'unavailable', `${path}: errcode ${code}`);
  }

  async openIdFromLoginCode(code: string, platform: number): Promise<string> {
    const brand = this.brand(platform);
    const reply = await this.call<SessionReply>('/sns/jscode2session', {
      appid: brand.appId,
      secret: brand.appSecret.reveal(),
      js_code: code,
      grant_type: 'authorization_code',
    });
    if (reply.errcode) throw this.failure('/sns/jscode2session', reply);
    if (!reply.openid) throw new ProviderError('wechat', 'unavailable', 'code2Session: no openid');
    return reply.openid;
  }

  /** A POST with the app's shared access token; a token WeChat refuses is refreshed once. */
  private async withToken<T extends WechatReply>(
    brand: WechatBrandSettings,
    path: string,
    body: unknown,
  ): Promise<T> {
    let token = await this.accessToken(brand);
    let reply = await this.call<T>(path, { access_token: token }, body);
    if (reply.errcode && BAD_TOKEN.has(reply.errcode)) {
      // Expired or replaced under us (another deployment, a manual reset): refresh once.
      token = await this.accessToken(brand, token);
      reply = await this.call<T>(path, { access_token: token }, body);
    }
    return reply;
  }

  async phoneNumber(code: string, platform: number): Promise<string> {
    const brand = this.brand(platform);
    const reply = await this.withToken<PhoneReply>(brand, '/wxa/business/getuserphonenumber', {
      code,
    });
    if (reply.errcode) throw this.failure('/wxa/business/getuserphonenumber', reply);
    const info = reply.phone_info;
    if (info?.watermark?.appid && info.watermark.appid !== brand.appId)
      throw new ProviderError('wechat', 'rejected', 'phone number issued to another app');
    // Accounts are keyed by mainland mobiles; a number from elsewhere cannot log in this way.
    if (info?.countryCode !== '86' || !/^1[3-9]\d{9}$/.test(info.purePhoneNumber ?? ''))
      throw new ProviderError('wechat', 'rejected', 'not a mainland China mobile');
    return info.purePhoneNumber!;
  }

  /**
   * subscribeMessage.send: one message on a template the user accepted (a one-time acceptance
   * allows one message). The user refusing or having no acceptance left (43101), a wrong open
   * id, template, page or field are final; anything else is WeChat failing.
   */
  async sendSubscribeMessage(message: SubscribeMessage): Promise<void> {
    const path = '/cgi-bin/message/subscribe/send';
    const reply = await this.withToken<WechatReply>(this.brand(message.platform), path, {
      touser: message.openId,
      template_id: message.templateId,
      page: message.page,
      data: Object.fromEntries(
        Object.entries(message.data).map(([key, value]) => [key, { value }]),
      ),
      miniprogram_state: 'formal',
      lang: 'zh_CN',
    });
    if (!reply.errcode) return;
    const refused = SUBSCRIBE_REFUSED[reply.errcode];
    if (refused)
      throw new ProviderError('subscribe', 'rejected', `${path}: ${reply.errcode} ${refused}`);
    throw this.failure(path, reply);
  }

  /**
   * The app's access token: the shared one while it has more than the margin left, else a fresh
   * one. `stale` is a token WeChat refused: it is replaced (force_refresh) unless another process
   * replaced it already.
   */
  async accessToken(brand: WechatBrandSettings, stale?: string): Promise<string> {
    const marginMs = this.settings.tokenRefreshMarginSeconds * 1000;
    const context = `wechat_access_tokens:${brand.appId}`;
    /** The row's token, opened ('' when there is none yet). */
    const tokenOf = (row: { access_token_sealed: string }) => {
      if (row.access_token_sealed === '') return '';
      try {
        return this.settings.tokenKey.open(row.access_token_sealed, context);
      } catch (error) {
        const why = error instanceof SealedDataError ? error.message : 'unreadable';
        throw new ProviderError(
          'wechat',
          'unavailable',
          `cached access token of ${brand.appId} cannot be opened: ${why}; set the DATA_ENCRYPTION_KEY it was sealed with, or clear its wechat_access_tokens row`,
        );
      }
    };
    /** The row's token while it is still good for use, else undefined. */
    const usable = (row: { access_token_sealed: string; expires_at: Date } | undefined) => {
      if (!row) return undefined;
      const token = tokenOf(row);
      const fresh = new Date(row.expires_at).getTime() - marginMs > this.now().getTime();
      return token !== '' && token !== stale && fresh ? token : undefined;
    };
    const cached = await this.db
      .selectFrom('wechat_access_tokens')
      .select(['access_token_sealed', 'expires_at'])
      .where('app_id', '=', brand.appId)
      .executeTakeFirst();
    const cachedToken = usable(cached);
    if (cachedToken) return cachedToken;
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('wechat_access_tokens')
        .values({ app_id: brand.appId })
        .onConflict((oc) => oc.column('app_id').doNothing())
        .execute();
      const locked = await trx
        .selectFrom('wechat_access_tokens')
        .select(['access_token_sealed', 'expires_at'])
        .where('app_id', '=', brand.appId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      // Another process refreshed while this one waited for the lock.
      const lockedToken = usable(locked);
      if (lockedToken) return lockedToken;
      const reply = await this.call<TokenReply>(
        '/cgi-bin/stable_token',
        {},
        {
          grant_type: 'client_credential',
          appid: brand.appId,
          secret: brand.appSecret.reveal(),
          force_refresh: stale !== undefined && tokenOf(locked) === stale,
        },
      );
      if (reply.errcode || !reply.access_token || !reply.expires_in)
        throw new ProviderError(
          'wechat',
          'unavailable',
          `/cgi-bin/stable_token: errcode ${reply.errcode ?? 'none'}`,
        );
      const now = this.now();
      await trx
        .updateTable('wechat_access_tokens')
        .set({
          access_token_sealed: this.settings.tokenKey.seal(reply.access_token, context),
          expires_at: new Date(now.getTime() + reply.expires_in * 1000),
          refreshed_at: now,
        })
        .where('app_id', '=', brand.appId)
        .execute();
      return reply.access_token;
    });
  }
}
