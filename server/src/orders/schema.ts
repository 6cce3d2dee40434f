/**
 * Kysely's view of migration 0003_orders.sql, merged into `Database` by module augmentation so
 * every `Kysely<Database>` sees the order tables without the core's schema file changing.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, Json, Timestamp } from '../db/schema.ts';
import type { BillKind } from '../../../contract/lease/index.ts';
import type { Action, Actor, DepositMethod, EventParams, OrderStatus } from './machine.ts';

/** A `date` column: read as Date on both engines, written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date, string, string>;

export type { Actor, DepositMethod, EventParams } from './machine.ts';
export type SubProcess = 'renewal' | 'return' | 'buyout' | 'cancel';
export type { BillKind };
/** 'deposit': bills paid from a paid deposit before WeChat's refund window closed. */
export type PayChannel =
  | 'alipay'
  | 'wechat'
  | 'card'
  | 'auth'
  | 'deposit'
  | 'payscore'
  /** Paid outside the platform (transfer, cash), recorded by finance in the console (0060). */
  | 'offline';

export interface OrderSnapshot {
  goods: { id: number; name: string; cover: string; brandName: string; marketPrice: number };
  sku: { id: number; color: string; capacity: string; condition: string; price: number };
  plan: {
    id: number;
    termUnit: 'month' | 'day';
    term: number;
    rentPerPeriod: number;
    firstPayment: number;
    deposit: number;
    buyoutPrices: number[];
  };
  services: { id: number; name: string; price: number; priceUnit: 'once' | 'period' }[];
  address: {
    name: string;
    mobile: string;
    province: string;
    city: string;
    district: string;
    detail: string;
  };
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  platform: number;
  status: OrderStatus;
  resume_status: OrderStatus | null;
  sub_process: SubProcess | null;
  goods_id: number;
  sku_id: number;
  plan_id: number;
  snapshot: Json<OrderSnapshot>;
  term_unit: 'month' | 'day';
  term: number;
  rent_per_period: number;
  deposit_method: DepositMethod;
  deposit: number;
  /** A paid WeChat deposit settled before its refund window closed (0010). */
  deposit_settled_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  user_coupon_id: number | null;
  coupon_discount: Generated<number>;
  pay_deadline: Timestamp | null;
  waybill: string | null;
  /** Who carries the shipment and the device's serial / IMEI (0020, the console's ship). */
  courier: ColumnType<string | null, string | null | undefined, string | null>;
  device_serial: ColumnType<string | null, string | null | undefined, string | null>;
  /** The storefront's device id the order was placed from (0040, risk review). */
  device_id: ColumnType<string | null, string | null | undefined, string | null>;
  return_waybill: string | null;
  shipped_at: Timestamp | null;
  delivered_at: Timestamp | null;
  received_at: Timestamp | null;
  start_date: DateColumn | null;
  end_date: DateColumn | null;
  /** The order took one unit of its SKU's stock and has not given it back. */
  holds_stock: Generated<boolean>;
  /** The `cancel_reason` / `return_reason` dictionary value the user last chose (0013). */
  /** The channel code the customer arrived with (0065), for reports by channel. */
  channel_code: ColumnType<string | null, string | null | undefined, string | null>;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  return_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface BillsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  kind: BillKind;
  period: number;
  due_date: DateColumn;
  original: number;
  discount: Generated<number>;
  paid: Generated<number>;
  status: Generated<'unpaid' | 'paid' | 'cancelled'>;
  overdue_days: Generated<number>;
  overdue_fee: Generated<number>;
  /** Of the late fee, what the merchant waived (0060): the sweep's fee is less this. */
  fee_waived: Generated<number>;
  /** What was owed when the merchant wrote the bill off (0060; the bill is then cancelled). */
  written_off: Generated<number>;
  channel: string | null;
  out_trade_no: string | null;
  paid_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface PaymentsTable {
  id: Generated<number>;
  out_trade_no: string;
  user_id: number;
  order_id: number;
  purpose: 'bills' | 'freeze';
  channel: PayChannel;
  amount: number;
  status: Generated<'created' | 'succeeded' | 'failed' | 'closed'>;
  provider_trade_no: string | null;
  created_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
  /** When the provider was asked to take the money (withholding, payment from the authorisation). */
  requested_at: Timestamp | null;
  /** Reported paid after we had closed it or seen it fail (notifications out of order). */
  late_success: Generated<boolean>;
}

export interface PaymentBillsTable {
  payment_id: number;
  bill_id: number;
  amount: number;
  open: Generated<boolean>;
}

export interface PaymentNotificationsTable {
  id: Generated<number>;
  out_trade_no: string;
  notify_id: string;
  provider: string;
  trade_status: string;
  verified: boolean;
  outcome: string;
  payload: Json<Record<string, string>>;
  received_at: DefaultedTimestamp;
}

export interface DepositAuthorisationsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  out_request_no: string;
  auth_no: string | null;
  amount: number;
  paid: Generated<number>;
  unfrozen: Generated<number>;
  status: Generated<'pending' | 'frozen' | 'failed' | 'closed'>;
  expires_at: Timestamp;
  created_at: DefaultedTimestamp;
  /** When the freeze was asked of the provider; null while only recorded. */
  requested_at: Timestamp | null;
  /** Of `amount`, what Zhima credit waived and what was really frozen (0006_alipay_live.sql). */
  credit_amount: ColumnType<number | null, number | null | undefined, number | null>;
  fund_amount: ColumnType<number | null, number | null | undefined, number | null>;
  /** Alipay fund authorisation, or a WeChat Pay Score service order (0031_payscore.sql). */
  provider: ColumnType<DepositProvider, DepositProvider | undefined, DepositProvider>;
}
export type DepositProvider = 'alipay' | 'payscore';
export interface PayscoreRefusalsTable {
  user_id: number;
  platform: number;
  reason: string;
  refused_at: DefaultedTimestamp;
}

/** An order-centre state to send to Alipay (0006_alipay_live.sql; written by a trigger). */
export interface AlipayOrderSyncsTable {
  id: Generated<number>;
  event_id: number;
  order_id: number;
  state: string;
  modified_at: Timestamp;
  status: Generated<'pending' | 'synced' | 'skipped' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_at: DefaultedTimestamp;
  synced_at: Timestamp | null;
}

export interface RefundsTable {
  id: Generated<number>;
  out_refund_no: string;
  payment_id: number;
  order_id: number;
  amount: number;
  reason: string;
  created_at: DefaultedTimestamp;
  /** `pending` until the provider confirmed it (jobs/outbox.ts carries it out). */
  status: Generated<OperationStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  finished_at: Timestamp | null;
  /** WeChat Pay's own word on a refund it accepted: PROCESSING, SUCCESS, ABNORMAL, CLOSED (0007). */
  provider_status: Generated<string | null>;
  /** The bill a console refund was for, and its client key (0020). */
  bill_id: ColumnType<number | null, number | null | undefined, number | null>;
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OperationStatus = 'pending' | 'succeeded' | 'failed';

/** Releasing part of a deposit authorisation, carried out by a job after the state change. */
export interface DepositOperationsTable {
  id: Generated<number>;
  authorisation_id: number | null;
  order_id: number | null;
  platform: number;
  kind: 'unfreeze';
  out_request_no: string;
  auth_no: string;
  amount: number;
  status: Generated<OperationStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  action: Action;
  from_status: OrderStatus;
  to_status: OrderStatus;
  actor: Actor;
  note: Generated<string>;
  /** What the customer's line shows, as data (0013): see `EventParams`. */
  params: ColumnType<EventParams, string | undefined, string>;
  created_at: DefaultedTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  scope: string;
  key: string;
  request_hash: string;
  response: Json<unknown>;
  created_at: DefaultedTimestamp;
}

export interface OpsCredentialsTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  /** The staff account the credential acts as, with its role and brands (0020). */
  staff_id: number;
  created_at: DefaultedTimestamp;
  revoked_at: Timestamp | null;
}

export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  clock: Timestamp;
  result: Json<unknown>;
  created_at: DefaultedTimestamp;
  /** The queue job that ran it (unique: a scheduled run is recorded once); null when run by ops. */
  job_id: string | null;
}

export interface WorkerHeartbeatsTable {
  worker: string;
  started_at: Timestamp;
  seen_at: Timestamp;
}

export interface OrderTables {
  orders: OrdersTable;
  bills: BillsTable;
  payments: PaymentsTable;
  payment_bills: PaymentBillsTable;
  payment_notifications: PaymentNotificationsTable;
  deposit_authorisations: DepositAuthorisationsTable;
  refunds: RefundsTable;
  alipay_order_syncs: AlipayOrderSyncsTable;
  payscore_refusals: PayscoreRefusalsTable;
  deposit_operations: DepositOperationsTable;
  order_events: OrderEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  ops_credentials: OpsCredentialsTable;
  job_runs: JobRunsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
}

declare module '../db/schema.ts' {
  // Declaration merging: the order tables become part of the one Database interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends OrderTables {}
}
