// engines: postgres (several sessions sharing an exported snapshot exist only on PostgreSQL; PGlite's one session runs the statements in a row, as admin-reports.test.ts covers on both)
/**
 * A report's statements on PostgreSQL (db/snapshot.ts): shared out over a few pool connections
 * that all read one snapshot, so a row committed while they run is counted by none of them;
 * one statement at a time on one connection when the pool has no spare; and every connection
 * back in the pool with its transaction ended, a failed statement included.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, poolOf, type DatabaseHandle } from '../src/db/index.ts';
import { readInOneSnapshot } from '../src/db/snapshot.ts';
import { createThrowawayPostgres, onlyOn } from './helpers.ts';

type Counted = { n: number; pid: number };
const LOCK = 3838;

describe('reading in one snapshot on PostgreSQL', { skip: onlyOn('postgres') }, () => {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  const opened: DatabaseHandle[] = [];
  const open = async (poolSize: number) => {
    const database = await createDatabase({ databaseUrl: url, poolSize });
    opened.push(database);
    return database;
  };

  before(async () => {
    const throwaway = await createThrowawayPostgres();
    url = throwaway.url;
    drop = throwaway.drop;
    const setup = await createDatabase({ databaseUrl: url });
    await sql`create table tallies (n int)`.execute(setup.db);
    await sql`insert into tallies select generate_series(1, 5)`.execute(setup.db);
    await setup.close();
  });

  after(async () => {
    for (const database of opened) await database.close();
    await drop?.();
  });

  const count = sql<Counted>`select count(*)::int as n, pg_backend_pid() as pid from tallies`;
  /** Waits on the advisory lock the test holds, then counts. */
  const countAfterLock = sql<Counted>`select count(*)::int as n, pg_backend_pid() as pid
    from tallies, (select pg_advisory_xact_lock_shared(${LOCK})) l`;

  const openTransactions = async (database: DatabaseHandle) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state like 'idle in transaction%'`.execute(
      database.db,
    );
    return rows[0]!.n;
  };

  test('every statement counts the rows as they were when the read began, on several connections', async () => {
    const database = await open(10);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    // The helper connections are handed over only once the row below is committed: they must
    // still count the rows of the first connection's snapshot, not their own later one.
    const pool = poolOf(database.db)!;
    const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
    let connects = 0;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    pool.connect = (async () => {
      const client = await connect();
      if (connects++ > 0) await gate;
      return client;
    }) as typeof pool.connect;
    try {
      await other.query('select pg_advisory_lock($1)', [LOCK]);
      const reading = readInOneSnapshot(
        database.db,
        [],
        [countAfterLock, countAfterLock, countAfterLock, count],
      );
      // The first statement waits on the lock (the snapshot was taken), then a row is committed.
      const waiting = async (sessions: number) => {
        for (let tries = 0; ; tries++) {
          const { rows } = await other.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'
               and wait_event = 'advisory'`,
          );
          if (rows[0]!.n >= sessions && connects >= 3) return;
          assert.ok(tries < 400, `fewer than ${sessions} statements waited on the lock`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      await waiting(1);
      await other.query('insert into tallies values (6)');
      openGate();
      // Each helper connection has its statement too before any of them counts.
      await waiting(3);
      await other.query('select pg_advisory_unlock($1)', [LOCK]);
      const answers = (await reading).map((rows) => rows[0]!);
      assert.deepEqual(
        answers.map((row) => row.n),
        [5, 5, 5, 5],
      );
      assert.ok(new Set(answers.map((row) => row.pid)).size > 1, 'ran on one connection only');
      const after = await readInOneSnapshot(database.db, [], [count]);
      assert.equal(after[0]![0]!.n, 6);
    } finally {
      openGate();
      pool.connect = connect as typeof pool.connect;
      await other.end();
    }
    assert.equal(pool.idleCount, pool.totalCount);
    assert.equal(await openTransactions(database), 0);
  });

  test('a pool with no spare connection runs the statements one after another on one', async () => {
    const database = await open(3);
    const answers = await readInOneSnapshot(database.db, [], [count, count, count, count]);
    assert.equal(new Set(answers.map((rows) => rows[0]!.pid)).size, 1);
  });

  test('a failing statement fails the read and leaves no connection checked out or in a transaction', async () => {
    const database = await open(10);
    const failing = sql<Counted>`select 1 / (count(*) - 5) as n, 0 as pid from tallies
      where n <= 5`;
    await assert.rejects(
      readInOneSnapshot(
        database.db,
        [sql`set local work_mem = '8MB'`],
        [count, count, failing, count, count],
      ),
      /division by zero/,
    );
    const pool = poolOf(database.db)!;
    assert.equal(pool.idleCount, pool.totalCount);
    assert.ok(pool.totalCount > 1, 'ran on one connection only');
    assert.equal(await openTransactions(database), 0);
  });
});
