/** Kysely's view of migration 0060_collections.sql, merged into `Database` (as admin/schema.ts). */
import type { ColumnType, Generated } from 'kysely';
import type { ContactKind, ContactOutcome } from '../../../contract/admin/collections.ts';

type JsonColumn = ColumnType<Record<string, unknown>, string, string>;

export interface CollectionAssignmentsTable {
  order_id: number;
  staff_id: number;
  assigned_by: number | null;
  assigned_at: Date;
}

export interface CollectionContactsTable {
  id: Generated<number>;
  order_id: number;
  platform: number;
  staff_id: number;
  kind: ContactKind;
  outcome: ContactOutcome | null;
  note: Generated<string>;
  promised_date: ColumnType<Date | null, string | null | undefined, string | null>;
  promised_amount: number | null;
  created_at: Date;
}

export interface CollectionActionsTable {
  id: Generated<number>;
  request_key: string;
  action: string;
  target_id: number;
  staff_id: number;
  request: JsonColumn;
  reply: JsonColumn;
  created_at: Date;
}

export interface CollectionTables {
  collection_assignments: CollectionAssignmentsTable;
  collection_contacts: CollectionContactsTable;
  collection_actions: CollectionActionsTable;
}

declare module '../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends CollectionTables {}
}
