/**
 * The `alipay-order-sync` job: sends the order-centre states the order_events trigger recorded
 * (alipay_order_syncs, written in the transaction of the state change) with
 * alipay.merchant.order.sync, oldest first. A failure Alipay may get over is retried with backoff,
 * and the order's later states wait behind it, so the order centre never goes backwards; a
 * refusal is recorded as failed for ops. Orders of users Alipay does not know (no Alipay login on
 * the brand), and brands whose Alipay is a sandbox, are skipped.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../boot/deps.ts';
import type { LeaseQuote } from '../../../contract/lease/index.ts';
import { orderQuote } from '../orders/bills.ts';
import { toDay } from '../orders/rules.ts';
import { ProviderError } from '../providers/errors.ts';
import '../orders/schema.ts';

/** The bills the lease's price is made of (the deposit is not a price: it comes back). */
const LEASE_BILL_KINDS = ['FIRST', 'INSTALMENT', 'FINAL'] as const;

/**
 * What the order centre shows: the lease's price (rent and services for the term, less the
 * coupon: the quote's total, as the contract states it) and how much of it is paid.
 */
export function orderCentreAmounts(quote: LeaseQuote, leasePaid: number) {
  return { amount: quote.totalPayable, paid: leasePaid };
}

/** Longest wait between two attempts at one state. */
const MAX_BACKOFF_SECONDS = 3600;

export interface OrderSyncReport {
  synced: number;
  skipped: number;
  failed: number;
  retrying: number;
}

export async function syncAlipayOrders(deps: AppDeps, batch = 200): Promise<OrderSyncReport> {
  const report: OrderSyncReport = { synced: 0, skipped: 0, failed: 0, retrying: 0 };
  const now = deps.now();
  const rows = await deps.db
    .selectFrom('alipay_order_syncs as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select([
      's.id',
      's.order_id',
      's.state',
      's.modified_at',
      's.attempts',
      's.next_at',
      'o.platform',
      'o.user_id',
      'o.created_at',
      'o.snapshot',
      'o.deposit_method',
      'o.coupon_discount',
      'o.term',
      'o.term_unit',
      'o.waybill',
      'o.return_waybill',
    ])
    .where('s.status', '=', 'pending')
    .orderBy('s.id')
    .limit(batch)
    .execute();
  /** Orders with an earlier state still waiting: their later states wait too. */
  const waiting = new Set<number>();
  const finish = (
    id: number,
    status: 'synced' | 'skipped' | 'failed',
    error?: string,
    modifiedAt?: Date,
  ) =>
    deps.db
      .updateTable('alipay_order_syncs')
      .set({
        ...(modifiedAt ? { modified_at: modifiedAt } : {}),
        status,
        attempts: sql<number>`attempts + 1`,
        last_error: error ?? null,
        synced_at: status === 'synced' ? now : null,
      })
      .where('id', '=', id)
      .execute();
  for (const row of rows) {
    if (waiting.has(row.order_id)) continue;
    if (row.next_at.getTime() > now.getTime()) {
      waiting.add(row.order_id);
      continue;
    }
    const alipay = deps.providers.payments.forBrand(row.platform).alipay;
    const buyer = alipay.syncOrder ? await buyerOf(deps, row.user_id, row.platform) : undefined;
    if (!alipay.syncOrder || !buyer) {
      await finish(row.id, 'skipped');
      report.skipped++;
      continue;
    }
    const paid = await deps.db
      .selectFrom('bills')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('paid'), eb.lit(0)).as('sum'))
      .where('order_id', '=', row.order_id)
      .where('kind', 'in', LEASE_BILL_KINDS)
      .executeTakeFirst();
    const amounts = orderCentreAmounts(orderQuote(row), Number(paid?.sum ?? 0));
    const owing = await rentOwing(deps, row.order_id);
    const modifiedAt = await monotonicModifiedAt(deps, row.order_id, row.modified_at);
    try {
      await alipay.syncOrder({
        outBizNo: String(row.order_id),
        buyer,
        state: row.state,
        modifiedAt,
        createdAt: row.created_at,
        title: row.snapshot.goods.name,
        amount: amounts.amount,
        paid: amounts.paid,
        lease: `${row.term}${row.term_unit === 'month' ? '个月' : '天'}`,
        page: `pages/orderDetail/orderDetail?id=${row.order_id}`,
        waybill: waybillNumber(
          (row.state === 'IN_THE_BACK' ? row.return_waybill : row.waybill) ?? row.waybill,
        ),
        ...owing,
      });
      // The time sent is kept, so the next state of the order goes out after it.
      await finish(row.id, 'synced', undefined, modifiedAt);
      report.synced++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      if (error instanceof ProviderError && error.kind === 'rejected') {
        await finish(row.id, 'failed', message);
        report.failed++;
        deps.jobs.log.warn({ orderId: row.order_id, state: row.state }, 'order sync refused');
        continue;
      }
      waiting.add(row.order_id);
      const backoff = Math.min(10 * 2 ** row.attempts, MAX_BACKOFF_SECONDS);
      await deps.db
        .updateTable('alipay_order_syncs')
        .set({
          attempts: sql<number>`attempts + 1`,
          last_error: message,
          next_at: new Date(now.getTime() + backoff * 1000),
        })
        .where('id', '=', row.id)
        .execute();
      report.retrying++;
    }
  }
  return report;
}

/** The number of a waybill as stored (a return's is `<express code>:<number>`). */
const waybillNumber = (stored: string | null): string | undefined =>
  stored ? stored.slice(stored.indexOf(':') + 1) || undefined : undefined;

/**
 * The order centre keeps an update only when its order_modified_time (whole seconds) is later
 * than the one it shows, so each state goes out later than the order's previous one sent: two
 * states in one second, or events written by processes whose clocks differ, are not dropped.
 */
async function monotonicModifiedAt(deps: AppDeps, orderId: number, at: Date): Promise<Date> {
  const last = await deps.db
    .selectFrom('alipay_order_syncs')
    .select((eb) => eb.fn.max('modified_at').as('at'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'synced')
    .executeTakeFirst();
  const previous = last?.at ? new Date(last.at).getTime() : 0;
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return seconds(at.getTime()) > seconds(previous) ? at : new Date((seconds(previous) + 1) * 1000);
}

/**
 * What the order card shows of the money: the next rent bill still owed (its date and what is
 * left of it) and the sum owed on bills past due, fees included. Read when the state is sent,
 * so a state retried later shows the figures of then.
 */
async function rentOwing(deps: AppDeps, orderId: number) {
  const bills = await deps.db
    .selectFrom('bills')
    .select(['kind', 'due_date', 'original', 'discount', 'paid', 'overdue_days', 'overdue_fee'])
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .orderBy('due_date')
    .orderBy('id')
    .execute();
  const left = (b: (typeof bills)[number]) => b.original - b.discount + b.overdue_fee - b.paid;
  const next = bills.find(
    (b) => (RENT_BILL_KINDS as readonly string[]).includes(b.kind) && left(b) > 0,
  );
  const overdueAmount = bills
    .filter((b) => b.overdue_days > 0)
    .reduce((sum, b) => sum + Math.max(0, left(b)), 0);
  return {
    overdueAmount,
    ...(next ? { nextDue: { date: toDay(next.due_date) ?? '', amount: left(next) } } : {}),
  };
}

/** Bills the order centre's "next payment" means: rent, the tail payment, a renewal. */
const RENT_BILL_KINDS = ['FIRST', 'INSTALMENT', 'FINAL', 'RENEWAL'] as const;

/** The user as Alipay knows them on the brand: user id from login, else the app's open id. */
async function buyerOf(deps: AppDeps, userId: number, platform: number) {
  const user = await deps.db
    .selectFrom('users')
    .select('alipay_user_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  const open = await deps.db
    .selectFrom('user_open_ids')
    .select('open_id')
    .where('user_id', '=', userId)
    .where('platform', '=', platform)
    .where('provider', '=', 'alipay')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!user?.alipay_user_id && !open) return undefined;
  return { userId: user?.alipay_user_id ?? undefined, openId: open?.open_id };
}
