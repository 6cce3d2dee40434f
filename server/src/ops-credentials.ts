/**
 * Ops credentials: the SHA-256 of each `X-Ops-Token` is kept in `ops_credentials`, never the
 * token. Moved from routes/ops.ts so the route handlers call services only.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Registers an ops credential (tests, and OPS_TOKEN at start); the token itself is not kept. */
export async function addOpsCredential(db: Kysely<Database>, name: string, token: string) {
  await db
    .insertInto('ops_credentials')
    .values({ name, token_hash: hash(token) })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({ token_hash: hash(token), revoked_at: null }),
    )
    .execute();
}

/** Whether the token is a registered credential that has not been revoked. */
export async function opsCredentialValid(db: Kysely<Database>, token: string): Promise<boolean> {
  const found = await db
    .selectFrom('ops_credentials')
    .select('id')
    .where('token_hash', '=', hash(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return found !== undefined;
}

/** The name OPS_TOKEN's credential is registered under. */
const FROM_ENVIRONMENT = 'env';

/**
 * Keeps the credential OPS_TOKEN stands for in step with it at start: set, it is registered (a
 * changed token replaces the old one); unset (or ignored as too short), the one an earlier
 * OPS_TOKEN registered is revoked, so removing the variable is how its holder loses access.
 * Answers what happened: 'revoked' only when a live credential was ended.
 */
export async function syncEnvironmentOpsCredential(
  db: Kysely<Database>,
  token: string | undefined,
  now: Date,
): Promise<'registered' | 'revoked' | 'none'> {
  if (token !== undefined) {
    await addOpsCredential(db, FROM_ENVIRONMENT, token);
    return 'registered';
  }
  const revoked = await db
    .updateTable('ops_credentials')
    .set({ revoked_at: now })
    .where('name', '=', FROM_ENVIRONMENT)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return revoked ? 'revoked' : 'none';
}

/** Under DATA_DIR: the development ops credential, which `npm run ops` reads without OPS_TOKEN. */
export const DEVELOPMENT_OPS_TOKEN_FILE = 'ops-token';

/**
 * Development only (`npm start` / `npm run server`, no APP_ENV) and only without OPS_TOKEN: a
 * credential of this data directory's own, kept owner-readable in DATA_DIR/ops-token (the same
 * one across restarts) and registered at start, so the merchant's steps — `npm run ops --
 * approve N`, the browser journeys' — work on the README's run as they do with OPS_TOKEN. The
 * token never reaches a log. Returns the file's path.
 */
export async function ensureDevelopmentOpsCredential(
  db: Kysely<Database>,
  dataDir: string,
): Promise<string> {
  const file = path.join(dataDir, DEVELOPMENT_OPS_TOKEN_FILE);
  let token = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (!/^[A-Za-z0-9_-]{32,200}$/.test(token)) {
    token = randomBytes(24).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  }
  await addOpsCredential(db, 'development', token);
  return file;
}
