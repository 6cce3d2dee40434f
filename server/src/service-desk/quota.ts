/**
 * Daily quotas of what one user hands in (feedback, uploaded files): counted over the last 24
 * hours in the caller's transaction, under a per-user advisory lock, so a burst of concurrent
 * requests cannot all pass the count before any of them is written.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { tooMany } from '../plugins/errors.ts';
import { lockKey } from '../accounts/sms-codes.ts';

export const DAY_MS = 24 * 3600 * 1000;

/** Serialises one user's hand-ins of one kind until the transaction ends. */
export function lockUserQuota(
  trx: Transaction<Database>,
  kind: 'complaints' | 'uploads',
  userId: number,
) {
  return lockKey(trx, `quota:${kind}:${userId}`);
}

/**
 * 429 with the seconds until the window's oldest hand-in leaves it (Retry-After) when `over`.
 * `oldest` is the earliest row of the last 24 hours.
 */
export function refuseOverQuota(over: boolean, message: string, oldest: Date | null, now: Date) {
  if (!over) return;
  const wait = oldest ? (oldest.getTime() + DAY_MS - now.getTime()) / 1000 : DAY_MS / 1000;
  throw tooMany(message, wait);
}
