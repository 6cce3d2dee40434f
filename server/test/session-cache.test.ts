// engines: both (the revocation NOTIFY of migration 0070's trigger, heard in-process on PGlite and over a listening connection on PostgreSQL; the second app on one database runs on PostgreSQL only)
/**
 * Shoppers' sessions are kept in memory (plugins/session-cache.ts), yet a revoked one is refused
 * at once: by this process from the very next request, by another process on the same database
 * as soon as the revoking transaction's NOTIFY reaches it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ResultCode } from '../../contract/http.ts';
import { sessionCacheOf } from '../src/plugins/session-cache.ts';
import {
  createThrowawayPostgres,
  startTestServer,
  TEST_ENGINE,
  type TestServer,
} from './helpers.ts';

const info = (server: TestServer, token: string) =>
  server.request('GET', '/api/user/info', { token }).then((reply) => reply.body.code);

/** Asks until the token is refused; how long that took (ms), or throws after `ms`. */
async function refusedWithin(server: TestServer, token: string, ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const code = await info(server, token);
    if (code !== 200) {
      assert.equal(code, ResultCode.TOKEN_REVOKED);
      return Date.now() - started;
    }
    if (Date.now() - started > ms) throw new Error(`token still accepted after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('session cache, one process', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TOKEN_TTL_SECONDS: '3600' } });
  });
  after(() => server.close());

  test('the cache is on while the process listens for revocations', () => {
    assert.equal(sessionCacheOf(server.db).active, true);
  });

  test('logout: the very next request with the token is refused', async () => {
    const token = await server.loginAs('13500000101');
    // Read once from the database, then from memory.
    assert.equal(await info(server, token), 200);
    assert.equal(await info(server, token), 200);
    assert.equal((await server.request('POST', '/api/user/loginOut', { token })).body.code, 200);
    assert.equal(await info(server, token), ResultCode.TOKEN_REVOKED);
  });

  test('a login elsewhere: the replaced token is refused on the very next request', async () => {
    const mobile = '13500000102';
    const first = await server.loginAs(mobile);
    assert.equal(await info(server, first), 200);
    server.advanceClock(61);
    const second = await server.loginAs(mobile);
    assert.equal(await info(server, first), ResultCode.TOKEN_REVOKED);
    assert.equal(await info(server, second), 200);
  });

  test('account cancellation: the token is refused on the very next request', async () => {
    const token = await server.loginAs('13500000103');
    assert.equal(await info(server, token), 200);
    const cancelled = await server.request('POST', '/api/privacy/account/cancel', {
      token,
      body: { confirm: '注销' },
    });
    assert.equal(cancelled.body.code, 200, cancelled.body.msg);
    assert.equal(await info(server, token), ResultCode.TOKEN_REVOKED);
  });

  test('an expired token is refused although its row is in memory', async () => {
    const token = await server.loginAs('13500000104');
    assert.equal(await info(server, token), 200);
    server.advanceClock(3700);
    assert.equal(await info(server, token), ResultCode.TOKEN_EXPIRED);
  });

  test('a row revoked by hand (SQL, another process) is refused within milliseconds', async () => {
    const token = await server.loginAs('13500000105');
    assert.equal(await info(server, token), 200);
    const rows = await server.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: 'logout' })
      .where('revoked_at', 'is', null)
      .where('user_id', '=', (qb) =>
        qb.selectFrom('users').select('id').where('mobile', '=', '13500000105'),
      )
      .executeTakeFirst();
    assert.equal(Number(rows.numUpdatedRows), 1);
    const took = await refusedWithin(server, token, 2_000);
    assert.ok(took < 1_000, `refused after ${took} ms`);
  });
});

const skip = TEST_ENGINE !== 'postgres' && 'two apps on one database: runs in the PostgreSQL pass';

describe('session cache, two apps on one database', { skip }, () => {
  let database: { url: string; drop(): Promise<void> };
  let first: TestServer;
  let second: TestServer;
  before(async () => {
    database = await createThrowawayPostgres();
    first = await startTestServer({ databaseUrl: database.url });
    second = await startTestServer({ databaseUrl: database.url });
  });
  after(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  test('a logout on one app is refused by the other within milliseconds', async () => {
    const token = await first.loginAs('13500000201');
    // The second app keeps the row in memory.
    assert.equal(await info(second, token), 200);
    assert.equal(await info(second, token), 200);
    assert.equal((await first.request('POST', '/api/user/loginOut', { token })).body.code, 200);
    const took = await refusedWithin(second, token, 2_000);
    assert.ok(took < 1_000, `refused after ${took} ms`);
  });

  test('a login elsewhere on one app ends the session the other one kept', async () => {
    const mobile = '13500000202';
    const older = await first.loginAs(mobile);
    assert.equal(await info(second, older), 200);
    first.advanceClock(61);
    await first.loginAs(mobile);
    await refusedWithin(second, older, 2_000);
  });
});
