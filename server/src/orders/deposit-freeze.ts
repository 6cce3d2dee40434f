/**
 * The deposit authorisation (freeze) of an order.
 */
import type { AppDeps } from '../boot/deps.ts';
import { enqueueOutbox, markFreezeRequested, newTradeNo } from '../payments/operations.ts';
import { illegalAction } from './machine.ts';
import { applyOrderAction } from './apply-action.ts';
import type { Db, Owner } from './rules.ts';
import { startPayScore } from './payscore.ts';
import { ownOrder } from './queries.ts';
import { authorisationUnderWayOf, insertAuthorisation } from './payment-rows.ts';
// ---------------------------------------------------------------------------------------------
// Deposit authorisation (freeze)

/** Days an authorisation stays valid: the rent term plus a margin for return and inspection. */
const AUTH_MARGIN_DAYS = 60;

/**
 * Starts (or returns the one under way) the deposit freeze of an order. Where the user authorises
 * it in the wallet (live Alipay), the reply carries the signed order string for
 * `my.tradePay({ orderStr })`, built after the commit and the same request number every time, so
 * a repeated authorisation is one freeze; elsewhere (the sandbox) the provider is asked for it
 * after the commit.
 */
export async function startFreeze(db: Db, deps: AppDeps, user: Owner, orderId: number) {
  const alipay = deps.providers.payments.forBrand(user.platform).alipay;
  const recorded = await freezeRecord(db, deps, user, orderId, alipay.freezeOrder !== undefined);
  // A WeChat Pay Score deposit: its service order, confirmed in WeChat (orders/payscore.ts).
  if (recorded === 'payscore') return startPayScore(db, deps, user, orderId);
  const { toAsk, ...started } = recorded;
  if (toAsk !== undefined) await askForFreeze(deps, user.platform, toAsk, started);
  if (!alipay.freezeOrder || started.status !== 'pending') return started;
  return {
    ...started,
    orderStr: alipay.freezeOrder({
      outRequestNo: started.outRequestNo,
      amount: started.amount,
      title: `租赁押金 订单${orderId}`,
    }),
  };
}

/**
 * The freeze under way, or a new one, under the order's lock (the order is read once, locked:
 * no read before the transaction); 'payscore' for a Pay Score order, which has its own flow.
 */
async function freezeRecord(
  db: Db,
  deps: AppDeps,
  user: Owner,
  orderId: number,
  byUser: boolean,
): Promise<
  | {
      outRequestNo: string;
      amount: number;
      status: string;
      /** A new freeze nobody authorises in a wallet: its row, for the provider to be asked. */
      toAsk?: number;
    }
  | 'payscore'
> {
  const now = deps.now();
  return db.transaction().execute(async (trx) => {
    // Lock, then see whether a freeze is already under way (duplicates share it).
    const order = await ownOrder(trx, user, orderId, { lock: true });
    if (order.deposit_method === 'payscore') return 'payscore' as const;
    if (order.status !== 'PENDING_FREEZE') throw illegalAction(order.status, 'refreeze');
    // The one under way, asked for again (the page opened twice, a second tap): nothing new
    // happened, so the timeline gets no second line.
    const pending = await authorisationUnderWayOf(trx, orderId);
    if (pending)
      return {
        outRequestNo: pending.out_request_no,
        amount: pending.amount,
        status: pending.status,
      };
    await applyOrderAction(trx, orderId, 'refreeze', {
      actor: 'user',
      userId: user.id,
      now,
      note: '发起押金冻结授权',
      params: { amount: order.deposit },
      locked: order,
    });
    const days = order.term_unit === 'month' ? order.term * 31 : order.term;
    const outRequestNo = newTradeNo('FZ');
    const auth = await insertAuthorisation(trx, {
      order_id: orderId,
      user_id: user.id,
      out_request_no: outRequestNo,
      auth_no: null,
      amount: order.deposit,
      expires_at: new Date(now.getTime() + (days + AUTH_MARGIN_DAYS) * 86_400_000),
      // Handed to the user to authorise: reconciliation then only asks what became of it.
      requested_at: byUser ? now : null,
    });
    // Asked of the provider after the commit (startFreeze), so its notification finds the row.
    return {
      outRequestNo,
      amount: order.deposit,
      status: 'pending' as const,
      ...(byUser ? {} : { toAsk: auth.id }),
    };
  });
}

/**
 * Asks the provider for a freeze just recorded (the sandbox's flow: nobody authorises it in a
 * wallet), at once as the test freeze is, instead of through an outbox job: no job to add, fetch
 * and complete per order. Nothing is lost when the call fails: the outbox job is queued then, to
 * retry with its backoff; and a crash before the call leaves the row never asked for, which
 * reconciliation asks for (jobs/reconcile.ts).
 */
async function askForFreeze(
  deps: AppDeps,
  platform: number,
  authorisationId: number,
  freeze: { outRequestNo: string; amount: number },
): Promise<void> {
  try {
    await deps.providers.payments.forBrand(platform).alipay.freeze(freeze);
    await markFreezeRequested(deps, authorisationId);
  } catch (error) {
    deps.jobs.log.warn(
      { err: error, request: freeze.outRequestNo },
      'freeze not asked at once: the outbox job retries it',
    );
    await enqueueOutbox(deps.db, deps, 'freeze', authorisationId);
  }
}

/**
 * A test authorisation of 1 fen on the user's brand (`GET /api/test/aliPayFreeze`), so the
 * storefront can check the Alipay authorisation works before the real one. Nothing of ours is
 * written for it: where the user authorises it in the wallet (live) the reply carries the order
 * string; elsewhere the provider is asked at once. Its success notification queues the unfreeze
 * (applyFreezeOutcome, by the `TF` request number).
 */
export async function startTestFreeze(deps: AppDeps, platform: number) {
  const outRequestNo = newTradeNo('TF');
  const alipay = deps.providers.payments.forBrand(platform).alipay;
  if (alipay.freezeOrder)
    return {
      outRequestNo,
      amount: 1,
      status: 'pending' as const,
      orderStr: alipay.freezeOrder({ outRequestNo, amount: 1, title: '免押授权测试' }),
    };
  await alipay.freeze({ outRequestNo, amount: 1 });
  return { outRequestNo, amount: 1, status: 'pending' as const };
}
