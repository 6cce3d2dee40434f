/**
 * Ops credentials: the SHA-256 of each `X-Ops-Token` is kept in `ops_credentials`, never the
 * token. Each belongs to a staff account (0020) and acts with its role and brands; a disabled
 * account's credentials stop at once. Moved from the ops route file (routes/ops/ops.ts) so the route handlers call
 * services only.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The built-in service account (0020) that credentials without another owner act as. */
export const OPS_SERVICE_LOGIN = 'ops';

/**
 * Registers an ops credential (tests, `npm run admin -- create-ops-token`, OPS_TOKEN at start) for
 * the staff account `staffLogin`; the token itself is not kept. Throws when there is no such
 * enabled account.
 */
export async function addOpsCredential(
  db: Kysely<Database>,
  name: string,
  token: string,
  staffLogin: string = OPS_SERVICE_LOGIN,
) {
  const staff = await db
    .selectFrom('staff')
    .select('id')
    .where('login', '=', staffLogin)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!staff) throw new Error(`no enabled staff account ${staffLogin} for the ops credential`);
  await db
    .insertInto('ops_credentials')
    .values({ name, token_hash: hash(token), staff_id: staff.id })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ token_hash: hash(token), revoked_at: null, staff_id: staff.id }),
    )
    .execute();
}

/** The enabled staff account a live credential belongs to, or undefined. */
export async function opsCredentialStaff(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('ops_credentials')
    .innerJoin('staff', 'staff.id', 'ops_credentials.staff_id')
    .selectAll('staff')
    .where('ops_credentials.token_hash', '=', hash(token))
    .where('ops_credentials.revoked_at', 'is', null)
    .where('staff.disabled_at', 'is', null)
    .executeTakeFirst();
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
  staffLogin: string = OPS_SERVICE_LOGIN,
): Promise<'registered' | 'revoked' | 'none'> {
  if (token !== undefined) {
    await addOpsCredential(db, FROM_ENVIRONMENT, token, staffLogin);
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
 * approve N`, the browser journeys' — work on the README's run as they do with OPS_TOKEN. It acts
 * as the development demo owner (main.ts). The token never reaches a log. Returns the file's path.
 */
export async function ensureDevelopmentOpsCredential(
  db: Kysely<Database>,
  dataDir: string,
  staffLogin: string = OPS_SERVICE_LOGIN,
): Promise<string> {
  const file = path.join(dataDir, DEVELOPMENT_OPS_TOKEN_FILE);
  let token = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (!/^[A-Za-z0-9_-]{32,200}$/.test(token)) {
    token = randomBytes(24).toString('base64url');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  }
  await addOpsCredential(db, 'development', token, staffLogin);
  return file;
}
