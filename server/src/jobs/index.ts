/**
 * The scheduled sweeps, each runnable against a given clock: the first-payment window, the
 * orders sweep (assumed receipt, lapsed buy-outs, overdue bills and fees, DUE and
 * RETURN_OVERDUE), withholding of due bills from bound cards, and taking long-overdue bills from
 * the deposit authorisation. Each order is handled in its own transaction through the state
 * machine; a failure on one order is recorded and the rest go on. Provider calls they need
 * (withholding, payment from the authorisation) are outbox jobs, run after their commits.
 *
 * jobs/definitions.ts schedules each sweep; `runJobs` (ops' run-jobs, tests) runs them all at a
 * clock, then reconciles and drains the outbox.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest } from '../plugins/errors.ts';
import { addDays, dayOf, daysBetween, overdueFee } from '../orders/bills.ts';
import { TERMINAL_STATUSES, type Action, type OrderStatus } from '../orders/machine.ts';
import { applyOrderAction } from '../orders/apply-action.ts';
import { AUTO_RECEIVE_DAYS, DUE_NOTICE_DAYS, RETURN_GRACE_DAYS } from '../orders/rules.ts';
import { deductFromDeposit, withholdBills } from '../orders/payments.ts';
import { cancelBuyout, receiveOrder } from '../orders/return-buyout.ts';
import { expireUnpaid } from '../orders/ops.ts';
import {
  settleWechatDepositEarly,
  WECHAT_DEPOSIT_SETTLE_AFTER_DAYS,
} from '../orders/wechat-deposit.ts';
import '../orders/schema.ts';
import { reconcile } from './reconcile.ts';

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
  /** WeChat deposits near a year old that settled the order's bills and went back. */
  depositsSettled: number;
  /** Pending provider operations and payments settled by asking the provider. */
  reconciled: number;
  errors: string[];
}

export const emptyReport = (): JobReport => ({
  overdueBills: 0,
  overdueOrders: 0,
  withheld: 0,
  deducted: 0,
  due: 0,
  returnOverdue: 0,
  received: 0,
  expired: 0,
  buyoutsLapsed: 0,
  depositsSettled: 0,
  reconciled: 0,
  errors: [],
});

/** Days a bill of a `freeze` order may be late before it is taken from the authorisation. */
export const DEPOSIT_DEDUCT_AFTER_DAYS = 7;

/** Days a buy-out waits for its payment before the order goes back. */
export const BUYOUT_WINDOW_DAYS = 3;

/** One sweep: deps, its clock, the report it adds to. */
export type Sweep = (deps: AppDeps, now: Date, report: JobReport) => Promise<void>;

/** Runs `work`, recording a failure in the report instead of stopping the sweep. */
async function attempt(report: JobReport, what: string, work: () => Promise<unknown>) {
  try {
    await work();
    return true;
  } catch (error) {
    report.errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** One state-machine step of one order, in its own transaction. */
function move(
  deps: AppDeps,
  now: Date,
  report: JobReport,
  what: string,
  orderId: number,
  action: Action,
  note?: string,
) {
  return attempt(report, what, () =>
    deps.db.transaction().execute((trx) =>
      applyOrderAction(trx, orderId, action, {
        actor: 'system',
        now,
        ...(note !== undefined ? { note } : {}),
      }),
    ),
  );
}

/** `work` on each order in `status` whose `column` is `op` `time`; how many went through. */
async function sweepOrders(
  deps: AppDeps,
  report: JobReport,
  what: string,
  status: OrderStatus,
  column: 'pay_deadline' | 'delivered_at' | 'updated_at',
  op: '<' | '<=',
  time: Date,
  work: (orderId: number) => Promise<unknown>,
) {
  const orders = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', status)
    .where(column, op, time)
    .execute();
  let done = 0;
  for (const order of orders) {
    if (await attempt(report, `${what} ${order.id}`, () => work(order.id))) done++;
  }
  return done;
}

/** A bill with an open payment is being paid: left alone (its fee stays as quoted). */
async function beingPaid(deps: AppDeps, billId: number) {
  return (
    (await deps.db
      .selectFrom('payment_bills')
      .select('bill_id')
      .where('bill_id', '=', billId)
      .where('open', '=', true)
      .executeTakeFirst()) !== undefined
  );
}

/** The bills no payment is under way for, by order. */
async function idleByOrder(deps: AppDeps, bills: { id: number; order_id: number }[]) {
  const byOrder = new Map<number, number[]>();
  for (const bill of bills) {
    if (await beingPaid(deps, bill.id)) continue;
    byOrder.set(bill.order_id, [...(byOrder.get(bill.order_id) ?? []), bill.id]);
  }
  return byOrder;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);
const atClock = (deps: AppDeps, now: Date): AppDeps => ({ ...deps, now: () => now });

/** First payment window passed: the order is cancelled and what it held released. */
export const expirePayments: Sweep = async (deps, now, report) => {
  const at = atClock(deps, now);
  report.expired += await sweepOrders(
    deps,
    report,
    'expire',
    'PENDING_PAY',
    'pay_deadline',
    '<',
    now,
    (id) => expireUnpaid(deps.db, at, id),
  );
};

/** Assumed receipt, lapsed buy-outs, overdue bills and orders, DUE and RETURN_OVERDUE. */
export const sweepRentals: Sweep = async (deps, now, report) => {
  const { db } = deps;
  const at = atClock(deps, now);
  const today = dayOf(now);
  report.received += await sweepOrders(
    deps,
    report,
    'receive',
    'SHIPPED',
    'delivered_at',
    '<=',
    daysBefore(now, AUTO_RECEIVE_DAYS),
    (id) => receiveOrder(db, at, id, 'system'),
  );
  report.buyoutsLapsed += await sweepOrders(
    deps,
    report,
    'buyout',
    'BUYING_OUT',
    'updated_at',
    '<=',
    daysBefore(now, BUYOUT_WINDOW_DAYS),
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
    if (days <= 0 || (await beingPaid(deps, bill.id))) continue;
    await db
      .updateTable('bills')
      // A fee the merchant waived in part stays waived as the days add up (0060, collections).
      .set({
        overdue_days: days,
        overdue_fee: sql<number>`greatest(${overdueFee(bill.original - bill.discount, days)} - fee_waived, 0)`,
      })
      .where('id', '=', bill.id)
      .where('status', '=', 'unpaid')
      .execute();
    report.overdueBills++;
    if (bill.status === 'RENTING' || bill.status === 'DUE') lateOrders.add(bill.order_id);
  }
  for (const orderId of lateOrders) {
    if (await move(deps, now, report, `overdue ${orderId}`, orderId, 'overdue', '账单逾期'))
      report.overdueOrders++;
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
      if (await move(deps, now, report, `due ${order.id}`, order.id, 'due', `租期至 ${end}`))
        report.due++;
    } else if (order.status === 'DUE' && addDays(end, RETURN_GRACE_DAYS) < today) {
      if (await move(deps, now, report, `return overdue ${order.id}`, order.id, 'return_overdue'))
        report.returnOverdue++;
    }
  }
};

/** What is due today or late on `card` orders is withheld from the bound card. */
export const withholdDue: Sweep = async (deps, now, report) => {
  const today = dayOf(now);
  const dueBills = await deps.db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id', 'b.due_date'])
    .where('b.status', '=', 'unpaid')
    .where('b.kind', 'in', ['INSTALMENT', 'FINAL'])
    .where('o.deposit_method', '=', 'card')
    .where('o.status', 'in', ['RENTING', 'DUE', 'OVERDUE', 'RETURN_OVERDUE'])
    // Automatic deduction the user cancelled (解除代扣): those bills are paid by hand.
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('withholding_agreements as w')
            .select('w.id')
            .whereRef('w.order_id', '=', 'o.id')
            .where('w.cancelled_at', 'is not', null),
        ),
      ),
    )
    .execute();
  const byOrder = await idleByOrder(
    deps,
    dueBills.filter((bill) => dayOf(bill.due_date) <= today),
  );
  const at = atClock(deps, now);
  for (const [orderId, billIds] of byOrder) {
    if (
      await attempt(report, `withhold ${orderId}`, () =>
        withholdBills(deps.db, at, orderId, billIds),
      )
    )
      report.withheld++;
  }
};

/** Long-overdue bills of `freeze` orders are taken from the deposit authorisation. */
export const deductFromDeposits: Sweep = async (deps, now, report) => {
  const longLate = await deps.db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select(['b.id', 'b.order_id'])
    .where('b.status', '=', 'unpaid')
    .where('b.overdue_days', '>=', DEPOSIT_DEDUCT_AFTER_DAYS)
    .where('o.deposit_method', '=', 'freeze')
    .where('o.status', 'in', ['OVERDUE', 'RETURN_OVERDUE'])
    .execute();
  const at = atClock(deps, now);
  for (const [orderId, billIds] of await idleByOrder(deps, longLate)) {
    let done = false;
    await attempt(report, `deduct ${orderId}`, async () => {
      done = (await deductFromDeposit(deps.db, at, orderId, billIds)) !== undefined;
    });
    if (done) report.deducted++;
  }
};

/**
 * WeChat deposits paid 330 days ago on orders still running: each settles its order's unpaid
 * bills and the rest is refunded while WeChat Pay still refunds the payment (it refuses after a
 * year). The age is checked again, under the order's lock, by settleWechatDepositEarly.
 */
export const settleOldWechatDeposits: Sweep = async (deps, now, report) => {
  const orders = await deps.db
    .selectFrom('orders as o')
    .innerJoin('bills as b', 'b.order_id', 'o.id')
    .innerJoin('payments as p', 'p.out_trade_no', 'b.out_trade_no')
    .select('o.id')
    .where('o.deposit_method', '=', 'paid')
    .where('o.deposit_settled_at', 'is', null)
    .where('o.status', 'not in', TERMINAL_STATUSES)
    .where('b.kind', '=', 'DEPOSIT')
    .where('b.status', '=', 'paid')
    .where('p.channel', '=', 'wechat')
    // A day's slack: the exact age is judged in Beijing days inside.
    .where('p.finished_at', '<=', daysBefore(now, WECHAT_DEPOSIT_SETTLE_AFTER_DAYS - 1))
    .execute();
  const at = atClock(deps, now);
  for (const order of orders) {
    let done = false;
    await attempt(report, `deposit ${order.id}`, async () => {
      done = (await settleWechatDepositEarly(deps.db, at, order.id)) !== undefined;
    });
    if (done) report.depositsSettled++;
  }
};

/**
 * Every sweep at the clock `now` (ops' `run-jobs --at`, tests), then a reconciliation pass and
 * the outbox drained, so the report reflects what the provider calls did.
 */
/** How far an ops machine's "now" may be from the server's clock and still be now. */
export const OPS_CLOCK_SLACK_MS = 60_000;

/**
 * The clock `POST /ops/jobs/run` runs at. A time of the caller's choosing is for development and
 * test (demos and tests move the clock); elsewhere it would charge overdue fees and start rentals
 * at a made-up date, so only the server's own clock runs (an `at` within a minute of it is now).
 */
export function opsRunClock(deps: AppDeps, at: string | undefined): Date {
  const now = deps.now();
  if (at === undefined) return now;
  const asked = new Date(at);
  const { appEnv } = deps.config;
  if (appEnv === 'development' || appEnv === 'test') return asked;
  if (Math.abs(asked.getTime() - now.getTime()) <= OPS_CLOCK_SLACK_MS) return now;
  throw badRequest('at 仅用于开发和测试环境：生产环境的任务按服务器时间运行');
}

export async function runJobs(deps: AppDeps, now: Date = deps.now()): Promise<JobReport> {
  const report = emptyReport();
  for (const sweep of [
    expirePayments,
    sweepRentals,
    withholdDue,
    deductFromDeposits,
    settleOldWechatDeposits,
  ])
    await sweep(deps, now, report);
  await deps.jobs.drain();
  report.reconciled += (await reconcile(deps)).settled;
  await deps.jobs.drain();
  await deps.db
    .insertInto('job_runs')
    .values({ job: 'all', clock: now, result: JSON.stringify(report), job_id: null })
    .execute();
  return report;
}
