// engines: postgres (named prepared statements exist only on the PostgreSQL driver)
/**
 * PostgreSQL connections send parameterised statements as named prepared statements (parsed and
 * planned once per connection: bench:orders' PostgreSQL CPU per order fell by about 30 %), can be
 * told not to (a pooler that cannot keep them), and survive a table changing under a statement
 * they keep: that statement fails once, then runs unnamed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { createThrowawayPostgres, onlyOn } from './helpers.ts';

describe('prepared statements on PostgreSQL', { skip: onlyOn('postgres') }, () => {
  let url = '';
  let drop: (() => Promise<void>) | undefined;
  const opened: DatabaseHandle[] = [];

  before(async () => {
    const throwaway = await createThrowawayPostgres();
    url = throwaway.url;
    drop = throwaway.drop;
    const setup = await createDatabase({ databaseUrl: url, preparedStatements: false });
    await sql`create table gadgets (id int primary key, name text)`.execute(setup.db);
    await sql`insert into gadgets values (1, 'phone'), (2, 'camera')`.execute(setup.db);
    await setup.close();
  });

  after(async () => {
    for (const database of opened) await database.close();
    await drop?.();
  });

  async function open(preparedStatements?: boolean): Promise<DatabaseHandle> {
    const database = await createDatabase({
      databaseUrl: url,
      poolSize: 1,
      ...(preparedStatements === undefined ? {} : { preparedStatements }),
    });
    opened.push(database);
    return database;
  }

  // What this connection keeps prepared (a statement without parameters is sent unnamed).
  const keptStatements = async (database: DatabaseHandle) =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        database.db,
      )
    ).rows.map((row) => row.statement);

  const nameOf = (database: DatabaseHandle, id: number) =>
    database.db
      .selectFrom('gadgets' as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirst();

  test('a parameterised statement is prepared once and reused with other values', async () => {
    const database = await open();
    assert.deepEqual(await nameOf(database, 1), { id: 1, name: 'phone' });
    assert.deepEqual(await nameOf(database, 2), { id: 2, name: 'camera' });
    const kept = await keptStatements(database);
    assert.equal(kept.filter((text) => text.includes('from "gadgets"')).length, 1, kept.join('\n'));
  });

  test('DATABASE_PREPARED_STATEMENTS=off keeps nothing prepared', async () => {
    const database = await open(false);
    assert.deepEqual(await nameOf(database, 1), { id: 1, name: 'phone' });
    assert.deepEqual(await keptStatements(database), []);
  });

  test('a table changed by another connection fails its kept statement once, then answers with the new columns', async () => {
    const database = await open();
    const other = await open(false);
    await sql`create table gizmos (id int primary key, name text)`.execute(other.db);
    await sql`insert into gizmos values (1, 'lens')`.execute(other.db);
    const read = () =>
      database.db
        .selectFrom('gizmos' as never)
        .selectAll()
        .where('id' as never, '=', 1 as never)
        .executeTakeFirst();
    assert.deepEqual(await read(), { id: 1, name: 'lens' });
    await sql`alter table gizmos add column colour text default 'black'`.execute(other.db);
    await assert.rejects(read(), (error: { code?: string }) => error.code === '0A000');
    assert.deepEqual(await read(), { id: 1, name: 'lens', colour: 'black' });
    assert.deepEqual(await read(), { id: 1, name: 'lens', colour: 'black' });
  });
});
