/**
 * SMS code checks shared by login and change-mobile: a code is valid 5 minutes, single use, and
 * burnt after the configured number of wrong tries. Checks for one mobile are serialised by a
 * transaction-scoped advisory lock, so concurrent guesses cannot both win.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../plugins/errors.ts';

export function hashCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

/** Serialises everything done for one key (a mobile, an IP) until the transaction ends. */
export async function lockKey(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

export type CodeCheck = 'ok' | 'wrong' | 'burnt' | 'expired' | 'none';

/**
 * Checks `code` against the latest code sent to `mobile` and consumes it on success, counting a
 * wrong try otherwise. Run inside the caller's transaction, so whatever the code unlocks commits
 * or rolls back with it.
 */
export async function consumeSmsCode(
  trx: Transaction<Database>,
  mobile: string,
  code: string,
  now: Date,
  maxAttempts: number,
): Promise<CodeCheck> {
  await lockKey(trx, `sms:${mobile}`);
  const row = await trx
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'expires_at', 'attempts', 'consumed_at', 'burnt_at'])
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.consumed_at || row.burnt_at) return 'none';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (row.code_hash !== hashCode(mobile, code)) {
    const attempts = row.attempts + 1;
    const burnt = attempts >= maxAttempts;
    await trx
      .updateTable('sms_codes')
      .set({ attempts, ...(burnt ? { burnt_at: now } : {}) })
      .where('id', '=', row.id)
      .execute();
    return burnt ? 'burnt' : 'wrong';
  }
  await trx.updateTable('sms_codes').set({ consumed_at: now }).where('id', '=', row.id).execute();
  return 'ok';
}

/** The 400 a failed check answers with. */
export function codeCheckError(check: Exclude<CodeCheck, 'ok'>): Error {
  switch (check) {
    case 'none':
      return badRequest('验证码无效，请重新获取');
    case 'expired':
      return badRequest('验证码已过期，请重新获取');
    case 'burnt':
      return badRequest('验证码错误次数过多，请重新获取');
    case 'wrong':
      return badRequest('验证码错误');
  }
}
