/**
 * The console's finance and reports API (issue 38): reports computed from the ledger at query
 * time (orders, order events, bills, payments, refunds, deposit authorisations), their export as
 * CSV or XLSX, and the reconciliation of what we recorded against the providers' statements.
 * Days are Asia/Shanghai days; money is integer fen; rates are 0-1 (null when nothing to divide).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Nullable } from '../api/envelope.ts';
import { BrandId } from './index.ts';

/** A calendar day, YYYY-MM-DD (Asia/Shanghai). */
export const Day = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' });

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The longest range one report covers. */
export const REPORT_MAX_DAYS = 366;

export const ReportQuery = Type.Object({
  from: Day,
  /** Inclusive. */
  to: Day,
  granularity: Type.Optional(
    Type.Union(
      GRANULARITIES.map((g) => Type.Literal(g)),
      { default: 'day' },
    ),
  ),
  /** One brand; left out: every brand the account may see. */
  platform: Type.Optional(BrandId),
});
export type ReportQuery = Static<typeof ReportQuery>;

/** Rent, as the reports count it: the lease's own bills (not deposits, fees or buy-outs). */
export const RENT_BILL_KINDS = ['FIRST', 'INSTALMENT', 'FINAL', 'RENEWAL'] as const;
export const OVERDUE_BUCKETS = ['1-7', '8-30', '31-90', '>90'] as const;
export type OverdueBucket = (typeof OVERDUE_BUCKETS)[number];

const Rate = Nullable(Type.Number());
const Count = Type.Integer({ minimum: 0 });
const Fen = Type.Integer();

/** One period (its first day) of one brand, or of every brand shown when `platform` is null. */
export const ReportRow = Type.Object({
  period: Day,
  platform: Nullable(BrandId),
  /** Orders created in the period. */
  ordersPlaced: Count,
  /** Review decisions and shipments made in the period (their order events). */
  approved: Count,
  rejected: Count,
  shipped: Count,
  /** approved / (approved + rejected). */
  approvalRate: Rate,
  /** The rent bills of the orders approved in the period (original − discount). */
  rentContracted: Fen,
  /**
   * Rent bills falling due in the period, of leases whose rent started: what they ask
   * (original − discount + overdue fee) and what was paid on them so far.
   */
  rentDue: Fen,
  rentCollected: Fen,
  /** Of those bills already past their due date: how many, and how many were paid late or not at all. */
  billsPastDue: Count,
  billsOverdue: Count,
  overdueRate: Rate,
  /** Money in and back out, by when it happened: every succeeded payment, whatever its channel. */
  paymentsReceived: Fen,
  refunded: Fen,
  /** Deposit authorisations taken in the period: really frozen, and waived by the user's credit. */
  depositsFrozen: Fen,
  depositsWaivedByCredit: Fen,
  buyouts: Count,
  buyoutAmount: Fen,
  earlyReturns: Count,
});
export type ReportRow = Static<typeof ReportRow>;

/**
 * Rent bills due in the range that were paid late or are unpaid past their date, by how late
 * (paid: days from due date to payment; unpaid: to today). `shareOfPastDue`: of every bill past
 * its date in the range; `recoveryRate`: paid / asked of the bucket's bills.
 */
export const OverdueBucketRow = Type.Object({
  bucket: Type.Union(OVERDUE_BUCKETS.map((b) => Type.Literal(b))),
  platform: Nullable(BrandId),
  bills: Count,
  amountDue: Fen,
  amountRecovered: Fen,
  shareOfPastDue: Rate,
  recoveryRate: Rate,
});
export type OverdueBucketRow = Static<typeof OverdueBucketRow>;

/** Orders placed in the range by the channel code they arrived with ('' for none). */
export const ChannelRow = Type.Object({
  channel: Type.String(),
  ordersPlaced: Count,
  approved: Count,
  rentContracted: Fen,
});
export type ChannelRow = Static<typeof ChannelRow>;

export const Report = Type.Object({
  from: Day,
  to: Day,
  granularity: Type.Union(GRANULARITIES.map((g) => Type.Literal(g))),
  /** The brands the figures cover. */
  platforms: Type.Array(BrandId),
  /** Per brand, then the overall rows (`platform` null), by period. */
  rows: Type.Array(ReportRow),
  overdue: Type.Array(OverdueBucketRow),
  channels: Type.Array(ChannelRow),
});
export type Report = Static<typeof Report>;
export const GetReportReply = Envelope(Report);

export const REPORT_TABLES = ['summary', 'overdue', 'channels'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const ExportReportQuery = Type.Object({
  ...ReportQuery.properties,
  table: Type.Union(REPORT_TABLES.map((t) => Type.Literal(t))),
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
});
export type ExportReportQuery = Static<typeof ExportReportQuery>;

// ---------------------------------------------------------------------------------------------
// Reconciliation

export const PROVIDERS = ['alipay', 'wechat', 'card'] as const;
export type StatementProvider = (typeof PROVIDERS)[number];
export const StatementProvider = Type.Union(PROVIDERS.map((p) => Type.Literal(p)));
export const LineKind = Type.Union([Type.Literal('payment'), Type.Literal('refund')]);
export type LineKind = Static<typeof LineKind>;
/** Our number for the payment or refund (out_trade_no / out_refund_no). */
export const Reference = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

/** The longest range one reconciliation page covers. */
export const RECONCILIATION_MAX_DAYS = 93;

export const ListReconciliationQuery = Type.Object({
  from: Day,
  to: Day,
  platform: Type.Optional(BrandId),
  provider: Type.Optional(StatementProvider),
});
export type ListReconciliationQuery = Static<typeof ListReconciliationQuery>;

const Totals = Type.Object({
  payments: Count,
  paymentAmount: Fen,
  refunds: Count,
  refundAmount: Fen,
});
export const ReconciliationDay = Type.Object({
  day: Day,
  platform: BrandId,
  provider: StatementProvider,
  ours: Totals,
  /** The provider's statement; null while none was imported for the day. */
  theirs: Nullable(Totals),
  mismatches: Count,
  unresolved: Count,
});
export const Mismatch = Type.Object({
  day: Day,
  platform: BrandId,
  provider: StatementProvider,
  kind: LineKind,
  reference: Reference,
  ourAmount: Nullable(Fen),
  theirAmount: Nullable(Fen),
  problem: Type.Union([
    Type.Literal('missing_at_provider'),
    Type.Literal('missing_here'),
    Type.Literal('amount_differs'),
  ]),
  resolution: Nullable(
    Type.Object({ note: Type.String(), staffLogin: Type.String(), resolvedAt: Type.String() }),
  ),
});
export type Mismatch = Static<typeof Mismatch>;
export const ListReconciliationReply = Envelope(
  Type.Object({ days: Type.Array(ReconciliationDay), mismatches: Type.Array(Mismatch) }),
);

export const ResolveMismatchBody = Type.Object({
  platform: BrandId,
  provider: StatementProvider,
  kind: LineKind,
  reference: Reference,
  /** What was found and done. */
  note: FreeText(2, 500),
});
export type ResolveMismatchBody = Static<typeof ResolveMismatchBody>;
export const ResolveMismatchReply = Envelope(Mismatch);

/** A provider's statement for one brand and day, as downloaded from it; replaces an earlier import. */
export const ImportStatementBody = Type.Object({
  platform: BrandId,
  provider: StatementProvider,
  day: Day,
  lines: Type.Array(Type.Object({ kind: LineKind, reference: Reference, amount: Fen }), {
    maxItems: 50000,
  }),
});
export type ImportStatementBody = Static<typeof ImportStatementBody>;
export const ImportStatementReply = Envelope(Type.Object({ lines: Count }));

/** A row of an uploaded statement file with a problem: the file's row (from 1), field, problem. */
export const StatementFileProblem = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  field: Type.String(),
  message: Type.String(),
});
export type StatementFileProblem = Static<typeof StatementFileProblem>;

/**
 * A provider's statement file as the provider publishes it (CSV or XLSX; see
 * server/src/admin/statement-file.ts for each provider's columns), for one brand and day.
 * dry-run: read it and answer its lines and problems, write nothing; import: the same, then
 * import the lines as importStatement does, or, when any row has a problem, refuse (422) and
 * write nothing.
 */
export const UploadStatementBody = Type.Object({
  platform: BrandId,
  provider: StatementProvider,
  day: Day,
  format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  /** The file, base64 (the console sends JSON only). */
  content: Type.String({ minLength: 1, maxLength: 7_000_000 }),
  mode: Type.Union([Type.Literal('dry-run'), Type.Literal('import')]),
});
export type UploadStatementBody = Static<typeof UploadStatementBody>;
export const UploadStatementReply = Envelope(
  Type.Object({
    lines: Type.Array(
      Type.Object({
        row: Type.Integer({ minimum: 1 }),
        kind: LineKind,
        reference: Reference,
        amount: Fen,
      }),
    ),
    problems: Type.Array(StatementFileProblem),
    /** Lines imported (0 on a dry run). */
    imported: Count,
  }),
);
export type UploadStatementResult = Static<typeof UploadStatementReply>['data'];
