/**
 * Scheduled jobs, each runnable on demand against a given clock (tests and `npm run ops --
 * run-jobs` pass it): overdue bills and fees, withholding of due bills, DUE and RETURN_OVERDUE,
 * assumed receipt after delivery, and the first-payment window. Each order is handled in its own
 * transaction through the state machine; a failure on one order is recorded and the rest go on.
 */
import type { AppDeps } from '../deps.ts';
import { addDays, dayOf, daysBetween, overdueFee } from '../orders/bills.ts';
import { applyOrderAction } from '../orders/machine.ts';
import {
  AUTO_RECEIVE_DAYS,
  DUE_NOTICE_DAYS,
  RETURN_GRACE_DAYS,
  cancelBuyout,
  deductFromDeposit,
  expireUnpaid,
  receiveOrder,
  withholdBills,
} from '../orders/service.ts';
import '../orders/schema.ts';

export interface JobReport {
  overdueBills: number;
  overdueOrders: number;
  withheld: number;
  /** Orders whose long-overdue bills were taken from the deposit authorisation. */
  deducted: number;
  due: number;
  returnOverdue: number;
  received: number;
  expired: number;
  buyoutsLapsed: number;
  errors: string[];
}

/** Days a bill of a `freeze` order may be late before it is taken from the authorisation. */
export const DEPOSIT_DEDUCT_AFTER_DAYS = 7;

/** Days a buy-out waits for its payment before the order goes back. */
export const BUYOUT_WINDOW_DAYS = 3;

export async function runJobs(deps: AppDeps, now: Date = deps.now()): Promise<JobReport> {
  const { db } = deps;
  const at = { ...deps, now: () => now };
  const today = dayOf(now);
  const report: JobReport = {
    overdueBills: 0,
    overdueOrders: 0,
    withheld: 0,
    deducted: 0,
    due: 0,
    returnOverdue: 0,
    received: 0,
    expired: 0,
    buyoutsLapsed: 0,
    errors: [],
  };
  const attempt = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
      return true;
    } catch (error) {
      report.errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };

  // First payment window passed.
  const unpaid = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING_PAY')
    .where('pay_deadline', '<', now)
    .execute();
  for (const order of unpaid) {
    if (await attempt(`expire ${order.id}`, () => expireUnpaid(db, at, order.id))) report.expired++;
  }

  // Assumed receipt N days after delivery.
  const delivered = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'SHIPPED')
    .where('delivered_at', '<=', new Date(now.getTime() - AUTO_RECEIVE_DAYS * 86_400_000))
    .execute();
  for (const order of delivered) {
    if (await attempt(`receive ${order.id}`, () => receiveOrder(db, at, order.id, 'system')))
      report.received++;
  }

  // Buy-outs nobody paid.
  const buyouts = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'BUYING_OUT')
    .where('updated_at', '<=', new Date(now.getTime() - BUYOUT_WINDOW_DAYS * 86_400_000))
    .execute();
  for (const order of buyouts) {
    if (await attempt(`buyout ${order.id}`, () => cancelBuyout(db, at, order.id, 'system')))
      report.buyoutsLapsed++;
  }

  // Bills past due: days and fee, and the order goes OVERDUE.
  const late = await db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id', 'b.due_date', 'b.original', 'b.discount', 'o.status'])
    .where('b.status', '=', 'unpaid')
    .where('b.kind', 'in', ['INSTALMENT', 'FINAL', 'COMPENSATION'])
    .where('o.status', 'in', ['RENTING', 'DUE', 'OVERDUE', 'RETURN_OVERDUE', 'COMPENSATION'])
    .execute();
  const lateOrders = new Set<number>();
  for (const bill of late) {
    const days = daysBetween(dayOf(bill.due_date), today);
    if (days <= 0) continue;
    const open = await db
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('bill_id', '=', bill.id)
      .where('open', '=', true)
      .executeTakeFirst();
    if (open) continue; // being paid: the fee stays as quoted
    await db
      .updateTable('bills')
      .set({ overdue_days: days, overdue_fee: overdueFee(bill.original - bill.discount, days) })
      .where('id', '=', bill.id)
      .where('status', '=', 'unpaid')
      .execute();
    report.overdueBills++;
    if (bill.status === 'RENTING' || bill.status === 'DUE') lateOrders.add(bill.order_id);
  }
  for (const orderId of lateOrders) {
    const moved = await attempt(`overdue ${orderId}`, () =>
      db
        .transaction()
        .execute((trx) =>
          applyOrderAction(trx, orderId, 'overdue', { actor: 'system', now, note: '账单逾期' }),
        ),
    );
    if (moved) report.overdueOrders++;
  }

  // Withhold what is due today or late from the bound card (deposit method `card`).
  const dueBills = await db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id'])
    .where('b.status', '=', 'unpaid')
    .where('b.kind', 'in', ['INSTALMENT', 'FINAL'])
    .where('o.deposit_method', '=', 'card')
    .where('o.status', 'in', ['RENTING', 'DUE', 'OVERDUE', 'RETURN_OVERDUE'])
    .execute();
  const byOrder = new Map<number, number[]>();
  for (const bill of dueBills) {
    const row = await db
      .selectFrom('bills')
      .select('due_date')
      .where('id', '=', bill.id)
      .executeTakeFirstOrThrow();
    if (dayOf(row.due_date) > today) continue;
    const open = await db
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('bill_id', '=', bill.id)
      .where('open', '=', true)
      .executeTakeFirst();
    if (open) continue;
    byOrder.set(bill.order_id, [...(byOrder.get(bill.order_id) ?? []), bill.id]);
  }
  for (const [orderId, billIds] of byOrder) {
    if (await attempt(`withhold ${orderId}`, () => withholdBills(db, at, orderId, billIds)))
      report.withheld++;
  }

  // Long-overdue bills of `freeze` orders are taken from the deposit authorisation.
  const longLate = await db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id'])
    .where('b.status', '=', 'unpaid')
    .where('b.overdue_days', '>=', DEPOSIT_DEDUCT_AFTER_DAYS)
    .where('o.deposit_method', '=', 'freeze')
    .where('o.status', 'in', ['OVERDUE', 'RETURN_OVERDUE'])
    .execute();
  const lateByOrder = new Map<number, number[]>();
  for (const bill of longLate) {
    const open = await db
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('bill_id', '=', bill.id)
      .where('open', '=', true)
      .executeTakeFirst();
    if (open) continue;
    lateByOrder.set(bill.order_id, [...(lateByOrder.get(bill.order_id) ?? []), bill.id]);
  }
  for (const [orderId, billIds] of lateByOrder) {
    let done = false;
    await attempt(`deduct ${orderId}`, async () => {
      done = (await deductFromDeposit(db, at, orderId, billIds)) !== undefined;
    });
    if (done) report.deducted++;
  }

  // End near → DUE; grace passed → RETURN_OVERDUE.
  const renting = await db
    .selectFrom('orders')
    .select(['id', 'status', 'end_date'])
    .where('status', 'in', ['RENTING', 'DUE'])
    .where('end_date', 'is not', null)
    .execute();
  for (const order of renting) {
    const end = dayOf(order.end_date!);
    if (order.status === 'RENTING' && addDays(end, -DUE_NOTICE_DAYS) <= today) {
      const moved = await attempt(`due ${order.id}`, () =>
        db
          .transaction()
          .execute((trx) =>
            applyOrderAction(trx, order.id, 'due', { actor: 'system', now, note: `租期至 ${end}` }),
          ),
      );
      if (moved) report.due++;
    } else if (order.status === 'DUE' && addDays(end, RETURN_GRACE_DAYS) < today) {
      const moved = await attempt(`return overdue ${order.id}`, () =>
        db
          .transaction()
          .execute((trx) =>
            applyOrderAction(trx, order.id, 'return_overdue', { actor: 'system', now }),
          ),
      );
      if (moved) report.returnOverdue++;
    }
  }

  await db
    .insertInto('job_runs')
    .values({ job: 'all', clock: now, result: JSON.stringify(report) })
    .execute();
  return report;
}
