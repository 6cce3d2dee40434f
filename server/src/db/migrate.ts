/**
 * Applies `server/migrations/NNNN_<name>.sql` in order, each in its own transaction, and records
 * it in `schema_migrations`. Running it again applies only what is new. An advisory lock keeps two
 * processes starting together on one PostgreSQL from applying the same file twice.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);
const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
/** Arbitrary constant naming this application's migration lock. */
const MIGRATION_LOCK_ID = 4_202_611;

export async function migrate(
  db: Kysely<Database>,
  dir: string = MIGRATIONS_DIR,
): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  const applied: string[] = [];
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const done = new Set(
        (await conn.selectFrom('schema_migrations').select('name').execute()).map(
          (row) => row.name,
        ),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await fs.readFile(path.join(dir, file), 'utf8');
        await conn.transaction().execute(async (trx) => {
          // The file may hold many statements; raw SQL without parameters runs them all.
          await sql.raw(text).execute(trx);
          await trx.insertInto('schema_migrations').values({ name: file }).execute();
        });
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(conn);
    }
  });
  return applied;
}
