/**
 * Provider calls that move money, taken out of the transactions that decide them (the outbox).
 *
 * A state change that needs money moved writes what it wants as a row (a pending refund, a
 * pending deposit operation, a payment to withhold or take from the authorisation, a freeze to
 * ask for) and an `outbox` job, both in its own transaction: if it rolls back, neither exists; if
 * it commits, the job carries the call out afterwards. The job calls the provider with the row's
 * own number as the idempotency key, then records the outcome in a transaction of its own. A
 * crash anywhere leaves the row pending: the job is retried (pg-boss, with backoff) and the
 * reconciliation job asks the provider, so the call is made once and recorded once.
 *
 * A provider's refusal (`ProviderError` 'rejected': nothing to refund, not enough frozen) is
 * final and recorded as `failed` for ops; anything else is thrown, and the job retries.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { crashPoint } from '../lib/crash-points.ts';
import type { Executor, Trx } from '../db/index.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ProviderError } from '../providers/errors.ts';
import { executeRevocation } from '../privacy/withholding.ts';
import { authorisationForRelease } from '../orders/payscore-rows.ts';
import { hasPayScore, type GatewayName } from './gateway.ts';
import '../kyc/schema.ts';
import '../orders/schema.ts';

export type OutboxKind =
  | 'refund'
  | 'unfreeze'
  | 'withhold'
  | 'pay-from-auth'
  | 'freeze'
  | 'close-trade'
  | 'revoke-withholding';

/** Our numbers for provider requests: a prefix, the time, randomness; unique and sortable. */
export const newTradeNo = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${randomBytes(6).toString('hex')}`.toUpperCase();

/** The brand's gateway a payment channel goes through ('auth' is Alipay's fund authorisation). */
export function gatewayOf(deps: AppDeps, platform: number, channel: string) {
  // 'auth' is Alipay's fund authorisation; 'payscore' a WeChat Pay Score completion.
  const name: GatewayName =
    channel === 'auth' ? 'alipay' : channel === 'payscore' ? 'wechat' : (channel as GatewayName);
  return deps.providers.payments.forBrand(platform)[name];
}

/** The brand of an order (whose merchant account its money goes through). */
async function brandOf(deps: AppDeps, orderId: number): Promise<number> {
  const order = await deps.db
    .selectFrom('orders')
    .select('platform')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return order.platform;
}

/** Queues the call for an outbox row, in the transaction that wrote the row. */
export function enqueueOutbox(trx: Executor, deps: AppDeps, kind: OutboxKind, id: number) {
  return deps.jobs.enqueue(trx, 'outbox', { kind, id });
}

/**
 * Records that `amount` of a payment goes back, and queues the refund; answers its number. The
 * console names the bill and its client key (`refunds.bill_id`, `request_key`, 0020).
 */
export async function requestRefund(
  trx: Trx,
  deps: AppDeps,
  payment: { id: number; order_id: number },
  amount: number,
  reason: string,
  console?: { billId: number; requestKey: string },
): Promise<string> {
  const outRefundNo = newTradeNo('RF');
  const refund = await trx
    .insertInto('refunds')
    .values({
      out_refund_no: outRefundNo,
      payment_id: payment.id,
      order_id: payment.order_id,
      amount,
      reason,
      status: 'pending',
      ...(console ? { bill_id: console.billId, request_key: console.requestKey } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueOutbox(trx, deps, 'refund', refund.id);
  return outRefundNo;
}

/** Records that `amount` of an authorisation is released, and queues the unfreeze. */
export async function requestUnfreeze(
  trx: Trx,
  deps: AppDeps,
  input: {
    authorisationId: number | null;
    orderId: number | null;
    platform: number;
    authNo: string;
    amount: number;
  },
): Promise<void> {
  const operation = await trx
    .insertInto('deposit_operations')
    .values({
      authorisation_id: input.authorisationId,
      order_id: input.orderId,
      platform: input.platform,
      kind: 'unfreeze',
      out_request_no: newTradeNo('UF'),
      auth_no: input.authNo,
      amount: input.amount,
      status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueOutbox(trx, deps, 'unfreeze', operation.id);
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** A refusal that retrying cannot change. */
const isFinal = (error: unknown) => error instanceof ProviderError && error.kind === 'rejected';

/**
 * Runs `call`; on a final refusal marks the row failed, on any other error counts the attempt
 * and rethrows (the job retries). Returns false when the call was refused.
 */
async function attempt(
  deps: AppDeps,
  table: 'refunds' | 'deposit_operations',
  id: number,
  call: () => Promise<void>,
): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    const final = isFinal(error);
    await deps.db
      .updateTable(table)
      .set({
        attempts: sql<number>`attempts + 1`,
        last_error: errorText(error),
        ...(final ? { status: 'failed' as const, finished_at: deps.now() } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
    if (final) return false;
    throw error;
  }
}

export async function executeRefund(deps: AppDeps, refundId: number): Promise<string> {
  const refund = await deps.db
    .selectFrom('refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'r.id',
      'r.status',
      'r.out_refund_no',
      'r.amount',
      'p.out_trade_no',
      'p.amount as trade_amount',
      'p.channel',
      'o.platform',
    ])
    .where('r.id', '=', refundId)
    .executeTakeFirst();
  if (!refund || refund.status !== 'pending') return 'nothing to do';
  crashPoint('refund:before-call');
  const done = await attempt(deps, 'refunds', refund.id, () =>
    gatewayOf(deps, refund.platform, refund.channel).refund({
      outTradeNo: refund.out_trade_no,
      outRefundNo: refund.out_refund_no,
      amount: refund.amount,
      tradeAmount: refund.trade_amount,
    }),
  );
  if (!done) {
    deps.jobs.log.error({ refund: refund.out_refund_no }, 'refund refused by the provider');
    return 'refused';
  }
  crashPoint('refund:after-call');
  await markRefunded(deps, refund.id);
  return 'refunded';
}

/** The provider holds the refund: record it (once). */
export async function markRefunded(deps: AppDeps, refundId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', finished_at: deps.now(), attempts: sql<number>`attempts + 1` })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    crashPoint('refund:before-commit');
  });
}

export async function executeUnfreeze(deps: AppDeps, operationId: number): Promise<string> {
  const operation = await deps.db
    .selectFrom('deposit_operations')
    .selectAll()
    .where('id', '=', operationId)
    .executeTakeFirst();
  if (!operation || operation.status !== 'pending') return 'nothing to do';
  // The release that closes an authorisation credit waived part of ends the Zhima credit order:
  // the unfreeze says the user kept the contract (a test authorisation has no row, no credit).
  const authorisation = operation.authorisation_id
    ? await authorisationForRelease(deps.db, operation.authorisation_id)
    : undefined;
  const completesCredit =
    authorisation?.status === 'closed' && (authorisation.credit_amount ?? 0) > 0;
  crashPoint('unfreeze:before-call');
  const done = await attempt(deps, 'deposit_operations', operation.id, () =>
    authorisation?.provider === 'payscore'
      ? releasePayScore(deps, operation.platform, authorisation)
      : deps.providers.payments.forBrand(operation.platform).alipay.unfreeze({
          authNo: operation.auth_no,
          outRequestNo: operation.out_request_no,
          amount: operation.amount,
          completesCredit,
        }),
  );
  if (!done) {
    deps.jobs.log.error({ request: operation.out_request_no }, 'unfreeze refused by the provider');
    return 'refused';
  }
  crashPoint('unfreeze:after-call');
  await markUnfrozen(deps, operation.id);
  return 'unfrozen';
}

/**
 * A Pay Score service order no longer holding anything: cancelled when the rental never went out
 * (cancelled or rejected before shipping), else completed with nothing owed (a clean return; what
 * was owed was asked by its own completion, executeCharge).
 */
async function releasePayScore(
  deps: AppDeps,
  platform: number,
  auth: { out_request_no: string; order_status: string; shipped_at: Date | null },
): Promise<void> {
  const wechat = deps.providers.payments.forBrand(platform).wechat;
  if (!hasPayScore(wechat))
    throw new ProviderError('wechat', 'rejected', 'this WeChat Pay gateway has no Pay Score');
  if (auth.shipped_at === null) return wechat.cancelServiceOrder(auth.out_request_no, '订单已取消');
  return wechat.completeServiceOrder(auth.out_request_no, [], beijingStamp(deps.now()));
}

/** yyyyMMddHHmmss in Beijing time (Pay Score's time_range). */
const beijingStamp = (at: Date) =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export async function markUnfrozen(deps: AppDeps, operationId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('deposit_operations')
      .set({ status: 'succeeded', finished_at: deps.now(), attempts: sql<number>`attempts + 1` })
      .where('id', '=', operationId)
      .where('status', '=', 'pending')
      .execute();
    crashPoint('unfreeze:before-commit');
  });
}

/**
 * Withholding from the bound card, or payment from the deposit authorisation: the provider is
 * asked to take the money; the outcome comes back as a trade notification (or reconciliation).
 */
export async function executeCharge(deps: AppDeps, paymentId: number): Promise<string> {
  const payment = await deps.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment || payment.status !== 'created') return 'nothing to do';
  const gateways = deps.providers.payments.forBrand(await brandOf(deps, payment.order_id));
  const trade = {
    outTradeNo: payment.out_trade_no,
    amount: payment.amount,
    subject: `订单 ${payment.order_id}`,
  };
  crashPoint('pay:before-call');
  try {
    if (payment.channel === 'card') {
      await gateways.card.withhold({
        ...trade,
        subject: `${trade.subject} 代扣`,
        agreementNo: await withholdingAgreementOf(deps, payment.order_id, payment.user_id),
      });
    } else if (payment.channel === 'auth') {
      const auth = await deps.db
        .selectFrom('deposit_authorisations')
        .select(['auth_no', 'out_request_no', 'credit_amount'])
        .where('order_id', '=', payment.order_id)
        .where('auth_no', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!auth?.auth_no)
        throw new ProviderError('alipay', 'rejected', 'the order has no deposit authorisation');
      await gateways.alipay.payFromAuth({
        ...trade,
        subject: `${trade.subject} 押金抵扣`,
        authNo: auth.auth_no,
        authRequestNo: auth.out_request_no,
        credit: (auth.credit_amount ?? 0) > 0,
      });
    } else if (payment.channel === 'payscore') {
      // What is owed at the end, asked of Pay Score by completing the service order with it;
      // WeChat collects it and PAYSCORE.USER_PAID pays the bills.
      const auth = await deps.db
        .selectFrom('deposit_authorisations')
        .select(['out_request_no'])
        .where('order_id', '=', payment.order_id)
        .where('provider', '=', 'payscore')
        .where('auth_no', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (!auth || !hasPayScore(gateways.wechat))
        throw new ProviderError('wechat', 'rejected', 'the order has no Pay Score service order');
      const lines = await deps.db
        .selectFrom('payment_bills as pb')
        .innerJoin('bills as b', 'b.id', 'pb.bill_id')
        .select(['b.kind', 'b.period', 'pb.amount'])
        .where('pb.payment_id', '=', payment.id)
        .orderBy('b.id')
        .execute();
      await gateways.wechat.completeServiceOrder(
        auth.out_request_no,
        lines.map((line) => ({
          name: PAYSCORE_ITEM_NAMES[line.kind] ?? '租金',
          amount: line.amount,
          description: `${PAYSCORE_ITEM_NAMES[line.kind] ?? '租金'} 第${line.period}期`,
        })),
        beijingStamp(deps.now()),
        payment.out_trade_no,
      );
    } else return 'paid by the user';
  } catch (error) {
    if (!isFinal(error)) throw error;
    await abandonCharge(deps, payment.id, errorText(error));
    return 'refused';
  }
  crashPoint('pay:after-call');
  await deps.db
    .updateTable('payments')
    .set({ requested_at: deps.now() })
    .where('id', '=', payment.id)
    .where('requested_at', 'is', null)
    .execute();
  return 'requested';
}

/** What each kind of bill is called on the Pay Score order (post_payments' name). */
const PAYSCORE_ITEM_NAMES: Record<string, string> = {
  COMPENSATION: '损坏赔偿',
  INSTALMENT: '租金',
  FINAL: '租金',
  OVERDUE_FEE: '逾期费',
  EARLY_RETURN: '提前归还费',
  BUYOUT: '买断款',
  RENEWAL: '续租租金',
};

/**
 * What the bank withholds under: the order's signed withholding agreement, else the agreement of
 * the user's latest bound card. Neither is a refusal no retry can change.
 */
async function withholdingAgreementOf(deps: AppDeps, orderId: number, userId: number) {
  const signed = await deps.db
    .selectFrom('withholding_agreements')
    .select(['agreement_no', 'cancelled_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  // The user cancelled automatic deduction for this order: not even the bound card is used.
  if (signed?.cancelled_at) {
    throw new ProviderError('withholding', 'rejected', 'the user cancelled the withholding');
  }
  if (signed) return signed.agreement_no;
  const card = await deps.db
    .selectFrom('bank_cards')
    .select('provider_token')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!card) throw new ProviderError('withholding', 'rejected', 'no bound card to withhold from');
  return card.provider_token;
}

/**
 * The provider refused a charge for good: the payment closes, its bills are free again, and what
 * was set aside on the authorisation for it is available again.
 */
export async function abandonCharge(deps: AppDeps, paymentId: number, reason: string) {
  await deps.db.transaction().execute(async (trx) => {
    // The order first, as every other writer locks it.
    await trx
      .selectFrom('orders')
      .select('id')
      .where('id', '=', trx.selectFrom('payments').select('order_id').where('id', '=', paymentId))
      .forUpdate()
      .execute();
    const closed = await trx
      .updateTable('payments')
      .set({ status: 'failed', finished_at: deps.now() })
      .where('id', '=', paymentId)
      .where('status', '=', 'created')
      .returning(['order_id', 'amount', 'channel'])
      .executeTakeFirst();
    if (!closed) return;
    await trx
      .updateTable('payment_bills')
      .set({ open: false })
      .where('payment_id', '=', paymentId)
      .execute();
    if (closed.channel === 'auth') {
      const auth = await trx
        .selectFrom('deposit_authorisations')
        .selectAll()
        .where('order_id', '=', closed.order_id)
        .where('auth_no', 'is not', null)
        .where('paid', '>=', closed.amount)
        .orderBy('id', 'desc')
        .forUpdate()
        .executeTakeFirst();
      if (auth?.status === 'frozen')
        await trx
          .updateTable('deposit_authorisations')
          .set({ paid: auth.paid - closed.amount })
          .where('id', '=', auth.id)
          .execute();
      else if (auth?.auth_no) {
        // The rest was released while this charge was under way: release this part too.
        await trx
          .updateTable('deposit_authorisations')
          .set({ paid: auth.paid - closed.amount, unfrozen: auth.unfrozen + closed.amount })
          .where('id', '=', auth.id)
          .execute();
        const { platform } = await trx
          .selectFrom('orders')
          .select('platform')
          .where('id', '=', auth.order_id)
          .executeTakeFirstOrThrow();
        await requestUnfreeze(trx, deps, {
          authorisationId: auth.id,
          orderId: auth.order_id,
          platform,
          authNo: auth.auth_no,
          amount: closed.amount,
        });
      }
    }
  });
  deps.jobs.log.warn({ paymentId, reason }, 'charge refused by the provider');
}

/**
 * Asks the provider for the deposit freeze recorded as `authorisationId` (sandbox flow): the
 * outbox job when asking at once failed (orders/deposit-freeze.ts), and reconciliation.
 */
export async function executeFreeze(deps: AppDeps, authorisationId: number): Promise<string> {
  // The authorisation with its order's brand, in one read.
  const auth = await deps.db
    .selectFrom('deposit_authorisations as a')
    .innerJoin('orders as o', 'o.id', 'a.order_id')
    .select(['a.id', 'a.status', 'a.out_request_no', 'a.amount', 'o.platform'])
    .where('a.id', '=', authorisationId)
    .executeTakeFirst();
  if (!auth || auth.status !== 'pending') return 'nothing to do';
  await deps.providers.payments.forBrand(auth.platform).alipay.freeze({
    outRequestNo: auth.out_request_no,
    amount: auth.amount,
  });
  await markFreezeRequested(deps, auth.id);
  return 'requested';
}

/** The provider was asked for the freeze (reconciliation then asks it what became of it). */
export async function markFreezeRequested(deps: AppDeps, authorisationId: number): Promise<void> {
  await deps.db
    .updateTable('deposit_authorisations')
    .set({ requested_at: deps.now() })
    .where('id', '=', authorisationId)
    .where('requested_at', 'is', null)
    .execute();
}

/**
 * Closes a trade we gave up on (the user switched channel, the order was cancelled), so it can no
 * longer be paid. If it was paid meanwhile, its success notification pays or refunds.
 */
export async function executeCloseTrade(deps: AppDeps, paymentId: number): Promise<string> {
  const payment = await deps.db
    .selectFrom('payments')
    .select(['out_trade_no', 'channel', 'status', 'order_id'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
  if (!payment || payment.status !== 'closed') return 'nothing to do';
  const platform = await brandOf(deps, payment.order_id);
  return gatewayOf(deps, platform, payment.channel).closeTrade(payment.out_trade_no);
}

/** The `outbox` job. */
export async function runOutboxJob(deps: AppDeps, data: Record<string, unknown>): Promise<string> {
  const id = Number(data.id);
  if (!Number.isInteger(id)) throw new Error(`outbox job without an id: ${JSON.stringify(data)}`);
  switch (data.kind as OutboxKind) {
    case 'refund':
      return executeRefund(deps, id);
    case 'unfreeze':
      return executeUnfreeze(deps, id);
    case 'withhold':
    case 'pay-from-auth':
      return executeCharge(deps, id);
    case 'freeze':
      return executeFreeze(deps, id);
    case 'close-trade':
      return executeCloseTrade(deps, id);
    case 'revoke-withholding':
      return executeRevocation(deps, id);
    default:
      throw new Error(`unknown outbox job ${String(data.kind)}`);
  }
}
