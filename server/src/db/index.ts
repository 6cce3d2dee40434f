/**
 * Opens the database: embedded PGlite (a data directory, or memory for tests) by default, or
 * PostgreSQL when a `postgres://` URL is given. Both speak the same SQL through Kysely.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type { Database } from './schema.ts';

/** The database handle outside a transaction. */
export type Db = Kysely<Database>;
/** A transaction's handle: what a function gets when its statements must commit together. */
export type Trx = Transaction<Database>;
/** Either: for a statement that runs wherever its caller is, in a transaction or not. */
export type Executor = Db | Trx;

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel (a connection of its own on PostgreSQL), handing over each
   * notification's payload; resolves to the unsubscribe. `onLost` is called if the listening
   * connection closes (notifications from then on go unheard; it is not reopened).
   */
  listen(
    channel: string,
    onNotify: (payload?: string) => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  dataDir?: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * PostgreSQL: send parameterised statements as named prepared statements (default true), so a
   * connection parses and plans each statement text once. Off for a pooler that cannot keep them
   * (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
   */
  preparedStatements?: boolean;
}

const INT8_OID = 20;
const DATE_OID = 1082;
/**
 * Distinct statement texts given a name, across connections: the code's statements number a few
 * hundred; a text built from data (an `in (…)` list of any length) past the cap goes unnamed.
 */
const MAX_NAMED_STATEMENTS = 2000;
const statementNames = new Map<string, string>();
/** SQLSTATE 0A000 "cached plan must not change result type": a table changed under the statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

function nameFor(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `s${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Sends this connection's parameterised statements as named prepared statements. Measured with
 * `npm run bench:orders`: PostgreSQL's CPU per order fell by about 30 % (parse and plan once per
 * connection instead of on every statement). A statement whose table's columns changed while the
 * connection kept it (another instance migrating) fails once, with 0A000; the connection then
 * sends that text unnamed, so it is parsed afresh every time.
 */
function prepareStatements(client: pg.PoolClient): void {
  const unnamed = new Set<string>();
  const send = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name =
      args.length === 2 &&
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length > 0 &&
      !unnamed.has(text)
        ? nameFor(text)
        : undefined;
    if (!name) return send(...args);
    return new Promise((resolve, reject) => {
      // A Query made from the text, then named: pg copies every property descriptor of a config
      // object it is given (cloneQueryConfig), ~1 % of the server thread in bench:orders' profile.
      const query = new pg.Query(text as string, values as unknown[], (error, result) => {
        if (!error) {
          resolve(result);
          return;
        }
        if ((error as { code?: string }).code === FEATURE_NOT_SUPPORTED)
          unnamed.add(text as string);
        // As pg does for the promises it makes: a stack that does not lead to the socket's read.
        Error.captureStackTrace(error);
        reject(error);
      });
      (query as pg.Query & { name?: string }).name = name;
      send(query);
    });
  }) as typeof client.query;
}
/**
 * The PostgreSQL pool behind a handle's Kysely, for code that may take a few more of its
 * connections at once (snapshot.ts); PGlite's handles have none (one session).
 */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();
export const poolOf = (db: Kysely<Database>): pg.Pool | undefined => pools.get(db);

/** count(*) and sums come back as int8; every value we keep fits a JS number. */
const parseInt8 = (value: string): number => Number(value);
/**
 * A `date` is the instant of its midnight in UTC on both engines. node-postgres's own parser takes
 * the process's time zone (a server on Asia/Shanghai read 2026-03-01 as 2026-02-28T16:00Z, and
 * `toISOString()` gave the day before) while PGlite's takes UTC; server/test/engine-types.test.ts
 * pins every type the schema uses to the same value on both.
 */
const parseDate = (value: string): Date => new Date(`${value}T00:00:00Z`);

/**
 * PGlite's PostgreSQL sized for one embedded user: the seeded database is ~15 MB, so 32 MB of
 * shared buffers hold all of it (PGlite's 160 MB are zeroed at every start), and a new WAL file
 * is not filled with 16 MB of zeros first (wal_init_zero: preallocation protects against a full
 * disk at write time, which PGlite's memory and test folders do not need). Together 2.75 -> 1.9
 * CPU-s a start from the test image (29 Nov, node --liftoff-only, three runs each).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB', '-c', 'wal_init_zero=off'];

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? parseInt8
            : oid === DATE_OID
              ? parseDate
              : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server closes (restart, failover, a dropped test database) must not
    // crash the process; the pool replaces it on the next checkout.
    pool.on('error', (error) => {
      process.stderr.write(`database: idle connection closed (${error.message})\n`);
    });
    if (options.preparedStatements !== false) pool.on('connect', prepareStatements);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    const listen = async (
      channel: string,
      onNotify: (payload?: string) => void,
      onLost?: () => void,
    ) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      // A dropped listener only delays jobs to the next poll; it must not crash the process.
      client.on('error', (error) => {
        process.stderr.write(`database: listener closed (${error.message})\n`);
        onLost?.();
      });
      client.on('end', () => onLost?.());
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
    parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  // One session: LISTEN goes through the dialect's queue, so it never lands inside a transaction.
  const listen = (channel: string, onNotify: (payload?: string) => void) =>
    db.connection().execute(() => pglite.listen(channel, (payload) => onNotify(payload)));
  return { db, engine: 'pglite', listen, close: () => db.destroy() };
}
