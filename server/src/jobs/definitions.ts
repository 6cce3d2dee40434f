/**
 * Every queue: what runs it, how often it is retried, and for the sweeps when it runs
 * (Asia/Shanghai time). A scheduled run is recorded in `job_runs` under its job id, which is
 * unique: a run that happened twice would fail to record.
 */
import type { AppDeps } from '../boot/deps.ts';
import {
  deliverSandboxNotification,
  SANDBOX_NOTIFY_ATTEMPTS,
  sweepSandboxNotifications,
} from '../payments/sandbox.ts';
import type { NotificationFields } from '../payments/gateway.ts';
import { runOutboxJob } from '../payments/operations.ts';
import { syncAlipayOrders } from '../payments/alipay-order-sync.ts';
import {
  deductFromDeposits,
  emptyReport,
  expirePayments,
  settleOldWechatDeposits,
  sweepRentals,
  withholdDue,
  type Sweep,
} from './index.ts';
import type { JobDefinition, JobMeta, JobName } from './queue.ts';
import { reconcile } from './reconcile.ts';
import { remindBills } from '../privacy/reminders.ts';
import { pollSmsReceipts } from '../providers/sms/receipts.ts';

/** Runs a sweep at the deps' clock and records the run under the job's id. */
function scheduled(name: JobName, sweep: Sweep) {
  return async (deps: AppDeps, _data: Record<string, unknown>, job: JobMeta) => {
    const now = deps.now();
    const report = emptyReport();
    await sweep(deps, now, report);
    await deps.db
      .insertInto('job_runs')
      .values({ job: name, clock: now, result: JSON.stringify(report), job_id: job.id })
      .execute();
    return report;
  };
}

const reconcileSweep: Sweep = async (deps, _now, report) => {
  const result = await reconcile(deps);
  report.reconciled += result.settled;
  report.errors.push(...result.errors);
};

/** A sweep is not retried quickly: its next scheduled run does the same work. */
const SWEEP = {
  policy: 'stately',
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 900,
} as const;

export const JOB_DEFINITIONS: readonly JobDefinition<AppDeps>[] = [
  {
    name: 'outbox',
    policy: 'standard',
    // 10 s doubling: about 11 hours before it is given up (reconciliation still sees the row).
    retryLimit: 12,
    retryDelaySeconds: 10,
    // A provider call is over in seconds; a job running longer was cut off by a crash.
    expireInSeconds: 120,
    // Each job is one provider call on its own row (idempotent, reconciled), mostly waiting on the
    // provider: one at a time, they held every order's freeze and payment behind each other
    // (issue 22). Five at once stay well under the database pool (db/index.ts, 10).
    concurrency: 5,
    handle: async (deps, data) => ({ result: await runOutboxJob(deps, data) }),
  },
  {
    name: 'sandbox-notify',
    policy: 'standard',
    retryLimit: SANDBOX_NOTIFY_ATTEMPTS - 1,
    retryDelaySeconds: 15,
    expireInSeconds: 60,
    handle: (deps, data, job) =>
      deliverSandboxNotification(
        deps.db,
        Number(data.id),
        job,
        typeof data.notifyUrl === 'string' && typeof data.fields === 'object' && data.fields
          ? { notifyUrl: data.notifyUrl, fields: data.fields as NotificationFields }
          : undefined,
      ),
  },
  // A sandbox notification whose first attempt (made where it was stored) never happened.
  {
    name: 'sandbox-notify-sweep',
    cron: '* * * * *',
    ...SWEEP,
    handle: async (deps) => ({ result: await sweepSandboxNotifications(deps.db, deps.jobs) }),
  },
  {
    name: 'payments-expire',
    cron: '* * * * *',
    ...SWEEP,
    handle: scheduled('payments-expire', expirePayments),
  },
  {
    name: 'orders-sweep',
    cron: '*/15 * * * *',
    ...SWEEP,
    handle: scheduled('orders-sweep', sweepRentals),
  },
  // Withholding once a day in the morning: a declined card is not tried again within the day.
  {
    name: 'bills-withhold',
    cron: '0 10 * * *',
    ...SWEEP,
    handle: scheduled('bills-withhold', withholdDue),
  },
  {
    name: 'deposit-deduct',
    cron: '30 10 * * *',
    ...SWEEP,
    handle: scheduled('deposit-deduct', deductFromDeposits),
  },
  // WeChat deposits near a year old, once a day (WeChat Pay refuses refunds after a year).
  {
    name: 'wechat-deposits-settle',
    cron: '0 11 * * *',
    ...SWEEP,
    handle: scheduled('wechat-deposits-settle', settleOldWechatDeposits),
  },
  // The Alipay order centre: states recorded with each change, sent (and retried) every minute.
  {
    name: 'alipay-order-sync',
    cron: '* * * * *',
    ...SWEEP,
    handle: async (deps) => ({ result: await syncAlipayOrders(deps) }),
  },
  {
    name: 'payments-reconcile',
    cron: '*/5 * * * *',
    ...SWEEP,
    handle: scheduled('payments-reconcile', reconcileSweep),
  },
  // SMS delivery receipts: messages still pending are asked about (each on its own backoff).
  {
    name: 'sms-receipts',
    cron: '*/5 * * * *',
    ...SWEEP,
    handle: async (deps) => ({ result: await pollSmsReceipts(deps, deps.now()) }),
  },
  // Bill reminders in the daytime, hourly: the first run sends, later ones retry failed SMS.
  {
    name: 'bills-remind',
    cron: '0 9-20 * * *',
    ...SWEEP,
    handle: async (deps, _data, job) => {
      const now = deps.now();
      const report = await remindBills(deps, now);
      await deps.db
        .insertInto('job_runs')
        .values({ job: 'bills-remind', clock: now, result: JSON.stringify(report), job_id: job.id })
        .execute();
      return report;
    },
  },
];
