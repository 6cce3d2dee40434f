/**
 * A benchmark's own PostgreSQL database: created on the machine's server, dropped when the bench
 * ends, and dropped too when the bench is interrupted (Ctrl-C, SIGTERM) or its output is cut short
 * (`npm run bench:orders | head -3` closes the pipe, and the next write used to kill the process
 * before its `finally`). A left database is not harmless: on 29 Nov, with 26 of them (~28 MB each,
 * from runs piped through `head`) on the server, bench:orders drifted from 70-80 to 55-61 orders/s;
 * with them dropped, five runs in a row gave 71-76. (Not autovacuum's doing, as first thought: the
 * machine's PostgreSQL has it off; see autoanalyze.ts.)
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';

const PG_SOCKET_DIR = '/var/run/postgresql';
/**
 * The benches' PostgreSQL: BENCH_PG_URL, else the machine's, through its Unix socket when it has
 * one. Over loopback TCP the sending process also runs the receiving side's network stack inside
 * its own write (bench:orders' profile showed a third of the server thread in writev); with the
 * database on another host, as in production, that work is the database host's.
 * BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres measures over TCP.
 */
export const BENCH_PG_URL =
  process.env.BENCH_PG_URL ||
  (fs.existsSync(`${PG_SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/postgres?host=${PG_SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

export interface ThrowawayDatabase {
  name: string;
  /** `adminUrl` with this database's name. */
  url: string;
  /** Drops the database (its connections too), unless it is kept; once. */
  drop(): Promise<void>;
}

/** The databases this process will drop on a signal, by name. */
const open = new Map<string, () => Promise<void>>();
let handlersInstalled = false;

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  // A closed pipe is not a reason to stop: the bench finishes, and its `finally` drops.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: dropping ${[...open.keys()].join(', ') || 'nothing'}\n`);
      // Dropping ends the bench's own connections ("terminating connection due to administrator
      // command", "Connection terminated unexpectedly"), and a client without an error listener
      // throws that: the bench is stopping anyway, so it is said in one line, not a crash.
      process.on('uncaughtException', (error: Error) => {
        process.stderr.write(`(while stopping: ${error.message})\n`);
      });
      void Promise.allSettled([...open.values()].map((drop) => drop())).then(() =>
        process.exit(code),
      );
    });
  }
}

/** The server `adminUrl` names, with database `name`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates `<prefix>_<random>` on the server `adminUrl` names. `keep` (the benches' --keep, to
 * look at plans afterwards) leaves it in place, on a signal too, and says so.
 */
export async function createThrowawayDatabase(
  adminUrl: string,
  prefix: string,
  { keep = false }: { keep?: boolean } = {},
): Promise<ThrowawayDatabase> {
  installHandlers();
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  let dropped: Promise<void> | undefined;
  const drop = () =>
    (dropped ??= (async () => {
      open.delete(name);
      if (keep) {
        process.stdout.write(`kept database ${name}\n`);
        return;
      }
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    })());
  open.set(name, drop);
  return { name, url: databaseUrl(adminUrl, name), drop };
}
