/**
 * Order benchmark, end to end: how many orders per second go place → confirm → (contract signed)
 * → freeze → pay → notify, each step through the real HTTP routes except the signature (the
 * e-sign flow belongs to the contract routes; here the state machine's `sign` is applied), with
 * the sandbox providers notifying asynchronously as in production.
 *
 *   npx tsx server/bench/orders.ts [--engine postgres|pglite] [--duration 15] [--workers 10]
 *
 * The server runs in this process (the sandboxes live with it); the load comes from `workers`
 * concurrent users, each placing and paying one order after another. PostgreSQL: a throwaway
 * database on BENCH_PG_URL (default: the machine's PostgreSQL, through its Unix socket when it has one), dropped after.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { buildBenchApp } from './bench-app.ts';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../contract/http.ts';
import { loadConfig } from '../src/boot/config.ts';
import { JOB_DEFINITIONS } from '../src/jobs/definitions.ts';
import { applyOrderAction } from '../src/orders/apply-action.ts';
import { SandboxGateway } from '../src/payments/sandbox.ts';
import { issueSession } from '../src/plugins/auth.ts';
import { openRuntime } from '../src/boot/runtime.ts';
import type { ClientsSetup, FromClients, ToClients } from './order-clients.ts';
import { standInForAutoanalyze, type AnalyzeStandIn } from './autoanalyze.ts';
import { BENCH_PG_URL, createThrowawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    duration: { type: 'string', default: '15' },
    workers: { type: 'string', default: '10' },
    // Print the statements sent during the run, grouped by their text, most frequent first.
    statements: { type: 'boolean', default: false },
    // Leave the database in place afterwards, to look at its tables and plans.
    keep: { type: 'boolean', default: false },
  },
});
/**
 * SQL statements sent to PostgreSQL (the server's, its jobs' and the bench's own waits, counted
 * apart): the round trips an order costs, as the profile's biggest native cost is the socket write.
 */
const statements = { all: 0, waits: 0 };
const statementTexts = new Map<string, number>();
/** Connections whose statements are not the server's (the autoanalyze stand-in's). */
const uncounted = new WeakSet<pg.Client>();
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...queryArgs: unknown[]) {
  if (uncounted.has(this)) return clientQuery.apply(this, queryArgs);
  statements.all++;
  if (args.statements) {
    const first = queryArgs[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    const key = (text ?? '?').replace(/\s+/g, ' ').slice(0, 160);
    statementTexts.set(key, (statementTexts.get(key) ?? 0) + 1);
  }
  return clientQuery.apply(this, queryArgs);
} as typeof pg.Client.prototype.query;

/**
 * CPU time (ms) of this machine's PostgreSQL processes, read from /proc: the other half of an
 * order's cost when the database runs here (undefined when it cannot be read, e.g. no /proc).
 */
function postgresCpuMs(): number | undefined {
  try {
    let ms = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // the process ended between the listing and the read
      }
      const { comm, cpuMs } = readStat(stat);
      if (comm === 'postgres') ms += cpuMs;
    }
    return ms;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms) of this process's main thread, the one serving HTTP and running the jobs (the
 * clients' worker thread, GC helpers and libuv's pool are the process's other threads).
 */
function mainThreadCpuMs(): number | undefined {
  try {
    return readStat(fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')).cpuMs;
  } catch {
    return undefined;
  }
}

/** A /proc `stat` line: its command name and the user + system CPU time it has used (ms). */
function readStat(stat: string): { comm: string; cpuMs: number } {
  // "pid (comm) state ppid …": utime and stime are fields 14 and 15, counted after the comm.
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { comm: stat.slice(stat.indexOf('(') + 1, close), cpuMs: ticks * 10 }; // USER_HZ is 100
}

const HEADERS = {
  'x-client-authorization': `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
  'x-platform': '1',
  'content-type': 'application/json',
};

async function main() {
  const engine = args.engine === 'pglite' ? 'pglite' : 'postgres';
  const seconds = Number(args.duration);
  const workers = Number(args.workers);
  const database =
    engine === 'postgres'
      ? await createThrowawayDatabase(BENCH_PG_URL, 'bench_orders', { keep: args.keep })
      : undefined;
  const databaseUrl = database?.url;
  // Unique per run: the users' identity hashes must not meet an earlier run's.
  const runId = database?.name ?? randomBytes(4).toString('hex');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-orders-'));
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: tmp,
    LOG_LEVEL: 'warn',
    // The load comes from one IP; the limits are not what is measured.
    RATE_PAY_PER_IP: '1000000',
    RATE_PAY_PER_USER: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.DATABASE_POOL_SIZE
      ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }
      : {}),
  });
  let base = '';
  let autoanalyze: AnalyzeStandIn | undefined;
  // The jobs (provider calls, sandbox notifications) run in this process, as with JOBS=in-process.
  const runtime = await openRuntime(config, {
    dataDir: 'memory://',
    runJobs: true,
    notifyBase: () => base,
  });
  // Alipay and WeChat post notifications from many servers at once, in no set order; the
  // sandbox delivers one at a time (tests rely on its order). Here it delivers as they do.
  runtime.deps.jobs.attach(
    runtime.deps,
    JOB_DEFINITIONS.map((definition) =>
      definition.name === 'sandbox-notify' ? { ...definition, concurrency: workers } : definition,
    ),
  );
  try {
    const app = await buildBenchApp(runtime.deps);
    // Each answered provider notification (its transaction committed) wakes the flow waiting for
    // its trade or freeze request number (the sandbox's form field out_trade_no names either).
    const answered = new EventEmitter();
    answered.setMaxListeners(0);
    app.addHook('onResponse', async (request) => {
      if (request.url.startsWith('/pay/notify/'))
        answered.emit(
          'notification',
          (request.body as { out_trade_no?: string } | undefined)?.out_trade_no,
        );
    });
    runtime.deps.jobs.log = app.log;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    await runtime.deps.jobs.startPolling(config.jobsPollMs);
    const { db } = runtime.deps;
    const cashier = runtime.deps.providers.payments.forBrand(1).alipay;
    if (!(cashier instanceof SandboxGateway)) throw new Error('the benchmark pays at the sandbox');
    const plan = await db
      .selectFrom('goods_plan')
      .select(['id', 'goods_id', 'sku_id'])
      .where('term_unit', '=', 'month')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // Every order takes a unit of stock: enough for any run.
    await db
      .updateTable('goods_sku')
      .set({ stock: 10_000_000 })
      .where('id', '=', plan.sku_id)
      .execute();

    // One verified user per worker, with a session and an address.
    const users: { token: string; addressId: number }[] = [];
    for (let i = 0; i < workers; i++) {
      const mobile = `188${String(i).padStart(8, '0')}`;
      const user = await db
        .insertInto('users')
        .values({ mobile, alipay_user_id: null, channel_code: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = await issueSession(db, {
        userId: user.id,
        platform: 1,
        now: new Date(),
        ttlSeconds: 86_400,
      });
      const addr = await db
        .insertInto('addresses')
        .values({
          user_id: user.id,
          name: '压测',
          mobile,
          province: '浙江省',
          city: '杭州市',
          district: '西湖区',
          detail: '1 号',
          platform: 1,
          is_default: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('identities')
        .values({
          user_id: user.id,
          name: '压测',
          id_hash: `bench${i}${runId}`,
          id_masked: '1101**********002X',
          gender: 'M',
          birth_date: '1990-01-01',
          source: 'manual',
        })
        .execute();
      await db
        .insertInto('identity_verifications')
        .values({ user_id: user.id, platform: 1, source: 'manual' })
        .execute();
      await db
        .insertInto('face_sessions')
        .values({
          user_id: user.id,
          platform: 1,
          certify_id: `bench${i}${runId}`,
          status: 'passed',
          finished_at: new Date(),
        })
        .execute();
      await db
        .insertInto('credit_scores')
        .values({ user_id: user.id, platform: 1, provider: 'sandbox', score: 720, passed: true })
        .execute();
      await db
        .insertInto('emergency_contacts')
        .values({ user_id: user.id, name: '李四', mobile: '13700000000', relation: '朋友' })
        .execute();
      users.push({ token, addressId: addr.id });
    }

    // Statistics for the seeded tables and the users, then kept as autovacuum would keep them.
    autoanalyze = databaseUrl
      ? await standInForAutoanalyze(databaseUrl, { onClient: (client) => uncounted.add(client) })
      : undefined;
    const analyzedAtStart = { runs: autoanalyze?.runs ?? 0, ms: autoanalyze?.ms ?? 0 };
    const setup: ClientsSetup = {
      base,
      headers: HEADERS,
      users,
      plan,
      ...(databaseUrl ? { databaseUrl } : {}),
    };
    // The worker loads TypeScript through tsx's API (a worker's entry ignores the --import loader).
    const clientsModule = new URL('./order-clients.ts', import.meta.url).href;
    const clients = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(clientsModule)}); })`,
      { eval: true, workerData: setup },
    );
    await new Promise<void>((resolve, reject) => {
      clients.once('error', reject);
      clients.once('message', (message: FromClients) => {
        if (message.kind === 'ready') resolve();
      });
    });
    const started = Date.now();
    const cpuAtStart = process.cpuUsage();
    const mainThreadCpuAtStart = mainThreadCpuMs();
    const postgresCpuAtStart = postgresCpuMs();
    const statementsAtStart = { ...statements };
    statementTexts.clear();
    const busyAtStart = performance.eventLoopUtilization();
    const tell = (message: ToClients) => clients.postMessage(message);
    answered.on('notification', (number?: string) => tell({ kind: 'answered', number }));
    tell({ kind: 'start', deadline: started + seconds * 1000 });
    // The clients' questions: the e-sign provider's signature, and (PGlite only: the clients have
    // no connection of their own then) an order's state.
    const answer = async (what: 'sign' | 'status', orderId: number): Promise<unknown> => {
      if (what === 'status') {
        statements.waits++;
        const row = await db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        return row.status;
      }
      await db
        .transaction()
        .execute((trx) =>
          applyOrderAction(trx, orderId, 'sign', { actor: 'user', now: new Date() }),
        );
      return null;
    };
    const result = await new Promise<Extract<FromClients, { kind: 'done' }>>((resolve, reject) => {
      clients.on('error', reject);
      clients.on('message', (message: FromClients) => {
        if (message.kind === 'done') {
          resolve(message);
          return;
        }
        if (message.kind !== 'ask') return;
        answer(message.what, message.arg).then(
          (value) => tell({ kind: 'reply', id: message.id, value }),
          (error: unknown) =>
            tell({ kind: 'reply', id: message.id, value: null, error: String(error) }),
        );
      });
    });
    await clients.terminate();
    const { latencies, stepTimes, failures } = result;
    for (const error of result.errors) process.stderr.write(`${error}\n`);
    const busy = performance.eventLoopUtilization(busyAtStart);
    const elapsed = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuAtStart);
    const mainThreadCpuAtEnd = mainThreadCpuMs();
    const mainThreadCpu =
      mainThreadCpuAtStart !== undefined && mainThreadCpuAtEnd !== undefined
        ? mainThreadCpuAtEnd - mainThreadCpuAtStart
        : undefined;
    const postgresCpuAtEnd = postgresCpuMs();
    // Only this run's database is busy during the run (the machine's own PostgreSQL).
    const postgresCpu =
      engine === 'postgres' && postgresCpuAtStart !== undefined && postgresCpuAtEnd !== undefined
        ? postgresCpuAtEnd - postgresCpuAtStart
        : undefined;
    const perOrder = (value: number) => (value / Math.max(1, latencies.length)).toFixed(1);
    const askedWaits = statements.waits - statementsAtStart.waits;
    const serverStatements = statements.all - statementsAtStart.all - askedWaits;
    const waits = askedWaits + result.statusReads;
    latencies.sort((a, b) => a - b);
    const warm = result.warmLatencies.sort((a, b) => a - b);
    const percentile = (values: number[], p: number) =>
      values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
    const pct = (p: number) => percentile(latencies, p);
    const paid = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    process.stdout.write(
      `${engine}${engine === 'postgres' ? ` (${BENCH_PG_URL.includes('host=/') ? 'Unix socket' : 'TCP'})` : ''}: ${workers} workers, ${elapsed.toFixed(1)} s: ${latencies.length} orders placed and first payments notified ` +
        `(${(latencies.length / elapsed).toFixed(1)} orders/s), ${Number(paid.n)} payments succeeded, ${failures} failures; ` +
        `flow latency p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(1)})\n` +
        `  server thread busy ${(busy.utilization * 100).toFixed(0)} %; per order: ${perOrder((cpu.user + cpu.system) / 1000)} ms CPU in this process` +
        (mainThreadCpu !== undefined
          ? ` (${perOrder(mainThreadCpu)} in the server thread, the rest the clients' worker thread and helpers)`
          : '') +
        (postgresCpu !== undefined ? `, ${perOrder(postgresCpu)} ms in PostgreSQL` : '') +
        (engine === 'postgres'
          ? `; ${perOrder(serverStatements)} SQL statements from the server and its jobs, ${perOrder(waits)} from the bench's waits\n`
          : '\n'),
    );
    process.stdout.write(
      `  without each user's first order (the round that meets a cold server): ${warm.length} orders, ` +
        `p50 ${percentile(warm, 50).toFixed(0)} ms, p99 ${percentile(warm, 99).toFixed(0)} ms\n`,
    );
    if (autoanalyze?.active) {
      process.stdout.write(
        `  autovacuum is off on this server: the bench analyzed the changed tables in its place ` +
          `${autoanalyze.runs - analyzedAtStart.runs} times (${(autoanalyze.ms - analyzedAtStart.ms).toFixed(0)} ms)` +
          (autoanalyze.failures > 0
            ? `; ${autoanalyze.failures} passes failed, the last: ${autoanalyze.lastError}`
            : '') +
          '\n',
      );
    }
    if (args.statements) {
      const sorted = [...statementTexts].sort((a, b) => b[1] - a[1]);
      for (const [text, count] of sorted) {
        process.stdout.write(`  ${perOrder(count).padStart(6)}/order  ${text}\n`);
      }
    }
    for (const [name, times] of Object.entries(stepTimes)) {
      times.sort((a, b) => a - b);
      process.stdout.write(
        `  ${name.padEnd(17)} p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms\n`,
      );
    }
    await app.close();
  } finally {
    await autoanalyze?.stop();
    await runtime.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
