// engines: both (what each engine's driver makes of every column type: the one place the two differ for reads)
/**
 * PGlite and PostgreSQL run the same PostgreSQL, so SQL parses, plans and computes alike; what
 * differs for a read is the driver turning the text of a value into a JavaScript value
 * (node-postgres's parsers against PGlite's). This pins that, for every type a column of the
 * schema has and the types the queries compute (sums, aggregates as JSON, arrays), to one value on
 * both engines and in two time zones. So a file whose only engine question is "dates, sums and
 * JSON read back" runs in one pass (server-tests.ts), and a new column type fails here until it
 * is pinned.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, TEST_ENGINE, type TestServer } from './helpers.ts';

/** A literal of each type and the value both drivers must give for it. */
const PINNED: Record<string, { literal: string; value: unknown }> = {
  text: { literal: `'租 iPhone'::text`, value: '租 iPhone' },
  int2: { literal: `7::int2`, value: 7 },
  int4: { literal: `42::int4`, value: 42 },
  int8: { literal: `9007199254740991::int8`, value: 9007199254740991 },
  bool: { literal: `true`, value: true },
  // A date is its midnight in UTC whatever the process's zone (server/src/db/index.ts).
  date: { literal: `'2026-03-01'::date`, value: new Date('2026-03-01T00:00:00Z') },
  timestamptz: {
    literal: `'2026-03-01T08:00:00+08:00'::timestamptz`,
    value: new Date('2026-03-01T00:00:00Z'),
  },
  jsonb: { literal: `'{"a":[1,"x"],"b":null}'::jsonb`, value: { a: [1, 'x'], b: null } },
  _int2: { literal: `'{1,2}'::int2[]`, value: [1, 2] },
  // Computed by queries: sums of int8 and averages are numeric (a string, exact), aggregates
  // as JSON, arrays of text and integers.
  numeric: { literal: `12.50::numeric`, value: '12.50' },
  json: { literal: `json_build_object('fen', 100, 'at', null)`, value: { fen: 100, at: null } },
  _text: { literal: `array['a','b']::text[]`, value: ['a', 'b'] },
  _int4: { literal: `array[1,2]::int4[]`, value: [1, 2] },
  float8: { literal: `1.5::float8`, value: 1.5 },
};

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('every column type of the schema is pinned here', async () => {
  const { rows } = await sql<{ udt_name: string }>`
    select distinct c.udt_name from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(server.db);
  const unpinned = rows.map((row) => row.udt_name).filter((name) => !(name in PINNED));
  assert.deepEqual(unpinned, [], `column types with no pinned value: ${unpinned.join(', ')}`);
});

for (const zone of ['UTC', 'Asia/Shanghai']) {
  test(`each type reads back as the pinned value on ${TEST_ENGINE} in ${zone}`, async () => {
    const before = process.env.TZ;
    process.env.TZ = zone;
    try {
      for (const [type, { literal, value }] of Object.entries(PINNED)) {
        const { rows } = await sql<{ v: unknown }>`select ${sql.raw(literal)} as v`.execute(
          server.db,
        );
        assert.deepEqual(rows[0]?.v, value, `${type} (${literal}) in ${zone}`);
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
}
