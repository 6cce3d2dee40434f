/**
 * The operations CLI (`npm run ops -- …`) against a real server: it drives an order through the
 * merchant's steps with its own credential, shows the order, runs the jobs, and fails clearly.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { REPO_ROOT, startTestServer, type TestServer } from './helpers.ts';
import {
  OPS_TOKEN,
  enableOps,
  newShopper,
  orderStatus,
  payAtCashier,
  placeBody,
  plans,
  signOrder,
  verifyUser,
} from './order-fixtures.ts';

const run = promisify(execFile);
let server: TestServer;

before(async () => {
  server = await startTestServer();
  await enableOps(server);
});
after(() => server.close());

async function cli(args: string[], token = OPS_TOKEN) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/ops.ts'), ...args],
      { env: { ...process.env, OPS_URL: server.baseUrl, OPS_TOKEN: token }, cwd: REPO_ROOT },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

test('drives a paid order through review, shipping and delivery, and shows it', async () => {
  const { month } = await plans(server);
  const shopper = await newShopper(server);
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(month, shopper, { depositMethod: 'paid' }),
  });
  const id = placed.body.data.id;
  await verifyUser(server, shopper.userId);
  await server.request('POST', '/api/order/confirm', {
    token: shopper.token,
    body: { orderId: id },
  });
  await signOrder(server, id);
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    body: { orderId: id },
  });
  await payAtCashier(server, pay.body.data.outTradeNo);

  // Shipping before approval is refused, naming the state.
  const early = await cli(['ship', String(id), '--waybill', 'SF1234567890']);
  assert.equal(early.code, 1);
  assert.match(early.stderr, /审核中/);

  assert.equal((await cli(['approve', String(id)])).code, 0);
  const shipped = await cli(['ship', String(id), '--waybill', 'SF1234567890']);
  assert.equal(shipped.code, 0, shipped.stderr);
  assert.match(shipped.stdout, /"to": "SHIPPED"/);
  assert.equal((await cli(['deliver', String(id)])).code, 0);
  assert.equal(await orderStatus(server, id), 'SHIPPED');

  // Eight days after delivery the jobs assume receipt.
  const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
  const jobs = await cli(['run-jobs', '--at', later]);
  assert.equal(jobs.code, 0, jobs.stderr);
  assert.equal(await orderStatus(server, id), 'RENTING');

  const shown = await cli(['show', String(id)]);
  assert.equal(shown.code, 0);
  const view = JSON.parse(shown.stdout) as { status: string; events: { action: string }[] };
  assert.equal(view.status, 'RENTING');
  assert.deepEqual(view.events.map((e) => e.action).slice(-4), [
    'approve',
    'ship',
    'deliver',
    'receive',
  ]);
});

test('refuses a wrong credential and explains its usage', async () => {
  const wrong = await cli(['show', '1'], 'wrong-token-0000000000');
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /401/);
  const unknown = await cli(['launch', '1']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /usage/);
});
