/**
 * Automatic deduction the user can see and cancel (解除代扣授权): the withholding agreements
 * signed for their orders on this brand (contracts/service.ts signs them), each with its card.
 * Cancelling one stops every deduction for that order (payments/operations.ts refuses it, the
 * withholding sweep skips the order); its bills are then paid by hand, and reminders still go.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { maskCard } from '../kyc/crypto.ts';
import { notFound } from '../plugins/errors.ts';
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
  }));
}

/** Cancels the order's agreement (once; again answers the same). 404 for anyone else's order. */
export async function cancelWithholding(
  db: Kysely<Database>,
  input: { userId: number; platform: number; orderId: number; now: Date },
): Promise<WithholdingItem[]> {
  const own = await db
    .selectFrom('withholding_agreements as w')
    .innerJoin('orders as o', 'o.id', 'w.order_id')
    .select('w.id')
    .where('w.order_id', '=', input.orderId)
    .where('w.user_id', '=', input.userId)
    .where('o.platform', '=', input.platform)
    .executeTakeFirst();
  if (!own) throw notFound('该订单没有代扣授权');
  await db
    .updateTable('withholding_agreements')
    .set({ cancelled_at: input.now })
    .where('id', '=', own.id)
    .where('cancelled_at', 'is', null)
    .execute();
  return listWithholding(db, input.userId, input.platform);
}
