/**
 * One brand's Alipay OpenAPI client on the official SDK: requests signed RSA2 with the app's key,
 * answers checked with Alipay's key (`validateSign`), and Alipay's answer codes turned into what
 * the callers decide on: a result, a business refusal (`AlipayRefusal`, with its sub_code), or a
 * `ProviderError('unavailable')` for everything a retry may cure (network, timeout, a bad
 * signature on the answer, Alipay's system errors).
 */
import { createPrivateKey } from 'node:crypto';
import { AlipayRequestError, AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import { yuan } from '../../money.ts';
import { ProviderError } from '../errors.ts';
import type { AlipayMerchant, AlipaySettings } from '../../live-settings.ts';

/** An OpenAPI answer's fields (snake_case, as Alipay documents them). */
export type AlipayFields = Record<string, unknown>;

/** Alipay refused the request for a business reason (code 40004); `subCode` says which. */
export class AlipayRefusal extends Error {
  constructor(
    readonly subCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'AlipayRefusal';
  }
}

/** Sub-codes of 40004 that are Alipay's own trouble, not ours: a retry may succeed. */
const TRANSIENT_SUB_CODE = /SYSTEM_ERROR|BUSY|CONCURRENT|TRY_AGAIN/i;

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
    this.sdk = new AlipaySdk(config);
  }

  /**
   * Calls an OpenAPI method; the answer's signature is always checked. Resolves with the answer
   * (code 10000, or 10003 "processing" where the method has one), rejects with AlipayRefusal for
   * a business refusal, ProviderError otherwise.
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
      const params: Record<string, unknown> = { ...extra };
      if (Object.keys(bizContent).length > 0) params.bizContent = bizContent;
      answer = (await this.sdk.exec(method, params, { validateSign: true })) as AlipayFields;
    } catch (error) {
      // Never the request itself in the message: it is signed with our key.
      const reason =
        error instanceof AlipayRequestError
          ? error.message.replace(/validateStr: .*/s, '').slice(0, 200)
          : error instanceof Error
            ? error.message.slice(0, 200)
            : String(error);
      throw new ProviderError('alipay', 'unavailable', `${method}: ${reason}`);
    }
    const code = String(answer.code ?? '');
    if (code === '10000' || code === '10003') return answer;
    const subCode = String(answer.sub_code ?? '');
    const message =
      `${method}: ${code} ${String(answer.msg ?? '')} ${subCode} ${String(answer.sub_msg ?? '')}`.trim();
    if (code === '40004' && !TRANSIENT_SUB_CODE.test(subCode))
      throw new AlipayRefusal(subCode, message);
    // An auth code that is wrong, used or expired: the user's, not a configuration problem.
    if (code === '40002' && subCode.startsWith('isv.code-'))
      throw new AlipayRefusal(subCode, message);
    // 20000 (service unavailable), 40004 system errors; 40001/40002/40006 are our configuration
    // (a wrong key, a missing permission): a retry after the fix goes through, so not final.
    throw new ProviderError('alipay', 'unavailable', message);
  }
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
