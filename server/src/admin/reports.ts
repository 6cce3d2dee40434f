/**
 * The console's reports (issue 38), computed from the ledger at query time: orders and their
 * events, bills, payments, refunds and deposit authorisations. Nothing is counted as it happens
 * (a counter can drift from the rows it counts); every figure is an aggregate over the rows, per
 * brand and Asia/Shanghai day, week (from Monday) or month, and the overall rows are the sums of
 * the brand rows. An account limited to some brands gets only theirs.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  OVERDUE_BUCKETS,
  RENT_BILL_KINDS,
  REPORT_MAX_DAYS,
  type ChannelRow,
  type Granularity,
  type OverdueBucket,
  type OverdueBucketRow,
  type Report,
  type ReportQuery,
  type ReportRow,
} from '../../../contract/admin/reports.ts';
import type { Database } from '../db/schema.ts';
import { readInOneSnapshot } from '../db/snapshot.ts';
import { badRequest } from '../plugins/errors.ts';
import { forbidden } from './guard.ts';
import type { StaffActor } from './audit.ts';
import '../orders/schema.ts';

const DAY_MS = 86_400_000;
/** Asia/Shanghai is UTC+8 all year (no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const ALL_BRANDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The Shanghai calendar day of an instant, YYYY-MM-DD. */
export const shanghaiDay = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a Shanghai day starts. */
export const shanghaiMidnight = (day: string): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the period a day falls in. */
export function periodOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day;
  if (granularity === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(day, -weekday);
}

/** 1-7, 8-30, 31-90, >90 days late; undefined when not late. */
export function bucketOf(daysLate: number): OverdueBucket | undefined {
  if (daysLate < 1) return undefined;
  if (daysLate <= 7) return '1-7';
  if (daysLate <= 30) return '8-30';
  if (daysLate <= 90) return '31-90';
  return '>90';
}

/** The brands a report covers: the one asked for (403 when not the account's), or all of its. */
export function reportBrands(actor: StaffActor, platform: number | undefined): number[] {
  const mine = actor.allBrands ? ALL_BRANDS : [...actor.brands].sort((a, b) => a - b);
  if (platform === undefined) return mine;
  if (!mine.includes(platform)) throw forbidden('无权操作该品牌的数据');
  return [platform];
}

/** The range's days, checked: a real calendar day each, `from` ≤ `to`, at most `maxDays`. */
export function checkRange(from: string, to: string, maxDays: number): void {
  for (const day of [from, to])
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || addDays(day, 0) !== day)
      throw badRequest(`日期无效：${day}`);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (days < 1) throw badRequest('开始日期不能晚于结束日期');
  if (days > maxDays) throw badRequest(`日期范围最多 ${maxDays} 天`);
}

const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;

type Db = Kysely<Database>;

/** PostgreSQL connections a report's statements may run on at once (db/snapshot.ts). */
const REPORT_CONNECTIONS = 3;

export interface Range {
  start: Date;
  end: Date;
  from: string;
  to: string;
  brands: number[];
  unit: Granularity;
}

/** A timestamptz column's Shanghai wall-clock time (a timestamp without zone). */
const localSql = (column: RawBuilder<unknown>) =>
  sql`((${column} at time zone 'UTC') + interval '8 hours')`;
/** The period a timestamptz column falls in (Shanghai-local), as a timestamp. */
const periodSql = (column: RawBuilder<unknown>, unit: Granularity) =>
  sql`date_trunc(${sql.lit(unit)}, ${localSql(column)})`;
const datePeriodSql = (column: RawBuilder<unknown>, unit: Granularity) =>
  sql`date_trunc(${sql.lit(unit)}, ${column}::timestamp)`;
/** Every brand needs no filter (orders.platform is 1-9), which spares the planner a scan. */
const inBrands = (brands: number[]) =>
  brands.length === ALL_BRANDS.length ? sql`true` : sql`o.platform in (${sql.join(brands)})`;
const rentKinds = sql`(${sql.join([...RENT_BILL_KINDS])})`;

type Figures = Omit<
  ReportRow,
  'period' | 'platform' | 'approvalRate' | 'overdueRate' | 'billsOverdue' | 'billsPastDue'
> & { billsPastDue: number; billsOverdue: number };

const emptyFigures = (): Figures => ({
  ordersPlaced: 0,
  approved: 0,
  rejected: 0,
  shipped: 0,
  rentContracted: 0,
  rentDue: 0,
  rentCollected: 0,
  billsPastDue: 0,
  billsOverdue: 0,
  paymentsReceived: 0,
  refunded: 0,
  depositsFrozen: 0,
  depositsWaivedByCredit: 0,
  buyouts: 0,
  buyoutAmount: 0,
  earlyReturns: 0,
});

type Grouped = { period: string; platform: number } & Record<string, unknown>;

/**
 * One grouped row of the ledger statement: `fig` names the stream it came from (an event's
 * action, 'rent', 'due', 'payment', 'refund', 'deposit' or 'buyout'), `n` counts its rows and
 * a, b, c carry its amounts (see ledgerStatement).
 */
type LedgerRow = Grouped & {
  channel: string;
  fig: string;
  bucket: OverdueBucket | null;
  n: string;
  a: string;
  b: string;
  c: string;
};

/**
 * The range's rows, a statement per figure, each reading its ledger table through its date index
 * and grouped by hash on the period (a timestamp; formatted only on the few grouped rows), the
 * brand and whatever else it splits by. Every statement answers the same columns (LedgerRow):
 * `fig` names the figure, `n` counts rows and a, b, c carry its amounts.
 *
 * bench/reports.ts, a year at 100,000 orders: the approvals' rent looked up bill by bill (a
 * subquery per approval) took a second; per-row to_char and sorts spilling to disk most of the
 * rest; one union of every table's rows, joined to orders once, was slower than these (its wide
 * rows cost more than building the orders' hash again). The slowest come first (a year: rent
 * 240 ms of backend CPU, due 180, events 90, the rest 30 or less), as readInOneSnapshot hands
 * each of its connections the next statement when it is done with its last.
 */
export function statementsOf(range: Range, today: string) {
  const { start, end, brands, unit } = range;
  const late = sql`(case when b.status = 'paid'
    then coalesce(((b.paid_at at time zone 'UTC') + interval '8 hours')::date - b.due_date, 0)
    else ${today}::date - b.due_date end)`;
  const grouped = (inner: RawBuilder<unknown>) =>
    sql<LedgerRow>`select to_char(period, 'YYYY-MM-DD') as period, platform, channel, fig, bucket,
        n, a, b, c
      from (${inner}) g`;
  const inRange = (column: RawBuilder<unknown>) =>
    sql`${column} >= ${start} and ${column} < ${end} and ${inBrands(brands)}`;
  const channel = sql`coalesce(o.channel_code, '')`;
  return [
    // An approval brings the order's rent bills with it (rent contracted).
    grouped(sql`select ${periodSql(sql.ref('e.created_at'), unit)} as period, o.platform,
        ${channel} as channel, 'rent' as fig, null::text as bucket, 0 as n,
        sum(b.original - b.discount) as a, 0 as b, 0 as c
      from order_events e join orders o on o.id = e.order_id
        join bills b on b.order_id = e.order_id
      where e.action = 'approve' and ${inRange(sql.ref('e.created_at'))}
        and b.kind in ${rentKinds} and b.status <> 'cancelled'
      group by 1, 2, 3`),
    // Rent bills falling due: how late each was (the buckets); a: past due, b: due, c: paid.
    grouped(sql`select ${datePeriodSql(sql.ref('b.due_date'), unit)} as period, o.platform,
        '' as channel, 'due' as fig,
        case when ${late} < 1 then null when ${late} <= 7 then '1-7' when ${late} <= 30 then '8-30'
          when ${late} <= 90 then '31-90' else '>90' end as bucket,
        count(*) as n, count(*) filter (where b.due_date < ${today}::date) as a,
        sum(b.original - b.discount + b.overdue_fee) as b, sum(b.paid) as c
      from bills b join orders o on o.id = b.order_id
      where b.due_date >= ${range.from}::date and b.due_date <= ${range.to}::date
        and ${inBrands(brands)} and b.kind in ${rentKinds} and b.status <> 'cancelled'
        and o.start_date is not null
      group by 1, 2, 5`),
    grouped(sql`select ${periodSql(sql.ref('e.created_at'), unit)} as period, o.platform,
        case when e.action = 'approve' then ${channel} else '' end as channel, e.action as fig,
        null::text as bucket, count(*) as n, 0 as a, 0 as b, 0 as c
      from order_events e join orders o on o.id = e.order_id
      where e.action in ('approve', 'reject', 'ship', 'buyout_paid', 'early_return')
        and ${inRange(sql.ref('e.created_at'))}
      group by 1, 2, 3, 4`),
    grouped(sql`select ${periodSql(sql.ref('o.created_at'), unit)} as period, o.platform,
        ${channel} as channel, 'placed' as fig, null::text as bucket, count(*) as n, 0 as a,
        0 as b, 0 as c
      from orders o where ${inRange(sql.ref('o.created_at'))}
      group by 1, 2, 3`),
    grouped(sql`select ${periodSql(sql.ref('p.finished_at'), unit)} as period, o.platform,
        '' as channel, 'payment' as fig, null::text as bucket, 0 as n, sum(p.amount) as a,
        0 as b, 0 as c
      from payments p join orders o on o.id = p.order_id
      where p.status = 'succeeded' and ${inRange(sql.ref('p.finished_at'))}
      group by 1, 2`),
    grouped(sql`select ${periodSql(sql.ref('d.created_at'), unit)} as period, o.platform,
        '' as channel, 'deposit' as fig, null::text as bucket, 0 as n,
        sum(coalesce(d.fund_amount, d.amount - coalesce(d.credit_amount, 0))) as a,
        sum(coalesce(d.credit_amount, 0)) as b, 0 as c
      from deposit_authorisations d join orders o on o.id = d.order_id
      where d.status in ('frozen', 'closed') and ${inRange(sql.ref('d.created_at'))}
      group by 1, 2`),
    grouped(sql`select ${periodSql(sql.ref('r.finished_at'), unit)} as period, o.platform,
        '' as channel, 'refund' as fig, null::text as bucket, 0 as n, sum(r.amount) as a,
        0 as b, 0 as c
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'succeeded' and ${inRange(sql.ref('r.finished_at'))}
      group by 1, 2`),
    grouped(sql`select ${periodSql(sql.ref('b.paid_at'), unit)} as period, o.platform,
        '' as channel, 'buyout' as fig, null::text as bucket, 0 as n, sum(b.paid) as a, 0 as b,
        0 as c
      from bills b join orders o on o.id = b.order_id
      where b.kind = 'BUYOUT' and b.status = 'paid' and ${inRange(sql.ref('b.paid_at'))}
      group by 1, 2`),
  ];
}

const EVENT_FIGURES: Record<string, keyof Figures> = {
  approve: 'approved',
  reject: 'rejected',
  ship: 'shipped',
  buyout_paid: 'buyouts',
  early_return: 'earlyReturns',
};

interface BucketCell {
  bills: number;
  due: number;
  paid: number;
}

/** Every figure of the range: the period × brand table, the channels and the overdue cells. */
async function ledgerFigures(db: Db, range: Range, today: string) {
  const statements = statementsOf(range, today);
  // One snapshot, so every figure counts the same rows; on PostgreSQL shared out over up to
  // REPORT_CONNECTIONS connections when the pool has them spare (the year's page then takes
  // about as long as its rent statement instead of all eight in a row). No JIT: these statements are costed
  // high enough to be compiled, which took longer than running them. Grouping by hash, never a
  // sort: the planner guesses groups by the row (a year: a million) where there are a few
  // hundred, and sorted those rows to disk; 64 MB is room for the hash of any range's groups.
  const results = (
    await readInOneSnapshot(
      db,
      [
        sql`set local jit = off`,
        sql`set local work_mem = '64MB'`,
        sql`set local enable_sort = off`,
      ],
      statements,
      REPORT_CONNECTIONS,
    )
  ).flat();
  const table = new Map<string, Figures>();
  const cell = (row: Grouped) => {
    const key = `${row.period}|${row.platform}`;
    const figures = table.get(key) ?? emptyFigures();
    table.set(key, figures);
    return figures;
  };
  const channels = new Map<string, ChannelRow>();
  const channelOf = (channel: string) => {
    const row = channels.get(channel) ?? {
      channel,
      ordersPlaced: 0,
      approved: 0,
      rentContracted: 0,
    };
    channels.set(channel, row);
    return row;
  };
  const buckets = new Map<string, BucketCell>();
  const pastDue = new Map<number | null, number>();
  for (const row of results) {
    const figures = cell(row);
    const n = Number(row.n);
    const [a, b, c] = [Number(row.a), Number(row.b), Number(row.c)];
    const event = EVENT_FIGURES[row.fig];
    if (event) {
      figures[event] += n;
      if (row.fig === 'approve') channelOf(row.channel).approved += n;
      continue;
    }
    switch (row.fig) {
      case 'placed':
        figures.ordersPlaced += n;
        channelOf(row.channel).ordersPlaced += n;
        break;
      case 'rent':
        figures.rentContracted += a;
        channelOf(row.channel).rentContracted += a;
        break;
      case 'payment':
        figures.paymentsReceived += a;
        break;
      case 'refund':
        figures.refunded += a;
        break;
      case 'deposit':
        figures.depositsFrozen += a;
        figures.depositsWaivedByCredit += b;
        break;
      case 'buyout':
        figures.buyoutAmount += a;
        break;
      case 'due': {
        // a: bills past due, b: due, c: paid.
        figures.rentDue += b;
        figures.rentCollected += c;
        figures.billsPastDue += a;
        if (row.bucket !== null) figures.billsOverdue += n;
        for (const platform of [row.platform, null]) {
          pastDue.set(platform, (pastDue.get(platform) ?? 0) + a);
          if (row.bucket === null) continue;
          const key = `${row.bucket}|${platform}`;
          const bucket = buckets.get(key) ?? { bills: 0, due: 0, paid: 0 };
          bucket.bills += n;
          bucket.due += b;
          bucket.paid += c;
          buckets.set(key, bucket);
        }
        break;
      }
    }
  }
  const overdue: OverdueBucketRow[] = [...range.brands, null].flatMap((platform) =>
    OVERDUE_BUCKETS.map((bucket) => {
      const found = buckets.get(`${bucket}|${platform}`) ?? { bills: 0, due: 0, paid: 0 };
      return {
        bucket,
        platform,
        bills: found.bills,
        amountDue: found.due,
        amountRecovered: found.paid,
        shareOfPastDue: rate(found.bills, pastDue.get(platform) ?? 0),
        recoveryRate: rate(found.paid, found.due),
      };
    }),
  );
  const channelRows = [...channels.values()].sort(
    (a, b) => b.ordersPlaced - a.ordersPlaced || a.channel.localeCompare(b.channel),
  );
  return { table, overdue, channels: channelRows };
}

/** Every period of the range, in order (the table shows quiet days as zeros). */
function periodsOf(range: Range): string[] {
  const periods: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const period = periodOf(day, range.unit);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

const asRow = (period: string, platform: number | null, f: Figures): ReportRow => ({
  period,
  platform,
  ...f,
  approvalRate: rate(f.approved, f.approved + f.rejected),
  overdueRate: rate(f.billsOverdue, f.billsPastDue),
});

export async function buildReport(
  db: Db,
  actor: StaffActor,
  query: ReportQuery,
  now: Date,
): Promise<Report> {
  checkRange(query.from, query.to, REPORT_MAX_DAYS);
  const unit = query.granularity ?? 'day';
  const range: Range = {
    from: query.from,
    to: query.to,
    start: shanghaiMidnight(query.from),
    end: shanghaiMidnight(addDays(query.to, 1)),
    brands: reportBrands(actor, query.platform),
    unit,
  };
  const today = shanghaiDay(now);
  const { table, overdue, channels } = await ledgerFigures(db, range, today);
  const periods = periodsOf(range);
  const rows: ReportRow[] = [];
  for (const platform of range.brands)
    for (const period of periods)
      rows.push(asRow(period, platform, table.get(`${period}|${platform}`) ?? emptyFigures()));
  for (const period of periods) {
    const total = emptyFigures();
    for (const platform of range.brands) {
      const figures = table.get(`${period}|${platform}`);
      if (!figures) continue;
      for (const name of Object.keys(total) as (keyof Figures)[]) total[name] += figures[name];
    }
    rows.push(asRow(period, null, total));
  }
  return {
    from: query.from,
    to: query.to,
    granularity: unit,
    platforms: range.brands,
    rows,
    overdue,
    channels,
  };
}
