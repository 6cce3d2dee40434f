/**
 * WeChat Pay Score (微信支付分) as a deposit kind: deposit-free mode with the user's confirmation
 * (需确认模式, 先免). The deposit is the risk fund of a Pay Score service order, recorded as a
 * deposit authorisation of provider `payscore` (out_request_no = the service order's
 * out_order_no):
 *
 * - `refreeze` on a `payscore` order creates the service order (after the commit that records
 *   it) and answers what `wx.openBusinessView` takes; the user confirms in WeChat and
 *   PAYSCORE.USER_CONFIRM moves the order on exactly as an Alipay freeze does (applyFreezeOutcome).
 *   Asked again, the one under way is queried first (a lost notification is applied); one the
 *   user left unconfirmed is cancelled and a new one created (a package opens once).
 * - Pay Score refusing the user (创单评估未通过) is recorded per user and brand: the choice is not
 *   offered to them there again, and the order keeps its deposit options (switchToPaidDeposit).
 * - At the end the service order is completed with what is owed (payPayScore: the damage or the
 *   rent unpaid; nothing after a clean return, see operations.ts) and PAYSCORE.USER_PAID pays those
 *   bills; cancelled before shipping, it is cancelled.
 */
import { ResultCode } from '../../../contract/http.ts';
import { offersPayScore } from '../boot/config.ts';
import type { AppDeps } from '../boot/deps.ts';
import { hasPayScore, type PayScoreApi } from '../payments/gateway.ts';
import { newTradeNo } from '../payments/operations.ts';
import type { PayScoreConfirmation } from '../payments/wechatpay.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { dayOf } from './bills.ts';
import type { Db, Owner } from './rules.ts';
import { illegalAction } from './machine.ts';
import { applyOrderAction } from './apply-action.ts';
import { applyFreezeOutcome } from './payment-outcomes.ts';
import { ownOrder } from './queries.ts';
import {
  authorisationUnderWayOf,
  insertAuthorisation,
  markAuthorisationFailed,
  walletIdsOf,
} from './payment-rows.ts';
import {
  payScoreRefusalOf,
  recordPayScoreRefusal,
  switchOrderToPaidDeposit,
} from './payscore-rows.ts';

/** Days the service order's time range runs past the term: return and inspection. */
const RETURN_MARGIN_DAYS = 30;

/** The brand's WeChat Pay gateway, which speaks Pay Score; undefined where it is not offered. */
export function payScoreGateway(deps: AppDeps, platform: number): PayScoreApi | undefined {
  if (!offersPayScore(deps.config, platform)) return undefined;
  const gateway = deps.providers.payments.forBrand(platform).wechat;
  return hasPayScore(gateway) ? gateway : undefined;
}

/** Whether the deposit-free choice is offered to this user on this brand. */
export async function payScoreOffer(db: Db, deps: AppDeps, user: Owner) {
  const offered = payScoreGateway(deps, user.platform) !== undefined;
  const refusal = await payScoreRefusalOf(db, user);
  return {
    offered: offered && !refusal,
    refused: refusal !== undefined,
    ...(refusal ? { reason: refusal.reason } : {}),
  };
}

/** Refuses a Pay Score order where the brand or the user cannot have one (at placing). */
export async function assertPayScoreOffered(db: Db, deps: AppDeps, user: Owner) {
  const offer = await payScoreOffer(db, deps, user);
  if (offer.refused) throw refusedError(offer.reason ?? '');
  if (!offer.offered)
    throw new ApiError(ResultCode.CONFLICT, '微信支付分免押仅在本平台的微信小程序内提供', 409);
}

const refusedError = (reason: string) =>
  new ApiError(
    ResultCode.CONFLICT,
    `微信支付分未通过评估（${reason || '综合评估未通过'}），请选择其他押金方式`,
    409,
  );

/** yyyyMMddHHmmss in Beijing time, as Pay Score's time_range takes it. */
function beijingStamp(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export interface PayScoreStart {
  outRequestNo: string;
  amount: number;
  status: string;
  payScore?: PayScoreConfirmation;
}

/** Starts (or picks up) the Pay Score service order holding the order's deposit. */
export async function startPayScore(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
): Promise<PayScoreStart> {
  const gateway = payScoreGateway(deps, user.platform);
  if (!gateway)
    throw new ApiError(ResultCode.CONFLICT, '微信支付分免押仅在本平台的微信小程序内提供', 409);
  const refusal = await payScoreRefusalOf(db, user);
  if (refusal) throw refusedError(refusal.reason);
  const wallet = await walletIdsOf(db, user, 'wechat');
  if (!wallet?.openId)
    throw new ApiError(ResultCode.BAD_REQUEST, '请在微信小程序内用微信登录后再支付', 400);

  // The one under way: WeChat says what became of it (a lost USER_CONFIRM is applied here).
  const underWay = await db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId, { lock: true });
    if (order.status !== 'PENDING_FREEZE') throw illegalAction(order.status, 'refreeze');
    if (order.deposit_method !== 'payscore') throw badRequest('该订单的押金方式不是微信支付分');
    return authorisationUnderWayOf(trx, orderId);
  });
  if (underWay?.status === 'pending') {
    const held = await gateway.queryServiceOrder(underWay.out_request_no);
    if (held?.state === 'DOING') {
      await db.transaction().execute((trx) =>
        applyFreezeOutcome(trx, deps, underWay.out_request_no, {
          succeeded: true,
          amount: held.risk_fund?.amount ?? 0,
          authNo: held.order_id,
          platform: user.platform,
        }),
      );
      return { outRequestNo: underWay.out_request_no, amount: underWay.amount, status: 'frozen' };
    }
    // Created but not confirmed: its package opened once already; a new order replaces it.
    if (held) await gateway.cancelServiceOrder(underWay.out_request_no, '用户未确认，重新发起');
    await db
      .transaction()
      .execute((trx) => markAuthorisationFailed(trx, underWay.id, held?.order_id ?? null));
  } else if (underWay) {
    return { outRequestNo: underWay.out_request_no, amount: underWay.amount, status: 'frozen' };
  }

  const now = deps.now();
  const recorded = await db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId, { lock: true });
    if (order.status !== 'PENDING_FREEZE') throw illegalAction(order.status, 'refreeze');
    if (await authorisationUnderWayOf(trx, orderId)) return undefined;
    await applyOrderAction(trx, orderId, 'refreeze', {
      actor: 'user',
      userId: user.id,
      now,
      note: '发起微信支付分免押',
      params: { amount: order.deposit },
      locked: order,
    });
    const days = order.term_unit === 'month' ? order.term * 31 : order.term;
    // The service order's end, which the authorisation's expiry follows.
    const end = new Date(now.getTime() + (days + RETURN_MARGIN_DAYS) * 86_400_000);
    const outRequestNo = newTradeNo('PS');
    const auth = await insertAuthorisation(trx, {
      order_id: orderId,
      user_id: user.id,
      out_request_no: outRequestNo,
      auth_no: null,
      amount: order.deposit,
      provider: 'payscore',
      expires_at: end,
      requested_at: now,
    });
    return {
      id: auth.id,
      outRequestNo,
      amount: order.deposit,
      title: order.snapshot.goods.name,
      end,
    };
  });
  // Two taps at once: the other one created it.
  if (!recorded) return startPayScore(db, deps, user, orderId);
  const created = await gateway.createServiceOrder({
    outOrderNo: recorded.outRequestNo,
    openId: wallet.openId,
    deposit: recorded.amount,
    title: `租赁 ${recorded.title}`,
    startTime: beijingStamp(now),
    endTime: beijingStamp(recorded.end),
  });
  if (created.kind === 'refused') {
    await db.transaction().execute(async (trx) => {
      await markAuthorisationFailed(trx, recorded.id, null);
      await recordPayScoreRefusal(trx, user, created.reason);
    });
    throw refusedError(created.reason);
  }
  return {
    outRequestNo: recorded.outRequestNo,
    amount: recorded.amount,
    status: 'pending',
    payScore: created.confirmation,
  };
}

/**
 * Pay Score refused (or the user prefers it): the order keeps its deposit, now paid with the
 * first payment (a DEPOSIT bill due today), and goes on to payment. Only before any service
 * order holds the deposit.
 */
export async function switchToPaidDeposit(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  return db.transaction().execute(async (trx) => {
    const order = await ownOrder(trx, user, orderId, { lock: true });
    if (order.deposit_method !== 'payscore') throw badRequest('该订单的押金方式不是微信支付分');
    if (order.status !== 'PENDING_FREEZE') throw illegalAction(order.status, 'switch_deposit');
    const underWay = await authorisationUnderWayOf(trx, orderId);
    if (underWay?.status === 'frozen') throw illegalAction(order.status, 'switch_deposit');
    if (underWay) await markAuthorisationFailed(trx, underWay.id, underWay.auth_no);
    const now = deps.now();
    await switchOrderToPaidDeposit(trx, order, dayOf(now));
    return applyOrderAction(trx, orderId, 'switch_deposit', {
      actor: 'user',
      userId: user.id,
      now,
      note: '改为支付押金',
      params: { amount: order.deposit },
      locked: { ...order, deposit_method: 'paid' },
    });
  });
}
