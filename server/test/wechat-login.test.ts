// engines: postgres (the shared access token's row lock is PostgreSQL's in production)
/**
 * Live WeChat login against a local api.weixin.qq.com (wechat-api-server.ts): code2Session,
 * the phone number by code, and the access token shared through the database: fetched once,
 * refreshed before expiry, refreshed once when WeChat calls it invalid, never twice at once,
 * and held sealed: the row has no token in the clear, and a process with another
 * DATA_ENCRYPTION_KEY refuses it by name.
 * The protocol does not depend on the engine, but the row lock does: one pass, on PostgreSQL.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { wechatSettingsFrom } from '../src/boot/live-settings.ts';
import { ProviderError } from '../src/providers/errors.ts';
import { LiveWechat } from '../src/providers/wechat/live.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';
import { FakeWechatApi } from './wechat-api-server.ts';
import { BASE_APP, BRAND2_APP, wechatLiveEnv, wechatTestKeys } from './wechat-fixtures.ts';

const refusal = (kind: 'rejected' | 'unavailable', text: RegExp) => (error: unknown) =>
  error instanceof ProviderError && error.kind === kind && text.test(error.message);

describe('WeChat login (live adapter)', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  const api = new FakeWechatApi();
  let wechat: LiveWechat;

  before(async () => {
    await api.start();
    api.addApp(BASE_APP.appId, BASE_APP.secret);
    api.addApp(BRAND2_APP.appId, BRAND2_APP.secret);
    server = await startTestServer();
    const settings = wechatSettingsFrom(
      wechatLiveEnv(wechatTestKeys(), { api: api.baseUrl, pay: 'http://127.0.0.1:9' }),
    );
    wechat = new LiveWechat(settings, server.db);
  });
  after(async () => {
    await server?.close();
    await api.close();
  });

  test('a login code gives the open id in the brand’s own mini-program, once', async () => {
    const code = api.loginCode(BRAND2_APP.appId, 'o-brand2-user');
    assert.equal(await wechat.openIdFromLoginCode(code, 2), 'o-brand2-user');
    await assert.rejects(wechat.openIdFromLoginCode(code, 2), refusal('rejected', /40163/));
    // Brand 1's app cannot redeem brand 2's code.
    const other = api.loginCode(BRAND2_APP.appId, 'o-brand2-user');
    await assert.rejects(wechat.openIdFromLoginCode(other, 1), refusal('rejected', /40029/));
    await assert.rejects(wechat.openIdFromLoginCode('made-up', 1), refusal('rejected', /40029/));
  });

  test('WeChat throttling (45011) or busy (-1) is "try later", not a refused code', async () => {
    api.failNext('/sns/jscode2session', 45011);
    const code = api.loginCode(BASE_APP.appId, 'o-throttled');
    await assert.rejects(wechat.openIdFromLoginCode(code, 1), refusal('unavailable', /45011/));
    // The code was not spent: it works once WeChat answers again.
    assert.equal(await wechat.openIdFromLoginCode(code, 1), 'o-throttled');
  });

  test('phone numbers: the token is fetched once, kept in the database, reused', async () => {
    const before = api.tokenRequests.length;
    assert.equal(
      await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000001'), 1),
      '13800000001',
    );
    assert.equal(
      await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000002'), 1),
      '13800000002',
    );
    assert.equal(api.tokenRequests.length - before, 1);
    const row = await server.db
      .selectFrom('wechat_access_tokens')
      .selectAll()
      .where('app_id', '=', BASE_APP.appId)
      .executeTakeFirstOrThrow();
    const token = api.currentToken(BASE_APP.appId)!;
    assert.ok(!JSON.stringify(row).includes(token), 'the access token is stored in the clear');
    assert.match(row.access_token_sealed, /^v1\./);
    const code = api.phoneCode(BASE_APP.appId, '13800000003');
    await wechat.phoneNumber(code, 1);
    await assert.rejects(wechat.phoneNumber(code, 1), refusal('rejected', /40163/));
  });

  test('a token near its expiry is refreshed before use', async () => {
    await server.db
      .updateTable('wechat_access_tokens')
      .set({ expires_at: new Date(Date.now() + 60_000) })
      .where('app_id', '=', BASE_APP.appId)
      .execute();
    const before = api.tokenRequests.length;
    await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000004'), 1);
    assert.equal(api.tokenRequests.length - before, 1);
  });

  test('a token WeChat calls invalid mid-flight (40001) is force-refreshed once, the call succeeds', async () => {
    await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000005'), 1);
    api.invalidateToken(BASE_APP.appId);
    const before = api.tokenRequests.length;
    assert.equal(
      await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000006'), 1),
      '13800000006',
    );
    assert.deepEqual(api.tokenRequests.slice(before), [
      { appid: BASE_APP.appId, force_refresh: true },
    ]);
  });

  test('concurrent callers with no token refresh it once between them (row lock)', async () => {
    await server.db.deleteFrom('wechat_access_tokens').execute();
    api.tokenDelayMs = 150;
    const before = api.tokenRequests.length;
    const mobiles = ['13900000001', '13900000002', '13900000003', '13900000004', '13900000005'];
    const got = await Promise.all(
      mobiles.map((mobile) => wechat.phoneNumber(api.phoneCode(BRAND2_APP.appId, mobile), 2)),
    );
    api.tokenDelayMs = 0;
    assert.deepEqual(got, mobiles);
    assert.equal(api.tokenRequests.length - before, 1);
  });

  test('a number outside mainland China is refused, stable_token failing is "try later"', async () => {
    await assert.rejects(
      wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '91234567', '852'), 1),
      refusal('rejected', /mainland/),
    );
    await server.db.deleteFrom('wechat_access_tokens').execute();
    api.failNext('/cgi-bin/stable_token', -1);
    await assert.rejects(
      wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000007'), 1),
      refusal('unavailable', /stable_token/),
    );
  });

  test('a process with another DATA_ENCRYPTION_KEY refuses the cached token clearly and leaves it', async () => {
    await wechat.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000008'), 1);
    const env = wechatLiveEnv(wechatTestKeys(), { api: api.baseUrl, pay: 'http://127.0.0.1:9' });
    const otherKey = new LiveWechat(
      wechatSettingsFrom({ ...env, DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
      server.db,
    );
    const sealed = () =>
      server.db
        .selectFrom('wechat_access_tokens')
        .select('access_token_sealed')
        .where('app_id', '=', BASE_APP.appId)
        .executeTakeFirstOrThrow();
    const before = await sealed();
    const requests = api.tokenRequests.length;
    await assert.rejects(
      otherKey.phoneNumber(api.phoneCode(BASE_APP.appId, '13800000009'), 1),
      refusal('unavailable', /sealed under another DATA_ENCRYPTION_KEY/),
    );
    assert.equal(api.tokenRequests.length, requests, 'a token was fetched over the sealed one');
    assert.deepEqual(await sealed(), before);
    assert.throws(
      () => wechatSettingsFrom({ ...env, DATA_ENCRYPTION_KEY: 'too-short' }),
      /DATA_ENCRYPTION_KEY must be 32 bytes/,
    );
  });
});
