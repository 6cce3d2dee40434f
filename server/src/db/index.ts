/**
 * Opens the database: embedded PGlite (a data directory, or memory for tests) by default, or
 * PostgreSQL when a `postgres://` URL is given. Both speak the same SQL through Kysely.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

const INT8_OID = 20;
/** count(*) and sums come back as int8; every value we keep fits a JS number. */
const parseInt8 = (value: string): number => Number(value);

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server closes (restart, failover, a dropped test database) must not
    // crash the process; the pool replaces it on the next checkout.
    pool.on('error', (error) => {
      process.stderr.write(`database: idle connection closed (${error.message})\n`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, { parsers: { [INT8_OID]: parseInt8 } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, engine: 'pglite', close: () => db.destroy() };
}
