/**
 * Kysely's view of every table. Core tables are here; the catalogue's are in `schema-catalog.ts`
 * (owned by the catalogue), and later issues add their own file and extend `Database` the same way.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { CatalogTables } from './schema-catalog.ts';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A jsonb column read as T and written as its JSON text. */
export type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  mobile: string | null;
  nickname: Generated<string>;
  avatar: Generated<string>;
  alipay_user_id: string | null;
  channel_code: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** Set when the account was cancelled (注销): personal data is gone, the row stays for orders. */
  cancelled_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  /** Cancelled accounts: the day what the law keeps (contracts, payments) may be purged too. */
  retain_until: ColumnType<Date | null, string | undefined, string | null>;
}

export interface UserOpenIdsTable {
  id: Generated<number>;
  user_id: number;
  platform: number;
  provider: 'alipay' | 'wechat';
  open_id: string;
  created_at: DefaultedTimestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  platform: number;
  created_at: DefaultedTimestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: 'logout' | 'replaced' | 'cancelled' | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  code_hash: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  burnt_at: Timestamp | null;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  /** The brand the address was made on (each brand is its own merchant). */
  platform: number;
  name: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  is_default: Generated<boolean>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface EmergencyContactsTable {
  user_id: number;
  name: string;
  mobile: string;
  relation: string;
  updated_at: DefaultedTimestamp;
}

export interface CouponsTable {
  id: Generated<number>;
  platform: number | null;
  title: string;
  description: Generated<string>;
  amount: number;
  min_amount: Generated<number>;
  valid_days: number;
  stock: number | null;
  claimed: Generated<number>;
  active: Generated<boolean>;
  created_at: DefaultedTimestamp;
  /** 0055: amount off (the first kind), percentage off, or the first month free. */
  kind: Generated<CouponKind>;
  percent_off: Generated<number | null>;
  /** When the coupon is offered: claims outside the window are refused; null is open. */
  starts_at: Generated<Date | null>;
  ends_at: Generated<Date | null>;
  per_user_limit: Generated<number>;
  /** Goods ids it applies to (jsonb); null: every goods. */
  goods_ids: ColumnType<number[] | null, string | null | undefined, string | null>;
  updated_at: DefaultedTimestamp;
}

export type CouponKind = 'amount' | 'percent' | 'first_month_free';

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  /** The brand the coupon was claimed on. */
  platform: number;
  coupon_id: number;
  status: Generated<'unused' | 'used'>;
  claimed_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** 0055: the n-th claim of this coupon by this user (up to the coupon's per-user limit). */
  claim_no: Generated<number>;
  /** The staff account that issued it from the console; null when the user claimed it. */
  issued_by: Generated<number | null>;
}

export interface ComplaintsTable {
  id: Generated<number>;
  user_id: number;
  platform: number;
  type: string;
  content: string;
  contact_mobile: string | null;
  images: Json<string[]>;
  created_at: DefaultedTimestamp;
  /** The console's handling (0041): state, assignee, the reply the customer reads. */
  status: ColumnType<ComplaintStatus, ComplaintStatus | undefined, ComplaintStatus>;
  assignee_id: ColumnType<number | null, number | null | undefined, number | null>;
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_by: ColumnType<number | null, number | null | undefined, number | null>;
  replied_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: DefaultedTimestamp;
}

export type ComplaintStatus = 'new' | 'in_progress' | 'resolved';

export interface UploadsTable {
  id: string;
  user_id: number;
  original_name: string;
  mime: string;
  size: number;
  created_at: DefaultedTimestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: DefaultedTimestamp;
}

export interface CoreTables {
  users: UsersTable;
  user_open_ids: UserOpenIdsTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  addresses: AddressesTable;
  emergency_contacts: EmergencyContactsTable;
  coupons: CouponsTable;
  user_coupons: UserCouponsTable;
  complaints: ComplaintsTable;
  uploads: UploadsTable;
  schema_migrations: SchemaMigrationsTable;
}

export interface Database extends CoreTables, CatalogTables {}

export type User = Selectable<UsersTable>;
export type NewCoupon = Insertable<CouponsTable>;
