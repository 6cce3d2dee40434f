/**
 * Scheduled jobs, each runnable on demand against a given clock (tests and `npm run ops --
 * run-jobs` pass it): overdue bills and fees, withholding of due bills, DUE and RETURN_OVERDUE,
 * assumed receipt after delivery, and the first-payment window. Each order is handled in its own
 * transaction through the state machine; a failure on one order is recorded and the rest go on.
 */
import type { AppDeps } from '../deps.ts';
import { addDays, dayOf, daysBetween, overdueFee } from '../orders/bills.ts';
import { applyOrderAction, type Action, type OrderStatus } from '../orders/machine.ts';
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
  /** One state-machine step of one order, in its own transaction. */
  const move = (what: string, orderId: number, action: Action, note?: string) =>
    attempt(what, () =>
      db.transaction().execute((trx) =>
        applyOrderAction(trx, orderId, action, {
          actor: 'system',
          now,
          ...(note !== undefined ? { note } : {}),
        }),
      ),
    );
  /** `work` on each order in `status` whose `column` is `op` `time`; how many went through. */
  const sweep = async (
    what: string,
    status: OrderStatus,
    column: 'pay_deadline' | 'delivered_at' | 'updated_at',
    op: '<' | '<=',
    time: Date,
    work: (orderId: number) => Promise<unknown>,
  ) => {
    const orders = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', status)
      .where(column, op, time)
      .execute();
    let done = 0;
    for (const order of orders) {
      if (await attempt(`${what} ${order.id}`, () => work(order.id))) done++;
    }
    return done;
  };
  /** A bill with an open payment is being paid: left alone (its fee stays as quoted). */
  const beingPaid = async (billId: number) =>
    (await db
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('bill_id', '=', billId)
      .where('open', '=', true)
      .executeTakeFirst()) !== undefined;
  /** The bills no payment is under way for, by order. */
  const idleByOrder = async (bills: { id: number; order_id: number }[]) => {
    const byOrder = new Map<number, number[]>();
    for (const bill of bills) {
      if (await beingPaid(bill.id)) continue;
      byOrder.set(bill.order_id, [...(byOrder.get(bill.order_id) ?? []), bill.id]);
    }
    return byOrder;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  // First payment window passed.
  report.expired = await sweep('expire', 'PENDING_PAY', 'pay_deadline', '<', now, (id) =>
    expireUnpaid(db, at, id),
  );
  // Assumed receipt N days after delivery.
  report.received = await sweep(
    'receive',
    'SHIPPED',
    'delivered_at',
    '<=',
    daysAgo(AUTO_RECEIVE_DAYS),
    (id) => receiveOrder(db, at, id, 'system'),
  );
  // Buy-outs nobody paid.
  report.buyoutsLapsed = await sweep(
    'buyout',
    'BUYING_OUT',
    'updated_at',
    '<=',
    daysAgo(BUYOUT_WINDOW_DAYS),
    (id) => cancelBuyout(db, at, id, 'system'),
  );

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
    if (days <= 0 || (await beingPaid(bill.id))) continue;
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
    if (await move(`overdue ${orderId}`, orderId, 'overdue', '账单逾期')) report.overdueOrders++;
  }

  // Withhold what is due today or late from the bound card (deposit method `card`).
  const dueBills = await db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id', 'b.due_date'])
    .where('b.status', '=', 'unpaid')
    .where('b.kind', 'in', ['INSTALMENT', 'FINAL'])
    .where('o.deposit_method', '=', 'card')
    .where('o.status', 'in', ['RENTING', 'DUE', 'OVERDUE', 'RETURN_OVERDUE'])
    .execute();
  const byOrder = await idleByOrder(dueBills.filter((bill) => dayOf(bill.due_date) <= today));
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
  for (const [orderId, billIds] of await idleByOrder(longLate)) {
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
      if (await move(`due ${order.id}`, order.id, 'due', `租期至 ${end}`)) report.due++;
    } else if (order.status === 'DUE' && addDays(end, RETURN_GRACE_DAYS) < today) {
      if (await move(`return overdue ${order.id}`, order.id, 'return_overdue')) {
        report.returnOverdue++;
      }
    }
  }

  await db
    .insertInto('job_runs')
    .values({ job: 'all', clock: now, result: JSON.stringify(report) })
    .execute();
  return report;
}
