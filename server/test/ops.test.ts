// engines: pglite (the CLI over HTTP: the steps it drives are checked on both by order-flow)
/**
 * The operations CLI (`npm run ops -- …`) against a real server: it drives an order through the
 * merchant's steps with its own credential, shows the order, runs the jobs, and fails clearly.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/boot/app.ts';
import { ensureDevelopmentOpsCredential } from '../src/ops/credentials.ts';
import { REPO_ROOT, startTestServer, type TestServer } from './helpers.ts';
import {
  OPS_TOKEN,
  enableOps,
  ops,
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

async function cli(args: string[], token = OPS_TOKEN, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', './server/load-typescript.mjs', path.join(REPO_ROOT, 'scripts/ops.ts'), ...args],
      {
        env: { ...process.env, OPS_URL: server.baseUrl, OPS_TOKEN: token, ...env },
        cwd: REPO_ROOT,
      },
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

test('outside development and test, run-jobs runs at the server clock: another time is refused', async () => {
  const production = await startTestServer({ appEnv: 'production' });
  try {
    await enableOps(production);
    const lastClock = async () =>
      (
        await production.db
          .selectFrom('job_runs')
          .select('clock')
          .where('job', '=', 'all')
          .orderBy('id', 'desc')
          .executeTakeFirst()
      )?.clock;
    const moved = await ops(production, 'POST', '/ops/jobs/run', { at: '2030-09-15T03:00:00Z' });
    assert.equal(moved.status, 400, JSON.stringify(moved.body));
    assert.equal(moved.body.reason, 'OPS_CLOCK_FIXED');
    assert.equal(await lastClock(), undefined, 'no job ran');
    // An ops machine's "now" a few seconds off is still now, and runs at the server's clock.
    const nearlyNow = new Date(Date.now() + 5_000).toISOString();
    const now = await ops(production, 'POST', '/ops/jobs/run', { at: nearlyNow });
    assert.equal(now.status, 200, JSON.stringify(now.body));
    const ranAt = await lastClock();
    assert.ok(ranAt && Math.abs(ranAt.getTime() - Date.now()) < 60_000, String(ranAt));
    assert.notEqual(ranAt.toISOString(), nearlyNow);
  } finally {
    await production.close();
  }
});

test('in development and test, run-jobs still runs at the time asked (the demos and tests move it)', async () => {
  const at = '2030-09-15T03:00:00.000Z';
  const reply = await ops(server, 'POST', '/ops/jobs/run', { at });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  const run = await server.db
    .selectFrom('job_runs')
    .select('clock')
    .where('job', '=', 'all')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  assert.equal(run.clock.toISOString(), at);
});

test('the credential OPS_TOKEN registered ends when the server starts without it, and says so', async () => {
  const token = 'ops-from-the-environment-0123';
  const first = await startTestServer({ env: { OPS_TOKEN: token } });
  let second: FastifyInstance | undefined;
  try {
    const show = (baseUrl: string) =>
      fetch(`${baseUrl}/ops/orders/1`, { headers: { 'x-ops-token': token } }).then((r) => r.status);
    assert.equal(await show(first.baseUrl), 404, 'the token works while OPS_TOKEN is set');
    // The same database, a process started without OPS_TOKEN.
    const lines: string[] = [];
    const deps = first.app.deps;
    second = await buildApp(
      { ...deps, config: { ...deps.config, opsToken: undefined } },
      {
        logStream: new Writable({
          write: (chunk: Buffer, _e, done) => done(void lines.push(chunk.toString())),
        }),
      },
    );
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address() as AddressInfo;
    assert.equal(await show(`http://127.0.0.1:${address.port}`), 401);
    assert.equal(await show(first.baseUrl), 401, 'revoked for every process');
    assert.match(
      lines.join(''),
      /OPS_TOKEN is not set: the ops credential of an earlier OPS_TOKEN is revoked/,
    );
  } finally {
    await second?.close();
    await first.close();
  }
});

test('a too short OPS_TOKEN is named at start, not silently ignored', async () => {
  const short = await startTestServer({ env: { OPS_TOKEN: 'too-short' } });
  try {
    assert.match(short.logs(), /OPS_TOKEN is shorter than 16 characters: ignored/);
    const reply = await fetch(`${short.baseUrl}/ops/orders/1`, {
      headers: { 'x-ops-token': 'too-short' },
    });
    assert.equal(reply.status, 401);
  } finally {
    await short.close();
  }
});

test('on the README’s run (development, no OPS_TOKEN) the CLI uses the server’s own credential', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-dev-'));
  try {
    const file = await ensureDevelopmentOpsCredential(server.db, dataDir);
    assert.equal(file, path.join(dataDir, 'ops-token'));
    // Owner-only, and the same credential after a restart.
    assert.equal(fs.statSync(file).mode & 0o077, 0);
    const token = fs.readFileSync(file, 'utf8').trim();
    await ensureDevelopmentOpsCredential(server.db, dataDir);
    assert.equal(fs.readFileSync(file, 'utf8').trim(), token);
    // OPS_TOKEN empty: the CLI takes the data directory's credential, which the server accepts.
    const jobs = await cli(['run-jobs'], '', { DATA_DIR: dataDir });
    assert.equal(jobs.code, 0, jobs.stderr);
    // Without either, it says what to set.
    const none = await cli(['run-jobs'], '', { DATA_DIR: path.join(dataDir, 'missing') });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /OPS_TOKEN is not set/);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
