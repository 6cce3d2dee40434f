/**
 * Ops credentials: the SHA-256 of each `X-Ops-Token` is kept in `ops_credentials`, never the
 * token. Moved from routes/ops.ts so the route handlers call services only.
 */
import { createHash } from 'node:crypto';
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
