// engines: postgres (real processes on one database: only PostgreSQL can be shared)
/**
 * Two API processes and one worker on one PostgreSQL (JOBS=worker), as a deployment runs them:
 * 50 concurrent payments spread over both APIs, each notification posted by the worker and
 * also, at the same moment, replayed to both APIs. Each bill is paid once, each notification is
 * applied once, each job runs once; the worker's scheduler cancels a lapsed order by itself, and
 * `/health/ready` reports whether a worker is alive.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import {
  CLIENT_AUTHORIZATION,
  createThrowawayPostgres,
  startTestServer,
  TEST_ENGINE,
  type TestServer,
} from './helpers.ts';
import {
  OPS_TOKEN,
  newShopper,
  orderStatus,
  plans,
  restock,
  sandboxes,
  signedOrder,
  type Shopper,
} from './order-fixtures.ts';
import {
  eventually,
  freePort,
  startServerProcess,
  startWorkerProcess,
  type RunningProcess,
  type RunningServer,
} from './processes.ts';

const skip =
  TEST_ENGINE !== 'postgres' && 'real processes on one database: runs in the PostgreSQL pass';
const PAYMENTS = 50;

describe('two API processes and a worker', { skip }, () => {
  let setup: TestServer;
  let database: { url: string; drop(): Promise<void> };
  let apis: RunningServer[] = [];
  let worker: RunningProcess | undefined;
  const orders: { id: number; shopper: Shopper }[] = [];
  let lapsed: number;
  let env: Record<string, string>;

  before(async () => {
    database = await createThrowawayPostgres();
    const ports = [await freePort(), await freePort()];
    env = {
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      JOBS: 'worker',
      SANDBOX_SIGNING_KEY: randomBytes(32).toString('hex'),
      OPS_TOKEN,
      JOBS_POLL_MS: '500',
      // All the load comes from 127.0.0.1.
      RATE_PAY_PER_IP: '100000',
      RATE_LOGIN_PER_IP: '100000',
    };
    // Orders waiting for their first payment, prepared by a server of this process.
    setup = await startTestServer({
      databaseUrl: database.url,
      env: { ...env, JOBS: 'in-process' },
    });
    const { month } = await plans(setup);
    await restock(setup, [month.sku_id]);
    const shoppers = await Promise.all(Array.from({ length: 25 }, () => newShopper(setup)));
    for (let i = 0; i < PAYMENTS; i++) {
      const shopper = shoppers[i % shoppers.length]!;
      orders.push({
        shopper,
        id: await signedOrder(setup, month, shopper, { extra: { depositMethod: 'paid' } }),
      });
    }
    // One more whose payment window has passed: the worker's scheduler must cancel it alone.
    lapsed = await signedOrder(setup, month, shoppers[0]!, { extra: { depositMethod: 'paid' } });
    await setup.db
      .updateTable('orders')
      .set({ pay_deadline: new Date(Date.now() - 60_000) })
      .where('id', '=', lapsed)
      .execute();
    await setup.app.close();
    apis = await Promise.all(ports.map((port) => startServerProcess(env, port)));
  });

  after(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await worker?.stop();
    await setup?.close().catch(() => undefined);
    await database?.drop();
  });

  const post = (base: string, url: string, token: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'x-client-authorization': CLIENT_AUTHORIZATION,
        'x-platform': '1',
        'content-type': 'application/json',
        token,
      },
      body: JSON.stringify(body),
    }).then(
      (r) =>
        r.json() as Promise<{
          code: number;
          msg: string;
          data: { outTradeNo: string; cashierUrl: string };
        }>,
    );

  test('without a worker the APIs are not ready, and nothing runs', async () => {
    const ready = await fetch(`${apis[0]!.baseUrl}/health/ready`);
    assert.equal(ready.status, 503);
    const body = (await ready.json()) as {
      checks: Record<string, { ok: boolean; detail?: string }>;
    };
    assert.deepEqual(body.checks.worker, { ok: false, detail: 'no worker has started' });
    assert.equal(body.checks.database?.ok, true);
    assert.equal(body.checks.migrations?.ok, true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(await orderStatus(setup, lapsed), 'PENDING_PAY');
  });

  test('50 concurrent payments with duplicate notifications: each bill paid once, each job run once', async () => {
    worker = await startWorkerProcess({ ...env, NOTIFY_BASE_URL: apis[0]!.baseUrl });
    await eventually(
      'the APIs to see the worker',
      async () => (await fetch(`${apis[1]!.baseUrl}/health/ready`)).ok,
    );
    // The scheduler runs in the worker by itself: the lapsed order is cancelled with no one asking.
    await eventually(
      'the lapsed order to be cancelled',
      async () => (await orderStatus(setup, lapsed)) === 'CANCELLED',
    );

    const pays = await Promise.all(
      orders.map(({ id, shopper }, i) =>
        post(apis[i % 2]!.baseUrl, '/api/order/pay', shopper.token, { orderId: id }),
      ),
    );
    assert.ok(
      pays.every((p) => p.code === 200),
      JSON.stringify(pays.find((p) => p.code !== 200)),
    );
    // Each user pays at the cashier of the other API than the one that opened the payment.
    const cashier = await Promise.all(
      pays.map((pay, i) =>
        fetch(`${apis[(i + 1) % 2]!.baseUrl}${pay.data.cashierUrl.replace('?', '/pay?')}`, {
          method: 'POST',
          redirect: 'manual',
        }),
      ),
    );
    assert.ok(cashier.every((r) => r.status === 303));
    // While the worker posts each notification, the provider "retries" it to both APIs at once.
    const stored = await setup.db
      .selectFrom('sandbox_notifications')
      .select(['id', 'notify_url', 'fields'])
      .execute();
    assert.equal(stored.length, PAYMENTS);
    const replays = await Promise.all(
      stored.flatMap((row) =>
        apis.map((api) =>
          fetch(`${api.baseUrl}${new URL(row.notify_url).pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(row.fields).toString(),
          }).then((r) => r.text()),
        ),
      ),
    );
    assert.ok(replays.every((answer) => answer === 'success'));
    await eventually('every notification to be delivered by the worker', async () => {
      const left = await setup.db
        .selectFrom('sandbox_notifications')
        .select('id')
        .where('status', '!=', 'delivered')
        .execute();
      return left.length === 0;
    });

    const ids = orders.map((o) => o.id);
    const bills = await setup.db
      .selectFrom('bills')
      .select(['id', 'status', 'paid', 'original', 'discount', 'kind', 'out_trade_no'])
      .where('order_id', 'in', ids)
      .where('kind', 'in', ['FIRST', 'DEPOSIT'])
      .execute();
    assert.ok(bills.every((b) => b.status === 'paid' && b.paid === b.original - b.discount));
    const payments = await setup.db
      .selectFrom('payments')
      .select(['out_trade_no', 'status', 'amount'])
      .where('order_id', 'in', ids)
      .execute();
    assert.equal(payments.length, PAYMENTS);
    assert.ok(payments.every((p) => p.status === 'succeeded'));
    const charges = await sandboxes(setup).alipay.charges();
    assert.equal(charges.length, PAYMENTS);
    for (const order of orders) assert.equal(await orderStatus(setup, order.id), 'PENDING_REVIEW');

    // Each notification applied once; the other two deliveries of it were answered as duplicates.
    const recorded = await setup.db
      .selectFrom('payment_notifications')
      .select(['outcome'])
      .execute();
    assert.equal(recorded.length, PAYMENTS);
    assert.ok(recorded.every((row) => row.outcome === 'applied'));
    // The worker posted each notification once: its job ran once and was answered at once.
    const delivered = await setup.db
      .selectFrom('sandbox_notifications')
      .select(['attempts'])
      .execute();
    assert.ok(delivered.every((row) => row.attempts === 1));
    const jobs = await sql<{ name: string; state: string; retry_count: number }>`
      select name, state, retry_count from pgboss.job where name in ('sandbox-notify', 'outbox')
      union all
      select name, state, retry_count from pgboss.archive where name in ('sandbox-notify', 'outbox')`.execute(
      setup.db,
    );
    assert.equal(jobs.rows.filter((j) => j.name === 'sandbox-notify').length, PAYMENTS);
    assert.deepEqual(
      jobs.rows.filter((j) => j.state !== 'completed' || j.retry_count !== 0),
      [],
    );
    // Scheduled runs are recorded under their job id, which is unique: none ran twice.
    const runs = await setup.db
      .selectFrom('job_runs')
      .select(['job', 'job_id'])
      .where('job_id', 'is not', null)
      .execute();
    assert.ok(runs.some((r) => r.job === 'payments-expire'));
  });
});
