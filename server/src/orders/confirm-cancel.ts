/**
 * User steps before payment: confirming (verification checks) and cancelling (giving back stock, coupon, payments and the deposit).
 */
import type { AppDeps } from '../deps.ts';
import { verificationStatus } from '../kyc/status.ts';
import type { MessageKey } from '../../../contract/i18n/zh-Hans.ts';
import { ApiError, namedIn } from '../plugins/errors.ts';
import { enqueueOutbox, requestRefund, requestUnfreeze } from '../payments/operations.ts';
import { applyOrderAction, illegalAction } from './machine.ts';
import type { DepositMethod } from './schema.ts';
import { type Db, type Owner, type Trx, busy } from './common.ts';
import { type OrderRow, ownOrder } from './queries.ts';
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
    const order = await ownOrder(trx, user, orderId);
    if (order.status !== 'PENDING_VERIFY') throw illegalAction(order.status, 'confirm');
    const missing = missingChecks(order.deposit_method, await verificationStatus(trx, user.id));
    if (missing.length > 0) throw checksMissing(missing, (checks) => `请先完成：${checks}`);
    return applyOrderAction(trx, orderId, 'confirm', {
      actor: 'user',
      userId: user.id,
      now: deps.now(),
    });
  });
}

/**
 * Gives back the coupon and the unit of stock, closes open payments and authorisations of a
 * cancelled order, and (after payment) refunds what was paid.
 */
export async function releaseOnCancel(trx: Trx, deps: AppDeps, order: OrderRow, refund: boolean) {
  await releaseStock(trx, order.id);
  if (order.user_coupon_id !== null) {
    await trx
      .updateTable('user_coupons')
      .set({ status: 'unused', used_at: null })
      .where('id', '=', order.user_coupon_id)
      .execute();
  }
  await closeOpenPayments(trx, deps, order.id);
  await cancelUnpaidBills(trx, order.id);
  await releaseDeposit(trx, deps, order.id);
  if (refund) await refundAll(trx, deps, order.id, '取消订单退款');
}

/** The unit an order held goes back to its SKU, once. */
async function releaseStock(trx: Trx, orderId: number) {
  const released = await trx
    .updateTable('orders')
    .set({ holds_stock: false })
    .where('id', '=', orderId)
    .where('holds_stock', '=', true)
    .returning('sku_id')
    .executeTakeFirst();
  if (released)
    await trx
      .updateTable('goods_sku')
      .set((eb) => ({ stock: eb('stock', '+', 1) }))
      .where('id', '=', released.sku_id)
      .execute();
}

export async function closeOpenPayments(trx: Trx, deps: AppDeps, orderId: number) {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
  await closePayments(
    trx,
    deps,
    open.map((p) => p.id),
  );
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
  const closed = await trx
    .updateTable('payments')
    .set({ status: 'closed', finished_at: deps.now() })
    .where('id', 'in', ids)
    .where('status', '=', 'created')
    .where('channel', 'in', USER_CHANNELS)
    .returning(['id', 'provider_trade_no'])
    .execute();
  if (closed.length === 0) return;
  await trx
    .updateTable('payment_bills')
    .set({ open: false })
    .where(
      'payment_id',
      'in',
      closed.map((p) => p.id),
    )
    .execute();
  for (const payment of closed)
    if (payment.provider_trade_no) await enqueueOutbox(trx, deps, 'close-trade', payment.id);
}

export async function cancelUnpaidBills(trx: Trx, orderId: number) {
  await trx
    .updateTable('bills')
    .set({ status: 'cancelled' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .execute();
}

/** The brand an order was placed on: whose merchant account its money goes through. */
async function brandOfOrder(trx: Trx, orderId: number): Promise<number> {
  const order = await trx
    .selectFrom('orders')
    .select('platform')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return order.platform;
}

/** Unfreezes what is still frozen on the order's authorisations. */
export async function releaseDeposit(trx: Trx, deps: AppDeps, orderId: number) {
  const auths = await trx
    .selectFrom('deposit_authorisations')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'frozen')
    .forUpdate()
    .execute();
  for (const auth of auths) {
    const left = auth.amount - auth.paid - auth.unfrozen;
    // Recorded as released now; the unfreeze itself is a job after the commit.
    if (left > 0 && auth.auth_no)
      await requestUnfreeze(trx, deps, {
        authorisationId: auth.id,
        orderId,
        platform: await brandOfOrder(trx, orderId),
        authNo: auth.auth_no,
        amount: left,
      });
    await trx
      .updateTable('deposit_authorisations')
      .set({ unfrozen: auth.unfrozen + left, status: 'closed' })
      .where('id', '=', auth.id)
      .execute();
  }
  // Pending ones never froze anything: close them so a late notification is ignored.
  await trx
    .updateTable('deposit_authorisations')
    .set({ status: 'closed' })
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/** Refunds every succeeded payment of the order that is not refunded yet. */
async function refundAll(trx: Trx, deps: AppDeps, orderId: number, reason: string) {
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'order_id', 'out_trade_no', 'amount', 'channel'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .where('purpose', '=', 'bills')
    .execute();
  for (const payment of payments) {
    const left = payment.amount - (await refundedOf(trx, payment.id));
    if (left > 0) await requestRefund(trx, deps, payment, left, reason);
  }
}

/** What is refunded or being refunded of a payment (a refused refund gives nothing back). */
async function refundedOf(trx: Trx, paymentId: number): Promise<number> {
  const refunded = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirst();
  return Number(refunded?.sum ?? 0);
}

export async function cancelOrder(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId);
    const now = deps.now();
    if (
      ['PENDING_VERIFY', 'PENDING_SIGN', 'PENDING_FREEZE', 'PENDING_PAY'].includes(order.status)
    ) {
      const result = await applyOrderAction(trx, orderId, 'cancel', {
        actor: 'user',
        userId: user.id,
        now,
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
        patch: { sub_process: 'cancel' },
      });
    }
    if (order.status === 'SHIPPED' || order.status === 'RENTING')
      throw new ApiError(409, '订单已发货，如需取消请联系客服', 409);
    throw illegalAction(order.status, 'cancel');
  });
}
