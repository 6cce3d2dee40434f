/**
 * The report's figures worked out again from the seeded rows (report-fixtures.ts), in plain
 * TypeScript over the arrays, by the definitions in contract/admin/reports.ts: what getReport
 * must answer.
 */
import type { Ledger } from './report-fixtures.ts';

const HOUR = 3_600_000;
const RENT = new Set(['FIRST', 'INSTALMENT', 'FINAL', 'RENEWAL']);
const dayOf = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR));

export type Unit = 'day' | 'week' | 'month';

export function startOf(day: string, unit: Unit): string {
  if (unit === 'day') return day;
  if (unit === 'month') return day.slice(0, 8) + '01';
  const date = new Date(`${day}T12:00:00Z`);
  while (date.getUTCDay() !== 1) date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

export interface Expected {
  [key: string]: number | null;
}

/** Figures per `${period}|${platform}` (platform 'all' for the sum over `brands`). */
export function expectedRows(
  ledger: Ledger,
  {
    from,
    to,
    unit,
    brands,
    today,
  }: { from: string; to: string; unit: Unit; brands: number[]; today: string },
): Map<string, Expected> {
  const brandOf = new Map(ledger.orders.map((o) => [o.id, o.platform]));
  const orderOf = new Map(ledger.orders.map((o) => [o.id, o]));
  const table = new Map<string, Expected>();
  const within = (day: string) => day >= from && day <= to;
  const bump = (day: string, orderId: number, name: string, by: number) => {
    const platform = brandOf.get(orderId)!;
    if (!within(day) || !brands.includes(platform)) return;
    for (const who of [String(platform), 'all']) {
      const key = `${startOf(day, unit)}|${who}`;
      const row = table.get(key) ?? {};
      row[name] = ((row[name] as number | undefined) ?? 0) + by;
      table.set(key, row);
    }
  };
  for (const order of ledger.orders) bump(dayOf(order.createdAt), order.id, 'ordersPlaced', 1);
  const names: Record<string, string> = {
    approve: 'approved',
    reject: 'rejected',
    ship: 'shipped',
    buyout_paid: 'buyouts',
    early_return: 'earlyReturns',
  };
  for (const event of ledger.events) {
    const name = names[event.action];
    if (name) bump(dayOf(event.at), event.orderId, name, 1);
    if (event.action !== 'approve') continue;
    for (const bill of ledger.bills)
      if (bill.orderId === event.orderId && RENT.has(bill.kind) && bill.status !== 'cancelled')
        bump(dayOf(event.at), event.orderId, 'rentContracted', bill.original - bill.discount);
  }
  for (const bill of ledger.bills) {
    if (bill.kind === 'BUYOUT' && bill.status === 'paid')
      bump(dayOf(bill.paidAt!), bill.orderId, 'buyoutAmount', bill.paid);
    if (!RENT.has(bill.kind) || bill.status === 'cancelled') continue;
    if (orderOf.get(bill.orderId)!.startDate === null) continue;
    bump(bill.dueDate, bill.orderId, 'rentDue', bill.original - bill.discount + bill.overdueFee);
    bump(bill.dueDate, bill.orderId, 'rentCollected', bill.paid);
    if (bill.dueDate >= today) continue;
    bump(bill.dueDate, bill.orderId, 'billsPastDue', 1);
    if (lateness(bill, today) >= 1) bump(bill.dueDate, bill.orderId, 'billsOverdue', 1);
  }
  for (const payment of ledger.payments)
    if (payment.status === 'succeeded')
      bump(dayOf(payment.finishedAt!), payment.orderId, 'paymentsReceived', payment.amount);
  for (const refund of ledger.refunds)
    if (refund.status === 'succeeded')
      bump(dayOf(refund.finishedAt!), refund.orderId, 'refunded', refund.amount);
  for (const auth of ledger.auths) {
    if (auth.status === 'failed') continue;
    bump(
      dayOf(auth.createdAt),
      auth.orderId,
      'depositsFrozen',
      auth.fund ?? auth.amount - (auth.credit ?? 0),
    );
    bump(dayOf(auth.createdAt), auth.orderId, 'depositsWaivedByCredit', auth.credit ?? 0);
  }
  for (const row of table.values()) {
    const n = (name: string) => (row[name] as number | undefined) ?? 0;
    row.approvalRate = ratio(n('approved'), n('approved') + n('rejected'));
    row.overdueRate = ratio(n('billsOverdue'), n('billsPastDue'));
  }
  return table;
}

function lateness(bill: Ledger['bills'][number], today: string): number {
  return bill.status === 'paid'
    ? daysBetween(bill.dueDate, dayOf(bill.paidAt!))
    : daysBetween(bill.dueDate, today);
}

export function expectedBuckets(
  ledger: Ledger,
  { from, to, brands, today }: { from: string; to: string; brands: number[]; today: string },
) {
  const orderOf = new Map(ledger.orders.map((o) => [o.id, o]));
  const cells = new Map<string, { bills: number; due: number; paid: number }>();
  const pastDue = new Map<string, number>();
  for (const bill of ledger.bills) {
    const order = orderOf.get(bill.orderId)!;
    if (!RENT.has(bill.kind) || bill.status === 'cancelled' || order.startDate === null) continue;
    if (bill.dueDate < from || bill.dueDate > to || bill.dueDate >= today) continue;
    if (!brands.includes(order.platform)) continue;
    const late = lateness(bill, today);
    const bucket =
      late < 1 ? undefined : late <= 7 ? '1-7' : late <= 30 ? '8-30' : late <= 90 ? '31-90' : '>90';
    for (const who of [String(order.platform), 'all']) {
      pastDue.set(who, (pastDue.get(who) ?? 0) + 1);
      if (!bucket) continue;
      const cell = cells.get(`${bucket}|${who}`) ?? { bills: 0, due: 0, paid: 0 };
      cell.bills++;
      cell.due += bill.original - bill.discount + bill.overdueFee;
      cell.paid += bill.paid;
      cells.set(`${bucket}|${who}`, cell);
    }
  }
  return { cells, pastDue, ratio };
}

export function expectedChannels(
  ledger: Ledger,
  { from, to, brands }: { from: string; to: string; brands: number[] },
) {
  const channels = new Map<
    string,
    { ordersPlaced: number; approved: number; rentContracted: number }
  >();
  const at = (channel: string) => {
    const row = channels.get(channel) ?? { ordersPlaced: 0, approved: 0, rentContracted: 0 };
    channels.set(channel, row);
    return row;
  };
  const orderOf = new Map(ledger.orders.map((o) => [o.id, o]));
  for (const order of ledger.orders) {
    const day = dayOf(order.createdAt);
    if (day >= from && day <= to && brands.includes(order.platform))
      at(order.channel).ordersPlaced++;
  }
  for (const event of ledger.events) {
    const order = orderOf.get(event.orderId)!;
    const day = dayOf(event.at);
    if (event.action !== 'approve' || day < from || day > to || !brands.includes(order.platform))
      continue;
    const row = at(order.channel);
    row.approved++;
    for (const bill of ledger.bills)
      if (bill.orderId === order.id && RENT.has(bill.kind) && bill.status !== 'cancelled')
        row.rentContracted += bill.original - bill.discount;
  }
  return channels;
}
