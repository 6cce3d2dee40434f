/**
 * Reconciliation: whatever is still pending after a while is settled by asking the provider for
 * the truth, never by guessing. A crash, a lost notification or a job that gave up all end here.
 *
 * - A pending refund or unfreeze: if the provider has it (queried by our request number), it is
 *   recorded; if not, it is asked again with the same number (the provider cannot do it twice).
 * - An open payment: the trade is queried; paid or closed there is applied exactly as its
 *   notification would be. A charge we never got to ask for (withholding, payment from the
 *   authorisation) is asked now; a user's trade left open too long is closed at the provider.
 * - A pending deposit freeze: queried and applied, or asked for when it never was.
 */
import type { AppDeps } from '../deps.ts';
import { applyFreezeOutcome, applyTradeOutcome } from '../orders/payment-outcomes.ts';
import {
  executeCharge,
  executeFreeze,
  executeRefund,
  executeUnfreeze,
  gatewayOf,
  markRefunded,
  markUnfrozen,
} from '../payments/operations.ts';
import '../orders/schema.ts';

/** Work younger than this is still in the normal flow's hands (a job, the user at the cashier). */
export const RECONCILE_AFTER_SECONDS = 120;
/**
 * A freeze handed to the user to authorise in the wallet (live Alipay) and still unknown to the
 * provider this long is given up: its order string has expired (2 h), so the next attempt starts
 * afresh rather than being queried for ever.
 */
export const FREEZE_ORDER_TTL_MINUTES = 180;
/** A user's payment left unpaid this long is closed at the provider. */
export const OPEN_PAYMENT_TTL_MINUTES = 120;

export interface ReconcileReport {
  /** Operations and payments whose provider outcome was recorded or completed. */
  settled: number;
  errors: string[];
}

export async function reconcile(
  deps: AppDeps,
  { olderThanSeconds = RECONCILE_AFTER_SECONDS }: { olderThanSeconds?: number } = {},
): Promise<ReconcileReport> {
  const { db } = deps;
  const now = deps.now();
  const cutoff = new Date(now.getTime() - olderThanSeconds * 1000);
  const report: ReconcileReport = { settled: 0, errors: [] };
  const step = async (what: string, work: () => Promise<boolean>) => {
    try {
      if (await work()) report.settled++;
    } catch (error) {
      report.errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const refunds = await db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['r.id', 'r.out_refund_no', 'p.out_trade_no', 'p.channel', 'o.platform'])
    .where('r.status', '=', 'pending')
    .where('r.created_at', '<=', cutoff)
    .execute();
  for (const refund of refunds) {
    await step(`refund ${refund.out_refund_no}`, async () => {
      const held = await gatewayOf(deps, refund.platform, refund.channel).queryRefund({
        outTradeNo: refund.out_trade_no,
        outRefundNo: refund.out_refund_no,
      });
      if (held) await markRefunded(deps, refund.id);
      else return (await executeRefund(deps, refund.id)) === 'refunded';
      return true;
    });
  }

  const operations = await db
    .selectFrom('deposit_operations')
    .select(['id', 'out_request_no', 'platform', 'auth_no'])
    .where('status', '=', 'pending')
    .where('created_at', '<=', cutoff)
    .execute();
  for (const operation of operations) {
    await step(`unfreeze ${operation.out_request_no}`, async () => {
      const alipay = deps.providers.payments.forBrand(operation.platform).alipay;
      const held = await alipay.queryUnfreeze(operation.out_request_no, operation.auth_no);
      if (held) await markUnfrozen(deps, operation.id);
      else return (await executeUnfreeze(deps, operation.id)) === 'unfrozen';
      return true;
    });
  }

  const payments = await db
    .selectFrom('payments as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.out_trade_no', 'p.channel', 'p.requested_at', 'p.created_at', 'o.platform'])
    .where('p.status', '=', 'created')
    .where('p.created_at', '<=', cutoff)
    .execute();
  for (const payment of payments) {
    await step(`payment ${payment.out_trade_no}`, async () => {
      const gateway = gatewayOf(deps, payment.platform, payment.channel);
      const trade = await gateway.queryTrade(payment.out_trade_no);
      const apply = (paid: boolean, amount: number, tradeNo?: string) =>
        db.transaction().execute((trx) =>
          applyTradeOutcome(trx, deps, payment.out_trade_no, {
            paid,
            amount,
            tradeNo,
            platform: payment.platform,
          }),
        );
      if (trade?.status === 'paid')
        return (await apply(true, trade.amount, trade.tradeNo)) === 'applied';
      if (trade && (trade.status === 'closed' || trade.status === 'failed'))
        return (await apply(false, trade.amount, trade.tradeNo)) === 'applied';
      const charged = payment.channel === 'card' || payment.channel === 'auth';
      // Our own charge never reached the provider (a crash before the call): ask now.
      if (!trade && charged) return (await executeCharge(deps, payment.id)) === 'requested';
      const expired =
        payment.created_at.getTime() < now.getTime() - OPEN_PAYMENT_TTL_MINUTES * 60_000;
      if (!expired || charged) return false;
      // A trade the user left: closed at the provider first, so it cannot be paid after we close it.
      if (trade && (await gateway.closeTrade(payment.out_trade_no)) === 'paid') {
        const paid = await gateway.queryTrade(payment.out_trade_no);
        return paid ? (await apply(true, paid.amount, paid.tradeNo)) === 'applied' : false;
      }
      await db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('payments')
          .set({ status: 'closed', finished_at: now })
          .where('id', '=', payment.id)
          .where('status', '=', 'created')
          .returning('id')
          .executeTakeFirst();
        if (closed)
          await trx
            .updateTable('payment_bills')
            .set({ open: false })
            .where('payment_id', '=', payment.id)
            .execute();
      });
      return true;
    });
  }

  const freezes = await db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.out_request_no', 'a.requested_at', 'o.platform'])
    .where('a.status', '=', 'pending')
    .where('a.created_at', '<=', cutoff)
    .execute();
  for (const freeze of freezes) {
    await step(`freeze ${freeze.out_request_no}`, async () => {
      const alipay = deps.providers.payments.forBrand(freeze.platform).alipay;
      const state = await alipay.queryFreeze(freeze.out_request_no);
      if (state) {
        const outcome = await db.transaction().execute((trx) =>
          applyFreezeOutcome(trx, deps, freeze.out_request_no, {
            succeeded: state.status === 'frozen',
            amount: state.amount,
            authNo: state.authNo,
            platform: freeze.platform,
            creditAmount: state.creditAmount,
            fundAmount: state.fundAmount,
          }),
        );
        return outcome === 'applied' || outcome === 'ignored';
      }
      // Recorded but never asked for (a crash before the job ran).
      if (freeze.requested_at === null)
        return (await executeFreeze(deps, freeze.id)) === 'requested';
      if (freeze.requested_at.getTime() < now.getTime() - FREEZE_ORDER_TTL_MINUTES * 60_000) {
        // A late success would still be applied (applyFreezeOutcome takes failed → frozen).
        const given = await db
          .updateTable('deposit_authorisations')
          .set({ status: 'failed' })
          .where('id', '=', freeze.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        return Number(given.numUpdatedRows) > 0;
      }
      return false;
    });
  }

  return report;
}
