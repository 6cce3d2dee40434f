/**
 * Kysely's view of migrations 0004_verification.sql and 0014_brand_verification.sql, merged into `Database` by module augmentation
 * (as the order tables are), so the core's schema file stays as it is.
 */
import type { ColumnType, Generated } from 'kysely';
import type { DefaultedTimestamp, Timestamp } from '../db/schema.ts';

/** A `date` column: read as Date on both engines, written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date, string, string>;

export type CardType = 'DC' | 'CC' | 'SCC' | 'PC';

export interface IdentitiesTable {
  user_id: number;
  name: string;
  id_hash: string;
  id_masked: string;
  gender: 'M' | 'F';
  birth_date: DateColumn;
  source: 'ocr' | 'manual';
  created_at: DefaultedTimestamp;
}

/** A brand's own verification of the person's identity (migration 0014): one per user and brand. */
export interface IdentityVerificationsTable {
  user_id: number;
  platform: number;
  source: 'ocr' | 'manual';
  created_at: DefaultedTimestamp;
}

export interface OcrResultsTable {
  id: Generated<number>;
  user_id: number;
  upload_id: string;
  side: 'front' | 'back';
  recognised: boolean;
  created_at: DefaultedTimestamp;
}

export interface FaceSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** The brand the face check was done for (migration 0014). */
  platform: number;
  certify_id: string;
  status: Generated<'pending' | 'passed' | 'failed'>;
  reason: Generated<string>;
  created_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
}

export interface CreditScoresTable {
  user_id: number;
  /** The brand whose consent the query was made under (migration 0014). */
  platform: number;
  provider: string;
  score: number;
  passed: boolean;
  created_at: DefaultedTimestamp;
}

export interface BankCardsTable {
  id: Generated<number>;
  user_id: number;
  card_hash: string;
  first6: string;
  last4: string;
  bank_code: string;
  bank_name: string;
  card_type: CardType;
  provider_token: string;
  reserved_mobile: string;
  created_at: DefaultedTimestamp;
}

export interface BankCardBindsTable {
  id: Generated<number>;
  user_id: number;
  bind_request_no: string;
  card_hash: string;
  first6: string;
  last4: string;
  bank_code: string;
  bank_name: string;
  card_type: CardType;
  reserved_mobile: string;
  status: Generated<'sent' | 'verified' | 'bound' | 'burnt' | 'expired'>;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: DefaultedTimestamp;
}

export interface ContractsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  contract_no: string;
  html: string;
  status: Generated<'signing' | 'signed' | 'refused'>;
  signed_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface SignSessionsTable {
  id: Generated<number>;
  contract_id: number;
  flow_id: string;
  status: Generated<'pending' | 'signed' | 'refused'>;
  notified_at: Timestamp | null;
  created_at: DefaultedTimestamp;
}

export interface WithholdingAgreementsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  bank_card_id: number;
  agreement_no: string;
  signed_at: Timestamp;
  /** The user cancelled automatic deduction (migration 0008); null while it is in force. */
  cancelled_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  /** The bank confirmed the revocation (migration 0011); null until then. */
  bank_revoked_at: ColumnType<Date | null, Date | string | undefined, Date | string | null>;
  revoke_attempts: Generated<number>;
  revoke_error: ColumnType<string | null, string | undefined, string | null>;
}

export interface KycTables {
  identities: IdentitiesTable;
  identity_verifications: IdentityVerificationsTable;
  ocr_results: OcrResultsTable;
  face_sessions: FaceSessionsTable;
  credit_scores: CreditScoresTable;
  bank_cards: BankCardsTable;
  bank_card_binds: BankCardBindsTable;
  contracts: ContractsTable;
  sign_sessions: SignSessionsTable;
  withholding_agreements: WithholdingAgreementsTable;
}

declare module '../db/schema.ts' {
  // Declaration merging: an interface that only extends is exactly what adds the tables.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends KycTables {}
}
