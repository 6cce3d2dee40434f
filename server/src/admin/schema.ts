/** Kysely's view of migration 0020_staff_audit.sql, merged into `Database` (as orders/schema.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { StaffRole } from '../../../contract/admin/index.ts';
import type { RiskRules } from '../../../contract/admin/risk.ts';
import type { DefaultedTimestamp, Timestamp } from '../db/schema.ts';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type JsonSummary = ColumnType<
  Record<string, unknown> | null,
  string | null | undefined,
  string | null
>;

export interface StaffTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  password_hash: string;
  role: StaffRole;
  all_brands: Generated<boolean>;
  brands: ColumnType<number[], number[] | undefined, number[]>;
  totp_secret: Nullable<string>;
  totp_last_step: ColumnType<string | number | null, number | null | undefined, number | null>;
  must_change_password: Generated<boolean>;
  demo: Generated<boolean>;
  service: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_until: Nullable<Date>;
  disabled_at: Nullable<Date>;
  created_by: Nullable<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  csrf_hash: string;
  ip: string;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: Nullable<Date>;
  revoked_reason: Nullable<'logout' | 'disabled' | 'password_changed' | 'expired'>;
}

export type AuditVia = 'console' | 'ops' | 'cli';

export interface AuditEventsTable {
  id: Generated<string>;
  staff_id: number | null;
  staff_login: string;
  at: DefaultedTimestamp;
  ip: string | null;
  via: AuditVia;
  platform: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  before: JsonSummary;
  after: JsonSummary;
}

export interface OrderInspectionsTable {
  id: Generated<number>;
  order_id: number;
  staff_id: number;
  checklist: ColumnType<{ item: string; ok: boolean }[], string, string>;
  damage: number;
  note: Generated<string>;
  created_at: DefaultedTimestamp;
}

/** 0040_risk_review.sql: each brand's risk rules. */
export interface RiskRulesTable {
  platform: number;
  rules: ColumnType<RiskRules, string, string>;
  updated_by: number;
  updated_at: DefaultedTimestamp;
}

export interface AdminTables {
  risk_rules: RiskRulesTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_events: AuditEventsTable;
  order_inspections: OrderInspectionsTable;
}

declare module '../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends AdminTables {}
}
