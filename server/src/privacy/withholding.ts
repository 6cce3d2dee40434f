/**
 * Automatic deduction the user can see and cancel (解除代扣授权): the withholding agreements
 * signed for their orders on this brand (esign/service.ts signs them), each with its card.
 * Cancelling one stops every deduction for that order at once (payments/operations.ts refuses
 * it, the withholding sweep skips the order); its bills are then paid by hand, and reminders
 * still go. The bank is told through the outbox, in the transaction that records the
 * cancellation, so a bank that is down is asked again (with backoff) until it confirms.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { maskCard } from '../kyc/crypto.ts';
import { notFound } from '../plugins/errors.ts';
import { ProviderError } from '../providers/errors.ts';
import '../kyc/schema.ts';
import '../orders/schema.ts';

export interface WithholdingItem {
  orderId: number;
  goodsName: string;
  agreementNo: string;
  bankName: string;
  cardNoMasked: string;
  signedAt: string;
  /** ISO time the user cancelled it; null while deductions may be made. */
  cancelledAt: string | null;
  /** ISO time the bank confirmed the revocation; null while it is still being told. */
  revokedAt: string | null;
}

export async function listWithholding(
  db: Kysely<Database>,
  userId: number,
  platform: number,
): Promise<WithholdingItem[]> {
  const rows = await db
    .selectFrom('withholding_agreements as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .innerJoin('bank_cards as c', 'c.id', 'w.bank_card_id')
    .select([
      'w.order_id',
      'o.snapshot',
      'w.agreement_no',
      'c.bank_name',
      'c.first6',
      'c.last4',
      'w.signed_at',
      'w.cancelled_at',
      'w.bank_revoked_at',
    ])
    .where('w.user_id', '=', userId)
    .where('o.platform', '=', platform)
    .orderBy('w.id', 'desc')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    goodsName: row.snapshot.goods.name,
    agreementNo: row.agreement_no,
    bankName: row.bank_name,
    cardNoMasked: maskCard(row.first6, row.last4),
    signedAt: row.signed_at.toISOString(),
    cancelledAt: row.cancelled_at ? row.cancelled_at.toISOString() : null,
    revokedAt: row.bank_revoked_at ? row.bank_revoked_at.toISOString() : null,
  }));
}

/**
 * Cancels the order's agreement (once; again answers the same) and queues telling the bank, in
 * one transaction. 404 for anyone else's order.
 */
export async function cancelWithholding(
  deps: AppDeps,
  input: { userId: number; platform: number; orderId: number },
): Promise<WithholdingItem[]> {
  const { db } = deps;
  const own = await db
    .selectFrom('withholding_agreements as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .select('w.id')
    .where('w.order_id', '=', input.orderId)
    .where('w.user_id', '=', input.userId)
    .where('o.platform', '=', input.platform)
    .executeTakeFirst();
  if (!own) throw notFound('该订单没有代扣授权');
  await db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable('withholding_agreements')
      .set({ cancelled_at: deps.now() })
      .where('id', '=', own.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(cancelled.numUpdatedRows) > 0) {
      // An outbox job (payments/operations.ts runs it): committed with the cancellation.
      await deps.jobs.enqueue(trx, 'outbox', { kind: 'revoke-withholding', id: own.id });
    }
  });
  return listWithholding(db, input.userId, input.platform);
}

/**
 * The `revoke-withholding` outbox job: asks the bank to revoke a cancelled agreement and records
 * its confirmation. An unreachable bank is thrown back to the queue, which retries with backoff;
 * a final refusal is recorded for ops (our side deducts nothing either way).
 */
export async function executeRevocation(deps: AppDeps, agreementId: number): Promise<string> {
  const agreement = await deps.db
    .selectFrom('withholding_agreements')
    .select(['id', 'agreement_no', 'cancelled_at', 'bank_revoked_at'])
    .where('id', '=', agreementId)
    .executeTakeFirst();
  if (!agreement?.cancelled_at || agreement.bank_revoked_at) return 'nothing to do';
  try {
    await deps.providers.bankCard.revokeWithholding(agreement.agreement_no);
  } catch (error) {
    await deps.db
      .updateTable('withholding_agreements')
      .set({
        revoke_attempts: sql<number>`revoke_attempts + 1`,
        revoke_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
      })
      .where('id', '=', agreement.id)
      .execute();
    if (error instanceof ProviderError && error.kind === 'rejected') {
      deps.jobs.log.error(
        { agreement: agreement.id },
        'withholding revocation refused by the bank',
      );
      return 'refused';
    }
    throw error;
  }
  await deps.db
    .updateTable('withholding_agreements')
    .set({ bank_revoked_at: deps.now(), revoke_error: null })
    .where('id', '=', agreement.id)
    .where('bank_revoked_at', 'is', null)
    .execute();
  return 'revoked';
}
