// engines: pglite (one sandbox call)
/**
 * `GET /api/test/aliPayFreeze`: the storefront's 1-fen check of the Alipay authorisation. A test
 * route on the caller's brand (its own merchant's gateway), frozen and released at once through
 * the service layer; never registered in production.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from './helpers.ts';
import { newShopper, sandboxes, settle } from './order-fixtures.ts';

let server: TestServer;
let production: TestServer;
before(async () => {
  server = await startTestServer();
  production = await startTestServer({ appEnv: 'production' });
});
after(async () => {
  await server?.close();
  await production?.close();
});

interface Freeze {
  outRequestNo: string;
  amount: number;
  status: string;
}

test('a 1-fen authorisation on the caller’s brand, released as soon as it froze', async () => {
  for (const platform of [1, 4]) {
    const shopper = await newShopper(server, platform);
    const reply = await server.request<Freeze>('GET', '/api/test/aliPayFreeze', {
      token: shopper.token,
      platform,
    });
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    assert.equal(reply.body.data.amount, 1);
    await settle(server);
    await settle(server);
    const own = sandboxes(server, platform).alipay;
    const frozen = await own.queryFreeze(reply.body.data.outRequestNo);
    assert.equal(frozen?.status, 'frozen', `brand ${platform}: frozen at its own merchant`);
    assert.equal(frozen?.frozen, 0, `brand ${platform}: and released at once`);
    // Its notification came to the brand's own notify URL and was verified with its key.
    const notice = await server.db
      .selectFrom('payment_notifications')
      .select(['outcome'])
      .where('out_trade_no', '=', reply.body.data.outRequestNo)
      .execute();
    assert.deepEqual(
      notice.map((n) => n.outcome),
      ['applied'],
    );
  }
});

test('anonymous callers are refused', async () => {
  const reply = await server.request('GET', '/api/test/aliPayFreeze');
  assert.equal(reply.status, 401);
});

test('production has no such route', async () => {
  const reply = await production.request('GET', '/api/test/aliPayFreeze');
  assert.equal(reply.status, 404);
});
