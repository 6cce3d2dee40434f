// engines: both (send limits counted in SQL over time windows, concurrent sends)
/** Login by SMS code: the code rules, the send limits, and the session rules of tokens. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResultCode } from '../../contract/http.ts';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const APP = { 'x-user-type': 'app' };

describe('SMS login', () => {
  let server: TestServer;
  let mobileSeq = 0;
  /** A fresh mobile per test, so send limits of one test never touch another. */
  const nextMobile = () => `1370000${String(++mobileSeq).padStart(4, '0')}`;

  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const sendCode = (mobile: string) =>
    server.request<{ retryAfter: number }>('POST', '/api/login/sendCode', {
      body: { mobile },
      headers: APP,
    });
  const login = (mobile: string, code: string, platform = 1) =>
    server.request<{ token: string }>('POST', '/api/login/loginForSms', {
      body: { mobile, code },
      headers: APP,
      platform,
    });
  const lastCode = (mobile: string) => (server.providers.sms as SandboxSms).lastCode(mobile)!;
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  test('a sent code logs in once and gives a token the user routes accept', async () => {
    const mobile = nextMobile();
    assert.equal((await sendCode(mobile)).body.code, 200);
    const code = lastCode(mobile);
    assert.match(code, /^\d{6}$/);
    const first = await login(mobile, code);
    assert.equal(first.body.code, 200);
    const token = first.body.data.token;
    assert.ok(Buffer.from(token, 'base64url').length >= 16, 'token carries at least 128 bits');
    const info = await server.request<{ mobile: string }>('GET', '/api/user/info', { token });
    assert.equal(info.body.data.mobile, mobile);

    const again = await login(mobile, code);
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 400);
    assert.equal(again.body.data, null);
  });

  test('the dev route tells the sandbox code', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const dev = await server.request<{ code: string }>('GET', '/dev/sms/last', {
      query: { mobile },
    });
    assert.deepEqual(dev.body, { code: 200, msg: 'success', data: { code: lastCode(mobile) } });
  });

  test('a code expires after 5 minutes', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    server.advanceClock(301);
    const late = await login(mobile, lastCode(mobile));
    assert.equal(late.body.code, 400);
    assert.match(late.body.msg, /过期/);
  });

  test('five wrong tries burn the code, so the right one no longer works', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = lastCode(mobile);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const reply = await login(mobile, wrong(code));
      assert.equal(reply.body.code, 400);
      assert.equal(reply.body.msg, '验证码错误');
    }
    const fifth = await login(mobile, wrong(code));
    assert.match(fifth.body.msg, /次数过多/);
    const right = await login(mobile, code);
    assert.equal(right.body.code, 400);
  });

  test('a new code replaces the previous one', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const old = lastCode(mobile);
    server.advanceClock(61);
    await sendCode(mobile);
    const fresh = lastCode(mobile);
    if (old !== fresh) assert.equal((await login(mobile, old)).body.code, 400);
    assert.equal((await login(mobile, fresh)).body.code, 200);
  });

  test('at most one send a minute, five an hour and ten a day per mobile', async () => {
    const mobile = nextMobile();
    assert.equal((await sendCode(mobile)).body.code, 200);
    const tooSoon = await sendCode(mobile);
    assert.equal(tooSoon.status, 429);
    assert.equal(tooSoon.body.code, ResultCode.TOO_MANY_REQUESTS);
    for (let sent = 2; sent <= 5; sent++) {
      server.advanceClock(61);
      assert.equal((await sendCode(mobile)).body.code, 200, `send ${sent} within the hour`);
    }
    server.advanceClock(61);
    const sixth = await sendCode(mobile);
    assert.equal(sixth.body.code, ResultCode.TOO_MANY_REQUESTS);
    assert.match(sixth.body.msg, /小时/);

    server.advanceClock(3600);
    for (let sent = 6; sent <= 10; sent++) {
      server.advanceClock(61);
      assert.equal((await sendCode(mobile)).body.code, 200, `send ${sent} within the day`);
    }
    server.advanceClock(3600);
    const eleventh = await sendCode(mobile);
    assert.equal(eleventh.body.code, ResultCode.TOO_MANY_REQUESTS);
    assert.match(eleventh.body.msg, /今日/);
    server.advanceClock(86400);
    assert.equal((await sendCode(mobile)).body.code, 200, 'a day later sends work again');
  });

  test('every send limit answers Retry-After, and waiting that long is enough', async () => {
    const mobile = nextMobile();
    const retryAfter = (reply: { headers: Headers }) => Number(reply.headers.get('retry-after'));
    assert.equal((await sendCode(mobile)).body.code, 200);
    const tooSoon = await sendCode(mobile);
    assert.equal(tooSoon.status, 429);
    assert.ok(retryAfter(tooSoon) >= 1 && retryAfter(tooSoon) <= 60, String(retryAfter(tooSoon)));
    server.advanceClock(retryAfter(tooSoon));
    assert.equal((await sendCode(mobile)).body.code, 200, 'a send after the minute');
    for (let sent = 3; sent <= 5; sent++) {
      server.advanceClock(61);
      assert.equal((await sendCode(mobile)).body.code, 200);
    }
    server.advanceClock(61);
    const hourly = await sendCode(mobile);
    assert.match(hourly.body.msg, /小时/);
    // The first send of the hour leaves the window a little under an hour after it was sent.
    assert.ok(retryAfter(hourly) > 60 && retryAfter(hourly) < 3600, String(retryAfter(hourly)));
    server.advanceClock(retryAfter(hourly) - 2);
    assert.equal((await sendCode(mobile)).status, 429, 'not yet');
    server.advanceClock(2);
    assert.equal((await sendCode(mobile)).body.code, 200, 'then it works');
  });

  test('200 concurrent guesses at one code give at most one login', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = lastCode(mobile);
    const replies = await Promise.all(Array.from({ length: 200 }, () => login(mobile, code)));
    const wins = replies.filter((reply) => reply.body.code === 200);
    assert.equal(wins.length, 1);
    assert.ok(replies.every((reply) => reply.status < 500));
    const sessions = await server.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('users.mobile', '=', mobile)
      .execute();
    assert.equal(sessions.length, 1);
  });

  test('200 concurrent mixed guesses: never more than one login, never more than 5 wrong tries counted', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = lastCode(mobile);
    const guesses = Array.from({ length: 200 }, (_, index) => (index === 150 ? code : wrong(code)));
    const replies = await Promise.all(guesses.map((guess) => login(mobile, guess)));
    assert.ok(replies.filter((reply) => reply.body.code === 200).length <= 1);
    const row = await server.db
      .selectFrom('sms_codes')
      .select(['attempts', 'burnt_at'])
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    assert.ok(row.attempts <= 5);
  });

  test('a carrier failure answers an envelope and the code cannot be used', async () => {
    const mobile = nextMobile();
    const sms = server.providers.sms as SandboxSms;
    sms.failFor(mobile);
    const reply = await sendCode(mobile);
    sms.recover(mobile);
    assert.equal(reply.status, 503);
    assert.equal(reply.body.data, null);
    assert.equal(sms.lastCode(mobile), undefined);
  });

  test('login calls need X-User-Type: app', async () => {
    const reply = await server.request('POST', '/api/login/sendCode', {
      body: { mobile: nextMobile() },
    });
    assert.equal(reply.status, 400);
    assert.match(reply.body.msg, /X-User-Type/);
  });

  test('a token is stored only as a hash', async () => {
    const token = await server.loginAs(nextMobile());
    const rows = await server.db.selectFrom('sessions').select('token_hash').execute();
    assert.ok(rows.every((row) => row.token_hash !== token && !row.token_hash.includes(token)));
  });
});

describe('per-IP send cap', () => {
  test('one client IP cannot send codes to ever more mobiles', async () => {
    const server = await startTestServer({ env: { SMS_PER_IP_HOUR: '3' } });
    try {
      const send = (mobile: string) =>
        server.request('POST', '/api/login/sendCode', { body: { mobile }, headers: APP });
      for (const mobile of ['13500000001', '13500000002', '13500000003']) {
        assert.equal((await send(mobile)).body.code, 200);
      }
      const fourth = await send('13500000004');
      assert.equal(fourth.status, 429);
      assert.equal(fourth.body.code, ResultCode.TOO_MANY_REQUESTS);
      const wait = Number(fourth.headers.get('retry-after'));
      assert.ok(wait > 3500 && wait <= 3600, String(wait));
      server.advanceClock(3601);
      assert.equal((await send('13500000004')).body.code, 200);
    } finally {
      await server.close();
    }
  });
});

describe('tokens', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TOKEN_TTL_SECONDS: '3600' } });
  });
  after(() => server.close());

  test('Authorization: Bearer alone is accepted', async () => {
    const token = await server.loginAs('13600000001');
    const reply = await server.request('GET', '/api/user/info', {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(reply.body.code, 200);
  });

  test('no token or an unknown one answers 401', async () => {
    const none = await server.request('GET', '/api/user/info');
    assert.equal(none.status, 401);
    assert.equal(none.body.code, 401);
    const unknown = await server.request('GET', '/api/user/info', { token: 'x'.repeat(43) });
    assert.equal(unknown.body.code, 401);
  });

  test('a brand-1 token is refused with 401 on a brand-5 request', async () => {
    const token = await server.loginAs('13600000002', 1);
    const reply = await server.request('GET', '/api/user/info', { token, platform: 5 });
    assert.equal(reply.status, 401);
    assert.equal(reply.body.code, ResultCode.UNAUTHORIZED);
    assert.equal((await server.request('GET', '/api/user/info', { token })).body.code, 200);
  });

  test('logout revokes the token: 60002', async () => {
    const token = await server.loginAs('13600000003');
    assert.equal((await server.request('POST', '/api/user/loginOut', { token })).body.code, 200);
    const after = await server.request('GET', '/api/user/info', { token });
    assert.equal(after.body.code, ResultCode.TOKEN_REVOKED);
  });

  test('logging in elsewhere on the same brand revokes the older token: 60002', async () => {
    const mobile = '13600000004';
    const first = await server.loginAs(mobile);
    server.advanceClock(61);
    const second = await server.loginAs(mobile);
    assert.equal(
      (await server.request('GET', '/api/user/info', { token: first })).body.code,
      60002,
    );
    assert.equal((await server.request('GET', '/api/user/info', { token: second })).body.code, 200);
  });

  test('an expired token answers 60001', async () => {
    const token = await server.loginAs('13600000005');
    server.advanceClock(3601);
    const reply = await server.request('GET', '/api/user/info', { token });
    assert.equal(reply.body.code, ResultCode.TOKEN_EXPIRED);
  });

  test('a public route ignores a stale token instead of ending the visit', async () => {
    const reply = await server.request('GET', '/api/coupon/list', { token: 'stale-token' });
    assert.equal(reply.body.code, 200);
  });
});
