/**
 * Reconciliation (issue 38): per Asia/Shanghai day, brand and provider, the payments and refunds
 * we recorded as succeeded against the provider's statement for that day (imported from its
 * download), with every difference listed: a line only we have, one only the provider has, or the
 * same number with another amount. A finance account resolves each with a note; the resolution
 * and an audit row are written together.
 *
 * Payments are matched by our own numbers (out_trade_no / out_refund_no), whatever day either side
 * put them on, so a payment at 23:59 that the provider books the next day is not a difference.
 * Payment channels map to providers: alipay and auth (from the authorisation) → alipay, wechat and
 * payscore → wechat, card → card; other channels (a paid deposit, offline repayments) have no
 * provider statement and are not reconciled here.
 */
import { sql, type Kysely } from 'kysely';
import {
  RECONCILIATION_MAX_DAYS,
  type ImportStatementBody,
  type LineKind,
  type ListReconciliationQuery,
  type Mismatch,
  type ResolveMismatchBody,
  type StatementProvider,
  type UploadStatementBody,
  type UploadStatementResult,
} from '../../../contract/admin/reports.ts';
import type { AppDeps } from '../boot/deps.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { addDays, checkRange, reportBrands, shanghaiMidnight } from './reports.ts';
import { readStatementFile } from './statement-file.ts';
import './finance-schema.ts';
import '../orders/schema.ts';

type Db = Kysely<Database>;

interface Line {
  day: string;
  platform: number;
  provider: StatementProvider;
  kind: LineKind;
  reference: string;
  amount: number;
}

const providerOfChannel = sql<StatementProvider>`(case p.channel when 'auth' then 'alipay'
  when 'payscore' then 'wechat' else p.channel end)`;
const PROVIDER_CHANNELS = ['alipay', 'auth', 'wechat', 'payscore', 'card'];
const localDay = (column: string) =>
  sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

interface Filter {
  brands: number[];
  provider?: StatementProvider;
  /** Our records finished in [start, end), or one reference. */
  start?: Date;
  end?: Date;
  reference?: { kind: LineKind; value: string };
}

/** Our succeeded payments and refunds that a provider statement should list. */
async function ourLines(db: Db, filter: Filter): Promise<Line[]> {
  const { brands, provider, start, end, reference } = filter;
  const where = (alias: 'p' | 'r', kind: LineKind) =>
    sql.join(
      [
        sql`${sql.ref(`${alias}.status`)} = 'succeeded'`,
        sql`p.channel in (${sql.join(PROVIDER_CHANNELS)})`,
        sql`o.platform in (${sql.join(brands)})`,
        ...(provider ? [sql`${providerOfChannel} = ${provider}`] : []),
        ...(start && end
          ? [
              sql`${sql.ref(`${alias}.finished_at`)} >= ${start}`,
              sql`${sql.ref(`${alias}.finished_at`)} < ${end}`,
            ]
          : []),
        ...(reference
          ? reference.kind === kind
            ? [
                sql`${sql.ref(alias === 'p' ? 'p.out_trade_no' : 'r.out_refund_no')} = ${reference.value}`,
              ]
            : [sql`false`]
          : []),
      ],
      sql` and `,
    );
  const [payments, refunds] = await Promise.all([
    sql<Line>`select ${localDay('p.finished_at')} as day, o.platform, ${providerOfChannel} as provider,
        'payment' as kind, p.out_trade_no as reference, p.amount
      from payments p join orders o on o.id = p.order_id where ${where('p', 'payment')}`.execute(
      db,
    ),
    sql<Line>`select ${localDay('r.finished_at')} as day, o.platform, ${providerOfChannel} as provider,
        'refund' as kind, r.out_refund_no as reference, r.amount
      from refunds r join payments p on p.id = r.payment_id join orders o on o.id = r.order_id
      where ${where('r', 'refund')}`.execute(db),
  ]);
  return [...payments.rows, ...refunds.rows].map((line) => ({
    ...line,
    amount: Number(line.amount),
  }));
}

interface StatementFilter {
  brands: number[];
  provider?: StatementProvider;
  from?: string;
  to?: string;
  reference?: { kind: LineKind; value: string };
}

/** The imported statements of the range (each day's header, so a day without lines counts). */
async function statements(db: Db, filter: StatementFilter) {
  let headers = db
    .selectFrom('provider_statements')
    .select(['id', 'platform', 'provider', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day')])
    .where('platform', 'in', filter.brands);
  if (filter.provider) headers = headers.where('provider', '=', filter.provider);
  if (filter.from && filter.to)
    headers = headers.where(sql<boolean>`day between ${filter.from}::date and ${filter.to}::date`);
  let lines = db
    .selectFrom('provider_statement_lines as l')
    .innerJoin('provider_statements as s', 's.id', 'l.statement_id')
    .select([
      's.platform',
      's.provider',
      sql<string>`to_char(s.day, 'YYYY-MM-DD')`.as('day'),
      'l.kind',
      'l.reference',
      'l.amount',
    ])
    .where('s.platform', 'in', filter.brands);
  if (filter.provider) lines = lines.where('s.provider', '=', filter.provider);
  if (filter.from && filter.to)
    lines = lines.where(sql<boolean>`s.day between ${filter.from}::date and ${filter.to}::date`);
  if (filter.reference)
    lines = lines
      .where('l.kind', '=', filter.reference.kind)
      .where('l.reference', '=', filter.reference.value);
  const [days, rows] = await Promise.all([
    filter.reference ? Promise.resolve([]) : headers.execute(),
    lines.execute(),
  ]);
  return { days, lines: rows.map((row) => ({ ...row, amount: Number(row.amount) })) as Line[] };
}

const keyOf = (line: Pick<Line, 'provider' | 'kind' | 'reference'>) =>
  `${line.provider}|${line.kind}|${line.reference}`;
const dayKey = (line: Pick<Line, 'day' | 'platform' | 'provider'>) =>
  `${line.day}|${line.platform}|${line.provider}`;

/** The differences between both sides; ours only count where the provider's day was imported. */
function differences(ours: Line[], theirs: Line[], imported: Set<string>) {
  const theirsByKey = new Map(theirs.map((line) => [keyOf(line), line]));
  const oursByKey = new Map(ours.map((line) => [keyOf(line), line]));
  const found: Omit<Mismatch, 'resolution'>[] = [];
  for (const line of ours) {
    const other = theirsByKey.get(keyOf(line));
    const base = { day: line.day, platform: line.platform, provider: line.provider };
    const named = { kind: line.kind, reference: line.reference, ourAmount: line.amount };
    if (other && other.amount !== line.amount)
      found.push({ ...base, ...named, theirAmount: other.amount, problem: 'amount_differs' });
    if (!other && imported.has(dayKey(line)))
      found.push({ ...base, ...named, theirAmount: null, problem: 'missing_at_provider' });
  }
  for (const line of theirs)
    if (!oursByKey.has(keyOf(line)))
      found.push({
        day: line.day,
        platform: line.platform,
        provider: line.provider,
        kind: line.kind,
        reference: line.reference,
        ourAmount: null,
        theirAmount: line.amount,
        problem: 'missing_here',
      });
  return found;
}

async function resolutionsOf(db: Db, mismatches: Omit<Mismatch, 'resolution'>[]) {
  const references = [...new Set(mismatches.map((m) => m.reference))];
  if (references.length === 0) return new Map<string, Mismatch['resolution']>();
  const rows = await db
    .selectFrom('reconciliation_resolutions as r')
    .innerJoin('staff as s', 's.id', 'r.staff_id')
    .select(['r.provider', 'r.kind', 'r.reference', 'r.note', 's.login', 'r.resolved_at'])
    .where('r.reference', 'in', references)
    .execute();
  return new Map(
    rows.map((row) => [
      keyOf(row),
      { note: row.note, staffLogin: row.login, resolvedAt: row.resolved_at.toISOString() },
    ]),
  );
}

type Totals = { payments: number; paymentAmount: number; refunds: number; refundAmount: number };
const zero = (): Totals => ({ payments: 0, paymentAmount: 0, refunds: 0, refundAmount: 0 });
const add = (totals: Totals, line: Line) => {
  if (line.kind === 'payment') {
    totals.payments++;
    totals.paymentAmount += line.amount;
  } else {
    totals.refunds++;
    totals.refundAmount += line.amount;
  }
};

export async function listReconciliation(
  db: Db,
  actor: StaffActor,
  query: ListReconciliationQuery,
) {
  checkRange(query.from, query.to, RECONCILIATION_MAX_DAYS);
  const brands = reportBrands(actor, query.platform);
  // A day either side: a payment booked across midnight still finds its line.
  const [from, to] = [addDays(query.from, -1), addDays(query.to, 1)];
  const [ours, statement] = await Promise.all([
    ourLines(db, {
      brands,
      provider: query.provider,
      start: shanghaiMidnight(from),
      end: shanghaiMidnight(addDays(to, 1)),
    }),
    statements(db, { brands, provider: query.provider, from, to }),
  ]);
  const imported = new Set(statement.days.map(dayKey));
  const inRange = (line: { day: string }) => line.day >= query.from && line.day <= query.to;
  const found = differences(ours, statement.lines, imported).filter(inRange);
  const resolutions = await resolutionsOf(db, found);
  const mismatches: Mismatch[] = found
    .map((m) => ({ ...m, resolution: resolutions.get(keyOf(m)) ?? null }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.reference.localeCompare(b.reference));

  const days = new Map<
    string,
    {
      day: string;
      platform: number;
      provider: StatementProvider;
      ours: Totals;
      theirs: Totals | null;
    }
  >();
  const dayOf = (line: Pick<Line, 'day' | 'platform' | 'provider'>) => {
    const key = dayKey(line);
    const entry = days.get(key) ?? {
      day: line.day,
      platform: line.platform,
      provider: line.provider,
      ours: zero(),
      theirs: imported.has(key) ? zero() : null,
    };
    days.set(key, entry);
    return entry;
  };
  for (const header of statement.days.filter(inRange)) dayOf(header);
  for (const line of ours.filter(inRange)) add(dayOf(line).ours, line);
  for (const line of statement.lines.filter(inRange)) add(dayOf(line).theirs ?? zero(), line);
  return {
    days: [...days.values()]
      .map((entry) => {
        const own = mismatches.filter((m) => dayKey(m) === dayKey(entry));
        return {
          ...entry,
          mismatches: own.length,
          unresolved: own.filter((m) => m.resolution === null).length,
        };
      })
      .sort(
        (a, b) =>
          a.day.localeCompare(b.day) ||
          a.platform - b.platform ||
          a.provider.localeCompare(b.provider),
      ),
    mismatches,
  };
}

/** One reference's difference as it stands (whatever its day), or undefined when both agree. */
async function mismatchOf(db: Db, body: ResolveMismatchBody) {
  const reference = { kind: body.kind, value: body.reference };
  const filter = { brands: [body.platform], provider: body.provider, reference };
  const [ours, statement] = await Promise.all([ourLines(db, filter), statements(db, filter)]);
  // Our line without a provider line is a difference once its day's statement was imported.
  const imported = new Set<string>();
  for (const line of ours) {
    const header = await db
      .selectFrom('provider_statements')
      .select('id')
      .where('platform', '=', line.platform)
      .where('provider', '=', line.provider)
      .where(sql<boolean>`day = ${line.day}::date`)
      .executeTakeFirst();
    if (header) imported.add(dayKey(line));
  }
  return differences(ours, statement.lines, imported)[0];
}

export async function resolveMismatch(deps: AppDeps, actor: StaffActor, body: ResolveMismatchBody) {
  reportBrands(actor, body.platform);
  const { db } = deps;
  const found = await mismatchOf(db, body);
  if (!found) throw notFound('没有这笔对账差异');
  const now = deps.now();
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reconciliation_resolutions')
      .values({
        platform: found.platform,
        provider: found.provider,
        day: found.day,
        kind: found.kind,
        reference: found.reference,
        note: body.note,
        staff_id: actor.id,
        resolved_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'kind', 'reference']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw new ApiError(409, '这笔差异已处理', 409);
    await appendAudit(
      trx,
      actor,
      {
        platform: found.platform,
        action: 'reconciliation.resolve',
        targetType: found.kind,
        targetId: found.reference,
        reason: body.note,
        before: {
          problem: found.problem,
          ourAmount: found.ourAmount,
          theirAmount: found.theirAmount,
        },
        after: { resolved: true, day: found.day, provider: found.provider },
      },
      now,
    );
    const resolution = { note: body.note, staffLogin: actor.login, resolvedAt: now.toISOString() };
    return { ...found, resolution } satisfies Mismatch;
  });
}

/** A provider's statement for a brand and day, replacing one imported before (audited). */
export async function importStatement(deps: AppDeps, actor: StaffActor, body: ImportStatementBody) {
  reportBrands(actor, body.platform);
  checkRange(body.day, body.day, 1);
  const seen = new Set<string>();
  for (const line of body.lines) {
    const key = `${line.kind}|${line.reference}`;
    if (seen.has(key)) throw new ApiError(400, `对账单中重复的单号：${line.reference}`);
    seen.add(key);
  }
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const header = await trx
      .insertInto('provider_statements')
      .values({ platform: body.platform, provider: body.provider, day: body.day, imported_at: now })
      .onConflict((oc) =>
        oc.columns(['platform', 'provider', 'day']).doUpdateSet({ imported_at: now }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('provider_statement_lines')
      .where('statement_id', '=', header.id)
      .execute();
    for (let i = 0; i < body.lines.length; i += 1000)
      await trx
        .insertInto('provider_statement_lines')
        .values(body.lines.slice(i, i + 1000).map((line) => ({ statement_id: header.id, ...line })))
        .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: body.platform,
        action: 'reconciliation.import',
        targetType: 'statement',
        targetId: header.id,
        after: { provider: body.provider, day: body.day, lines: body.lines.length },
      },
      now,
    );
    return { lines: body.lines.length };
  });
}

/**
 * A provider's statement file, uploaded from the console: its lines and problems (a dry run), or
 * those lines imported as importStatement does. A file with any problem is not imported (422,
 * nothing written): finance fixes the file, or asks the provider, and uploads it again.
 */
export async function uploadStatement(
  deps: AppDeps,
  actor: StaffActor,
  body: UploadStatementBody,
): Promise<UploadStatementResult> {
  reportBrands(actor, body.platform);
  checkRange(body.day, body.day, 1);
  const content = Buffer.from(body.content, 'base64');
  if (content.length === 0) throw new ApiError(400, 'content：文件为空');
  const { lines, problems } = await readStatementFile(
    body.provider,
    body.day,
    body.format,
    content,
  );
  if (body.mode === 'dry-run') return { lines, problems, imported: 0 };
  const first = problems[0];
  if (first)
    throw new ApiError(
      422,
      `content：对账单有 ${problems.length} 处问题，未导入（第 ${first.row} 行 ${first.message}）`,
      422,
    );
  const { lines: imported } = await importStatement(deps, actor, {
    platform: body.platform,
    provider: body.provider,
    day: body.day,
    lines: lines.map(({ kind, reference, amount }) => ({ kind, reference, amount })),
  });
  return { lines, problems, imported };
}
