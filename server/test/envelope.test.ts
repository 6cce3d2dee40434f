// engines: pglite (reply shape and headers)
/** Envelope on every reply, the storefront's headers, wallet logins, OAuth redirects, and logs. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { fuzzFile, startTestServer, type TestServer } from './helpers.ts';

const APP = { 'x-user-type': 'app' };

describe('envelope and headers', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  test('an unknown route answers a 404 envelope', async () => {
    const reply = await server.request('GET', '/api/no/such/route');
    assert.equal(reply.status, 404);
    const notFound = { code: 404, msg: '接口不存在', data: null, reason: 'ROUTE_NOT_FOUND' };
    assert.deepEqual(reply.body, notFound);
    const outside = await fetch(`${server.baseUrl}/nothing-here`);
    assert.deepEqual(await outside.json(), notFound);
  });

  test('the client credential is checked', async () => {
    const missing = await server.request('GET', '/api/coupon/list', {
      headers: { 'x-client-authorization': undefined },
    });
    assert.equal(missing.status, 401);
    assert.equal(missing.body.code, 401);
    const wrong = await server.request('GET', '/api/coupon/list', {
      headers: {
        'x-client-authorization': `Basic ${Buffer.from('storefront:guess').toString('base64')}`,
      },
    });
    assert.equal(wrong.body.code, 401);
  });

  test('a percent-encoded path cannot skip the header checks', async () => {
    const reply = await fetch(`${server.baseUrl}/%61pi/coupon/list`);
    assert.equal(reply.status, 401);
    assert.equal(((await reply.json()) as { code: number }).code, 401);
  });

  test('X-Platform is required and must be 1-9', async () => {
    const missing = await server.request('GET', '/api/coupon/list', { platform: null });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.msg, '缺少 X-Platform');
    for (const value of ['0', '10', 'a', '1.5', '-1']) {
      const bad = await server.request('GET', '/api/coupon/list', { platform: value });
      assert.equal(bad.status, 400, value);
      assert.equal(bad.body.msg, 'X-Platform 格式不正确');
    }
  });

  test('broken JSON, wrong types and missing fields answer a 400 envelope naming the problem', async () => {
    const broken = await server.request('POST', '/api/login/sendCode', {
      body: '{"mobile":',
      headers: { ...APP, 'content-type': 'application/json' },
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.data, null);
    assert.doesNotMatch(JSON.stringify(broken.body), /at .*\.ts|node_modules/);
    const missing = await server.request('POST', '/api/login/sendCode', { body: {}, headers: APP });
    assert.equal(missing.body.msg, '缺少 mobile');
    const wrongType = await server.request('POST', '/api/login/sendCode', {
      body: { mobile: { $gt: '' } },
      headers: APP,
    });
    assert.equal(wrongType.body.msg, 'mobile 格式不正确');
    const notObject = await server.request('POST', '/api/login/sendCode', {
      body: [1, 2],
      headers: APP,
    });
    assert.equal(notObject.status, 400);
  });

  test('form-urlencoded bodies are read like JSON', async () => {
    const reply = await server.request('POST', '/api/login/sendCode', {
      body: 'mobile=13700009999',
      headers: { ...APP, 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(reply.body.code, 200);
  });

  test('Alipay login exchanges an auth code once; a refused code is a 400 envelope', async () => {
    const body = { grantType: 'alipay', code: 'sbx_alice_1', channelCode: 'ch01' };
    const first = await server.request<{ token: string }>('POST', '/api/login/loginForAlipay', {
      body,
      headers: APP,
    });
    assert.equal(first.body.code, 200);
    const reused = await server.request('POST', '/api/login/loginForAlipay', {
      body,
      headers: APP,
    });
    assert.equal(reused.body.code, 400);
    const again = await server.request<{ token: string }>('POST', '/api/login/loginForAlipay', {
      body: { ...body, code: 'sbx_alice_2' },
      headers: APP,
    });
    const infoA = await server.request<{ id: number }>('GET', '/api/user/info', {
      token: again.body.data.token,
    });
    const users = await server.db
      .selectFrom('users')
      .select('id')
      .where('alipay_user_id', '=', '2088alice')
      .execute();
    assert.deepEqual(
      users.map((user) => user.id),
      [infoA.body.data.id],
      'the same Alipay user, one account',
    );
    const unavailable = await server.request('POST', '/api/login/loginForAlipay', {
      body: { ...body, code: 'sbx_unavailable_1' },
      headers: APP,
    });
    assert.equal(unavailable.status, 503);
    const wrongGrant = await server.request('POST', '/api/login/loginForAlipay', {
      body: { ...body, grantType: 'password' },
      headers: APP,
    });
    assert.equal(wrongGrant.body.msg, 'grantType 格式不正确');
    // The storefront translates by the stable code and fills in the field.
    assert.deepEqual(
      { reason: wrongGrant.body.reason, params: wrongGrant.body.params },
      { reason: 'FIELD_INVALID', params: { field: 'grantType' } },
    );
  });

  test('mini-program phone login makes or finds the user by mobile', async () => {
    const reply = await server.request<{ token: string }>('POST', '/api/login/loginForUni', {
      body: { provider: 'alipay', phoneCode: 'sbx_13700001234_a', loginCode: 'sbx_uni1_a' },
      headers: APP,
      platform: 4,
    });
    assert.equal(reply.body.code, 200);
    const info = await server.request<{ mobile: string }>('GET', '/api/user/info', {
      token: reply.body.data.token,
      platform: 4,
    });
    assert.equal(info.body.data.mobile, '13700001234');
    const silent = await server.request<{ token: string | null }>(
      'GET',
      '/api/login/getTokenForUni',
      {
        query: { provider: 'alipay', loginCode: 'sbx_uni1_b' },
        headers: APP,
        platform: 4,
      },
    );
    assert.ok(silent.body.data.token);
    const unknown = await server.request<{ token: string | null }>(
      'GET',
      '/api/login/getTokenForUni',
      {
        query: { provider: 'alipay', loginCode: 'sbx_nobody_a' },
        headers: APP,
        platform: 4,
      },
    );
    assert.equal(unknown.body.data.token, null);
  });

  test('the H5 OAuth URL returns only to allow-listed hosts', async () => {
    const good = await server.request<{ url: string }>('POST', '/api/oauth/render/alipay', {
      body: { redirectUri: 'http://localhost:8080/#/pages/alipay/aliLogin', state: 'abc' },
    });
    assert.equal(good.body.code, 200);
    const url = new URL(good.body.data.url);
    assert.equal(
      url.searchParams.get('redirect_uri'),
      'http://localhost:8080/#/pages/alipay/aliLogin',
    );
    assert.equal(url.searchParams.get('state'), 'abc');

    const payloads = fs
      .readFileSync(fuzzFile('open-redirect-payloads.txt'), 'utf8')
      .split('\n')
      .filter(Boolean);
    for (const payload of payloads) {
      const reply = await server.request<{ url: string }>('POST', '/api/oauth/render/alipay', {
        body: { redirectUri: payload },
      });
      assert.ok(reply.status < 500, payload);
      if (reply.body.code === 200) {
        const back = new URL(new URL(reply.body.data.url).searchParams.get('redirect_uri')!);
        assert.ok(['localhost', '127.0.0.1'].includes(back.hostname), `${payload} → ${back.href}`);
      } else {
        assert.equal(reply.body.msg, 'redirectUri 格式不正确');
      }
    }
  });
});

describe('logs', () => {
  test('tokens, codes and full mobile numbers never reach a log line', async () => {
    const server = await startTestServer();
    try {
      const mobile = '13988887777';
      const token = await server.loginAs(mobile);
      const code = (server.providers.sms as SandboxSms).lastCode(mobile)!;
      await server.request('GET', '/api/user/info', { token });
      await server.request('GET', '/dev/sms/last', { query: { mobile } });
      await server.request('GET', '/api/login/getTokenForUni', {
        query: { provider: 'wechat', loginCode: 'sbx_secret_1' },
        headers: APP,
      });
      await server.request('POST', '/api/login/loginForSms', {
        body: { mobile, code: '000000' },
        headers: APP,
      });
      const lines = server.logs().split('\n').filter(Boolean);
      assert.ok(lines.length > 5, 'the requests were logged');
      const text = lines.join('\n');
      assert.ok(!text.includes(token), 'token');
      assert.ok(!text.includes(mobile), 'full mobile');
      assert.ok(!text.includes('sbx_secret_1'), 'wallet code');
      assert.ok(!text.includes('c3RvcmVmcm9udDpzdG9yZWZyb250'), 'client credential');
      // The sandbox SMS line is the one place a code shows, by design, and only masked with it.
      const withCode = lines.filter((line) => line.includes(code));
      assert.deepEqual(
        withCode.map((line) => (JSON.parse(line) as { msg: string }).msg),
        [`sms 139****7777 ${code}`],
      );
    } finally {
      await server.close();
    }
  });
});
