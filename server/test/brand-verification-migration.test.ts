// engines: pglite (plain SQL migration, the same on both engines)
/**
 * Migration 0014 makes identity checks per brand. A database from before it keeps each person's
 * verification, credit score and face checks, given to the brand they were submitted on: the
 * session open when the identity was submitted, else the first brand agreed to identity
 * processing on, else brand 1. Plain SQL, the same on both engines: run in the PGlite pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate.ts';
import { onlyOn } from './helpers.ts';

let database: DatabaseHandle;
let before0014: string;

before(async () => {
  before0014 = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const file of fs.readdirSync(MIGRATIONS_DIR))
    if (file < '0014')
      fs.copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before0014, file));
  database = await createDatabase({ dataDir: 'memory://' });
  await migrate(database.db, before0014);
});
after(async () => {
  await database.close();
  fs.rmSync(before0014, { recursive: true, force: true });
});

test(
  'verifications from before 0014 go to the brand they were submitted on',
  { skip: onlyOn('pglite') },
  async () => {
    const db = database.db;
    const person = async (mobile: string) =>
      (
        await sql<{
          id: number;
        }>`insert into users (mobile) values (${mobile}) returning id`.execute(db)
      ).rows[0]!.id;
    const identity = (userId: number, at: string) =>
      sql`insert into identities (user_id, name, id_hash, id_masked, gender, birth_date, source, created_at)
          values (${userId}, '旧数据', ${`h${userId}`}, '1101**********002X', 'M', '1990-01-01', 'manual', ${at})`.execute(
        db,
      );
    const checks = async (userId: number) => {
      await sql`insert into face_sessions (user_id, certify_id, status)
                values (${userId}, ${`c${userId}`}, 'passed')`.execute(db);
      await sql`insert into credit_scores (user_id, provider, score, passed)
                values (${userId}, 'sandbox', 700, true)`.execute(db);
    };
    const session = (userId: number, platform: number, at: string) =>
      sql`insert into sessions (user_id, token_hash, platform, created_at, expires_at)
          values (${userId}, ${`t${userId}-${platform}`}, ${platform}, ${at}, '2099-01-01')`.execute(
        db,
      );

    // Logged in on brand 4, then brand 3, submitted, then logged in on brand 6.
    const bySession = await person('13800000001');
    await session(bySession, 4, '2025-01-01T00:00:00Z');
    await session(bySession, 3, '2025-01-02T00:00:00Z');
    await identity(bySession, '2025-01-02T01:00:00Z');
    await session(bySession, 6, '2025-01-03T00:00:00Z');
    // No session left from then: the brand first agreed to identity processing on.
    const byConsent = await person('13800000002');
    await sql`insert into consents (user_id, platform, kind, policy_version, channel, ip, granted_at)
              values (${byConsent}, 7, 'identity_and_face', 'v1', 'h5', '127.0.0.1', '2025-02-01'),
                     (${byConsent}, 2, 'identity_and_face', 'v1', 'h5', '127.0.0.1', '2025-03-01')`.execute(
      db,
    );
    await identity(byConsent, '2025-03-02T00:00:00Z');
    const byDefault = await person('13800000003');
    await identity(byDefault, '2025-04-01T00:00:00Z');
    for (const userId of [bySession, byConsent, byDefault]) await checks(userId);

    // 0014 applies first; later migrations follow it.
    assert.equal((await migrate(db))[0], '0014_brand_verification.sql');
    const brandOf = async (table: 'identity_verifications' | 'credit_scores' | 'face_sessions') =>
      (
        await sql<{ user_id: number; platform: number }>`select user_id, platform from ${sql.table(
          table,
        )} order by user_id`.execute(db)
      ).rows.map((row) => [row.user_id, row.platform]);
    const expected = [
      [bySession, 3],
      [byConsent, 7],
      [byDefault, 1],
    ];
    assert.deepEqual(await brandOf('identity_verifications'), expected);
    assert.deepEqual(await brandOf('credit_scores'), expected);
    assert.deepEqual(await brandOf('face_sessions'), expected);
    // A second brand's own score now fits beside the first.
    await sql`insert into credit_scores (user_id, platform, provider, score, passed)
              values (${bySession}, 6, 'sandbox', 600, true)`.execute(db);
  },
);
