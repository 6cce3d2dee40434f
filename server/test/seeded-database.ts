/**
 * Every test server starts from the same migrated and seeded database, with the job queue's
 * tables in place. Building one costs 5-7 s on PGlite (a new cluster, migrations, the demo
 * catalogue), which ~40 test servers per pass would pay again and again; so it is built once per
 * change of what goes into it and copied: a PGlite data directory in the temp folder (each server
 * starts on a copy of its own, as `npm start` starts on DATA_DIR), a template database on
 * PostgreSQL (cloned in a fraction of a second). The fingerprint covers the migrations, the seed,
 * the queue definitions and the lockfile.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository root (helpers.ts, which imports this file, says the same). */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const INPUTS = [
  'server/migrations',
  'server/src/seed',
  'server/src/jobs/definitions.ts',
  'server/src/jobs/queue.ts',
  'package-lock.json',
];

function filesUnder(entry: string): string[] {
  const full = path.join(REPO_ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((item) => filesUnder(path.join(entry, item.name)))
    .sort();
}

/**
 * The server's start-up code, loaded only when a database is built: a browser-test file, which
 * finds the copy already made, needs none of the server's modules (about 1 CPU-s to load).
 */
async function serverStartUp() {
  const [{ loadConfig }, { openRuntime }] = await Promise.all([
    import('../src/boot/config.ts'),
    import('../src/boot/runtime.ts'),
  ]);
  return { loadConfig, openRuntime };
}

let fingerprintCache: string | undefined;
function fingerprint(): string {
  if (!fingerprintCache) {
    const hash = createHash('sha256');
    for (const file of INPUTS.flatMap(filesUnder)) hash.update(file).update(fs.readFileSync(file));
    fingerprintCache = hash.digest('hex').slice(0, 16);
  }
  return fingerprintCache;
}

/**
 * Other fingerprints' copies are left for a day before they are removed: another checkout on this
 * machine (a second worktree, a CI clone) may be running its tests on its own fingerprint now.
 */
const STALE_AFTER_MS = 24 * 3600_000;

function removeStale(prefix: string, current: string): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), name);
    if (!name.startsWith(prefix) || full === current) continue;
    try {
      if (Date.now() - fs.statSync(full).mtimeMs > STALE_AFTER_MS)
        fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // Removed by another process meanwhile.
    }
  }
}

/** A database built from nothing: migrated, seeded, the queue's tables created. */
async function build(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-build-'));
  const { loadConfig, openRuntime } = await serverStartUp();
  const config = loadConfig({ APP_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const runtime = await openRuntime(config, {
    dataDir: 'memory://',
    runJobs: false,
    notifyBase: () => 'http://127.0.0.1',
  });
  return {
    runtime,
    cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A seeded PGlite data directory on disk (the layout of `DATA_DIR`: the cluster in `pglite/`),
 * built once per fingerprint in the temp folder. Each server starts on a copy of its own, the
 * browser tests' (run as `npm start` runs) and the server tests' (in their process) alike.
 *
 * The server tests had started PGlite in memory from a tar image of it: PGlite unpacked all of
 * its ~1,600 files into memory first, where a copy on disk is read only where PostgreSQL reads
 * it. A start to its first query took 0.45-0.65 CPU-s from the image and 0.16-0.23 from a copy
 * in a memory-backed temp folder, statements and closing alike (29 Nov, four of each in one
 * process, 300 transactions on each).
 */
async function seededPgliteDataDir(): Promise<string> {
  const dir = path.join(os.tmpdir(), `rental-test-datadir-${fingerprint()}`);
  if (!fs.existsSync(dir)) {
    const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const { loadConfig, openRuntime } = await serverStartUp();
    const config = loadConfig({ APP_ENV: 'test', DATA_DIR: partial, LOG_LEVEL: 'silent' });
    // The layout main.ts uses: the cluster in DATA_DIR/pglite.
    const runtime = await openRuntime(config, {
      dataDir: path.join(partial, 'pglite'),
      runJobs: false,
      notifyBase: () => 'http://127.0.0.1',
    });
    await runtime.close();
    if (fs.existsSync(dir)) fs.rmSync(partial, { recursive: true, force: true });
    else fs.renameSync(partial, dir);
    removeStale('rental-test-datadir-', dir);
    // The tar images the server tests started from until 29 Nov (48 MB each, often in memory).
    removeStale('rental-test-pglite-', '');
  }
  return dir;
}

/** Fills `dataDir` (an empty DATA_DIR) with a copy of the seeded one: its PGlite cluster. */
export async function copySeededDataDir(dataDir: string): Promise<void> {
  fs.cpSync(await seededPgliteDataDir(), dataDir, { recursive: true });
}

/** Runs `work` with a client on the server's `postgres` database. */
async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const urlFor = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The name of the seeded template database on this server, created on first use. */
async function seededTemplate(adminUrl: string): Promise<string> {
  const template = `t_template_${fingerprint()}`;
  const exists = (client: pg.Client) =>
    client
      .query('select 1 from pg_database where datname = $1', [template])
      .then((r) => r.rowCount === 1);
  if (await withAdmin(adminUrl, exists)) return template;
  const building = `${template}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${building}`));
  const { runtime, cleanup } = await build({ DATABASE_URL: urlFor(adminUrl, building) });
  await runtime.close();
  cleanup();
  await withAdmin(adminUrl, async (client) => {
    // Another process may have finished first: keep one, drop the rest.
    if (await exists(client)) await client.query(`drop database ${building} with (force)`);
    else {
      await client.query(`alter database ${building} rename to ${template}`);
      // Its birth, for the clean-up below in other checkouts.
      await client.query(`comment on database ${template} is '${Date.now()}'`);
    }
    const others = await client.query<{ datname: string; born: string | null }>(
      `select datname, shobj_description(oid, 'pg_database') as born from pg_database
        where datname like 't\\_template\\_%' and datname <> $1`,
      [template],
    );
    // Unmarked ones (being built, or from older code) are left alone, as are the last day's.
    for (const row of others.rows)
      if (row.born && /^\d+$/.test(row.born) && Date.now() - Number(row.born) > STALE_AFTER_MS)
        await client.query(`drop database if exists ${row.datname} with (force)`);
  });
  return template;
}

/**
 * A throwaway PostgreSQL database cloned from the seeded template; dropped by `drop()`. Its
 * commits do not wait for the disk (synchronous_commit off: a crash of PostgreSQL could lose the
 * last ones, which a database dropped after the test never needs): test:model, thousands of small
 * transactions, took 66 -> 43 s and 53.5 -> 40.5 CPU-s with PostgreSQL's (29 Nov, quiet, alone).
 * What a transaction sees and locks is unchanged.
 */
export async function seededPostgres(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await seededTemplate(adminUrl);
  const name = `t_server_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    await client.query(`create database ${name} template ${template}`);
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    url: urlFor(adminUrl, name),
    drop: () =>
      withAdmin(adminUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}
