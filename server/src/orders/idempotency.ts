/**
 * Idempotency-Key handling for the order routes.
 */
import { createHash } from 'node:crypto';
import { badRequest, conflict } from '../plugins/errors.ts';
import type { Db, Owner, Trx } from './rules.ts';
import { findIdempotentReply, saveIdempotentReply } from './order-records.ts';
import { advisoryLockForTransaction } from './order-rows.ts';
// ---------------------------------------------------------------------------------------------
// Idempotency

/**
 * Runs `work` once per (user, scope, key): concurrent and later calls with the same key wait for
 * the first (a transaction-scoped advisory lock) and get its answer. A different request under a
 * used key is a 409.
 */
export async function idempotent<T>(
  db: Db,
  user: Owner,
  scope: string,
  key: string | undefined,
  request: unknown,
  work: (trx: Trx) => Promise<T>,
): Promise<T> {
  if (key === undefined) return db.transaction().execute(work);
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(key)) throw badRequest('Idempotency-Key 格式不正确');
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  const userId = user.id;
  // Keys are the user's on one brand: the same key on another brand is another request.
  scope = `${scope}@${user.platform}`;
  return db.transaction().execute(async (trx) => {
    await advisoryLockForTransaction(trx, `${userId}:${scope}:${key}`);
    const seen = await findIdempotentReply(trx, userId, scope, key);
    if (seen) {
      if (seen.request_hash !== requestHash) throw conflict('Idempotency-Key 已用于另一个请求');
      return seen.response as T;
    }
    const result = await work(trx);
    await saveIdempotentReply(
      trx,
      { userId, scope, key, requestHash, response: result ?? null },
      { ignoreDuplicate: false },
    );
    return result;
  });
}
