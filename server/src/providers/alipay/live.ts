/**
 * Live Alipay login, per brand (each brand is its own Alipay app): `alipay.system.oauth.token`
 * turns a mini-program or H5 auth code into the user, and the mini-program's encrypted
 * `my.getPhoneNumber` answer is checked with Alipay's key and decrypted with the app's AES key.
 * Bill reminders go as subscribe messages with the same app keys.
 *
 * The phone "code" the client sends is `<response>.<sign>` from my.getPhoneNumber's JSON (both
 * base64, so it fits the contract's code pattern): Alipay signs the quoted ciphertext.
 */
import type { AlipaySettings } from '../../boot/live-settings.ts';
import { AlipayClient, AlipayRefusal } from './client.ts';
import { ProviderError } from '../errors.ts';
import type { SubscribeMessage } from '../subscribe/index.ts';
import type { AlipayProvider } from './index.ts';

const OAUTH_PAGE = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm';

export class LiveAlipay implements AlipayProvider {
  readonly name = 'live';
  private readonly clients = new Map<number, AlipayClient>();

  private readonly settings: AlipaySettings;

  constructor(settings: AlipaySettings) {
    this.settings = settings;
    // Every brand's keys are checked at start, not at a user's first login.
    for (let platform = 1; platform <= 9; platform++) this.client(platform);
  }

  private client(platform: number): AlipayClient {
    let client = this.clients.get(platform);
    if (!client) {
      client = new AlipayClient(this.settings.merchant(platform), this.settings);
      this.clients.set(platform, client);
    }
    return client;
  }

  async exchangeAuthCode(code: string, platform = 1): Promise<{ userId: string; openId: string }> {
    try {
      const answer = await this.client(platform).exec(
        'alipay.system.oauth.token',
        {},
        { grantType: 'authorization_code', code },
      );
      const userId = typeof answer.user_id === 'string' ? answer.user_id : '';
      const openId = typeof answer.open_id === 'string' ? answer.open_id : '';
      if (!userId && !openId)
        throw new ProviderError('alipay', 'unavailable', 'oauth.token answered no user');
      // Apps created since 2023 get only the open id; it is the user there.
      return { userId: userId || openId, openId: openId || userId };
    } catch (error) {
      if (error instanceof AlipayRefusal)
        throw new ProviderError('alipay', 'rejected', 'invalid auth code');
      throw error;
    }
  }

  oauthUrl(input: { redirectUri: string; state: string; platform: number }): string {
    const url = new URL(OAUTH_PAGE);
    url.searchParams.set('app_id', this.client(input.platform).appId);
    url.searchParams.set('scope', 'auth_user');
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  /**
   * A subscribe message (订阅消息) through alipay.open.app.mini.templatemessage.send: to the user
   * by their user id (2088…) or, for apps on open ids, their open id, on a template they
   * accepted; `data` is the template's keywords as a JSON text. A refusal (not subscribed, a
   * wrong template) is final; anything else is retried by the caller's schedule.
   */
  async sendSubscribeMessage(message: SubscribeMessage): Promise<void> {
    const recipient = /^2088\d{12}$/.test(message.openId)
      ? { to_user_id: message.openId }
      : { to_open_id: message.openId };
    try {
      await this.client(message.platform).exec('alipay.open.app.mini.templatemessage.send', {
        ...recipient,
        user_template_id: message.templateId,
        page: message.page,
        data: JSON.stringify(
          Object.fromEntries(Object.entries(message.data).map(([key, value]) => [key, { value }])),
        ),
      });
    } catch (error) {
      if (error instanceof AlipayRefusal)
        throw new ProviderError('subscribe', 'rejected', error.message);
      throw error;
    }
  }

  async phoneNumber(code: string, platform = 1): Promise<string> {
    const client = this.client(platform);
    const dot = code.lastIndexOf('.');
    const response = code.slice(0, dot);
    const sign = code.slice(dot + 1);
    let signed = false;
    try {
      signed = dot > 0 && sign !== '' && client.sdk.rsaCheck(`"${response}"`, sign, 'RSA2');
    } catch {
      signed = false;
    }
    if (!signed) throw new ProviderError('alipay', 'rejected', 'phone number not signed by Alipay');
    if (!this.settings.merchant(platform).aesKey)
      throw new ProviderError('alipay', 'unavailable', 'ALIPAY_AES_KEY is not set');
    let mobile: unknown;
    try {
      const plain = JSON.parse(client.sdk.aesDecrypt(response)) as Record<string, unknown>;
      if (plain.code !== '10000') throw new Error(String(plain.sub_code ?? plain.code));
      mobile = plain.mobile;
    } catch {
      throw new ProviderError('alipay', 'rejected', 'phone number cannot be read');
    }
    if (typeof mobile !== 'string' || !/^1[3-9]\d{9}$/.test(mobile))
      throw new ProviderError('alipay', 'rejected', 'not a mainland mobile');
    return mobile;
  }
}
