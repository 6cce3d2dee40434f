/** Kysely's view of the privacy tables (migration 0008). */
import type { ColumnType, Generated } from 'kysely';
import type { ConsentChannel, ConsentKind } from '../../../contract/api/privacy.ts';
import type { Timestamp } from '../db/schema.ts';
import type { MessageHost, ReminderPurpose } from './templates.ts';

export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  platform: number;
  kind: ConsentKind;
  policy_version: string;
  channel: ConsentChannel;
  ip: string;
  granted_at: Timestamp;
  withdrawn_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
}

export interface BillRemindersTable {
  id: Generated<number>;
  bill_id: number;
  kind: 'due_in_3_days' | 'due_in_1_day' | 'due_today' | 'overdue';
  channel: 'sms' | 'wechat' | 'alipay';
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface MessageSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  platform: number;
  host: MessageHost;
  purpose: ReminderPurpose;
  template_id: string;
  granted_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PrivacyTables {
  consents: ConsentsTable;
  bill_reminders: BillRemindersTable;
  message_subscriptions: MessageSubscriptionsTable;
}

declare module '../db/schema.ts' {
  // Declaration merging: an interface that only extends is exactly what adds the tables.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends PrivacyTables {}
}
