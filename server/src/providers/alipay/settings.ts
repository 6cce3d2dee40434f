/**
 * Alipay's live settings from the environment. Every brand is its own Alipay merchant, so each
 * setting has a default (`ALIPAY_APP_ID`) and a per-brand override (`ALIPAY_APP_ID_3` for brand
 * 3). Keys may be given inline or as a file (`ALIPAY_PRIVATE_KEY_FILE`). The Alipay side is
 * checked either with its public key (`ALIPAY_PUBLIC_KEY`) or in certificate mode (the three
 * `*_CERT_PATH` files). Nothing here is ever logged.
 */
import fs from 'node:fs';

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

type Env = Record<string, string | undefined>;

/** `NAME_<brand>`, else `NAME`, each inline or as `…_FILE`. */
function brandValue(env: Env, name: string, platform: number): string | undefined {
  for (const key of [`${name}_${platform}`, name]) {
    const inline = env[key];
    if (inline) return inline;
    const file = env[`${key}_FILE`];
    if (file) return fs.readFileSync(file, 'utf8').trim();
  }
  return undefined;
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
