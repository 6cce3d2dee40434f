/**
 * Account cancellation (注销账户) and the export of a user's personal data.
 *
 * The account is the person (one mobile, one row in `users`), shared by every brand, so
 * cancelling it covers every brand, and what blocks it is looked for on every brand: the reply
 * names each blocking order and bill with its brand, since it is the user's own data.
 *
 * What cancellation does, in one transaction with the user's row locked:
 * - deleted: ID-card photos, selfies and other uploads (rows and files), OCR results, face
 *   sessions, the identity record (name, masked ID, ID hash, birth date), the credit score,
 *   the emergency contact, addresses, bank cards not behind a withholding agreement and every
 *   pending bind, login codes for the mobile, open-id bindings, unused coupons, idempotency
 *   replies;
 * - anonymised: the user row (mobile, nickname, avatar, Alipay user id, channel cleared, so the
 *   mobile can register afresh), bank cards behind a past withholding agreement (reserved mobile
 *   and the provider's agreement token cleared, only bank, type, first 6 and last 4 kept),
 *   complaints (contact mobile and images dropped);
 * - ended: every session on every brand (they answer 60002), every live consent (withdrawn);
 * - kept, because the law requires it (see RETAINED): orders with their snapshot (goods, plan,
 *   delivery address), bills, payments, refunds, deposit operations, order events, signed
 *   contracts and withholding agreements, and the consent records themselves.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { CancellationBlockers, CancellationCheck } from '../../../contract/api/privacy.ts';
import type { Executor } from '../db/index.ts';
import type { AppDeps } from '../boot/deps.ts';
import { conflict, unauthorized } from '../plugins/errors.ts';
import { forgetUserSessions } from '../plugins/session-cache.ts';
import { eraseWaitingSmsNumbers } from '../providers/sms/receipts.ts';
import { addDays, dayOf, outstandingOf } from '../orders/bills.ts';
import { STATUS_TEXT, TERMINAL_STATUSES } from '../orders/machine.ts';
import '../kyc/schema.ts';
import '../orders/schema.ts';
import './schema.ts';

/** Years the transaction records are kept after cancellation (the longest rule below wins). */
export const RETENTION_YEARS = 3;

/** What is kept after cancellation, why, and for how long (shown to the user before they confirm). */
export const RETAINED: CancellationCheck['retained'] = [
  {
    what: '订单、账单、支付与退款记录（含商品、金额、收货地址）',
    why: '《电子商务法》第三十一条：交易信息自交易完成之日起保存不少于三年',
    years: RETENTION_YEARS,
  },
  {
    what: '已签署的租赁合同与代扣协议',
    why: '《民法典》第一百八十八条诉讼时效三年；《电子签名法》要求数据电文可供查验',
    years: RETENTION_YEARS,
  },
  {
    what: '您同意各项协议与授权的记录',
    why: '《个人信息保护法》第十四条：证明处理个人信息已取得您的同意',
    years: RETENTION_YEARS,
  },
];

export const DELETED: CancellationCheck['deleted'] = [
  '手机号、昵称、头像及支付宝/微信账号绑定',
  '实名信息、身份证照片、人脸认证记录与信用评分',
  '紧急联系人与收货地址簿',
  '银行卡（已用于代扣的卡仅保留银行名称与卡号前六后四位）',
  '未使用的优惠券、反馈中的联系方式与图片',
  '所有平台上的登录状态',
];

/** Orders still running and bills with money owed, on every brand. */
export async function cancellationBlockers(
  db: Executor,
  userId: number,
): Promise<CancellationBlockers> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'platform', 'status', 'snapshot'])
    .where('user_id', '=', userId)
    .where('status', 'not in', TERMINAL_STATUSES)
    .orderBy('id')
    .execute();
  const bills = await db
    .selectFrom('bills')
    .innerJoin('orders', 'orders.id', 'bills.order_id')
    .select([
      'bills.id',
      'bills.order_id',
      'orders.platform',
      'bills.kind',
      'bills.period',
      'bills.due_date',
      'bills.original',
      'bills.discount',
      'bills.overdue_fee',
      'bills.paid',
      'bills.status',
    ])
    .where('bills.user_id', '=', userId)
    .where('bills.status', '=', 'unpaid')
    .orderBy('bills.due_date')
    .orderBy('bills.id')
    .execute();
  return {
    orders: orders.map((order) => ({
      orderId: order.id,
      platform: order.platform,
      status: order.status,
      statusText: STATUS_TEXT[order.status],
      goodsName: order.snapshot.goods.name,
    })),
    bills: bills
      .map((bill) => ({
        billId: bill.id,
        orderId: bill.order_id,
        platform: bill.platform,
        kind: bill.kind,
        period: bill.period,
        dueDate: bill.due_date.toISOString().slice(0, 10),
        outstanding: outstandingOf(bill),
      }))
      .filter((bill) => bill.outstanding > 0),
  };
}

export async function cancellationCheck(db: Executor, userId: number): Promise<CancellationCheck> {
  const blockers = await cancellationBlockers(db, userId);
  return {
    allowed: blockers.orders.length === 0 && blockers.bills.length === 0,
    blockers,
    deleted: DELETED,
    retained: RETAINED,
  };
}

/** The 409 message: which orders and bills, so the user knows what to settle first. */
export function blockedMessage(blockers: CancellationBlockers): string {
  const parts: string[] = [];
  if (blockers.orders.length > 0) {
    parts.push(
      `进行中的订单：${blockers.orders.map((o) => `${o.orderId}（${o.statusText}）`).join('、')}`,
    );
  }
  if (blockers.bills.length > 0) {
    parts.push(
      `未结清的账单：${blockers.bills
        .map((b) => `订单${b.orderId}第${b.period}期 ¥${(b.outstanding / 100).toFixed(2)}`)
        .join('、')}`,
    );
  }
  return `暂时无法注销：${parts.join('；')}。请结清后再试，或联系客服。`;
}

/** Cancels the account; refuses (409, with the blockers named) while anything is running or owed. */
export async function cancelAccount(
  deps: AppDeps,
  userId: number,
): Promise<{ cancelledAt: string; retainUntil: string }> {
  const now = deps.now();
  const retainUntil = addDays(dayOf(now), Math.round(RETENTION_YEARS * 365.25));
  const uploads = await deps.db.transaction().execute(async (trx) => {
    // The row lock serialises two cancellations and makes the blocker check current.
    const user = await trx
      .selectFrom('users')
      .select(['id', 'mobile', 'cancelled_at'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.cancelled_at) throw unauthorized();
    const blockers = await cancellationBlockers(trx, userId);
    if (blockers.orders.length > 0 || blockers.bills.length > 0) {
      throw conflict(blockedMessage(blockers));
    }

    const files = await trx
      .selectFrom('uploads')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    await trx.deleteFrom('ocr_results').where('user_id', '=', userId).execute();
    await trx.deleteFrom('uploads').where('user_id', '=', userId).execute();
    await trx.deleteFrom('face_sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('credit_scores').where('user_id', '=', userId).execute();
    // Pay Score's assessment of the person (issue 39): theirs, gone with the account.
    await trx.deleteFrom('payscore_refusals').where('user_id', '=', userId).execute();
    await trx.deleteFrom('identity_verifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('identities').where('user_id', '=', userId).execute();
    await trx.deleteFrom('emergency_contacts').where('user_id', '=', userId).execute();
    await trx.deleteFrom('addresses').where('user_id', '=', userId).execute();
    await trx.deleteFrom('bank_card_binds').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('bank_cards')
      .where('user_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('withholding_agreements')
              .select('withholding_agreements.id')
              .whereRef('withholding_agreements.bank_card_id', '=', 'bank_cards.id'),
          ),
        ),
      )
      .execute();
    await trx
      .updateTable('bank_cards')
      .set({
        reserved_mobile: '',
        provider_token: '',
        // The keyed hash still identifies the card number; unique per user, so per row.
        card_hash: sql<string>`'cancelled-' || id`,
      })
      .where('user_id', '=', userId)
      .execute();
    if (user.mobile) {
      await trx.deleteFrom('sms_codes').where('mobile', '=', user.mobile).execute();
      await eraseWaitingSmsNumbers(trx, deps.config.dataKey, user.mobile, now);
    }
    await trx.deleteFrom('user_open_ids').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('user_coupons')
      .where('user_id', '=', userId)
      .where('status', '=', 'unused')
      .execute();
    await trx.deleteFrom('idempotency_keys').where('user_id', '=', userId).execute();
    await trx
      .updateTable('complaints')
      .set({ contact_mobile: null, images: '[]' })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: now, revoked_reason: 'cancelled' })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .updateTable('consents')
      .set({ withdrawn_at: now })
      .where('user_id', '=', userId)
      .where('withdrawn_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set({
        mobile: null,
        nickname: '已注销用户',
        avatar: '',
        alipay_user_id: null,
        channel_code: null,
        cancelled_at: now,
        retain_until: retainUntil,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    return files.map((file) => file.id);
  });
  // Its sessions are refused from the next request on (plugins/session-cache.ts).
  forgetUserSessions(deps.db, userId);
  // Files go after the commit: a rollback must not leave rows pointing at deleted files, and a
  // file that fails to go is an orphan nobody can reach (its row is gone), logged for ops.
  for (const id of uploads) {
    await fs.rm(path.join(deps.config.uploadDir, id), { force: true }).catch((error: unknown) => {
      deps.jobs.log.warn({ err: error, upload: id }, 'cancelled account: upload not removed');
    });
  }
  return { cancelledAt: now.toISOString(), retainUntil };
}
