/**
 * Keys and settings of a WeChat live set-up, generated per test run (nothing secret is committed):
 * the merchant's API key pair (the merchant signs, the fake WeChat Pay verifies), WeChat Pay's key
 * pair (the fake signs answers and notifications, the adapter verifies) and the APIv3 key.
 * Brand 2 is its own mini-program and merchant; every other brand shares the base values.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { TestServer } from './helpers.ts';
import { nextMobile, type Shopper } from './order-fixtures.ts';
import type { FakeWechatApi } from './wechat-api-server.ts';

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

/**
 * A user who logged in inside the brand's mini-program (open id bound), then silently again with a
 * fresh wx.login code (the app keeps the latest token), with a default address.
 */
export async function loggedInWechatShopper(
  server: TestServer,
  api: FakeWechatApi,
  platform = 1,
): Promise<Shopper & { openId: string }> {
  const app = platform === 2 ? BRAND2_APP : BASE_APP;
  const mobile = nextMobile();
  const openId = `o${mobile}wx`;
  const login = await server.request<{ token: string }>('POST', '/api/login/loginForUni', {
    platform,
    headers: { 'x-user-type': 'app' },
    body: {
      provider: 'wechat',
      phoneCode: api.phoneCode(app.appId, mobile),
      loginCode: api.loginCode(app.appId, openId),
    },
  });
  assert.equal(login.body.code, 200, JSON.stringify(login.body));
  assert.doesNotMatch(JSON.stringify(login.body), /session_key/);
  // Silent login next time: a fresh wx.login code finds the bound open id.
  const silent = await server.request<{ token: string | null }>(
    'GET',
    '/api/login/getTokenForUni',
    {
      platform,
      headers: { 'x-user-type': 'app' },
      query: { provider: 'wechat', loginCode: api.loginCode(app.appId, openId) },
    },
  );
  assert.equal(silent.body.code, 200, JSON.stringify(silent.body));
  // A new session replaces the one before it: the app keeps the latest token.
  const token = silent.body.data.token;
  assert.ok(token);
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  const address = await server.request<{ id: number }>('POST', '/api/user/userAddress', {
    token,
    platform,
    body: {
      name: '张三',
      mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 1 号',
      isDefault: true,
    },
  });
  assert.equal(address.body.code, 200);
  return { token, userId: user.id, addressId: address.body.data.id, mobile, openId };
}
