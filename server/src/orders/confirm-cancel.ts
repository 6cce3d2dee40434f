/**
 * User steps before payment: confirming (verification checks) and cancelling (giving back stock, coupon, payments and the deposit).
 */
import type { AppDeps } from '../boot/deps.ts';
import { verificationStatus } from '../kyc/status.ts';
import type { MessageKey } from '../../../contract/i18n/zh-Hans.ts';
import { ApiError, namedIn } from '../plugins/errors.ts';
import { enqueueOutbox, requestRefund, requestUnfreeze } from '../payments/operations.ts';
import { illegalAction } from './machine.ts';
import { applyOrderAction } from './apply-action.ts';
import type { DepositMethod } from './schema.ts';
import { type Db, type Owner, type Trx, busy } from './rules.ts';
import { type OrderRow, ownOrder } from './queries.ts';
import { checkedReason } from './reasons.ts';
import {
  cancelUnpaidBills,
  clearStockHold,
  closeAuthorisation,
  closeOpenPaymentsOn,
  closePaymentBills,
  closePendingAuthorisations,
  lockFrozenAuthorisations,
  markCouponUnused,
  openPaymentIdsOf,
  platformOfOrder,
  refundedAmountOf,
  returnOneUnitOfStock,
  succeededBillPaymentsOf,
} from './order-rows.ts';

// The order services elsewhere cancel the unpaid bills through this module.
export { cancelUnpaidBills };
// ---------------------------------------------------------------------------------------------
// User steps before payment

/** What verification a deposit method needs before the order can be submitted. */
export function requiredChecks(method: DepositMethod) {
  return {
    realName: true,
    face: true,
    emergencyContact: true,
    credit: method === 'freeze' || method === 'waived',
    bankCard: method === 'card',
  } as const;
}

type Check = keyof ReturnType<typeof requiredChecks>;

/** Each check's name in the catalogues (the storefront's verification steps). */
const CHECK_TERMS: Readonly<Record<Check, MessageKey>> = {
  realName: 'verify.step.realName',
  face: 'verify.face.title',
  credit: 'verify.step.credit',
  emergencyContact: 'verify.step.contact',
  bankCard: 'verify.step.bankCard',
};

/** The checks `method` needs that `status` does not have yet, in the order the steps come. */
export function missingChecks(method: DepositMethod, status: Record<Check, boolean>): Check[] {
  const required = requiredChecks(method);
  return (Object.keys(CHECK_TERMS) as Check[]).filter((check) => required[check] && !status[check]);
}

/** 422 naming the checks still to do; `message` wraps their names (VERIFICATION_* in contract/errors.ts). */
export function checksMissing(missing: Check[], message: (checks: string) => string): ApiError {
  const checks = namedIn(missing.map((check) => CHECK_TERMS[check]));
  return new ApiError(422, message(checks.text), 422, { checks: checks.keys });
}

export async function confirmOrder(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId, { lock: true });
    if (order.status !== 'PENDING_VERIFY') throw illegalAction(order.status, 'confirm');
    const missing = missingChecks(order.deposit_method, await verificationStatus(trx, user));
    if (missing.length > 0) throw checksMissing(missing, (checks) => `请先完成：${checks}`);
    return applyOrderAction(trx, orderId, 'confirm', {
      actor: 'user',
      userId: user.id,
      now: deps.now(),
      locked: order,
    });
  });
}

/**
 * Gives back the coupon and the unit of stock, closes open payments and authorisations of a
 * cancelled order, and (after payment) refunds what was paid.
 */
export async function releaseOnCancel(trx: Trx, deps: AppDeps, order: OrderRow, refund: boolean) {
  await releaseStock(trx, order.id);
  if (order.user_coupon_id !== null) await markCouponUnused(trx, order.user_coupon_id);
  await closeOpenPayments(trx, deps, order.id);
  await cancelUnpaidBills(trx, order.id);
  await releaseDeposit(trx, deps, order.id);
  if (refund) await refundAll(trx, deps, order.id, '取消订单退款');
}

/** The unit an order held goes back to its SKU, once. */
async function releaseStock(trx: Trx, orderId: number) {
  const skuId = await clearStockHold(trx, orderId);
  if (skuId !== undefined) await returnOneUnitOfStock(trx, skuId);
}

export async function closeOpenPayments(trx: Trx, deps: AppDeps, orderId: number) {
  await closePayments(trx, deps, await openPaymentIdsOf(trx, orderId));
}

/** Channels where the user pays at the provider's cashier (the others are charged by us). */
export const USER_CHANNELS = ['alipay', 'wechat'] as const;

/**
 * Closes the user payments still open among `ids`, frees the bills they covered, and queues the
 * closing of their trades at the provider, so the user cannot pay one any more. Charges we asked
 * for (withholding, payment from the authorisation) are left to finish: their outcome arrives
 * by itself, and money for bills no longer owed is refunded.
 */
export async function closePayments(trx: Trx, deps: AppDeps, ids: number[]) {
  if (ids.length === 0) return;
  const closed = await closeOpenPaymentsOn(trx, ids, USER_CHANNELS, deps.now());
  if (closed.length === 0) return;
  await closePaymentBills(
    trx,
    closed.map((p) => p.id),
  );
  for (const payment of closed)
    if (payment.provider_trade_no) await enqueueOutbox(trx, deps, 'close-trade', payment.id);
}

/** Unfreezes what is still frozen on the order's authorisations. */
export async function releaseDeposit(trx: Trx, deps: AppDeps, orderId: number) {
  const auths = await lockFrozenAuthorisations(trx, orderId);
  for (const auth of auths) {
    const left = auth.amount - auth.paid - auth.unfrozen;
    // Recorded as released now; the unfreeze itself is a job after the commit.
    if (left > 0 && auth.auth_no)
      await requestUnfreeze(trx, deps, {
        authorisationId: auth.id,
        orderId,
        platform: await platformOfOrder(trx, orderId),
        authNo: auth.auth_no,
        amount: left,
      });
    await closeAuthorisation(trx, auth.id, auth.unfrozen + left);
  }
  // Pending ones never froze anything: close them so a late notification is ignored.
  await closePendingAuthorisations(trx, orderId);
}

/** Refunds every succeeded payment of the order that is not refunded yet. */
async function refundAll(trx: Trx, deps: AppDeps, orderId: number, reason: string) {
  const payments = await succeededBillPaymentsOf(trx, orderId);
  for (const payment of payments) {
    const left = payment.amount - (await refundedAmountOf(trx, payment.id));
    if (left > 0) await requestRefund(trx, deps, payment, left, reason);
  }
}

/**
 * Cancels (free before payment) or asks the merchant to (after payment), recording `reason`, a
 * `cancel_reason` dictionary value (checked before anything is written), on the order and its event.
 */
export async function cancelOrder(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
  reasonValue?: string,
) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId);
    const reason = await checkedReason(trx, 'cancel_reason', reasonValue);
    const why = reason !== undefined ? { params: { reason } } : {};
    const now = deps.now();
    if (
      ['PENDING_VERIFY', 'PENDING_SIGN', 'PENDING_FREEZE', 'PENDING_PAY'].includes(order.status)
    ) {
      const result = await applyOrderAction(trx, orderId, 'cancel', {
        actor: 'user',
        userId: user.id,
        now,
        ...why,
        ...(reason !== undefined ? { patch: { cancel_reason: reason } } : {}),
      });
      await releaseOnCancel(trx, deps, order, false);
      return result;
    }
    if (order.status === 'PENDING_REVIEW' || order.status === 'PENDING_SHIP') {
      if (order.sub_process) throw busy(order);
      return applyOrderAction(trx, orderId, 'request_cancel', {
        actor: 'user',
        userId: user.id,
        now,
        ...why,
        patch: {
          sub_process: 'cancel',
          ...(reason !== undefined ? { cancel_reason: reason } : {}),
        },
      });
    }
    if (order.status === 'SHIPPED' || order.status === 'RENTING')
      throw new ApiError(409, '订单已发货，如需取消请联系客服', 409);
    throw illegalAction(order.status, 'cancel');
  });
}
