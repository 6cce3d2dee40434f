/**
 * WeChat Pay v3 notifications (`POST /pay/notify/wechat/<brand>` with WECHAT_PROVIDER=live):
 * headers and raw JSON body, verified and decrypted by the brand's gateway. A trade notification
 * goes through handleNotification like every gateway's (merchant, amount, once per notify id, all
 * in one transaction); a refund notification records what became of a refund WeChat accepted.
 * The HTTP answer follows the commit: 204 for anything checked, 401 with WeChat's
 * `{code: 'FAIL'}` and what failed for what cannot be trusted, so a genuine notification is sent
 * again.
 */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../boot/deps.ts';
import {
  handleNotification,
  recordNotificationOutcome,
  type NotificationOutcome,
} from '../orders/payment-outcomes.ts';
import { payScoreAuthorisation, payScorePaymentOf } from '../orders/payscore-rows.ts';
import { rejectedNotificationDigest } from './rejected-notifications.ts';
import type { WechatNotification, WechatPayGateway } from './wechatpay.ts';

type RefundNotification = Extract<WechatNotification, { kind: 'refund' }>;
type PayScoreNotification = Extract<WechatNotification, { kind: 'payscore' }>;

export async function acceptWechatNotification(
  deps: AppDeps,
  gateway: WechatPayGateway,
  platform: number,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  /** Awaited before a notification that fails verification is stored (429 past its sender's limit). */
  admitRejected: () => Promise<void> = async () => {},
): Promise<NotificationOutcome> {
  const decoded = gateway.decodeNotification(
    headers,
    rawBody,
    Math.floor(deps.now().getTime() / 1000),
  );
  if (decoded.kind === 'refused') {
    // Signed by WeChat Pay but not decryptable with our APIv3 key: a wrong key here, or a
    // tampered resource; either way not applied, and said so.
    const outcome = decoded.failed === 'decryption' ? 'undecryptable' : 'bad_signature';
    // Only what WeChat Pay did not sign counts against its sender's IP: its own retries never do.
    if (outcome === 'bad_signature') await admitRejected();
    await deps.db
      .insertInto('payment_notifications')
      .values({
        out_trade_no: '',
        notify_id: `rejected-${randomBytes(8).toString('hex')}`,
        provider: 'wechat',
        trade_status: '',
        verified: decoded.failed === 'decryption',
        outcome,
        // Nothing of it could be read as WeChat Pay's: a bounded digest of what arrived, for ops.
        payload: rejectedNotificationDigest(rawBody),
      })
      .execute();
    return outcome;
  }
  if (decoded.kind === 'trade')
    return handleNotification(deps.db, deps, 'wechat', platform, decoded.fields, true);
  if (decoded.kind === 'payscore') return applyPayScoreNotification(deps, platform, decoded);
  return applyRefundNotification(deps, gateway, platform, decoded);
}

/**
 * SUCCESS: the money reached the user (a refund still pending here is settled). CLOSED or
 * ABNORMAL: it did not (the user's card closed, say); kept on the refund for ops, who re-issue it.
 */
async function applyRefundNotification(
  deps: AppDeps,
  gateway: WechatPayGateway,
  platform: number,
  notice: RefundNotification,
): Promise<NotificationOutcome> {
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('payment_notifications')
      .values({
        out_trade_no: notice.outTradeNo.slice(0, 64),
        notify_id: notice.notifyId,
        provider: 'wechat',
        trade_status: `REFUND.${notice.status}`.slice(0, 32),
        verified: true,
        outcome: 'pending',
        payload: notice.payload,
      })
      .onConflict((oc) => oc.columns(['provider', 'notify_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate';
    const refund = await trx
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.id', 'r.amount', 'r.status', 'p.out_trade_no', 'o.platform'])
      .where('r.out_refund_no', '=', notice.outRefundNo)
      .forUpdate()
      .executeTakeFirst();
    let outcome: NotificationOutcome;
    if (!refund) outcome = 'unknown_trade';
    else if (
      notice.mchid !== gateway.merchantId ||
      refund.platform !== platform ||
      refund.out_trade_no !== notice.outTradeNo
    )
      outcome = 'merchant_mismatch';
    else if (refund.amount !== notice.amount) outcome = 'amount_mismatch';
    else {
      const landed = notice.status === 'SUCCESS';
      await trx
        .updateTable('refunds')
        .set({
          provider_status: notice.status,
          ...(landed ? {} : { last_error: `WeChat Pay: refund ${notice.status}` }),
          ...(refund.status === 'pending'
            ? { status: landed ? 'succeeded' : 'failed', finished_at: deps.now() }
            : {}),
        })
        .where('id', '=', refund.id)
        .execute();
      if (!landed)
        deps.jobs.log.error(
          { refund: notice.outRefundNo, status: notice.status },
          'WeChat Pay refund did not reach the user: re-issue it',
        );
      outcome = 'applied';
    }
    await recordNotificationOutcome(trx, inserted.id, outcome);
    return outcome;
  });
}

/**
 * Pay Score's notifications, in the engine's common fields, through handleNotification like any
 * (our merchant, once per notify id, one transaction):
 * - PAYSCORE.USER_CONFIRM: the user confirmed the service order (state DOING); its risk fund is
 *   the deposit, held: a freeze of the service order's out_order_no (auth_no = WeChat's order_id).
 * - PAYSCORE.USER_PAID: what the completion asked for was collected; the payment of channel
 *   `payscore` that completion belongs to is paid (collection.paid_amount).
 * Others (or a service order we do not know) are acknowledged and change nothing.
 */
async function applyPayScoreNotification(
  deps: AppDeps,
  platform: number,
  notice: PayScoreNotification,
): Promise<NotificationOutcome> {
  const order = notice.order;
  const outOrderNo = order.out_order_no ?? '';
  const common = { notify_id: notice.notifyId, mchid: order.mchid ?? '' };
  if (notice.event === 'PAYSCORE.USER_CONFIRM')
    return handleNotification(
      deps.db,
      deps,
      'wechat',
      platform,
      {
        ...common,
        notify_type: 'freeze',
        out_trade_no: outOrderNo,
        status: order.state === 'DOING' ? 'SUCCESS' : '',
        auth_no: order.order_id ?? '',
        total_amount: String(order.risk_fund?.amount ?? ''),
      },
      true,
    );
  if (notice.event === 'PAYSCORE.USER_PAID') {
    const auth = await payScoreAuthorisation(deps.db, outOrderNo);
    const payment = auth ? await payScorePaymentOf(deps.db, auth.order_id) : undefined;
    return handleNotification(
      deps.db,
      deps,
      'wechat',
      platform,
      {
        ...common,
        // Only a collection WeChat reports as paid pays; anything else waits (never a close).
        notify_type: payment && order.collection?.state === 'USER_PAID' ? 'trade' : 'progress',
        out_trade_no: payment?.out_trade_no ?? outOrderNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: String(order.collection?.paid_amount ?? order.total_amount ?? ''),
        trade_no: order.collection?.details?.[0]?.transaction_id ?? order.order_id ?? '',
      },
      true,
    );
  }
  return handleNotification(
    deps.db,
    deps,
    'wechat',
    platform,
    { ...common, notify_type: 'progress', out_trade_no: outOrderNo },
    true,
  );
}
