/**
 * Live SMS on Alibaba Cloud (dysmsapi 2017-05-25) through its official SDK, which signs every
 * request with ACS3-HMAC-SHA256 (the `Authorization` header over the canonical request). Each
 * purpose has its approved template, each brand its approved sign name. Codes never reach a log:
 * only the masked mobile, the purpose and Alibaba's BizId are logged.
 *
 * SendSms is not idempotent at Alibaba, so a send is never retried here: a failure is the user's
 * to retry (the login route's limits still count it). Delivery receipts come from
 * QuerySendDetails by the BizId SendSms answered.
 */
import * as dysms from '@alicloud/dysmsapi20170525';
import { Config } from '@alicloud/openapi-client';
import { RuntimeOptions } from '@alicloud/tea-util';
import type { SmsPurpose, SmsSettings } from '../../boot/live-settings.ts';
import { maskMobile } from '../../lib/redact.ts';
import { ProviderError } from '../errors.ts';
import type { SmsDelivery, SmsNotice, SmsProvider, SmsSent } from './index.ts';

type DysmsClient = dysms.default;
// The package is CommonJS with `exports.default`: under ESM loaders the class is one level down.
const DysmsClientClass: typeof dysms.default =
  (dysms.default as unknown as { default?: typeof dysms.default }).default ?? dysms.default;

/** Alibaba's answer codes that say: too many messages to this number for now. */
const THROTTLED = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.DAY_LIMIT_CONTROL',
  'Throttling.User',
]);
/** Codes after which the same message cannot succeed. */
const REFUSED = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
  'isv.BLACK_KEY_CONTROL_LIMIT',
  'isv.PARAM_LENGTH_LIMIT',
  'isv.INVALID_PARAMETERS',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.SMS_SIGNATURE_ILLEGAL',
]);

/** yyyyMMdd in Beijing time, as QuerySendDetails takes the send date. */
const beijingDate = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');

export class LiveSms implements SmsProvider {
  readonly name = 'live';
  private readonly client: DysmsClient;

  private readonly settings: SmsSettings;

  constructor(settings: SmsSettings) {
    this.settings = settings;
    const endpoint = settings.endpoint.replace(/^https?:\/\//, '');
    this.client = new DysmsClientClass(
      new Config({
        accessKeyId: settings.accessKeyId,
        accessKeySecret: settings.accessKeySecret.reveal(),
        endpoint,
        // Plain HTTP only for a loopback test server; Alibaba's endpoint is always HTTPS.
        protocol: settings.endpoint.startsWith('http://') ? 'http' : 'https',
      }),
    );
  }

  private runtime(): RuntimeOptions {
    return new RuntimeOptions({
      readTimeout: this.settings.timeoutMs,
      connectTimeout: this.settings.timeoutMs,
      autoretry: false,
    });
  }

  private async send(
    mobile: string,
    platform: number,
    purpose: SmsPurpose,
    params: Record<string, string>,
  ): Promise<SmsSent> {
    const signName = this.settings.signNames.get(platform);
    if (!signName) throw new ProviderError('sms', 'rejected', `no sign name for brand ${platform}`);
    let code: string | undefined;
    let bizId: string | undefined;
    try {
      const response = await this.client.sendSmsWithOptions(
        new dysms.SendSmsRequest({
          phoneNumbers: mobile,
          signName,
          templateCode: this.settings.templates[purpose],
          templateParam: JSON.stringify(params),
        }),
        this.runtime(),
      );
      code = response.body?.code;
      bizId = response.body?.bizId;
    } catch (error) {
      // Refused at the HTTP level (signature, throttling of the account) or no answer.
      const failure = error as { code?: string; statusCode?: number; name?: string };
      code = failure.code ?? failure.name ?? 'NETWORK';
      if (THROTTLED.has(code)) throw new ProviderError('sms', 'throttled', `SendSms: ${code}`);
      throw new ProviderError('sms', 'unavailable', `SendSms: ${code}`);
    }
    if (code === 'OK' && bizId)
      return { messageId: bizId, templateCode: this.settings.templates[purpose] };
    const reason = `SendSms: ${code ?? 'no code'}`;
    if (code && THROTTLED.has(code)) throw new ProviderError('sms', 'throttled', reason);
    if (code && REFUSED.has(code)) throw new ProviderError('sms', 'rejected', reason);
    throw new ProviderError('sms', 'unavailable', reason);
  }

  async sendLoginCode(
    mobile: string,
    code: string,
    log: (line: string) => void,
    platform = 1,
  ): Promise<SmsSent> {
    const sent = await this.send(mobile, platform, 'login_code', { code });
    log(`sms login code to ${maskMobile(mobile)} accepted, BizId ${sent.messageId}`);
    return sent;
  }

  sendNotice(notice: SmsNotice): Promise<SmsSent> {
    return this.send(notice.mobile, notice.platform, notice.purpose, notice.params);
  }

  /** QuerySendDetails: what the carrier reported for the message with this BizId. */
  async delivery(mobile: string, messageId: string, sentAt: Date): Promise<SmsDelivery> {
    let response;
    try {
      response = await this.client.querySendDetailsWithOptions(
        new dysms.QuerySendDetailsRequest({
          phoneNumber: mobile,
          bizId: messageId,
          sendDate: beijingDate(sentAt),
          pageSize: 10,
          currentPage: 1,
        }),
        this.runtime(),
      );
    } catch (error) {
      const failure = error as { code?: string };
      throw new ProviderError('sms', 'unavailable', `QuerySendDetails: ${failure.code ?? 'error'}`);
    }
    if (response.body?.code !== 'OK')
      throw new ProviderError('sms', 'unavailable', `QuerySendDetails: ${response.body?.code}`);
    const detail = response.body.smsSendDetailDTOs?.smsSendDetailDTO?.[0];
    if (!detail) return { status: 'unknown' };
    // SendStatus: 1 waiting for the receipt, 2 failed, 3 delivered.
    const status =
      detail.sendStatus === 3 ? 'delivered' : detail.sendStatus === 2 ? 'failed' : 'pending';
    return { status, ...(detail.errCode ? { carrierCode: detail.errCode } : {}) };
  }
}
