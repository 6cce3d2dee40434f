/**
 * Keys and settings of a WeChat live set-up, generated per test run (nothing secret is committed):
 * the merchant's API key pair (the merchant signs, the fake WeChat Pay verifies), WeChat Pay's key
 * pair (the fake signs answers and notifications, the adapter verifies) and the APIv3 key.
 * Brand 2 is its own mini-program and merchant; every other brand shares the base values.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';

export interface WechatTestKeys {
  merchantPrivateKey: string;
  merchantPublicKey: string;
  platformPrivateKey: string;
  platformPublicKey: string;
  platformPublicKeyId: string;
  apiV3Key: string;
}

function rsaPair() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export function wechatTestKeys(): WechatTestKeys {
  const merchant = rsaPair();
  const platform = rsaPair();
  return {
    merchantPrivateKey: merchant.privateKey,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    platformPublicKey: platform.publicKey,
    platformPublicKeyId: `PUB_KEY_ID_${randomBytes(12).toString('hex').toUpperCase()}`,
    // 32 printable bytes, as the merchant platform issues it.
    apiV3Key: randomBytes(16).toString('hex'),
  };
}

export const BASE_APP = {
  appId: 'wx0000000000000001',
  secret: 'app-secret-base',
  mchid: '1900000001',
};
export const BRAND2_APP = {
  appId: 'wx0000000000000002',
  secret: 'app-secret-two',
  mchid: '1900000002',
};
export const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

export function wechatLiveEnv(
  keys: WechatTestKeys,
  bases: { api: string; pay: string },
): Record<string, string> {
  return {
    WECHAT_PROVIDER: 'live',
    WECHAT_API_BASE: bases.api,
    WECHAT_PAY_API_BASE: bases.pay,
    WECHAT_APP_ID: BASE_APP.appId,
    WECHAT_APP_SECRET: BASE_APP.secret,
    WECHAT_APP_ID_2: BRAND2_APP.appId,
    WECHAT_APP_SECRET_2: BRAND2_APP.secret,
    WECHAT_PAY_MCHID: BASE_APP.mchid,
    WECHAT_PAY_MCHID_2: BRAND2_APP.mchid,
    WECHAT_PAY_SERIAL_NO: MERCHANT_SERIAL,
    WECHAT_PAY_PRIVATE_KEY: keys.merchantPrivateKey,
    WECHAT_PAY_API_V3_KEY: keys.apiV3Key,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: keys.platformPublicKey,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: keys.platformPublicKeyId,
  };
}
