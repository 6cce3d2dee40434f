/**
 * The merchant console's order queue on a big shop: 100,000 orders (nine brands, every desk
 * state, 30,000 customers) bulk-loaded with SQL into a throwaway PostgreSQL database, then the
 * queue's page (`listOrders`, GET /admin/api/orders) asked over HTTP with an owner's session, one
 * request at a time, in the shapes the console sends:
 *
 *   default   the console's first view: the review tab, newest first
 *   tab       a busy state tab (renting: RENTING, DUE, BUYING_OUT) with every tab's count
 *   keyword   a customer's name, and a mobile's last 4 digits
 *   brand     one brand's queue (platform=3), the completed tab
 *   channel   one channel's customers' orders (about 2,900), completed or renting
 *   sorted    the renting tab by last update, oldest first
 *   page50    page 50 of the completed tab (offset 980)
 *
 *   npm run bench:admin [-- --orders 100000 --requests 100]
 *
 * Target: p95 ≤ 300 ms per scenario. The server runs in this process on BENCH_PG_URL (default:
 * the machine's PostgreSQL, through its Unix socket when it has one); the database is dropped
 * after. Not part of npm test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildBenchApp } from './bench-app.ts';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createOwner } from '../src/admin/bootstrap.ts';
import { loadConfig } from '../src/boot/config.ts';
import { openRuntime } from '../src/boot/runtime.ts';
import { BENCH_PG_URL, createThrowawayDatabase } from './throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '100' },
    // Keep the database afterwards (its name is printed), to look at the plans with EXPLAIN.
    keep: { type: 'boolean', default: false },
  },
});

const SCENARIOS: { name: string; queries: string[] }[] = [
  { name: 'default', queries: ['tab=review&sort=-createdAt&pageNum=1&pageSize=20'] },
  { name: 'tab', queries: ['tab=renting&sort=-createdAt&pageNum=1&pageSize=20'] },
  {
    name: 'keyword',
    queries: [
      `tab=completed&keyword=${encodeURIComponent('王伟')}`,
      'tab=renting&keyword=4321',
      'tab=completed&keyword=138****0042',
    ],
  },
  { name: 'brand', queries: ['tab=completed&platform=3&pageNum=1&pageSize=20'] },
  {
    name: 'channel',
    queries: ['tab=completed&channel=ch3', 'tab=renting&channel=ch5&sort=-updatedAt'],
  },
  { name: 'sorted', queries: ['tab=renting&sort=updatedAt&pageNum=1&pageSize=20'] },
  { name: 'page50', queries: ['tab=completed&sort=-createdAt&pageNum=50&pageSize=20'] },
];

/**
 * The shop, in SQL: customers (mobile 138 + 8 digits, a channel for one in five), their names,
 * and orders spread over a year and the nine brands, in the desk's states roughly as a live shop
 * holds them (most completed or renting, a few hundred waiting for review).
 */
async function load(client: pg.Client, orders: number) {
  const customers = Math.max(100, Math.round(orders * 0.3));
  await client.query(
    `insert into users (mobile, channel_code, created_at)
     select '138' || lpad(g::text, 8, '0'),
            case when g % 5 = 0 then 'ch' || (g % 7) end,
            now() - interval '400 days'
     from generate_series(1, $1::int) g`,
    [customers],
  );
  const surnames = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周'];
  const given = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳'];
  await client.query(
    `insert into identities (user_id, name, id_hash, id_masked, gender, birth_date, source)
     select u.id,
            ($1::text[])[1 + u.id % 10] || ($2::text[])[1 + (u.id / 10) % 12],
            md5('bench-id-' || u.id),
            '1101**********' || lpad((u.id % 1000)::text, 3, '0') || 'X',
            case when u.id % 2 = 0 then 'M' else 'F' end,
            date '1990-01-01' + (u.id % 7000),
            'manual'
     from users u where u.mobile like '138%'`,
    [surnames, given],
  );
  const plan = await client.query<{ id: number; goods_id: number; sku_id: number }>(
    `select id, goods_id, sku_id from goods_plan where term_unit = 'month' order by id limit 1`,
  );
  const { id: planId, goods_id: goodsId, sku_id: skuId } = plan.rows[0]!;
  // Weighted states: cumulative per-mille bounds.
  await client.query(
    `insert into orders (user_id, platform, status, goods_id, sku_id, plan_id, snapshot, term_unit,
                         term, rent_per_period, deposit_method, deposit, created_at, updated_at)
     select u.id,
            1 + g % 9,
            case
              when r < 5 then 'PENDING_REVIEW'
              when r < 12 then 'PENDING_SHIP'
              when r < 20 then 'SHIPPED'
              when r < 330 then 'RENTING'
              when r < 360 then 'DUE'
              when r < 365 then 'BUYING_OUT'
              when r < 400 then 'OVERDUE'
              when r < 410 then 'RETURN_OVERDUE'
              when r < 425 then 'RETURNING'
              when r < 435 then 'INSPECTING'
              when r < 800 then 'COMPLETED'
              when r < 830 then 'BOUGHT_OUT'
              when r < 960 then 'CANCELLED'
              else 'REJECTED'
            end,
            $2, $3, $4,
            jsonb_build_object(
              'goods', jsonb_build_object('name', 'Bench Phone ' || (g % 40)),
              'address', jsonb_build_object('name', i.name, 'province', '浙江省',
                                            'city', '杭州市', 'district', '西湖区')),
            'month', 12, 9900 + (g % 50) * 100, 'freeze', 300000,
            created, created + (g % 90) * interval '1 day'
     from (
       select g, (g * 7919) % 1000 as r,
              1 + (g::bigint * 104729) % $5 as customer,
              now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second' as created
       from generate_series(1, $1::int) g
     ) s
     join users u on u.mobile = '138' || lpad(s.customer::text, 8, '0')
     join identities i on i.user_id = u.id`,
    [orders, goodsId, skuId, planId, customers],
  );
  // As autovacuum leaves a table after a bulk insert: statistics and the visibility map (which
  // lets the tabs' counts read the (platform, status) index alone).
  await client.query('vacuum analyze');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function main() {
  const orders = Number(args.orders);
  const requests = Number(args.requests);
  const database = await createThrowawayDatabase(BENCH_PG_URL, 'bench_admin', { keep: args.keep });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-admin-'));
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: tmp,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
  });
  let base = '';
  const runtime = await openRuntime(config, {
    dataDir: 'memory://',
    runJobs: false,
    notifyBase: () => base,
  });
  try {
    const started = performance.now();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await load(client, orders);
    } catch (error) {
      await client.end();
      throw error;
    }
    const counted = await client.query<{ n: string }>('select count(*)::text as n from orders');
    const indexes = await client.query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = 'orders' order by indexname`,
    );
    await client.end();
    process.stdout.write(
      `loaded ${counted.rows[0]?.n} orders in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        `; indexes on orders: ${indexes.rows.map((row) => row.indexname).join(', ')}\n`,
    );

    const app = await buildBenchApp(runtime.deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    const api = `${base}/admin/api`;

    // An owner of every brand, signed in as the console is (cookie + CSRF), first password changed.
    const { password } = await createOwner(runtime.deps.db, config, 'bench-owner', '压测店主');
    const login = await fetch(`${api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'bench-owner', password }),
    });
    const cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const { data } = (await login.json()) as { data: { csrfToken: string } };
    const changed = await fetch(`${api}/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
      body: JSON.stringify({ currentPassword: password, newPassword: 'bench-owner-password-1' }),
    });
    if (!changed.ok) throw new Error(`password change: ${changed.status}`);

    process.stdout.write(`${requests} requests per scenario, one at a time\n`);
    const failures: string[] = [];
    for (const scenario of SCENARIOS) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < requests + 5; i++) {
        const query = scenario.queries[i % scenario.queries.length]!;
        const t0 = performance.now();
        const response = await fetch(`${api}/orders?${query}`, { headers: { cookie } });
        const body = (await response.json()) as { code: number; data?: { total: number } };
        const ms = performance.now() - t0;
        if (body.code !== 200) throw new Error(`${scenario.name}: ${JSON.stringify(body)}`);
        rows = body.data?.total ?? 0;
        if (i >= 5) times.push(ms); // the first five warm the pool and the plans
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (p95 > 300) failures.push(scenario.name);
      process.stdout.write(
        `  ${scenario.name.padEnd(8)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms` +
          `  p95 ${p95.toFixed(1).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms` +
          `  (total ${rows})\n`,
      );
    }
    process.stdout.write(
      failures.length
        ? `over the 300 ms p95 target: ${failures.join(', ')}\n`
        : 'every scenario within the 300 ms p95 target\n',
    );
    await app.close();
  } finally {
    await runtime.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
