/**
 * Settings of the live Alipay, WeChat and SMS adapters, read from the environment only when the adapter
 * is selected (`ALIPAY_PROVIDER=live`, `WECHAT_PROVIDER=live`, `SMS_PROVIDER=live`), so a sandbox set-up reads no secret.
 *
 * Every brand is its own mini-program and merchant. A variable `NAME_<brand>` (`WECHAT_APP_ID_3`)
 * gives brand 3 its own value; without it the brand uses `NAME`. Secrets may be given as a file
 * with `NAME_FILE` (or `NAME_<brand>_FILE`), as container secrets are mounted.
 *
 * The objects built here hold secrets: they are never logged (toJSON hides them, so a stray
 * `log.info(config)` prints `[redacted]`).
 */
import fs from 'node:fs';
import { DATA_KEY_VARIABLE, dataKeyFrom, type DataKey } from '../lib/sealed.ts';

type Env = NodeJS.ProcessEnv;

export class LiveSettingsError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('; '));
    this.problems = problems;
    this.name = 'LiveSettingsError';
  }
}

/** `NAME_<brand>`, then `NAME`, each as a value or as `…_FILE`. */
function brandValue(env: Env, name: string, platform?: number): string | undefined {
  for (const key of platform ? [`${name}_${platform}`, name] : [name]) {
    const direct = env[key];
    if (direct) return direct;
    const file = env[`${key}_FILE`];
    if (file) return fs.readFileSync(file, 'utf8').trim();
  }
  return undefined;
}

const BRANDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** A secret that does not show in logs or JSON. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[redacted]';
  }
}

export interface WechatBrandSettings {
  platform: number;
  /** The mini-program's AppID (also the appid of its WeChat Pay payments). */
  appId: string;
  appSecret: Secret;
  pay: {
    mchid: string;
    /** Serial number of the merchant API certificate, sent in every request's Authorization. */
    merchantSerialNo: string;
    /** The merchant API private key (PEM), signing requests and the mini-program's paySign. */
    merchantPrivateKey: Secret;
    /** The 32-byte APIv3 key: decrypts notifications (AEAD_AES_256_GCM). */
    apiV3Key: Secret;
    /**
     * WeChat Pay's public key (PEM) and its id (`PUB_KEY_ID_…`), or its platform certificate and
     * the certificate's serial number: verifies its answers and notifications.
     */
    platformPublicKey: string;
    platformPublicKeyId: string;
  };
  /**
   * WeChat Pay Score (微信支付分), deposit-free mode, on the same merchant: the service id WeChat
   * Pay gave the brand (WECHAT_PAYSCORE_SERVICE_ID[_<brand>]); absent where it has none.
   */
  payScore?: { serviceId: string };
}

export interface WechatSettings {
  /** https://api.weixin.qq.com: code2Session, stable_token, getuserphonenumber. */
  apiBase: string;
  /** https://api.mch.weixin.qq.com: WeChat Pay v3. */
  payApiBase: string;
  /** Seconds before an access token's expiry that it is refreshed. */
  tokenRefreshMarginSeconds: number;
  /** Milliseconds a call to WeChat may take. */
  timeoutMs: number;
  brands: Map<number, WechatBrandSettings>;
  /** Seals the access tokens cached in the database (DATA_ENCRYPTION_KEY). */
  tokenKey: DataKey;
}

export type SmsPurpose = 'login_code' | 'bill_reminder' | 'bill_due_today' | 'overdue_notice';

export interface SmsSettings {
  /** `dysmsapi.aliyuncs.com`, or `http://127.0.0.1:port` in tests. */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: Secret;
  /** The approved sign name (签名) per brand. */
  signNames: Map<number, string>;
  /** The approved template code per purpose (SMS_123456789). */
  templates: Record<SmsPurpose, string>;
  timeoutMs: number;
}

const base = (value: string | undefined, fallback: string) =>
  (value || fallback).replace(/\/+$/, '');

function positiveInt(env: Env, name: string, fallback: number, problems: string[]): number {
  const raw = env[name];
  if (!raw) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed <= 0) problems.push(`${name} must be a whole number`);
  return parsed;
}

/** WeChat settings of every brand; throws listing every missing or malformed value. */
export function wechatSettingsFrom(env: Env): WechatSettings {
  const problems: string[] = [];
  /** Variable → brands it is missing for, reported once per variable. */
  const missing = new Map<string, number[]>();
  const brands = new Map<number, WechatBrandSettings>();
  for (const platform of BRANDS) {
    const need = (name: string) => {
      const value = brandValue(env, name, platform);
      if (!value) missing.set(name, [...(missing.get(name) ?? []), platform]);
      return value ?? '';
    };
    const apiV3Key = need('WECHAT_PAY_API_V3_KEY');
    if (apiV3Key && Buffer.byteLength(apiV3Key) !== 32)
      problems.push(`WECHAT_PAY_API_V3_KEY of brand ${platform} must be 32 bytes`);
    const privateKey = need('WECHAT_PAY_PRIVATE_KEY');
    if (privateKey && !privateKey.includes('PRIVATE KEY'))
      problems.push(`WECHAT_PAY_PRIVATE_KEY of brand ${platform} must be a PEM private key`);
    const publicKey = need('WECHAT_PAY_PLATFORM_PUBLIC_KEY');
    // WeChat Pay's public key (PUB_KEY_ID_…), or for merchants still on platform certificates the
    // certificate (its serial number as the id): both verify the same way.
    if (publicKey && !publicKey.includes('PUBLIC KEY') && !publicKey.includes('CERTIFICATE'))
      problems.push(
        `WECHAT_PAY_PLATFORM_PUBLIC_KEY of brand ${platform} must be a PEM public key or certificate`,
      );
    const serviceId = brandValue(env, 'WECHAT_PAYSCORE_SERVICE_ID', platform);
    if (serviceId !== undefined && !/^\d{1,32}$/.test(serviceId))
      problems.push(`WECHAT_PAYSCORE_SERVICE_ID of brand ${platform} must be up to 32 digits`);
    brands.set(platform, {
      platform,
      ...(serviceId ? { payScore: { serviceId } } : {}),
      appId: need('WECHAT_APP_ID'),
      appSecret: new Secret(need('WECHAT_APP_SECRET')),
      pay: {
        mchid: need('WECHAT_PAY_MCHID'),
        merchantSerialNo: need('WECHAT_PAY_SERIAL_NO'),
        merchantPrivateKey: new Secret(privateKey),
        apiV3Key: new Secret(apiV3Key),
        platformPublicKey: publicKey,
        platformPublicKeyId: need('WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID'),
      },
    });
  }
  for (const [name, platforms] of missing)
    problems.push(
      platforms.length === BRANDS.length
        ? `${name} must be set for WECHAT_PROVIDER=live`
        : `${name} must be set (or ${name}_<brand> for brands ${platforms.join(', ')})`,
    );
  let tokenKey: DataKey | undefined;
  try {
    tokenKey = dataKeyFrom(brandValue(env, DATA_KEY_VARIABLE));
  } catch (error) {
    problems.push((error as Error).message);
  }
  const settings: WechatSettings = {
    tokenKey: tokenKey!,
    apiBase: base(env.WECHAT_API_BASE, 'https://api.weixin.qq.com'),
    payApiBase: base(env.WECHAT_PAY_API_BASE, 'https://api.mch.weixin.qq.com'),
    tokenRefreshMarginSeconds: positiveInt(
      env,
      'WECHAT_TOKEN_REFRESH_MARGIN_SECONDS',
      300,
      problems,
    ),
    timeoutMs: positiveInt(env, 'WECHAT_TIMEOUT_MS', 10_000, problems),
    brands,
  };
  if (problems.length > 0) throw new LiveSettingsError(problems);
  return settings;
}

const SMS_TEMPLATE_VARIABLES: Record<SmsPurpose, string> = {
  login_code: 'SMS_TEMPLATE_LOGIN_CODE',
  bill_reminder: 'SMS_TEMPLATE_BILL_REMINDER',
  bill_due_today: 'SMS_TEMPLATE_BILL_DUE_TODAY',
  overdue_notice: 'SMS_TEMPLATE_OVERDUE_NOTICE',
};

/** Alibaba Cloud SMS settings; throws listing every missing value. */
export function smsSettingsFrom(env: Env): SmsSettings {
  const problems: string[] = [];
  const need = (name: string, platform = 0) => {
    const value = brandValue(env, name, platform || undefined);
    if (!value)
      problems.push(
        platform
          ? `${name} (or ${name}_${platform}) must be set for brand ${platform}`
          : `${name} must be set`,
      );
    return value ?? '';
  };
  const signNames = new Map<number, string>();
  for (const platform of BRANDS) signNames.set(platform, need('SMS_SIGN_NAME', platform));
  const templates = Object.fromEntries(
    Object.entries(SMS_TEMPLATE_VARIABLES).map(([purpose, variable]) => [purpose, need(variable)]),
  ) as Record<SmsPurpose, string>;
  const settings: SmsSettings = {
    endpoint: env.SMS_ENDPOINT || 'dysmsapi.aliyuncs.com',
    accessKeyId: need('ALIBABA_CLOUD_ACCESS_KEY_ID'),
    accessKeySecret: new Secret(need('ALIBABA_CLOUD_ACCESS_KEY_SECRET')),
    signNames,
    templates,
    timeoutMs: positiveInt(env, 'SMS_TIMEOUT_MS', 10_000, problems),
  };
  if (problems.length > 0) throw new LiveSettingsError(problems);
  return settings;
}

// ---------------------------------------------------------------------------------------------
// Alipay

/*
 * Alipay's live settings from the environment. Every brand is its own Alipay merchant, so each
 * setting has a default (`ALIPAY_APP_ID`) and a per-brand override (`ALIPAY_APP_ID_3` for brand
 * 3). Keys may be given inline or as a file (`ALIPAY_PRIVATE_KEY_FILE`). The Alipay side is
 * checked either with its public key (`ALIPAY_PUBLIC_KEY`) or in certificate mode (the three
 * `*_CERT_PATH` files). Nothing here is ever logged.
 */

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** One brand's merchant account at Alipay. */
export interface AlipayMerchant {
  appId: string;
  /** The app's RSA2 private key (PEM or bare base64, PKCS#1 or PKCS#8). */
  privateKey: string;
  /** Alipay's public key (public-key mode). */
  alipayPublicKey: string | undefined;
  /** Certificate mode: the app's public-key certificate, Alipay's, and Alipay's root. */
  appCertPath: string | undefined;
  alipayPublicCertPath: string | undefined;
  alipayRootCertPath: string | undefined;
  /** The content-encryption (AES) key: decrypts the mini-program's phone number. */
  aesKey: string | undefined;
  /** Zhima credit service of the deposit freeze (`extra_param.serviceId`), if signed up. */
  creditServiceId: string | undefined;
  /** The credit category the service was signed up under (`extra_param.category`). */
  creditCategory: string;
  /** The merchant's Alipay user id (2088…), the payee of freezes, when Alipay asks for one. */
  payeeUserId: string | undefined;
}

export interface AlipaySettings {
  /** The OpenAPI gateway (`https://openapi.alipay.com/gateway.do`; a local one in tests). */
  gatewayUrl: string;
  /** Milliseconds an OpenAPI call may take before it counts as failed (and is retried). */
  timeoutMs: number;
  /** The settings of brand 1…9 (undefined values where nothing is configured). */
  merchant(platform: number): AlipayMerchant;
  /**
   * What keeps some brand from running beyond the required variables themselves (config.ts checks
   * those): neither Alipay's public key nor its certificates, a malformed AES key.
   */
  problems(): string[];
}

export function alipaySettingsFrom(env: Env): AlipaySettings {
  const cache = new Map<number, AlipayMerchant>();
  const merchant = (platform: number): AlipayMerchant => {
    let found = cache.get(platform);
    if (!found) {
      const value = (name: string) => brandValue(env, name, platform);
      found = {
        appId: value('ALIPAY_APP_ID') ?? '',
        privateKey: value('ALIPAY_PRIVATE_KEY') ?? '',
        alipayPublicKey: value('ALIPAY_PUBLIC_KEY'),
        appCertPath: value('ALIPAY_APP_CERT_PATH'),
        alipayPublicCertPath: value('ALIPAY_PUBLIC_CERT_PATH'),
        alipayRootCertPath: value('ALIPAY_ROOT_CERT_PATH'),
        aesKey: value('ALIPAY_AES_KEY'),
        creditServiceId: value('ALIPAY_CREDIT_SERVICE_ID'),
        creditCategory: value('ALIPAY_CREDIT_CATEGORY') ?? 'RENT_DIGITAL',
        payeeUserId: value('ALIPAY_PAYEE_USER_ID'),
      };
      cache.set(platform, found);
    }
    return found;
  };
  const timeout = Number(env.ALIPAY_TIMEOUT_MS || 10_000);
  return {
    gatewayUrl: env.ALIPAY_GATEWAY_URL || ALIPAY_DEFAULT_GATEWAY,
    timeoutMs: Number.isInteger(timeout) && timeout > 0 ? timeout : 10_000,
    merchant,
    problems() {
      const problems: string[] = [];
      for (let platform = 1; platform <= 9; platform++) {
        let m: AlipayMerchant;
        try {
          m = merchant(platform);
        } catch (error) {
          problems.push(`Alipay brand ${platform}: ${(error as Error).message}`);
          continue;
        }
        const certs = [m.appCertPath, m.alipayPublicCertPath, m.alipayRootCertPath];
        if (!m.alipayPublicKey && !certs.every(Boolean))
          problems.push(
            'ALIPAY_PUBLIC_KEY, or all of ALIPAY_APP_CERT_PATH, ALIPAY_PUBLIC_CERT_PATH and ALIPAY_ROOT_CERT_PATH, must be set for ALIPAY_PROVIDER=live',
          );
        if (m.aesKey && Buffer.from(m.aesKey, 'base64').length !== 16)
          problems.push('ALIPAY_AES_KEY must be the base64 AES-128 key Alipay issued');
      }
      // The same message for nine brands is one problem.
      return [...new Set(problems)];
    },
  };
}
