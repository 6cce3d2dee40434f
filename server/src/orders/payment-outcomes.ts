/**
 * What a provider's answer does: trade and freeze outcomes, then the order's next step.
 */
import { randomBytes } from 'node:crypto';
import { crashPoint } from '../lib/crash-points.ts';
import { yuan } from '../lib/money.ts';
import type { AppDeps } from '../boot/deps.ts';
import { MERCHANT_FIELD } from '../payments/sandbox.ts';
import type { GatewayName } from '../payments/gateway.ts';
import { requestRefund, requestUnfreeze } from '../payments/operations.ts';
import { rejectedNotificationDigest } from '../payments/rejected-notifications.ts';
import { addDays, dayOf, endOf } from './bills.ts';
import { type Action } from './machine.ts';
import { applyOrderAction } from './apply-action.ts';
import { DEPOSIT_REFUND_REASON, DUE_NOTICE_DAYS, type Db, type Trx, toDay } from './rules.ts';
import type { OrderRow } from './queries.ts';
import {
  cancelUnpaidBills,
  closeOpenPayments,
  closePayments,
  releaseDeposit,
} from './confirm-cancel.ts';
import {
  buyoutDepositOffsetOf,
  cancelRentDueAfter,
  hasRefundFor,
  insertNotification,
  insertNotificationOnce,
  latestPaidRenewalOf,
  lockAuthorisationForOutcome,
  lockPaymentForOutcome,
  markAuthorisationClosed,
  markAuthorisationFailed,
  authorisationFailed,
  authorisationFrozen,
  markBillsPaidLeavingUnpaid,
  markPaymentFailed,
  markPaymentSucceededReleasingBills,
  openPaymentIdsCovering,
  orderColumns,
  paidDepositOf,
  setNotificationOutcome,
  unpaidBillsOf,
} from './payment-rows.ts';
import { closePaymentBills } from './order-rows.ts';
// ---------------------------------------------------------------------------------------------
// Notifications

export type NotificationOutcome =
  | 'applied'
  | 'duplicate'
  | 'bad_signature'
  /** Signed by the provider, but its content did not decrypt (WeChat Pay's APIv3 resource). */
  | 'undecryptable'
  | 'merchant_mismatch'
  | 'unknown_trade'
  | 'ignored'
  | 'amount_mismatch';

/** What a stored notification came to, in its own transaction's row. */
export async function recordNotificationOutcome(
  trx: Trx,
  notificationId: number,
  outcome: NotificationOutcome,
) {
  // Refused for the order's brand: its notify id must not block the genuine notification.
  await setNotificationOutcome(
    trx,
    notificationId,
    outcome,
    outcome === 'merchant_mismatch' ? rejectedNotifyId() : undefined,
  );
}

/** A refused notification's own notify id, so it blocks no genuine one. */
function rejectedNotifyId() {
  return `rejected-${randomBytes(8).toString('hex')}`;
}

/** What a provider says of a trade (a notification, or its answer to a query). */
export interface TradeOutcome {
  paid: boolean;
  amount: number;
  tradeNo?: string;
  /** The brand whose merchant account reported it: it must be the order's. */
  platform: number;
}

/** What a provider says of a deposit freeze. */
export interface FreezeOutcome {
  succeeded: boolean;
  amount: number;
  authNo?: string;
  /** The brand whose merchant account reported it: it must be the order's. */
  platform: number;
  /** Of `amount`, what the user's credit waived and what was really frozen (Zhima credit). */
  creditAmount?: number;
  fundAmount?: number;
}

/**
 * A provider's notification: its signature is checked, then the merchant it names, then it is
 * stored once per notify id and applied, all in one transaction; the provider is answered only
 * after the commit. Applying follows the provider's truth rather than the order of arrival
 * (see applyTradeOutcome), so replays and out-of-order notifications end in the same state.
 */
export async function handleNotification(
  db: Db,
  deps: AppDeps,
  gatewayName: GatewayName,
  platform: number,
  posted: Record<string, string>,
  /** The signature was checked already (WeChat Pay v3 signs headers and body, not fields). */
  preverified?: boolean,
): Promise<NotificationOutcome> {
  const gateway = deps.providers.payments.forBrand(platform)[gatewayName];
  const verified = preverified ?? gateway.verify(posted);
  // The provider's own wording, in the fields read below (the sandbox already speaks them).
  const fields = verified && gateway.interpret ? gateway.interpret(posted) : posted;
  const ourMerchant = fields[MERCHANT_FIELD[gatewayName]] === gateway.merchantId;
  const outTradeNo = String(fields.out_trade_no ?? '').slice(0, 64);
  const notifyId = String(fields.notify_id ?? '').slice(0, 64);
  const status = String(fields.trade_status ?? '').slice(0, 32);
  const payload = JSON.stringify(posted);
  try {
    return await db.transaction().execute(async (trx) => {
      if (!verified || !notifyId || !outTradeNo || !ourMerchant) {
        const outcome = verified && notifyId && outTradeNo ? 'merchant_mismatch' : 'bad_signature';
        await insertNotification(trx, {
          out_trade_no: outTradeNo,
          notify_id: rejectedNotifyId(),
          provider: gatewayName,
          trade_status: status,
          verified,
          outcome,
          // What anyone could have posted is kept as a bounded digest, never whole.
          payload: verified ? payload : rejectedNotificationDigest(posted),
        });
        return outcome;
      }
      // Applied first, then stored once per notify id with what it came to, in one statement
      // (not stored as pending and then updated). A notify id already stored (a replay, or a
      // duplicate that committed while this one waited for the order's lock) rolls back what
      // this one did, and this one is the duplicate: the same end as storing it first.
      const amount = Number(fields.total_amount);
      const amountField = (name: string) =>
        fields[name] === undefined ? undefined : Number(fields[name]);
      const outcome =
        fields.notify_type === 'progress'
          ? 'ignored'
          : fields.notify_type === 'freeze'
            ? await applyFreezeOutcome(trx, deps, outTradeNo, {
                succeeded: fields.status === 'SUCCESS',
                amount,
                authNo: fields.auth_no || undefined,
                platform,
                creditAmount: amountField('credit_amount'),
                fundAmount: amountField('fund_amount'),
              })
            : await applyTradeOutcome(trx, deps, outTradeNo, {
                paid: fields.trade_status === 'TRADE_SUCCESS',
                amount,
                tradeNo: fields.trade_no || undefined,
                platform,
              });
      const inserted = await insertNotificationOnce(trx, {
        out_trade_no: outTradeNo,
        notify_id: notifyId,
        provider: gatewayName,
        trade_status: status,
        verified: true,
        outcome,
        payload,
      });
      if (!inserted) throw new DuplicateNotification();
      if (outcome === 'merchant_mismatch')
        await recordNotificationOutcome(trx, inserted.id, outcome);
      crashPoint('pay:before-commit');
      return outcome;
    });
  } catch (error) {
    if (error instanceof DuplicateNotification) return 'duplicate';
    throw error;
  }
}

/** Thrown to roll back a notification found stored already once applied (handleNotification). */
class DuplicateNotification extends Error {}

/**
 * A freeze's outcome. Success is the provider's truth whenever it arrives: a pending or failed
 * authorisation of an order still waiting for it freezes it; one whose order moved on (cancelled,
 * or frozen by another attempt) is released again through an unfreeze job.
 */
export async function applyFreezeOutcome(
  trx: Trx,
  deps: AppDeps,
  outRequestNo: string,
  outcome: FreezeOutcome,
): Promise<NotificationOutcome> {
  // The order first, as every other writer locks it, then the authorisation.
  const locked = await lockAuthorisationForOutcome(trx, outRequestNo, outcome.platform);
  if (locked === 'unknown_trade') {
    // A test authorisation (GET /api/test/aliPayFreeze) is released as soon as it froze.
    if (
      outRequestNo.startsWith('TF') &&
      outcome.succeeded &&
      outcome.authNo &&
      outcome.amount > 0
    ) {
      await requestUnfreeze(trx, deps, {
        authorisationId: null,
        orderId: null,
        platform: outcome.platform,
        authNo: outcome.authNo,
        amount: outcome.amount,
      });
      return 'applied';
    }
    return 'unknown_trade';
  }
  if (locked === 'merchant_mismatch') return locked;
  const { order, row: auth } = locked;
  if (outcome.amount !== auth.amount) return 'amount_mismatch';
  const now = deps.now();
  if (!outcome.succeeded) {
    if (auth.status !== 'pending') return 'ignored';
    // With the order's change when it waits for the freeze: one statement.
    const failed = { id: auth.id, patch: authorisationFailed(outcome.authNo ?? null) };
    if (order.status === 'PENDING_FREEZE')
      await applyOrderAction(trx, auth.order_id, 'freeze_failed', {
        actor: 'provider',
        now,
        note: '押金冻结授权失败',
        locked: order,
        authorisation: failed,
      });
    else await markAuthorisationFailed(trx, auth.id, failed.patch.auth_no);
    return 'applied';
  }
  // Frozen already, or released already (a late success handled before): nothing new.
  if (auth.status === 'frozen' || (auth.status === 'closed' && auth.unfrozen > 0)) return 'ignored';
  if (
    (auth.status === 'pending' || auth.status === 'failed') &&
    order.status === 'PENDING_FREEZE'
  ) {
    const waived = outcome.creditAmount ?? 0;
    // The authorisation frozen with the order's change, in one statement.
    await applyOrderAction(trx, auth.order_id, 'freeze_succeeded', {
      actor: 'provider',
      now,
      locked: order,
      authorisation: {
        id: auth.id,
        patch: authorisationFrozen({
          authNo: outcome.authNo ?? null,
          credit: outcome.creditAmount ?? null,
          fund: outcome.fundAmount ?? null,
        }),
      },
      params: { amount: auth.amount, waived, frozen: auth.amount - waived },
      note:
        waived > 0
          ? `押金已授权 ¥${yuan(auth.amount)}，信用免押 ¥${yuan(waived)}，冻结 ¥${yuan(auth.amount - waived)}`
          : `押金已冻结 ¥${yuan(auth.amount)}`,
    });
    return 'applied';
  }
  // The order moved on while the freeze was on its way: give what Alipay froze straight back.
  await markAuthorisationClosed(trx, auth.id, outcome.authNo ?? null, auth.amount - auth.paid);
  if (outcome.authNo && auth.amount - auth.paid > 0)
    await requestUnfreeze(trx, deps, {
      authorisationId: auth.id,
      orderId: auth.order_id,
      platform: order.platform,
      authNo: outcome.authNo,
      amount: auth.amount - auth.paid,
    });
  return 'ignored';
}

/**
 * A trade's outcome, whatever order outcomes arrive in. A payment moves only forward:
 * created → failed/closed on a close, created/failed/closed → succeeded on a success (money
 * taken is the provider's fact, even after we saw a close or gave the payment up), and nothing
 * leaves succeeded. Money that arrives for bills already paid or cancelled is refunded; money
 * that arrives late for bills still unpaid pays them. So TRADE_CLOSED then TRADE_SUCCESS ends
 * where TRADE_SUCCESS then TRADE_CLOSED does, and a success repeated after a refund is ignored.
 */
export async function applyTradeOutcome(
  trx: Trx,
  deps: AppDeps,
  outTradeNo: string,
  outcome: TradeOutcome,
): Promise<NotificationOutcome> {
  // The order first (as every other writer locks it), then the payment.
  const locked = await lockPaymentForOutcome(trx, outTradeNo, outcome.platform);
  if (typeof locked === 'string') return locked;
  const { order, row: payment } = locked;
  if (payment.status === 'succeeded') return 'ignored';
  if (outcome.amount !== payment.amount) return 'amount_mismatch';
  const now = deps.now();
  if (!outcome.paid) {
    if (payment.status !== 'created') return 'ignored';
    await markPaymentFailed(trx, payment.id, now);
    await closePaymentBills(trx, [payment.id]);
    return 'applied';
  }
  const late = payment.status !== 'created';
  const covered = await markPaymentSucceededReleasingBills(trx, payment.id, {
    at: now,
    providerTradeNo: outcome.tradeNo ?? payment.provider_trade_no,
    late,
  });
  const paidKinds = new Set<string>();
  const paidBills: { id: number; total: number }[] = [];
  let notOwed = 0;
  for (const bill of covered) {
    if (bill.status !== 'unpaid') {
      notOwed += bill.covered;
      continue;
    }
    if (late) {
      // Another payment may have been opened for this bill meanwhile: this one paid it.
      await closePayments(trx, deps, await openPaymentIdsCovering(trx, [bill.id]));
    }
    paidBills.push({ id: bill.id, total: bill.paid + bill.covered });
    paidKinds.add(bill.kind);
  }
  // The bills paid and what the order still owes, in one statement.
  const unpaid =
    paidBills.length > 0
      ? await markBillsPaidLeavingUnpaid(trx, order.id, paidBills, {
          channel: payment.channel,
          outTradeNo: payment.out_trade_no,
          at: now,
        })
      : undefined;
  if (notOwed > 0)
    await requestRefund(
      trx,
      deps,
      payment,
      notOwed,
      late ? '支付单已关闭，自动退款' : '账单已取消，自动退款',
    );
  if (unpaid) await advanceAfterPayment(trx, deps, order, paidKinds, unpaid);
  return 'applied';
}

/**
 * Moves the order once what it waited for is paid. `order` is the row this transaction locked,
 * its state unchanged since: each branch's first transition starts from it. `unpaid`: the order's
 * unpaid bills when the caller has just read them (read here otherwise).
 */
export async function advanceAfterPayment(
  trx: Trx,
  deps: AppDeps,
  order: OrderRow,
  paidKinds: Set<string>,
  unpaidNow?: Awaited<ReturnType<typeof unpaidBillsOf>>,
) {
  const now = deps.now();
  const unpaid = unpaidNow ?? (await unpaidBillsOf(trx, order.id));
  const act = (action: Action, extra: Partial<Parameters<typeof applyOrderAction>[3]> = {}) =>
    applyOrderAction(trx, order.id, action, { actor: 'provider', now, locked: order, ...extra });
  if (
    order.status === 'PENDING_PAY' &&
    !unpaid.some((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT')
  ) {
    await act('first_paid');
  } else if (order.status === 'OVERDUE' && !unpaid.some((b) => b.overdue_days > 0)) {
    const due = order.end_date && addDays(toDay(order.end_date)!, -DUE_NOTICE_DAYS) <= dayOf(now);
    await act('overdue_settled', { to: due ? 'DUE' : 'RENTING' });
  } else if (order.status === 'BUYING_OUT' && paidKinds.has('BUYOUT')) {
    await act('buyout_paid', { patch: { sub_process: null } });
    // Bought out: later rent is not owed, the deposit is released.
    await cancelUnpaidBills(trx, order.id);
    await releaseDeposit(trx, deps, order.id);
    await refundDepositBill(trx, deps, order.id);
    await applyOrderAction(trx, order.id, 'release', { actor: 'system', now, note: '押金已释放' });
  } else if (order.status === 'COMPENSATION' && !unpaid.some((b) => b.kind === 'COMPENSATION')) {
    await act('compensation_paid');
    await settleOrder(trx, deps, order.id);
  } else if (
    (order.status === 'RENTING' || order.status === 'DUE') &&
    paidKinds.has('RENEWAL') &&
    order.sub_process === 'renewal'
  ) {
    const renewal = await latestPaidRenewalOf(trx, order.id);
    const periods = renewal.period % 100;
    const end = toDay(order.end_date) ?? dayOf(now);
    const newEnd =
      order.term_unit === 'month'
        ? addDays(endOf('month', addDays(end, 1), periods), 0)
        : endOf('day', addDays(end, 1), periods);
    await act('renew_paid', {
      patch: { end_date: newEnd, sub_process: null },
      note: `续租至 ${newEnd}`,
      params: { endDate: newEnd },
    });
  }
}

/** The deposit paid as a bill goes back when the order ends. */
async function refundDepositBill(trx: Trx, deps: AppDeps, orderId: number) {
  const deposit = await paidDepositOf(trx, orderId);
  if (!deposit || deposit.paid === 0) return;
  // Settled before WeChat's refund window closed (settleWechatDepositEarly): nothing is left.
  const { deposit_settled_at } = await orderColumns(trx, orderId, ['deposit_settled_at']);
  if (deposit_settled_at !== null) return;
  // What a paid buy-out took from the deposit (its discount) is kept; the rest goes back.
  const amount = deposit.paid - (await buyoutDepositOffsetOf(trx, orderId));
  if (amount <= 0) return;
  if (await hasRefundFor(trx, deposit.paymentId, [DEPOSIT_REFUND_REASON])) return;
  const payment = { ...deposit, id: deposit.paymentId, order_id: orderId };
  await requestRefund(trx, deps, payment, amount, DEPOSIT_REFUND_REASON);
}

/** SETTLING → COMPLETED: what is left of the deposit is released. */
export async function settleOrder(trx: Trx, deps: AppDeps, orderId: number) {
  await cancelRentDueAfter(trx, orderId, dayOf(deps.now()));
  await closeOpenPayments(trx, deps, orderId);
  await releaseDeposit(trx, deps, orderId);
  await refundDepositBill(trx, deps, orderId);
  await applyOrderAction(trx, orderId, 'release', {
    actor: 'system',
    now: deps.now(),
    note: '押金已退还/解冻',
  });
}
