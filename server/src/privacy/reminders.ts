/**
 * Bill reminders (customer care): 3 days and 1 day before a bill is due, on the day, and on the
 * first day it is overdue, by SMS and, where the user subscribed in the mini-program, by WeChat
 * or Alipay subscribe message. Each (bill, kind, channel) is sent at most once: a unique row is
 * claimed before the provider is called. Never for a paid bill, an order that ended, or a
 * cancelled account. A failed SMS is tried again by the next hourly run of the same day (3 tries).
 */
import { sql } from 'kysely';
import type { AppDeps } from '../boot/deps.ts';
import { addDays, dayOf, outstandingOf } from '../orders/bills.ts';
import { TERMINAL_STATUSES, type OrderStatus } from '../orders/machine.ts';
import type { BillRemindersTable } from './schema.ts';
import { templateData, type MessageHost, type ReminderPurpose } from './templates.ts';
import '../orders/schema.ts';
import './schema.ts';
import { recordSentSms } from '../providers/sms/receipts.ts';

type ReminderKind = BillRemindersTable['kind'];

export const REMINDER_SCHEDULE: readonly {
  kind: ReminderKind;
  /** Days from today to the bill's due date. */
  daysToDue: number;
  purpose: ReminderPurpose;
}[] = [
  { kind: 'due_in_3_days', daysToDue: 3, purpose: 'bill_reminder' },
  { kind: 'due_in_1_day', daysToDue: 1, purpose: 'bill_reminder' },
  { kind: 'due_today', daysToDue: 0, purpose: 'bill_due_today' },
  { kind: 'overdue', daysToDue: -1, purpose: 'overdue_notice' },
];

/** An SMS that failed is tried again by later runs of the same day, this many times in all. */
export const SMS_ATTEMPTS = 3;

/** Orders whose bills are not reminded: ended, or not yet paid for (the first payment window). */
const QUIET_STATUSES: readonly OrderStatus[] = [
  ...TERMINAL_STATUSES,
  'PENDING_VERIFY',
  'PENDING_SIGN',
  'PENDING_FREEZE',
  'PENDING_PAY',
];

export interface ReminderReport {
  sms: number;
  subscribe: number;
  failed: number;
  errors: string[];
}

interface DueBill {
  billId: number;
  orderId: number;
  userId: number;
  platform: number;
  period: number;
  dueDate: string;
  outstanding: number;
  mobile: string;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** Unpaid bills due `daysToDue` days from `today`, of running orders of live accounts. */
async function dueBills(deps: AppDeps, dueDate: string): Promise<DueBill[]> {
  const rows = await deps.db
    .selectFrom('bills')
    .innerJoin('orders', 'orders.id', 'bills.order_id')
    .innerJoin('users', 'users.id', 'bills.user_id')
    .select([
      'bills.id',
      'bills.order_id',
      'bills.user_id',
      'orders.platform',
      'bills.kind',
      'bills.period',
      'bills.original',
      'bills.discount',
      'bills.overdue_fee',
      'bills.paid',
      'bills.status',
      'users.mobile',
    ])
    .where('bills.status', '=', 'unpaid')
    .where('bills.due_date', '=', sql<Date>`cast(${dueDate} as date)`)
    .where('bills.kind', 'in', ['INSTALMENT', 'FINAL', 'RENEWAL'])
    .where('orders.status', 'not in', QUIET_STATUSES)
    .where('users.cancelled_at', 'is', null)
    .where('users.mobile', 'is not', null)
    .orderBy('bills.id')
    .execute();
  return rows
    .map((row) => ({
      billId: row.id,
      orderId: row.order_id,
      userId: row.user_id,
      platform: row.platform,
      period: row.period,
      dueDate,
      outstanding: outstandingOf(row),
      mobile: row.mobile ?? '',
    }))
    .filter((bill) => bill.outstanding > 0 && bill.mobile !== '');
}

/** Claims the SMS row (new, or a failed one to try again); false when it is not ours to send. */
async function claimSms(deps: AppDeps, billId: number, kind: ReminderKind, now: Date) {
  const inserted = await deps.db
    .insertInto('bill_reminders')
    .values({ bill_id: billId, kind, channel: 'sms', attempts: 1, created_at: now })
    .onConflict((oc) => oc.columns(['bill_id', 'kind', 'channel']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const retried = await deps.db
    .updateTable('bill_reminders')
    .set((eb) => ({ status: 'pending', attempts: eb('attempts', '+', 1) }))
    .where('bill_id', '=', billId)
    .where('kind', '=', kind)
    .where('channel', '=', 'sms')
    .where('status', '=', 'failed')
    .where('attempts', '<', SMS_ATTEMPTS)
    .returning('id')
    .executeTakeFirst();
  return retried?.id;
}

/**
 * Claims the subscribe-message row and uses up one of the user's subscriptions to the template,
 * together; undefined when the user has no open id or no unused subscription on this brand.
 */
async function claimSubscribe(
  deps: AppDeps,
  bill: DueBill,
  kind: ReminderKind,
  host: MessageHost,
  purpose: ReminderPurpose,
  now: Date,
) {
  return deps.db.transaction().execute(async (trx) => {
    const openId = await trx
      .selectFrom('user_open_ids')
      .select('open_id')
      .where('user_id', '=', bill.userId)
      .where('platform', '=', bill.platform)
      .where('provider', '=', host)
      .executeTakeFirst();
    if (!openId) return undefined;
    const subscription = await trx
      .selectFrom('message_subscriptions')
      .select(['id', 'template_id'])
      .where('user_id', '=', bill.userId)
      .where('platform', '=', bill.platform)
      .where('host', '=', host)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!subscription) return undefined;
    const row = await trx
      .insertInto('bill_reminders')
      .values({ bill_id: bill.billId, kind, channel: host, attempts: 1, created_at: now })
      .onConflict((oc) => oc.columns(['bill_id', 'kind', 'channel']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('message_subscriptions')
      .set({ used_at: now })
      .where('id', '=', subscription.id)
      .execute();
    return { id: row.id, openId: openId.open_id, templateId: subscription.template_id };
  });
}

async function settle(deps: AppDeps, id: number, error: unknown, now: Date) {
  await deps.db
    .updateTable('bill_reminders')
    .set(
      error === undefined
        ? { status: 'sent', sent_at: now, last_error: null }
        : { status: 'failed', last_error: error instanceof Error ? error.message : String(error) },
    )
    .where('id', '=', id)
    .execute();
}

/** One run at `now`: every reminder due today, each channel claimed before it is sent. */
export async function remindBills(deps: AppDeps, now: Date): Promise<ReminderReport> {
  const report: ReminderReport = { sms: 0, subscribe: 0, failed: 0, errors: [] };
  const today = dayOf(now);
  for (const { kind, daysToDue, purpose } of REMINDER_SCHEDULE) {
    for (const bill of await dueBills(deps, addDays(today, daysToDue))) {
      const params = {
        orderId: String(bill.orderId),
        period: String(bill.period),
        amount: yuan(bill.outstanding),
        dueDate: bill.dueDate,
      };
      const smsId = await claimSms(deps, bill.billId, kind, now);
      if (smsId !== undefined) {
        try {
          const sent = await deps.providers.sms.sendNotice({
            mobile: bill.mobile,
            platform: bill.platform,
            purpose,
            params,
          });
          await settle(deps, smsId, undefined, now);
          // Sent either way: a record that fails to write must not send the notice again.
          await recordSentSms(deps.db, deps.config.dataKey, deps.providers.sms, {
            platform: bill.platform,
            purpose,
            mobile: bill.mobile,
            sent,
            at: now,
          }).catch((error: unknown) =>
            report.errors.push(`bill ${bill.billId} ${kind} sms record: ${String(error)}`),
          );
          report.sms += 1;
        } catch (error) {
          await settle(deps, smsId, error, now);
          report.failed += 1;
          report.errors.push(`bill ${bill.billId} ${kind} sms: ${String(error)}`);
        }
      }
      for (const host of ['wechat', 'alipay'] as const) {
        const claimed = await claimSubscribe(deps, bill, kind, host, purpose, now);
        if (!claimed) continue;
        try {
          await deps.providers.subscribeMessages.send({
            host,
            platform: bill.platform,
            openId: claimed.openId,
            templateId: claimed.templateId,
            page: `pages/orderDetail/orderDetail?orderId=${bill.orderId}`,
            data: templateData(deps.config.subscribeTemplateFields, claimed.templateId, params),
          });
          await settle(deps, claimed.id, undefined, now);
          report.subscribe += 1;
        } catch (error) {
          // Not tried again: the subscription it used is spent either way.
          await settle(deps, claimed.id, error, now);
          report.failed += 1;
          report.errors.push(`bill ${bill.billId} ${kind} ${host}: ${String(error)}`);
        }
      }
    }
  }
  return report;
}
