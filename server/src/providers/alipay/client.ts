/**
 * One brand's Alipay OpenAPI client on the official SDK: requests signed RSA2 with the app's key
 * and stamped in Beijing time, answers checked with Alipay's key, and Alipay's answer codes turned
 * into what the callers decide on: a result, a business refusal (`AlipayRefusal`, with its
 * sub_code), or a `ProviderError('unavailable')` for everything a retry may cure (network,
 * timeout, a bad signature on the answer, an unsigned answer, Alipay's system errors).
 *
 * Answer signatures follow the rule of Alipay's own Java SDK (AbstractAlipayClient: "针对成功结果且
 * 有签名的内容进行验签"): a signed answer is always verified; an answer without a signature is
 * only ever read as a failure. Alipay sends `error_response` unsigned (alipay-sdk quotes
 * `{"error_response":{"code":"40002",…,"sub_code":"isv.code-invalid"}}` without `sign`), and
 * alipay-sdk's `validateSign` throws on it before its code can be read.
 */
import { createPrivateKey } from 'node:crypto';
import { AlipayRequestError, AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import { yuan } from '../../lib/money.ts';
import { ProviderError } from '../errors.ts';
import type { AlipayMerchant, AlipaySettings } from '../../boot/live-settings.ts';

/** An OpenAPI answer's fields (snake_case, as Alipay documents them). */
export type AlipayFields = Record<string, unknown>;

/** Alipay refused the request for a business reason (code 40004); `subCode` says which. */
export class AlipayRefusal extends Error {
  readonly subCode: string;

  constructor(subCode: string, message: string) {
    super(message);
    this.subCode = subCode;
    this.name = 'AlipayRefusal';
  }
}

/** Sub-codes of 40004 that are Alipay's own trouble, not ours: a retry may succeed. */
const TRANSIENT_SUB_CODE = /SYSTEM_ERROR|BUSY|CONCURRENT|TRY_AGAIN/i;

/**
 * Alipay's time format in Beijing time (GMT+8), whatever the process's TZ: the `timestamp` of
 * every request and every time field Alipay reads. alipay-sdk formats `timestamp` in the local
 * zone, which is 8 hours off on a UTC host; Alipay's Java SDK fixes GMT+8
 * (AlipayConstants.DATE_TIMEZONE).
 */
export function beijingTime(at: Date = new Date()): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** The key's format, as the SDK must be told it (PKCS#1 by default). */
function keyTypeOf(privateKey: string): 'PKCS1' | 'PKCS8' {
  if (privateKey.includes('BEGIN PRIVATE KEY')) return 'PKCS8';
  if (privateKey.includes('BEGIN RSA PRIVATE KEY')) return 'PKCS1';
  try {
    createPrivateKey({
      key: Buffer.from(privateKey.replace(/\s+/g, ''), 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    return 'PKCS8';
  } catch {
    return 'PKCS1';
  }
}

const OAUTH_TOKEN = 'alipay.system.oauth.token';

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** An answer that carried no signature: what it says, to be read as a failure only. */
class UnsignedAnswer extends Error {
  readonly fields: AlipayFields;

  constructor(fields: AlipayFields) {
    super('unsigned answer');
    this.fields = fields;
  }
}

/**
 * alipay-sdk with Alipay's rule for answer signatures. The SDK looks for the signed JSON under
 * `<method>_response` only, so it cannot verify a signed `error_response`, and it throws a
 * TypeError on an unsigned one, losing what Alipay said. Here a signed answer is verified (under
 * whichever key it came), and an unsigned one is handed to `exec` as an `UnsignedAnswer`.
 */
class VerifyingAlipaySdk extends AlipaySdk {
  override checkResponseSign(
    responseDataRaw: string,
    responseKey: string,
    serverSign: string,
    traceId: string,
  ): void {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(responseDataRaw) as Record<string, unknown>;
    } catch {
      // The SDK parsed it before asking: not reached.
    }
    const key = responseKey in parsed ? responseKey : 'error_response';
    if (!serverSign) {
      const body = parsed[key];
      throw new UnsignedAnswer(body && typeof body === 'object' ? (body as AlipayFields) : {});
    }
    if (key === responseKey) {
      super.checkResponseSign(responseDataRaw, responseKey, serverSign, traceId);
      return;
    }
    if (!this.rsaCheck(this.getSignStr(responseDataRaw, key), serverSign, 'RSA2'))
      throw new AlipayRequestError('验签失败: error_response', { traceId });
  }
}

export class AlipayClient {
  readonly sdk: AlipaySdk;
  readonly appId: string;

  constructor(
    merchant: AlipayMerchant,
    settings: Pick<AlipaySettings, 'gatewayUrl' | 'timeoutMs'>,
  ) {
    if (!merchant.appId || !merchant.privateKey)
      throw new ProviderError(
        'alipay',
        'unavailable',
        'ALIPAY_APP_ID and ALIPAY_PRIVATE_KEY are required',
      );
    this.appId = merchant.appId;
    const certificates =
      merchant.appCertPath && merchant.alipayPublicCertPath && merchant.alipayRootCertPath;
    if (!merchant.alipayPublicKey && !certificates)
      throw new ProviderError(
        'alipay',
        'unavailable',
        'ALIPAY_PUBLIC_KEY or the three ALIPAY_*_CERT_PATH certificates are required',
      );
    const config: AlipaySdkConfig = {
      appId: merchant.appId,
      privateKey: merchant.privateKey,
      keyType: keyTypeOf(merchant.privateKey),
      signType: 'RSA2',
      gateway: settings.gatewayUrl,
      timeout: settings.timeoutMs,
      // Fields as Alipay documents them (snake_case), not the SDK's camelCase.
      camelcase: false,
      ...(certificates
        ? {
            appCertPath: merchant.appCertPath,
            alipayPublicCertPath: merchant.alipayPublicCertPath,
            alipayRootCertPath: merchant.alipayRootCertPath,
          }
        : { alipayPublicKey: merchant.alipayPublicKey }),
      ...(merchant.aesKey ? { encryptKey: merchant.aesKey } : {}),
    };
    this.sdk = new VerifyingAlipaySdk(config);
  }

  /**
   * Calls an OpenAPI method; a signed answer's signature is always checked. Resolves with a
   * success: code 10000, 10003 ("processing") where the method has one, or no code at all, as
   * `alipay.system.oauth.token` documents its success (Alipay's Java SDK: a success is an answer
   * without sub_code). Rejects with AlipayRefusal for a business refusal, ProviderError otherwise.
   */
  async exec(
    method: string,
    bizContent: Record<string, unknown>,
    extra: {
      notifyUrl?: string;
      returnUrl?: string;
      authToken?: string;
      grantType?: string;
      code?: string;
    } = {},
  ): Promise<AlipayFields> {
    let answer: AlipayFields;
    try {
      // The SDK signs every parameter it is given, so this `timestamp` replaces its local one.
      const params: Record<string, unknown> = { ...extra, timestamp: beijingTime() };
      if (Object.keys(bizContent).length > 0) params.bizContent = bizContent;
      answer = (await this.sdk.exec(method, params, { validateSign: true })) as AlipayFields;
    } catch (error) {
      if (error instanceof UnsignedAnswer) return unsignedFailure(method, error.fields);
      // Never the request itself in the message: it is signed with our key.
      const reason =
        error instanceof AlipayRequestError
          ? error.message.replace(/validateStr: .*/s, '').slice(0, 200)
          : error instanceof Error
            ? error.message.slice(0, 200)
            : String(error);
      throw new ProviderError('alipay', 'unavailable', `${method}: ${reason}`);
    }
    const code = text(answer.code);
    const subCode = text(answer.sub_code);
    if (!subCode && (code === '' || code === '10000' || code === '10003')) return answer;
    const message =
      `${method}: ${code} ${text(answer.msg)} ${subCode} ${text(answer.sub_msg)}`.trim();
    if (code === '40004' && !TRANSIENT_SUB_CODE.test(subCode))
      throw new AlipayRefusal(subCode, message);
    // An auth code that is wrong, used or expired: the user's, not a configuration problem.
    if (code === '40002' && subCode.startsWith('isv.code-'))
      throw new AlipayRefusal(subCode, message);
    // 20000 (service unavailable), 40004 system errors; 40001/40002/40006 are our configuration
    // (a wrong key, a missing permission): a retry after the fix goes through, so not final.
    throw new ProviderError('alipay', 'unavailable', message);
  }

  /** A signed order string for `my.tradePay({ orderStr })`, stamped in Beijing time. */
  orderString(
    method: string,
    params: { notifyUrl?: string; bizContent: Record<string, unknown> },
  ): string {
    return this.sdk.sdkExecute(
      method,
      { ...params, timestamp: beijingTime() },
      { bizContentAutoSnakeCase: false },
    );
  }

  /** A signed GET URL of a page method (the browser opens it), stamped in Beijing time. */
  pageUrl(
    method: string,
    params: { notifyUrl?: string; returnUrl?: string; bizContent: Record<string, unknown> },
  ): string {
    return this.sdk.pageExecute(method, 'GET', { ...params, timestamp: beijingTime() });
  }
}

/**
 * What an unsigned answer may do: fail the call, never succeed it. oauth.token's refusal of an
 * auth code in an unsigned `error_response` (isv.code-*) is the user's mistake, so the login says
 * so (anyone able to forge it could only fail that login). Anything else is not believed either
 * way: not a success, and not a final refusal that would close a money operation; it is retried.
 */
function unsignedFailure(method: string, fields: AlipayFields): never {
  const code = text(fields.code);
  const subCode = text(fields.sub_code);
  const message =
    `${method}: unsigned answer ${code} ${text(fields.msg)} ${subCode} ${text(fields.sub_msg)}`.trim();
  if (method === OAUTH_TOKEN && code === '40002' && subCode.startsWith('isv.code-'))
    throw new AlipayRefusal(subCode, message);
  throw new ProviderError('alipay', 'unavailable', message);
}

/** Fen as Alipay writes money: yuan with two decimals. */
export const yuanText = yuan;

/** Alipay's yuan text as fen; NaN when it is not money (the engine then sees a wrong amount). */
export function fenOf(value: unknown): number {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
