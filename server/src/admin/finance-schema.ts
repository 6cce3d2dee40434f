/** Kysely's view of migration 0065's statement and resolution tables, merged into `Database`. */
import type { ColumnType, Generated } from 'kysely';
import type { LineKind, StatementProvider } from '../../../contract/admin/reports.ts';
import type { DefaultedTimestamp, Timestamp } from '../db/schema.ts';

/** A `date` column: read as Date, written as 'YYYY-MM-DD'. */
type DateColumn = ColumnType<Date, string, string>;

export interface ProviderStatementsTable {
  id: Generated<number>;
  platform: number;
  provider: StatementProvider;
  day: DateColumn;
  imported_at: DefaultedTimestamp;
}

export interface ProviderStatementLinesTable {
  statement_id: number;
  kind: LineKind;
  reference: string;
  amount: number;
}

export interface ReconciliationResolutionsTable {
  id: Generated<number>;
  platform: number;
  provider: StatementProvider;
  day: DateColumn;
  kind: LineKind;
  reference: string;
  note: string;
  staff_id: number;
  resolved_at: Timestamp;
}

export interface FinanceTables {
  provider_statements: ProviderStatementsTable;
  provider_statement_lines: ProviderStatementLinesTable;
  reconciliation_resolutions: ReconciliationResolutionsTable;
}

declare module '../db/schema.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Database extends FinanceTables {}
}
