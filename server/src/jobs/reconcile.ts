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
import type { AppDeps } from '../boot/deps.ts';
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
import { hasPayScore } from '../payments/gateway.ts';
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
    .select(['id', 'out_request_no', 'platform', 'auth_no', 'authorisation_id'])
    .where('status', '=', 'pending')
    .where('created_at', '<=', cutoff)
    .execute();
  for (const operation of operations) {
    await step(`unfreeze ${operation.out_request_no}`, async () => {
      const payScore = await payScoreReleaseOf(deps, operation);
      if (payScore === 'released') await markUnfrozen(deps, operation.id);
      if (payScore === 'released') return true;
      if (payScore === 'not yet') return (await executeUnfreeze(deps, operation.id)) === 'unfrozen';
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
    await step(`payment ${payment.out_trade_no}`, () => reconcilePayment(deps, payment, now));
  }

  const freezes = await db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.out_request_no', 'a.requested_at', 'a.provider', 'o.platform'])
    .where('a.status', '=', 'pending')
    .where('a.created_at', '<=', cutoff)
    .execute();
  for (const freeze of freezes) {
    await step(`freeze ${freeze.out_request_no}`, async () => {
      if (freeze.provider === 'payscore') return reconcilePayScoreOrder(deps, freeze, now);
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

/**
 * A payment still open after the cutoff: the provider's answer applied, our own charge asked for
 * if it never left, and a trade the user left closed at the provider, then here. True when
 * something was settled.
 */
async function reconcilePayment(
  deps: AppDeps,
  payment: {
    id: number;
    out_trade_no: string;
    channel: string;
    created_at: Date;
    platform: number;
  },
  now: Date,
): Promise<boolean> {
  const { db } = deps;
  if (payment.channel === 'payscore') return reconcilePayScoreCharge(deps, payment);
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
  const expired = payment.created_at.getTime() < now.getTime() - OPEN_PAYMENT_TTL_MINUTES * 60_000;
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
}

// ------------------------------------------------------------------------------- Pay Score

function payScoreOf(deps: AppDeps, platform: number) {
  const wechat = deps.providers.payments.forBrand(platform).wechat;
  return hasPayScore(wechat) ? wechat : undefined;
}

/**
 * A service order still waiting for the user's confirmation: confirmed at WeChat (the
 * notification lost) is applied; revoked or expired there, or left unconfirmed past the freeze
 * window, it is given up (cancelled at WeChat first).
 */
async function reconcilePayScoreOrder(
  deps: AppDeps,
  freeze: { id: number; out_request_no: string; requested_at: Date | null; platform: number },
  now: Date,
): Promise<boolean> {
  const wechat = payScoreOf(deps, freeze.platform);
  if (!wechat) return false;
  const held = await wechat.queryServiceOrder(freeze.out_request_no);
  if (held?.state === 'DOING') {
    const outcome = await deps.db.transaction().execute((trx) =>
      applyFreezeOutcome(trx, deps, freeze.out_request_no, {
        succeeded: true,
        amount: held.risk_fund?.amount ?? 0,
        authNo: held.order_id,
        platform: freeze.platform,
      }),
    );
    return outcome === 'applied' || outcome === 'ignored';
  }
  const stale =
    freeze.requested_at !== null &&
    freeze.requested_at.getTime() < now.getTime() - FREEZE_ORDER_TTL_MINUTES * 60_000;
  if (held && held.state === 'CREATED' && !stale) return false;
  if (held?.state === 'CREATED')
    await wechat.cancelServiceOrder(freeze.out_request_no, '用户未确认');
  const given = await deps.db
    .updateTable('deposit_authorisations')
    .set({ status: 'failed' })
    .where('id', '=', freeze.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(given.numUpdatedRows) > 0;
}

/**
 * A release of a Pay Score service order (completed with nothing owed, or cancelled): whether
 * WeChat holds it so already; undefined when the operation is not a Pay Score one.
 */
async function payScoreReleaseOf(
  deps: AppDeps,
  operation: { authorisation_id: number | null; platform: number },
): Promise<'released' | 'not yet' | undefined> {
  if (operation.authorisation_id === null) return undefined;
  const auth = await deps.db
    .selectFrom('deposit_authorisations')
    .select(['provider', 'out_request_no'])
    .where('id', '=', operation.authorisation_id)
    .executeTakeFirst();
  if (auth?.provider !== 'payscore') return undefined;
  const held = await payScoreOf(deps, operation.platform)?.queryServiceOrder(auth.out_request_no);
  const released =
    held !== undefined &&
    (held.state === 'DONE' ||
      held.state === 'REVOKED' ||
      held.state === 'EXPIRED' ||
      held.state_description === 'MCH_COMPLETE');
  return released ? 'released' : 'not yet';
}

/**
 * What a completion asked of Pay Score: collected (USER_PAID lost) is applied; never asked (a
 * crash before the call) is asked now; otherwise WeChat is still collecting.
 */
async function reconcilePayScoreCharge(
  deps: AppDeps,
  payment: { id: number; out_trade_no: string; platform: number },
): Promise<boolean> {
  const wechat = payScoreOf(deps, payment.platform);
  const auth = await deps.db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('payments as p', 'p.order_id', 'a.order_id')
    .select(['a.out_request_no'])
    .where('p.id', '=', payment.id)
    .where('a.provider', '=', 'payscore')
    .orderBy('a.id', 'desc')
    .executeTakeFirst();
  if (!wechat || !auth) return false;
  const held = await wechat.queryServiceOrder(auth.out_request_no);
  if (held?.collection?.state === 'USER_PAID') {
    const outcome = await deps.db.transaction().execute((trx) =>
      applyTradeOutcome(trx, deps, payment.out_trade_no, {
        paid: true,
        amount: held.collection?.paid_amount ?? 0,
        tradeNo: held.collection?.details?.[0]?.transaction_id ?? held.order_id,
        platform: payment.platform,
      }),
    );
    return outcome === 'applied';
  }
  if (held?.state === 'DOING' && held.state_description !== 'MCH_COMPLETE')
    return (await executeCharge(deps, payment.id)) === 'requested';
  return false;
}
