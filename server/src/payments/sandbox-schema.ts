/**
 * Kysely's view of the sandbox providers' tables (migration 0005_durable_money.sql): the
 * provider's side of every trade, refund, authorisation and notification, merged into `Database`.
 */
import type { DefaultedTimestamp, Json, Timestamp } from '../db/schema.ts';
import type { Generated } from 'kysely';
import type { GatewayName, TradeStatus } from './gateway.ts';

export interface SandboxTradesTable {
  out_trade_no: string;
  gateway: GatewayName;
  trade_no: string;
  amount: number;
  subject: string;
  notify_url: string;
  status: Generated<TradeStatus>;
  auth_no: string | null;
  refunded: Generated<number>;
  created_at: DefaultedTimestamp;
  paid_at: Timestamp | null;
}

export interface SandboxRefundsTable {
  out_refund_no: string;
  out_trade_no: string;
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface SandboxAuthorisationsTable {
  out_request_no: string;
  auth_no: string;
  amount: number;
  frozen: Generated<number>;
  status: 'frozen' | 'failed';
  notify_url: string;
  created_at: DefaultedTimestamp;
}

export interface SandboxAuthorisationOperationsTable {
  out_request_no: string;
  auth_no: string;
  kind: 'unfreeze';
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface SandboxNotificationsTable {
  id: Generated<number>;
  gateway: GatewayName;
  notify_url: string;
  fields: Json<Record<string, string>>;
  status: Generated<'pending' | 'delivered' | 'abandoned'>;
  attempts: Generated<number>;
  last_answer: string | null;
  created_at: DefaultedTimestamp;
  delivered_at: Timestamp | null;
}

export interface SandboxFailuresTable {
  id: Generated<number>;
  gateway: GatewayName;
  kind: string;
}

export interface SandboxTables {
  sandbox_trades: SandboxTradesTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_authorisations: SandboxAuthorisationsTable;
  sandbox_authorisation_operations: SandboxAuthorisationOperationsTable;
  sandbox_notifications: SandboxNotificationsTable;
  sandbox_failures: SandboxFailuresTable;
}

declare module '../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends SandboxTables {}
}
