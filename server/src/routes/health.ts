/**
 * Health for load balancers and orchestrators (not under /api: no client credential).
 * `GET /health/live`: the process answers. `GET /health/ready`: it can serve — the database
 * answers, every migration in this build is applied, and, when jobs run in a separate worker
 * (JOBS=worker), a worker has been seen within the last minute. 503 with the failing checks
 * otherwise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { MIGRATIONS_DIR } from '../db/migrate.ts';

/** A worker silent longer than this is taken as gone (it beats every 15 s). */
export const WORKER_STALE_SECONDS = 60;

type Check = { ok: boolean; detail?: string };

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;
  const expected = (await fs.readdir(MIGRATIONS_DIR))
    .filter((name) => name.endsWith('.sql'))
    .sort();

  app.get('/live', async () => ({ status: 'ok' }));

  app.get('/ready', async (_request, reply) => {
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
        const fresh =
          last !== undefined && Date.now() - last.getTime() < WORKER_STALE_SECONDS * 1000;
        checks.worker = fresh
          ? { ok: true }
          : {
              ok: false,
              detail: last ? `last seen ${last.toISOString()}` : 'no worker has started',
            };
      }
    } catch (error) {
      // The reason goes to the log, not to whoever asked (it can name hosts and users).
      app.log.error({ err: error }, 'readiness check failed');
      checks.database = { ok: false, detail: 'unreachable' };
    }
    const ok = Object.values(checks).every((check) => check.ok);
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', checks });
  });
};

export default healthRoutes;
export const prefix = '/health';
