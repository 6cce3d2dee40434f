/** Kysely's view of the privacy tables (migration 0008). */
import type { ColumnType, Generated } from 'kysely';
import type { ConsentChannel, ConsentKind } from '../../../contract/api/privacy.ts';
import type { Timestamp } from '../db/schema.ts';

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

export interface PrivacyTables {
  consents: ConsentsTable;
}

declare module '../db/schema.ts' {
  // Declaration merging: an interface that only extends is exactly what adds the tables.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends PrivacyTables {}
}
