/**
 * SMS delivery receipts: every message a carrier accepted is recorded (`sms_messages`), and the
 * `sms-receipts` job asks the carrier (Dysms QuerySendDetails) about those without a final
 * status until it says delivered or failed, or the receipt window has passed.
 *
 * QuerySendDetails is asked by number and BizId, so the number is kept sealed (sealed.ts) while
 * the message is pending and erased once the status is final; the row otherwise shows only the
 * masked number. A query that fails (carrier down, a rejected signature after a key rotation)
 * leaves the message pending for a later run: nothing is lost.
 */
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AppDeps } from '../../boot/deps.ts';
import type { Database, Timestamp } from '../../db/schema.ts';
import type { SmsPurpose } from '../../boot/live-settings.ts';
import type { SmsProvider, SmsSent } from './index.ts';
import { maskMobile } from '../../lib/redact.ts';
import type { DataKey } from '../../lib/sealed.ts';

export type SmsStatus = 'pending' | 'delivered' | 'failed' | 'expired' | 'no_receipt';

export interface SmsMessagesTable {
  id: Generated<number>;
  platform: number;
  purpose: SmsPurpose;
  provider: string;
  biz_id: string;
  template_code: string | null;
  mobile_masked: string;
  mobile_sealed: string | null;
  status: SmsStatus;
  carrier_code: string | null;
  sent_at: Timestamp;
  checks: Generated<number>;
  next_check_at: ColumnType<Date, Date, Date>;
  last_error: string | null;
  final_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    sms_messages: SmsMessagesTable;
  }
}

/** Alibaba keeps a receipt this long after sending; a message still pending then is expired. */
export const RECEIPT_WINDOW_HOURS = 72;
/** Wait before the first query, doubling after each pending answer up to the longest wait. */
const FIRST_CHECK_MINUTES = 2;
const LONGEST_WAIT_MINUTES = 120;

const sealContext = (provider: string, bizId: string) => `sms_messages:${provider}:${bizId}`;
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/** Records a message the carrier accepted; pending when the carrier gives receipts. */
export async function recordSentSms(
  db: Kysely<Database>,
  key: DataKey,
  sms: SmsProvider,
  message: { platform: number; purpose: SmsPurpose; mobile: string; sent: SmsSent; at: Date },
): Promise<void> {
  const { platform, purpose, mobile, sent, at } = message;
  const receipts = sms.delivery !== undefined;
  await db
    .insertInto('sms_messages')
    .values({
      platform,
      purpose,
      provider: sms.name,
      biz_id: sent.messageId,
      template_code: sent.templateCode ?? null,
      mobile_masked: maskMobile(mobile),
      mobile_sealed: receipts ? key.seal(mobile, sealContext(sms.name, sent.messageId)) : null,
      status: receipts ? 'pending' : 'no_receipt',
      carrier_code: null,
      sent_at: at,
      next_check_at: minutesAfter(at, FIRST_CHECK_MINUTES),
      last_error: null,
      final_at: receipts ? null : at,
    })
    .execute();
}

/**
 * Erases the sealed number of every message still waiting for its receipt to `mobile` (an
 * account being cancelled): they end `expired`, as if the receipt window had passed, since the
 * carrier can no longer be asked without the number. The masked number narrows the search; a
 * seal that does not open with the current key is left to the receipt window.
 */
export async function eraseWaitingSmsNumbers(
  db: Kysely<Database>,
  key: DataKey,
  mobile: string,
  now: Date,
): Promise<number> {
  const waiting = await db
    .selectFrom('sms_messages')
    .select(['id', 'provider', 'biz_id', 'mobile_sealed'])
    .where('status', '=', 'pending')
    .where('mobile_masked', '=', maskMobile(mobile))
    .execute();
  const mine = waiting.filter((message) => {
    try {
      return (
        key.open(message.mobile_sealed ?? '', sealContext(message.provider, message.biz_id)) ===
        mobile
      );
    } catch {
      return false;
    }
  });
  if (mine.length === 0) return 0;
  await db
    .updateTable('sms_messages')
    .set({
      status: 'expired',
      mobile_sealed: null,
      final_at: now,
      last_error: 'number erased: account cancelled',
    })
    .where(
      'id',
      'in',
      mine.map((message) => message.id),
    )
    .execute();
  return mine.length;
}

export interface ReceiptReport {
  delivered: number;
  failed: number;
  pending: number;
  expired: number;
  /** Queries that failed; the messages stay pending. */
  errors: string[];
}

/** One pass at `now` over the pending messages due for a query. */
export async function pollSmsReceipts(
  deps: AppDeps,
  now: Date,
  batch = 200,
): Promise<ReceiptReport> {
  const report: ReceiptReport = { delivered: 0, failed: 0, pending: 0, expired: 0, errors: [] };
  const sms = deps.providers.sms;
  const delivery = sms.delivery?.bind(sms);
  const due = await deps.db
    .selectFrom('sms_messages')
    .select(['id', 'provider', 'biz_id', 'mobile_sealed', 'sent_at', 'checks'])
    .where('status', '=', 'pending')
    .where('provider', '=', sms.name)
    .where('next_check_at', '<=', now)
    .orderBy('next_check_at')
    .limit(batch)
    .execute();
  for (const message of due) {
    const row = deps.db.updateTable('sms_messages').where('id', '=', message.id);
    const expired =
      now.getTime() - new Date(message.sent_at).getTime() > RECEIPT_WINDOW_HOURS * 3600_000;
    const wait = Math.min(FIRST_CHECK_MINUTES * 2 ** (message.checks + 1), LONGEST_WAIT_MINUTES);
    try {
      if (!delivery) break;
      const mobile = deps.config.dataKey.open(
        message.mobile_sealed ?? '',
        sealContext(message.provider, message.biz_id),
      );
      const receipt = await delivery(mobile, message.biz_id, new Date(message.sent_at));
      if (receipt.status === 'delivered' || receipt.status === 'failed') {
        await row
          .set({
            status: receipt.status,
            carrier_code: receipt.carrierCode ?? null,
            mobile_sealed: null,
            final_at: now,
            last_error: null,
            checks: message.checks + 1,
          })
          .execute();
        report[receipt.status]++;
        continue;
      }
      if (expired) {
        await row
          .set({
            status: 'expired',
            mobile_sealed: null,
            final_at: now,
            checks: message.checks + 1,
          })
          .execute();
        report.expired++;
        continue;
      }
      await row
        .set({ checks: message.checks + 1, next_check_at: minutesAfter(now, wait) })
        .execute();
      report.pending++;
    } catch (error) {
      // Kept pending even past the window: the receipt may still be there once the query works.
      const reason = error instanceof Error ? error.message : String(error);
      await row
        .set({
          checks: message.checks + 1,
          next_check_at: minutesAfter(now, wait),
          last_error: reason.slice(0, 500),
        })
        .execute();
      report.errors.push(`sms ${message.id}: ${reason}`);
    }
  }
  return report;
}
