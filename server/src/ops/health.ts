/**
 * The readiness checks (routes/ops/health.ts): the database answers, every migration in this build
 * is applied, and, when jobs run in a separate worker (JOBS=worker), a worker has been seen
 * within the last minute.
 */
import fs from 'node:fs/promises';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import type { AppDeps } from '../boot/deps.ts';

/** A worker silent longer than this is taken as gone (it beats every 15 s). */
export const WORKER_STALE_SECONDS = 60;

export type Check = { ok: boolean; detail?: string };

/** The migrations this build ships, by file name in order. */
export async function shippedMigrations(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
}

/**
 * Each check by name; every one `ok` means ready. A database failure is logged and reported
 * only as `unreachable` (the reason can name hosts and users).
 */
export async function readinessChecks(
  deps: Pick<AppDeps, 'db' | 'config'>,
  expected: readonly string[],
  log: FastifyBaseLogger,
): Promise<Record<string, Check>> {
  const { db, config } = deps;
  const checks: Record<string, Check> = {};
  try {
    await sql`select 1`.execute(db);
    checks.database = { ok: true };
    const applied = new Set(
      (await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
    );
    const missing = expected.filter((name) => !applied.has(name));
    checks.migrations = missing.length
      ? { ok: false, detail: `not applied: ${missing.join(', ')}` }
      : { ok: true };
    if (config.jobs === 'worker') {
      const seen = await db
        .selectFrom('worker_heartbeats')
        .select((eb) => eb.fn.max('seen_at').as('last'))
        .executeTakeFirst();
      const last = seen?.last ? new Date(seen.last as Date | string) : undefined;
      const fresh = last !== undefined && Date.now() - last.getTime() < WORKER_STALE_SECONDS * 1000;
      checks.worker = fresh
        ? { ok: true }
        : { ok: false, detail: last ? `last seen ${last.toISOString()}` : 'no worker has started' };
    }
  } catch (error) {
    // The reason goes to the log, not to whoever asked (it can name hosts and users).
    log.error({ err: error }, 'readiness check failed');
    checks.database = { ok: false, detail: 'unreachable' };
  }
  return checks;
}
