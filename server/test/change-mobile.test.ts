// engines: pglite (one update of the user row)
/** Changing the account's mobile with a code sent to the new number. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { UserInfo } from '../../contract/api/user.ts';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
const login = { 'x-user-type': 'app' };

before(async () => {
  // Several codes to one number within a minute in this file.
  server = await startTestServer({ env: { SMS_PER_MINUTE: '10', SMS_PER_HOUR: '20' } });
});
after(() => server.close());

async function sendCode(mobile: string): Promise<string> {
  const sent = await server.request('POST', '/api/login/sendCode', {
    body: { mobile },
    headers: login,
  });
  assert.equal(sent.body.code, 200);
  const sms = server.providers.sms;
  assert.ok(sms instanceof SandboxSms);
  const code = sms.lastCode(mobile);
  assert.ok(code);
  return code;
}

async function info(token: string): Promise<UserInfo> {
  const reply = await server.request<UserInfo>('GET', '/api/user/info', { token });
  assert.equal(reply.body.code, 200);
  return reply.body.data;
}

test('moves the account to the new number, which then logs into the same account', async () => {
  const token = await server.loginAs('13600000001');
  const before = await info(token);
  const code = await sendCode('13600000002');
  const changed = await server.request<UserInfo>('POST', '/api/user/changeMobile', {
    token,
    body: { mobile: '13600000002', code },
  });
  assert.equal(changed.body.code, 200);
  assert.equal(changed.body.data.mobile, '13600000002');
  const again = await server.loginAs('13600000002');
  assert.equal((await info(again)).id, before.id);
});

test('a wrong code changes nothing, and the code still works once', async () => {
  const token = await server.loginAs('13600000011');
  const code = await sendCode('13600000012');
  const wrong = code === '000000' ? '111111' : '000000';
  const refused = await server.request('POST', '/api/user/changeMobile', {
    token,
    body: { mobile: '13600000012', code: wrong },
  });
  assert.equal(refused.status, 400);
  assert.equal((refused.body as { msg: string }).msg, '验证码错误');
  assert.equal((await info(token)).mobile, '13600000011');
  const accepted = await server.request('POST', '/api/user/changeMobile', {
    token,
    body: { mobile: '13600000012', code },
  });
  assert.equal(accepted.body.code, 200);
  const replay = await server.request('POST', '/api/user/changeMobile', {
    token,
    body: { mobile: '13600000012', code },
  });
  assert.equal(replay.status, 400, 'a code is single use');
});

test("refuses another account's number", async () => {
  await server.loginAs('13600000021');
  const token = await server.loginAs('13600000022');
  const code = await sendCode('13600000021');
  const refused = await server.request('POST', '/api/user/changeMobile', {
    token,
    body: { mobile: '13600000021', code },
  });
  assert.equal(refused.status, 409);
  assert.equal((refused.body as { msg: string }).msg, '该手机号已被其他账号使用');
  assert.equal((await info(token)).mobile, '13600000022');
});

test('needs a login and a well-formed body', async () => {
  const anonymous = await server.request('POST', '/api/user/changeMobile', {
    body: { mobile: '13600000031', code: '123456' },
  });
  assert.equal(anonymous.status, 401);
  const token = await server.loginAs('13600000032');
  for (const body of [
    { mobile: '23600000031', code: '123456' },
    { mobile: '13600000031', code: '12345' },
    {},
  ]) {
    const reply = await server.request('POST', '/api/user/changeMobile', { token, body });
    assert.equal(reply.status, 400, JSON.stringify(body));
  }
});
