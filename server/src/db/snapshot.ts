/**
 * Read-only statements that must all see the same rows (a report's figures), run in one
 * repeatable-read snapshot. On PostgreSQL the statements are shared out over up to `width` pool
 * connections at once: the first opens the transaction and exports its snapshot
 * (`pg_export_snapshot()`), the others import it (`SET TRANSACTION SNAPSHOT`), so they read exactly
 * the rows the first one does and the whole takes about as long as its slowest statement. Only
 * connections the pool has spare are taken, never waited for (a busy pool runs the statements one
 * after another on the first connection, as PGlite's single session always does).
 *
 * https://www.postgresql.org/docs/current/functions-admin.html#FUNCTIONS-SNAPSHOT-SYNCHRONIZATION
 * https://www.postgresql.org/docs/current/sql-set-transaction.html
 */
import { sql, type RawBuilder } from 'kysely';
import type pg from 'pg';
import { poolOf, type Db, type Trx } from './index.ts';

/** Connections the rest of the process keeps, whatever a snapshot read would like to take. */
const KEEP_FREE = 2;

/** What the pool can hand out now without anyone waiting: idle ones and ones it may still open. */
function spareOf(pool: pg.Pool): number {
  const max = (pool as pg.Pool & { options: { max: number } }).options.max;
  return pool.idleCount + (max - pool.totalCount) - pool.waitingCount;
}

/**
 * Checks out up to `wanted` more connections, only as many as are spare beyond KEEP_FREE. The
 * check and the checkouts happen in one synchronous step, so two reports at once cannot both
 * count the same spare connection.
 */
function takeSpare(pool: pg.Pool, wanted: number): Promise<pg.PoolClient>[] {
  const count = Math.max(0, Math.min(wanted, spareOf(pool) - KEEP_FREE));
  return Array.from({ length: count }, () => pool.connect());
}

const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+(-[0-9A-F]+)?$/i;

/**
 * Runs `statements` in one repeatable-read snapshot and answers each one's rows, in order.
 * `settings` (`set local …`) run first on every connection used. Put the slowest statements
 * first: each connection takes the next statement when it is done with its last.
 */
export async function readInOneSnapshot<R>(
  db: Db,
  settings: RawBuilder<unknown>[],
  statements: RawBuilder<R>[],
  width = 3,
): Promise<R[][]> {
  const results: R[][] = [];
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      for (const setting of settings) await setting.execute(trx);
      const pool = poolOf(db);
      const wanted = Math.min(width, statements.length) - 1;
      if (!pool || wanted < 1) {
        for (const statement of statements) results.push((await statement.execute(trx)).rows);
        return results;
      }
      await shareOut(db, trx, pool, settings, statements, wanted, results);
      return results;
    });
}

async function shareOut<R>(
  db: Db,
  trx: Trx,
  pool: pg.Pool,
  settings: RawBuilder<unknown>[],
  statements: RawBuilder<R>[],
  wanted: number,
  results: R[][],
): Promise<void> {
  // Exported before any statement reads, so it is the transaction's own snapshot.
  const exported = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
  const snapshot = exported.rows[0]?.id ?? '';
  if (!SNAPSHOT_ID.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
  const extras = takeSpare(pool, wanted);
  let next = 0;
  let failed = false;
  const work = async (run: (statement: RawBuilder<R>) => Promise<R[]>) => {
    while (!failed && next < statements.length) {
      const index = next++;
      try {
        results[index] = await run(statements[index]!);
      } catch (error) {
        failed = true; // the others take no more statements
        throw error;
      }
    }
  };
  const helper = async (connecting: Promise<pg.PoolClient>) => {
    // A connection that cannot be had or set up only does not help: the others run its share.
    const client = await connecting.catch(() => undefined);
    if (!client) return;
    if (failed || next >= statements.length) {
      client.release(); // the others were quicker: nothing left to read
      return;
    }
    let discard = false;
    const end = async () => {
      // Ends the transaction whatever failed; a connection that cannot is closed, not pooled.
      await client.query('rollback').catch(() => {
        discard = true;
      });
    };
    try {
      await client.query('begin isolation level repeatable read, read only');
      await client.query(`set transaction snapshot '${snapshot}'`);
      for (const setting of settings) await client.query(setting.compile(db).sql);
    } catch {
      await end();
      client.release(discard);
      return;
    }
    try {
      await work(async (statement) => {
        const { sql: text, parameters } = statement.compile(db);
        return (await client.query(text, [...parameters])).rows as R[];
      });
      await client.query('commit');
    } catch (error) {
      await end();
      throw error;
    } finally {
      client.release(discard);
    }
  };
  // Every connection is done (committed or rolled back) before the first one's transaction ends.
  const outcomes = await Promise.allSettled([
    work(async (statement) => (await statement.execute(trx)).rows),
    ...extras.map(helper),
  ]);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}
