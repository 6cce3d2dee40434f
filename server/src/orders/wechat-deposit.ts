/**
 * A WeChat deposit near a year old: WeChat Pay refuses to refund a payment more than a year old,
 * so a running order's paid deposit is settled before that window closes (job
 * `wechat-deposits-settle`).
 */
import type { AppDeps } from '../boot/deps.ts';
import { yuan } from '../lib/money.ts';
import { newTradeNo, requestRefund } from '../payments/operations.ts';
import { dayOf, daysBetween, outstandingOf } from './bills.ts';
import { DEPOSIT_REFUND_REASON, EARLY_DEPOSIT_REFUND_REASON, type Db } from './rules.ts';
import { closePayments } from './confirm-cancel.ts';
import { TERMINAL_STATUSES } from './machine.ts';
import { advanceAfterPayment } from './payment-outcomes.ts';
import { insertBillsPayment } from './order-records.ts';
import { insertOrderEvent } from './order-rows.ts';
import {
  hasRefundFor,
  lockOrder,
  markBillPaid,
  markDepositSettled,
  openPaymentIdsCovering,
  paidDepositOf,
  unpaidBillsOfKinds,
} from './payment-rows.ts';

/**
 * WeChat Pay refuses to refund a payment more than a year old. A deposit paid through WeChat is
 * refunded at return while that is within 360 days of the payment; for an order still running
 * when the deposit is this many days old, it is settled before the refund window closes.
 */
export const WECHAT_DEPOSIT_SETTLE_AFTER_DAYS = 330;

/** Rent and damage a deposit settles: not the optional bills (buy-out, renewal) the user opens. */
const SETTLED_FROM_DEPOSIT = ['INSTALMENT', 'FINAL', 'COMPENSATION'] as const;

/**
 * Settles the WeChat deposit of a running order: its unpaid bills are paid from the deposit in
 * due-date order while it covers each whole bill (one payment on channel `deposit`), and the rest
 * of the deposit is refunded at once through the normal refund path. Returns what was used and
 * refunded, or undefined when the order has nothing to settle (already done, refunded, or not a
 * WeChat deposit of that age).
 */
export async function settleWechatDepositEarly(
  db: Db,
  deps: AppDeps,
  orderId: number,
): Promise<{ used: number; refunded: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const now = deps.now();
    const order = await lockOrder(trx, orderId);
    if (
      order.deposit_method !== 'paid' ||
      order.deposit_settled_at !== null ||
      TERMINAL_STATUSES.includes(order.status) ||
      // A buy-out under way counts the deposit in its price: it is settled when that ends.
      order.status === 'BUYING_OUT'
    )
      return undefined;
    const deposit = await paidDepositOf(trx, orderId);
    const paidAt = deposit?.finished_at ? new Date(deposit.finished_at) : undefined;
    if (
      !deposit ||
      deposit.channel !== 'wechat' ||
      deposit.paid === 0 ||
      !paidAt ||
      daysBetween(dayOf(paidAt), dayOf(now)) < WECHAT_DEPOSIT_SETTLE_AFTER_DAYS
    )
      return undefined;
    const reasons = [DEPOSIT_REFUND_REASON, EARLY_DEPOSIT_REFUND_REASON];
    if (await hasRefundFor(trx, deposit.paymentId, reasons)) return undefined;
    await markDepositSettled(trx, orderId, now);

    const unpaid = await unpaidBillsOfKinds(trx, orderId, SETTLED_FROM_DEPOSIT);
    let left = deposit.paid;
    const settled: typeof unpaid = [];
    for (const bill of unpaid) {
      const owed = outstandingOf(bill);
      if (owed > left) break;
      settled.push(bill);
      left -= owed;
    }
    const used = deposit.paid - left;
    if (settled.length > 0) {
      // A payment the user has open for these bills is closed: the deposit paid them.
      const open = await openPaymentIdsCovering(
        trx,
        settled.map((b) => b.id),
      );
      await closePayments(trx, deps, [...new Set(open)]);
      const outTradeNo = newTradeNo('DP');
      await insertBillsPayment(
        trx,
        {
          outTradeNo,
          userId: order.user_id,
          orderId,
          channel: 'deposit',
          settledAt: now,
        },
        settled,
      );
      for (const bill of settled)
        await markBillPaid(trx, bill.id, {
          total: bill.paid + outstandingOf(bill),
          channel: 'deposit',
          outTradeNo,
          at: now,
        });
    }
    if (left > 0)
      await requestRefund(
        trx,
        deps,
        { id: deposit.paymentId, order_id: orderId },
        left,
        EARLY_DEPOSIT_REFUND_REASON,
      );
    // An event, not a transition: the order runs on, without a deposit.
    await insertOrderEvent(trx, {
      order_id: orderId,
      action: 'deposit_settled',
      from_status: order.status,
      to_status: order.status,
      actor: 'system',
      note: `押金满 ${WECHAT_DEPOSIT_SETTLE_AFTER_DAYS} 天：抵扣账单 ¥${yuan(used)}，退还 ¥${yuan(left)}`,
      params: JSON.stringify({ days: WECHAT_DEPOSIT_SETTLE_AFTER_DAYS, used, refunded: left }),
      created_at: now,
    });
    if (settled.length > 0)
      await advanceAfterPayment(trx, deps, order, new Set(settled.map((b) => b.kind)));
    return { used, refunded: left };
  });
}
