/**
 * Catalogue read benchmark: starts the real server (server/src/main.ts, as `npm run server` runs
 * it) in a child process on a fresh, seeded database, then drives home, category-goods and
 * goods-info reads with autocannon from this process and prints requests/s and p99 latency.
 *
 *   npx tsx server/bench/catalog.ts [--engine pglite|postgres|both] [--duration 10]
 *                                   [--connections 10] [--log-level info]
 *
 * PostgreSQL: a throwaway database on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/
 * postgres), dropped afterwards. PGlite: a data directory in the system temp folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../contract/http.ts';
import { createThrowawayDatabase } from './throwaway-database.ts';

type Engine = 'pglite' | 'postgres';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(SERVER_DIR, 'src/main.ts');
const PG_ADMIN_URL = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Goods ids of the demo data set (1 … 69); info requests pick among them at random. */
const GOODS_COUNT = 69;

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'log-level': { type: 'string', default: 'info' },
  },
});

const HEADERS = {
  'x-client-authorization': `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
  'x-platform': '1',
};

interface Scenario {
  name: string;
  paths: () => string;
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

const SCENARIOS: Scenario[] = [
  { name: 'home/banner', paths: () => '/api/home/banner' },
  {
    name: 'home/hotGoods',
    paths: () => `/api/home/hotGoods?pageNum=${randomInt(1, 2)}&pageSize=10`,
  },
  {
    name: 'category/goods',
    paths: () => `/api/category/goods?categoryId=${randomInt(1, 10)}&pageSize=10`,
  },
  { name: 'goods/info', paths: () => `/api/goods/info/${randomInt(1, GOODS_COUNT)}` },
  {
    name: 'mixed (home+category+info)',
    paths: () => {
      const pick = randomInt(0, 3);
      if (pick === 0) return '/api/home/banner';
      if (pick === 1) return '/api/home/hotGoods?pageSize=10';
      if (pick === 2) return `/api/category/goods?categoryId=${randomInt(1, 10)}&pageSize=10`;
      return `/api/goods/info/${randomInt(1, GOODS_COUNT)}`;
    },
  },
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/common/express`, { headers: HEADERS });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not come up within 120 s');
}

interface Figures {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function drive(baseUrl: string, scenario: Scenario): Promise<Figures> {
  const result = await autocannon({
    url: baseUrl,
    connections: Number(args.connections),
    duration: Number(args.duration),
    headers: HEADERS,
    requests: [{ setupRequest: (request) => ({ ...request, path: scenario.paths() }) }],
  });
  return {
    scenario: scenario.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchEngine(engine: Engine): Promise<Figures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalog-'));
  const database =
    engine === 'postgres'
      ? await createThrowawayDatabase(PG_ADMIN_URL, 'bench_catalog')
      : undefined;
  const databaseUrl = database?.url ?? '';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', './server/load-typescript.mjs', MAIN], {
    cwd: path.resolve(SERVER_DIR, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Development by default: production refuses to start on the sandboxes and PGlite (its
      // start-up guard), and the catalogue's read path is the same in both. BENCH_APP_ENV=production
      // with the live settings in the environment measures a production process.
      APP_ENV: process.env.BENCH_APP_ENV ?? 'development',
      LOG_LEVEL: args['log-level'],
      // The API alone: no H5 app to serve.
      H5_DIR: path.join(dataDir, 'no-h5'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(baseUrl, child);
    const figures: Figures[] = [];
    for (const scenario of SCENARIOS) {
      process.stderr.write(`${engine}: ${scenario.name} …\n`);
      figures.push(await drive(baseUrl, scenario));
    }
    return figures;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function main(): Promise<void> {
  const engines: Engine[] =
    args.engine === 'both'
      ? ['pglite', 'postgres']
      : [args.engine === 'postgres' ? 'postgres' : 'pglite'];
  console.log(
    `catalogue reads: ${args.connections} connections, ${args.duration} s per scenario, ` +
      `log level ${args['log-level']}, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  for (const engine of engines) {
    const figures = await benchEngine(engine);
    console.log(`\n${engine}`);
    console.table(
      figures.map((f) => ({
        scenario: f.scenario,
        'req/s': f.requestsPerSecond,
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        'non-2xx': f.non2xx,
        errors: f.errors,
      })),
    );
  }
}

await main();
