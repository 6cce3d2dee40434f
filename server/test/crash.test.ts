// engines: postgres (real processes on one database: only PostgreSQL can be shared)
/**
 * Crash safety of the money path, on PostgreSQL with real processes. For each of pay
 * (withholding a due instalment), refund (an approved cancellation) and unfreeze (releasing a
 * cancelled order's frozen deposit), the server is killed with SIGKILL at each step: before the
 * provider call, right after it (the provider acted, nothing recorded), and inside the recording
 * transaction before its commit. After a restart and one reconciliation pass (`POST
 * /ops/jobs/reconcile`), no payment is lost, none is applied twice, and the money the sandbox
 * provider moved equals the money the database records.
 *
 * The orders are prepared beforehand by this process (a server of its own on the same database
 * and port), which then only starts each step off: the killed server is the one that runs it.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { CrashPoint } from '../src/lib/crash-points.ts';
import { cancelOrder } from '../src/orders/confirm-cancel.ts';
import { withholdBills } from '../src/orders/payments.ts';
import { opsStep } from '../src/orders/ops.ts';
import {
  createThrowawayPostgres,
  startTestServer,
  TEST_ENGINE,
  type TestServer,
} from './helpers.ts';
import {
  newShopper,
  OPS_TOKEN,
  ops,
  orderStatus,
  payFirst,
  plans,
  restock,
  settle,
  signedOrder,
  type Shopper,
} from './order-fixtures.ts';
import { freePort, startServerProcess, type RunningServer } from './processes.ts';

type Kind = 'pay' | 'refund' | 'unfreeze';
type Step = 'before-call' | 'after-call' | 'before-commit';

interface Scenario {
  point: CrashPoint;
  kind: Kind;
  orderId: number;
  shopper: Shopper;
  /** Starts the operation off (from this process; the server runs it). */
  trigger(): Promise<void>;
  /** The operation has reached its end in the database. */
  settled(): Promise<boolean>;
}

const skip =
  TEST_ENGINE !== 'postgres' && 'real processes on one database: runs in the PostgreSQL pass';

describe('crash at every step of pay, refund and unfreeze', { skip }, () => {
  let setup: TestServer;
  let database: { url: string; drop(): Promise<void> };
  let port: number;
  let env: Record<string, string>;
  const scenarios: Scenario[] = [];

  before(async () => {
    database = await createThrowawayPostgres();
    port = await freePort();
    env = {
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      NOTIFY_BASE_URL: `http://127.0.0.1:${port}`,
      // Notifications signed before a crash must verify after it.
      SANDBOX_SIGNING_KEY: randomBytes(32).toString('hex'),
      OPS_TOKEN,
      JOBS_POLL_MS: '200',
    };
    // OPS_TOKEN registers the ops credential every process here uses.
    setup = await startTestServer({ databaseUrl: database.url, port, env });
    const { month } = await plans(setup);
    await restock(setup, [month.sku_id]);
    const deps = setup.app.deps;
    const db = setup.db;

    const steps: Step[] = ['before-call', 'after-call', 'before-commit'];
    for (const step of steps) {
      // pay: a renting card order with an instalment to withhold.
      {
        const shopper = await newShopper(setup);
        const orderId = await signedOrder(setup, month, shopper, {
          extra: { depositMethod: 'card' },
          card: true,
        });
        await payFirst(setup, shopper, orderId);
        await ops(setup, 'POST', `/ops/orders/${orderId}/approve`, {});
        await ops(setup, 'POST', `/ops/orders/${orderId}/ship`, { waybill: 'SF9990000001' });
        await setup.request('POST', '/api/order/received', {
          token: shopper.token,
          body: { orderId },
        });
        assert.equal(await orderStatus(setup, orderId), 'RENTING');
        const bill = await db
          .selectFrom('bills')
          .select('id')
          .where('order_id', '=', orderId)
          .where('kind', '=', 'INSTALMENT')
          .orderBy('period')
          .executeTakeFirstOrThrow();
        scenarios.push({
          point: `pay:${step}`,
          kind: 'pay',
          orderId,
          shopper,
          trigger: async () => {
            await withholdBills(db, deps, orderId, [bill.id]);
          },
          settled: async () =>
            (
              await db
                .selectFrom('bills')
                .select('status')
                .where('id', '=', bill.id)
                .executeTakeFirstOrThrow()
            ).status === 'paid',
        });
      }
      // refund: a paid order whose cancellation ops approve.
      {
        const shopper = await newShopper(setup);
        const orderId = await signedOrder(setup, month, shopper, {
          extra: { depositMethod: 'paid' },
        });
        await payFirst(setup, shopper, orderId);
        await setup.request('POST', '/api/order/cancel', {
          token: shopper.token,
          body: { orderId },
        });
        assert.equal(await orderStatus(setup, orderId), 'CANCEL_REVIEW');
        scenarios.push({
          point: `refund:${step}`,
          kind: 'refund',
          orderId,
          shopper,
          trigger: async () => {
            await opsStep(db, deps, orderId, 'approve-cancel');
          },
          settled: async () => {
            const rows = await db
              .selectFrom('refunds')
              .select('status')
              .where('order_id', '=', orderId)
              .execute();
            return rows.length > 0 && rows.every((r) => r.status === 'succeeded');
          },
        });
      }
      // unfreeze: a frozen deposit on an order cancelled before its first payment.
      {
        const shopper = await newShopper(setup);
        const orderId = await signedOrder(setup, month, shopper, {
          extra: { depositMethod: 'freeze' },
        });
        await setup.request('POST', '/api/order/refreeze', {
          token: shopper.token,
          body: { orderId },
        });
        await settle(setup);
        assert.equal(await orderStatus(setup, orderId), 'PENDING_PAY');
        scenarios.push({
          point: `unfreeze:${step}`,
          kind: 'unfreeze',
          orderId,
          shopper,
          trigger: async () => {
            await cancelOrder(db, deps, { id: shopper.userId, platform: 1 }, orderId);
          },
          settled: async () => {
            const rows = await db
              .selectFrom('deposit_operations')
              .select('status')
              .where('order_id', '=', orderId)
              .execute();
            return rows.length > 0 && rows.every((r) => r.status === 'succeeded');
          },
        });
      }
    }
    await settle(setup);
    // The port is the crashing servers' from now on; this process keeps the database.
    await setup.app.close();
  });

  after(async () => {
    await setup?.close().catch(() => undefined);
    await database?.drop();
  });

  /** Money the sandbox moved against money the database records, for the whole database. */
  async function ledgers() {
    const db = setup.db;
    const sum = async (query: Promise<{ total: number | string | null } | undefined>) =>
      Number((await query)?.total ?? 0);
    return {
      charged: await sum(
        db
          .selectFrom('sandbox_trades')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .where('status', '=', 'paid')
          .executeTakeFirst(),
      ),
      recordedPaid: await sum(
        db
          .selectFrom('payments')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .where('status', '=', 'succeeded')
          .executeTakeFirst(),
      ),
      refunded: await sum(
        db
          .selectFrom('sandbox_refunds')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .executeTakeFirst(),
      ),
      recordedRefunded: await sum(
        db
          .selectFrom('refunds')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .where('status', '=', 'succeeded')
          .executeTakeFirst(),
      ),
      unfrozen: await sum(
        db
          .selectFrom('sandbox_authorisation_operations')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .executeTakeFirst(),
      ),
      recordedUnfrozen: await sum(
        db
          .selectFrom('deposit_operations')
          .select((eb) => eb.fn.sum<number>('amount').as('total'))
          .where('status', '=', 'succeeded')
          .executeTakeFirst(),
      ),
    };
  }

  /** After the restart: one reconciliation pass, then the scenario's operation is done, once. */
  async function recover(server: RunningServer, scenario: Scenario) {
    const reply = await fetch(`${server.baseUrl}/ops/jobs/reconcile`, {
      method: 'POST',
      headers: { 'x-ops-token': OPS_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify({ olderThanSeconds: 0 }),
    });
    const body = (await reply.json()) as { code: number; data: { errors: string[] } };
    assert.equal(body.code, 200, JSON.stringify(body));
    assert.deepEqual(body.data.errors, []);
    const deadline = Date.now() + 20_000;
    while (!(await scenario.settled())) {
      if (Date.now() > deadline)
        throw new Error(`${scenario.point}: not settled after recovery\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const db = setup.db;
    if (scenario.kind === 'pay') {
      const payments = await db
        .selectFrom('payments')
        .select(['out_trade_no', 'status', 'amount'])
        .where('order_id', '=', scenario.orderId)
        .where('channel', '=', 'card')
        .execute();
      assert.equal(payments.length, 1, `${scenario.point}: one withholding payment`);
      assert.equal(payments[0]!.status, 'succeeded');
      const charges = await db
        .selectFrom('sandbox_trades')
        .select(['status', 'amount'])
        .where('out_trade_no', '=', payments[0]!.out_trade_no)
        .execute();
      assert.deepEqual(
        charges,
        [{ status: 'paid', amount: payments[0]!.amount }],
        `${scenario.point}: charged once`,
      );
      const paidBills = await db
        .selectFrom('bills')
        .select(['paid', 'original', 'discount', 'overdue_fee'])
        .where('out_trade_no', '=', payments[0]!.out_trade_no)
        .execute();
      assert.equal(
        paidBills.reduce((s, b) => s + b.paid, 0),
        payments[0]!.amount,
      );
    } else if (scenario.kind === 'refund') {
      const refunds = await db
        .selectFrom('refunds as r')
        .innerJoin('payments as p', 'p.id', 'r.payment_id')
        .select(['r.out_refund_no', 'r.amount', 'p.out_trade_no', 'p.amount as paid'])
        .where('r.order_id', '=', scenario.orderId)
        .execute();
      assert.equal(refunds.length, 1, `${scenario.point}: one refund`);
      const trade = await db
        .selectFrom('sandbox_trades')
        .select('refunded')
        .where('out_trade_no', '=', refunds[0]!.out_trade_no)
        .executeTakeFirstOrThrow();
      assert.equal(trade.refunded, refunds[0]!.paid, `${scenario.point}: refunded once, in full`);
    } else {
      const auth = await db
        .selectFrom('deposit_authorisations')
        .selectAll()
        .where('order_id', '=', scenario.orderId)
        .executeTakeFirstOrThrow();
      const frozen = await db
        .selectFrom('sandbox_authorisations')
        .select('frozen')
        .where('auth_no', '=', auth.auth_no!)
        .executeTakeFirstOrThrow();
      assert.equal(frozen.frozen, 0, `${scenario.point}: released at the provider`);
      assert.equal(auth.unfrozen, auth.amount);
      const operations = await db
        .selectFrom('sandbox_authorisation_operations')
        .select('amount')
        .where('auth_no', '=', auth.auth_no!)
        .execute();
      assert.deepEqual(operations, [{ amount: auth.amount }], `${scenario.point}: unfrozen once`);
    }
  }

  test('no payment is lost or applied twice, and the money moved is the money recorded', async () => {
    // pay, refund, unfreeze in turn: a server armed for the next step never redoes the previous
    // kind's work, so it can also be the restart that recovers the previous crash.
    const order: CrashPoint[] = [];
    for (const step of ['before-call', 'after-call', 'before-commit'] as const)
      for (const kind of ['pay', 'refund', 'unfreeze'] as const) order.push(`${kind}:${step}`);
    let previous: Scenario | undefined;
    for (const point of order) {
      const scenario = scenarios.find((s) => s.point === point)!;
      const server = await startServerProcess({ ...env, CRASH_AT: point }, port);
      if (previous) await recover(server, previous);
      await scenario.trigger();
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        server.exited,
        new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), 30_000))),
      ]);
      clearTimeout(timer);
      if (!ended) await server.stop();
      assert.deepEqual(
        ended,
        { code: null, signal: 'SIGKILL' },
        `${point} did not crash:\n${server.output()}`,
      );
      assert.match(server.output(), new RegExp(`crash point ${point}: SIGKILL`));
      previous = scenario;
    }
    const last = await startServerProcess(env, port);
    try {
      await recover(last, previous!);
      const money = await ledgers();
      assert.equal(money.charged, money.recordedPaid, 'charged ≠ recorded payments');
      assert.equal(money.refunded, money.recordedRefunded, 'refunded ≠ recorded refunds');
      assert.equal(money.unfrozen, money.recordedUnfrozen, 'unfrozen ≠ recorded releases');
      assert.ok(money.refunded > 0 && money.unfrozen > 0 && money.charged > 0);
      const pending = await setup.db
        .selectFrom('refunds')
        .select('id')
        .where('status', '!=', 'succeeded')
        .union(
          setup.db.selectFrom('deposit_operations').select('id').where('status', '!=', 'succeeded'),
        )
        .execute();
      assert.deepEqual(pending, []);
      const open = await setup.db
        .selectFrom('payments')
        .select('out_trade_no')
        .where('status', '=', 'created')
        .execute();
      assert.deepEqual(open, []);
      for (const scenario of scenarios)
        assert.equal(
          await orderStatus(setup, scenario.orderId),
          scenario.kind === 'pay' ? 'RENTING' : 'CANCELLED',
          scenario.point,
        );
    } finally {
      await last.stop();
    }
  });
});
