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
  /** PGlite: the data directory as a gzipped image, to start other databases from. */
  dumpImage?(): Promise<Blob>;
  /**
   * Subscribes to a NOTIFY channel (a connection of its own on PostgreSQL), handing over each
   * notification's payload; resolves to the unsubscribe.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PGlite: start from this data directory image (`dumpImage`) instead of an empty cluster. */
  pgliteImage?: Blob;
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
    const listen = async (channel: string, onNotify: (payload?: string) => void) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      // A dropped listener only delays jobs to the next poll; it must not crash the process.
      client.on('error', (error) => {
        process.stderr.write(`database: listener closed (${error.message})\n`);
      });
      client.on('notification', (message) => onNotify(message.payload));
      await client.connect();
      await client.query(`listen ${channel}`);
      return async () => {
        await client.end().catch(() => undefined);
      };
    };
    return { db, engine: 'postgres', listen, close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8 },
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // One session: LISTEN goes through the dialect's queue, so it never lands inside a transaction.
  const listen = (channel: string, onNotify: (payload?: string) => void) =>
    db.connection().execute(() => pglite.listen(channel, (payload) => onNotify(payload)));
  const dumpImage = () => db.connection().execute(() => pglite.dumpDataDir('gzip'));
  return { db, engine: 'pglite', listen, dumpImage, close: () => db.destroy() };
}
