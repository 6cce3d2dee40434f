/**
 * Collections (issue 38): the overdue queue of the brands an account may see, assignment of a
 * case to a collector, the contact log (collectors' records and the reminders the scheduler sent,
 * `bill_reminders`), and finance's money actions. The money actions go through the engine's own
 * code: an offline repayment is a payment of channel `offline` settled by `applyTradeOutcome`
 * (the function a provider's notification calls), a deduction from the deposit is the scheduler's
 * `deductFromDeposit`; each is audited with before/after in its transaction and answered once per
 * Idempotency-Key (`collection_actions`).
 */
import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import {
  bucketOf,
  OVERDUE_BUCKETS,
  type AddContactRecordBody,
  type ContactEntry,
  type ListOverdueQuery,
  type MoneyActionResult,
  type OverdueBucket,
  type OverdueCase,
  type RecordOfflineRepaymentBody,
} from '../../../contract/admin/collections.ts';
import { can } from '../../../contract/admin/permissions.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { dayOf, outstandingOf } from '../orders/bills.ts';
import { toDay, type Trx } from '../orders/rules.ts';
import { newTradeNo } from '../payments/operations.ts';
import { closePayments } from '../orders/confirm-cancel.ts';
import { STATUS_TEXT, TERMINAL_STATUSES } from '../orders/machine.ts';
import { advanceAfterPayment, applyTradeOutcome } from '../orders/payment-outcomes.ts';
import { deductFromDeposit } from '../orders/payments.ts';
import { orderNumber } from '../orders/queries.ts';
import { insertBillsPayment } from '../orders/order-records.ts';
import { lockOrder, openPaymentIdsCovering } from '../orders/payment-rows.ts';
import { ApiError, badRequest, conflict, notFound } from '../plugins/errors.ts';
import { yuan } from '../lib/money.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import './collections-schema.ts';

type Db = Kysely<Database>;

const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';
const maskName = (name: string) =>
  name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '';
const unprocessable = (msg: string) => new ApiError(422, msg, 422);

// ---------------------------------------------------------------------------------------------
// Queue

interface CaseDraft extends Omit<OverdueCase, 'bucket' | 'assignee'> {
  /** The oldest overdue bill's due day: a promise older than it belongs to an earlier case. */
  since: string;
}

/** Every order with a bill late and unpaid, for the account's brands (and the filters). */
async function overdueCases(db: Db, actor: StaffActor, platform?: number) {
  let query = db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('identities as i', 'i.user_id', 'o.user_id')
    .select([
      'b.order_id',
      'b.due_date',
      'b.original',
      'b.discount',
      'b.overdue_fee',
      'b.overdue_days',
      'b.paid',
      'o.id',
      'o.platform',
      'o.status',
      'o.snapshot',
      'o.created_at',
      'u.mobile',
      'i.name as identity_name',
    ])
    .where('b.status', '=', 'unpaid')
    .where('b.overdue_days', '>', 0)
    .where('o.status', 'not in', TERMINAL_STATUSES);
  if (!actor.allBrands) query = query.where('o.platform', 'in', actor.brands);
  if (platform) query = query.where('o.platform', '=', platform);
  const cases = new Map<number, CaseDraft>();
  for (const row of await query.execute()) {
    const owed = row.original - row.discount + row.overdue_fee - row.paid;
    const due = toDay(row.due_date)!;
    const draft = cases.get(row.order_id) ?? {
      orderId: row.order_id,
      orderNo: orderNumber(row),
      platform: row.platform,
      status: row.status,
      statusText: STATUS_TEXT[row.status],
      goodsName: row.snapshot.goods.name,
      customerName: maskName(row.identity_name ?? row.snapshot.address.name),
      mobile: maskMobile(row.mobile),
      daysOverdue: 0,
      owed: 0,
      overdueFee: 0,
      overdueBills: 0,
      lastContactAt: null,
      lastContactOutcome: null,
      promisedDate: null,
      promisedAmount: null,
      promiseBroken: false,
      since: due,
    };
    draft.daysOverdue = Math.max(draft.daysOverdue, row.overdue_days);
    draft.owed += owed;
    draft.overdueFee += row.overdue_fee;
    draft.overdueBills += 1;
    if (due < draft.since) draft.since = due;
    cases.set(row.order_id, draft);
  }
  return cases;
}

/** The latest record and the latest promise of each order, and who works it. */
async function caseWork(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return { latest: [], promises: [], assignees: [] };
  const [latest, promises, assignees] = await Promise.all([
    db
      .selectFrom('collection_contacts')
      .distinctOn('order_id')
      .select(['order_id', 'outcome', 'created_at'])
      .where('order_id', 'in', orderIds)
      .orderBy('order_id')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('collection_contacts')
      .distinctOn('order_id')
      .select(['order_id', 'promised_date', 'promised_amount', 'created_at'])
      .where('order_id', 'in', orderIds)
      .where('outcome', '=', 'promised')
      .orderBy('order_id')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('collection_assignments as a')
      .innerJoin('staff as s', 's.id', 'a.staff_id')
      .select(['a.order_id', 's.id', 's.login', 's.display_name'])
      .where('a.order_id', 'in', orderIds)
      .execute(),
  ]);
  return { latest, promises, assignees };
}

/** Broken promises first, then cases without one, then those waiting on a promise. */
const rank = (c: OverdueCase) => (c.promiseBroken ? 0 : c.promisedDate === null ? 1 : 2);

export async function listOverdue(
  deps: AppDeps,
  actor: StaffActor,
  query: ListOverdueQuery,
): Promise<{
  tabs: { key: OverdueBucket; label: string; count: number }[];
  list: OverdueCase[];
  total: number;
  pageNum: number;
  pageSize: number;
}> {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  const today = dayOf(deps.now());
  const drafts = await overdueCases(deps.db, actor, query.platform);
  const work = await caseWork(deps.db, [...drafts.keys()]);
  const latest = new Map(work.latest.map((row) => [row.order_id, row]));
  const promises = new Map(work.promises.map((row) => [row.order_id, row]));
  const assignees = new Map(work.assignees.map((row) => [row.order_id, row]));
  let cases: OverdueCase[] = [...drafts.values()].map(({ since, ...draft }) => {
    const last = latest.get(draft.orderId);
    const promise = promises.get(draft.orderId);
    // A promise made before this case began (an earlier overdue spell) says nothing of it.
    const current = promise && dayOf(promise.created_at) >= since ? promise : undefined;
    const promisedDate = current?.promised_date ? toDay(current.promised_date) : null;
    const who = assignees.get(draft.orderId);
    return {
      ...draft,
      bucket: bucketOf(draft.daysOverdue) ?? 'd1_7',
      lastContactAt: last ? last.created_at.toISOString() : null,
      lastContactOutcome: last?.outcome ?? null,
      promisedDate,
      promisedAmount: current?.promised_amount ?? null,
      promiseBroken: promisedDate !== null && promisedDate < today,
      assignee: who ? { id: who.id, login: who.login, displayName: who.display_name } : null,
    };
  });
  if (query.assigneeId !== undefined)
    cases = cases.filter((c) =>
      query.assigneeId === 0 ? c.assignee === null : c.assignee?.id === query.assigneeId,
    );
  const tabs = (Object.keys(OVERDUE_BUCKETS) as OverdueBucket[]).map((key) => ({
    key,
    label: OVERDUE_BUCKETS[key].label,
    count: cases.filter((c) => c.bucket === key).length,
  }));
  if (query.bucket) cases = cases.filter((c) => c.bucket === query.bucket);
  cases.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      b.daysOverdue - a.daysOverdue ||
      b.owed - a.owed ||
      a.orderId - b.orderId,
  );
  return {
    tabs,
    list: cases.slice((pageNum - 1) * pageSize, pageNum * pageSize),
    total: cases.length,
    pageNum,
    pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Collectors and assignment

/** Active accounts that may work cases, for the brands the account sees. */
export async function listCollectors(db: Db, actor: StaffActor) {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'login', 'display_name', 'role', 'all_brands', 'brands'])
    .where('disabled_at', 'is', null)
    .where('service', '=', false)
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => can(row.role, 'collections.work'))
    .filter(
      (row) =>
        actor.allBrands || row.all_brands || row.brands.some((b) => actor.brands.includes(b)),
    )
    .map((row) => ({
      id: row.id,
      login: row.login,
      displayName: row.display_name,
      role: row.role,
    }));
}

export async function assignCollector(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  staffId: number | null,
) {
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const collector =
      staffId === null
        ? null
        : await trx
            .selectFrom('staff')
            .select(['id', 'login', 'display_name', 'role', 'all_brands', 'brands', 'disabled_at'])
            .where('id', '=', staffId)
            .executeTakeFirst();
    if (collector === undefined) throw unprocessable('该员工不存在');
    if (
      collector &&
      (collector.disabled_at !== null ||
        !can(collector.role, 'collections.work') ||
        !(collector.all_brands || collector.brands.includes(order.platform)))
    )
      throw unprocessable('该员工不能跟进此品牌的催收（角色、品牌或账号已停用）');
    const before = await trx
      .selectFrom('collection_assignments')
      .select('staff_id')
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    if ((before?.staff_id ?? null) !== staffId) {
      await trx.deleteFrom('collection_assignments').where('order_id', '=', orderId).execute();
      if (collector)
        await trx
          .insertInto('collection_assignments')
          .values({
            order_id: orderId,
            staff_id: collector.id,
            assigned_by: actor.id,
            assigned_at: deps.now(),
          })
          .execute();
      await appendAudit(
        trx,
        actor,
        {
          platform: order.platform,
          action: 'collections.assign',
          targetType: 'order',
          targetId: orderId,
          before: { staffId: before?.staff_id ?? null },
          after: { staffId },
        },
        deps.now(),
      );
    }
    return {
      orderId,
      assignee: collector
        ? { id: collector.id, login: collector.login, displayName: collector.display_name }
        : null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Contact log

export async function addContactRecord(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  body: AddContactRecordBody,
): Promise<ContactEntry> {
  const promised = body.outcome === 'promised';
  const today = dayOf(deps.now());
  if (promised) {
    if (!body.promisedDate || !body.promisedAmount)
      throw unprocessable('承诺还款须填写承诺日期和金额');
    if (body.promisedDate < today) throw unprocessable('承诺还款日期不能早于今天');
  } else if (body.promisedDate || body.promisedAmount)
    throw unprocessable('只有结果为「承诺还款」时才填写承诺日期和金额');
  if (body.kind !== 'note' && !body.outcome) throw unprocessable('电话和消息须选择联系结果');
  return deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, orderId);
    const at = deps.now();
    const row = await trx
      .insertInto('collection_contacts')
      .values({
        order_id: orderId,
        platform: order.platform,
        staff_id: actor.id,
        kind: body.kind,
        outcome: body.outcome ?? null,
        note: body.note ?? '',
        promised_date: promised ? body.promisedDate! : null,
        promised_amount: promised ? body.promisedAmount! : null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendAudit(
      trx,
      actor,
      {
        platform: order.platform,
        action: 'collections.contact',
        targetType: 'order',
        targetId: orderId,
        reason: body.note || null,
        after: {
          contactId: row.id,
          kind: body.kind,
          outcome: body.outcome ?? null,
          ...(promised
            ? { promisedDate: body.promisedDate, promisedAmount: body.promisedAmount }
            : {}),
        },
      },
      at,
    );
    return {
      source: 'staff',
      id: row.id,
      kind: body.kind,
      channel: null,
      outcome: body.outcome ?? null,
      note: body.note ?? '',
      promisedDate: promised ? body.promisedDate! : null,
      promisedAmount: promised ? body.promisedAmount! : null,
      billId: null,
      by: { id: actor.id, login: actor.login },
      at: at.toISOString(),
    } satisfies ContactEntry;
  });
}

/** The order's contact log, newest first: collectors' records and the reminders sent. */
export async function listContacts(db: Db, orderId: number): Promise<ContactEntry[]> {
  const [records, reminders] = await Promise.all([
    db
      .selectFrom('collection_contacts as c')
      .innerJoin('staff as s', 's.id', 'c.staff_id')
      .select([
        'c.id',
        'c.kind',
        'c.outcome',
        'c.note',
        'c.promised_date',
        'c.promised_amount',
        'c.created_at',
        's.id as staff_id',
        's.login',
      ])
      .where('c.order_id', '=', orderId)
      .execute(),
    db
      .selectFrom('bill_reminders as r')
      .innerJoin('bills as b', 'b.id', 'r.bill_id')
      .select(['r.id', 'r.kind', 'r.channel', 'r.status', 'r.created_at', 'r.sent_at', 'r.bill_id'])
      .where('b.order_id', '=', orderId)
      .where('r.status', '!=', 'pending')
      .execute(),
  ]);
  const entries: ContactEntry[] = [
    ...records.map((r) => ({
      source: 'staff' as const,
      id: r.id,
      kind: r.kind,
      channel: null,
      outcome: r.outcome,
      note: r.note,
      promisedDate: r.promised_date ? toDay(r.promised_date) : null,
      promisedAmount: r.promised_amount,
      billId: null,
      by: { id: r.staff_id, login: r.login },
      at: r.created_at.toISOString(),
    })),
    ...reminders.map((r) => ({
      source: 'system' as const,
      id: r.id,
      kind: r.kind,
      channel: r.channel,
      outcome: r.status,
      note: '',
      promisedDate: null,
      promisedAmount: null,
      billId: r.bill_id,
      by: null,
      at: (r.sent_at ?? r.created_at).toISOString(),
    })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
}

// ---------------------------------------------------------------------------------------------
// Money actions

export const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

interface KeyedAction {
  key: string;
  action: string;
  targetId: number;
  request: Record<string, unknown>;
}

/**
 * Runs a money action once per request key: the same key with the same request answers the
 * first reply (`repeated`) and writes nothing; with another request it is a 409. The key's row is
 * written in the action's transaction, so a failed action leaves the key unused.
 */
type Record_ = (trx: Trx, result: MoneyActionResult) => Promise<void>;

async function once(
  deps: AppDeps,
  actor: StaffActor,
  keyed: KeyedAction,
  /** Does the action, calling `record` in its transaction with what it answers. */
  run: (record: Record_) => Promise<MoneyActionResult>,
) {
  const earlier = async () => {
    const row = await deps.db
      .selectFrom('collection_actions')
      .select(['action', 'target_id', 'request', 'reply'])
      .where('request_key', '=', keyed.key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (
      row.action !== keyed.action ||
      row.target_id !== keyed.targetId ||
      // jsonb keeps its own key order: compare the values.
      !isDeepStrictEqual(row.request, JSON.parse(JSON.stringify(keyed.request)))
    )
      throw conflict('该幂等键已用于另一项操作');
    return { ...(row.reply as MoneyActionResult), repeated: true };
  };
  const first = await earlier();
  if (first) return first;
  const record: Record_ = async (trx, result) => {
    await trx
      .insertInto('collection_actions')
      .values({
        request_key: keyed.key,
        action: keyed.action,
        target_id: keyed.targetId,
        staff_id: actor.id,
        request: JSON.stringify(keyed.request),
        reply: JSON.stringify(result),
        created_at: deps.now(),
      })
      .execute();
  };
  try {
    return { ...(await run(record)), repeated: false };
  } catch (error) {
    // The same key at the same moment: the other request's commit won; answer it.
    if ((error as { code?: string })?.code === '23505') {
      const replay = await earlier();
      if (replay) return replay;
    }
    throw error;
  }
}

/** An action done in one transaction of its own, its key recorded there. */
const inTransaction =
  (deps: AppDeps, work: (trx: Trx) => Promise<MoneyActionResult>) => (record: Record_) =>
    deps.db.transaction().execute(async (trx) => {
      const done = await work(trx);
      await record(trx, done);
      return done;
    });

/** The bill with its order locked (the order first, as every writer locks it). */
async function lockBill(trx: Trx, billId: number) {
  const ref = await trx
    .selectFrom('bills')
    .select('order_id')
    .where('id', '=', billId)
    .executeTakeFirst();
  if (!ref) throw notFound('账单不存在');
  const order = await lockOrder(trx, ref.order_id);
  const bill = await trx
    .selectFrom('bills')
    .selectAll()
    .where('id', '=', billId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, bill };
}

/**
 * Ends the customer's own payment of these bills under way (the cashier they left open): it was
 * quoted at the old amount. A withholding or a deduction under way cannot be stopped: 409.
 */
async function stopPaymentsOf(trx: Trx, deps: AppDeps, billIds: number[]) {
  await closePayments(trx, deps, await openPaymentIdsCovering(trx, billIds));
  if ((await openPaymentIdsCovering(trx, billIds)).length > 0)
    throw conflict('账单正在自动扣款中，请稍后再试');
}

export async function waiveFee(
  deps: AppDeps,
  actor: StaffActor,
  billId: number,
  body: { amount: number; reason: string },
  key: string,
) {
  return once(
    deps,
    actor,
    { key, action: 'waive_fee', targetId: billId, request: body },
    inTransaction(deps, async (trx) => {
      const { order, bill } = await lockBill(trx, billId);
      if (bill.status !== 'unpaid') throw conflict('账单已结清或已取消，不能减免');
      if (bill.overdue_fee <= 0) throw unprocessable('该账单没有逾期费');
      if (body.amount > bill.overdue_fee)
        throw unprocessable(`减免金额超出未付逾期费（最多可减免 ${yuan(bill.overdue_fee)} 元）`);
      await stopPaymentsOf(trx, deps, [billId]);
      await trx
        .updateTable('bills')
        .set({
          overdue_fee: bill.overdue_fee - body.amount,
          fee_waived: bill.fee_waived + body.amount,
        })
        .where('id', '=', billId)
        .execute();
      await appendAudit(
        trx,
        actor,
        {
          platform: order.platform,
          action: 'bill.waive_fee',
          targetType: 'bill',
          targetId: billId,
          reason: body.reason,
          before: { overdueFee: bill.overdue_fee, feeWaived: bill.fee_waived },
          after: {
            overdueFee: bill.overdue_fee - body.amount,
            feeWaived: bill.fee_waived + body.amount,
            amount: body.amount,
            orderId: order.id,
          },
        },
        deps.now(),
      );
      return {
        orderId: order.id,
        status: order.status,
        amount: body.amount,
        billIds: [billId],
        outTradeNo: null,
      };
    }),
  );
}

/** The order's bills named, each unpaid and owing; 422/409 naming what is wrong. */
async function billsToSettle(trx: Trx, orderId: number, billIds: number[]) {
  const bills = await trx
    .selectFrom('bills')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('id', 'in', billIds)
    .orderBy('due_date')
    .orderBy('id')
    .forUpdate()
    .execute();
  if (bills.length !== billIds.length) throw unprocessable('账单不属于该订单');
  const settled = bills.find((b) => b.status !== 'unpaid' || outstandingOf(b) <= 0);
  if (settled) throw conflict(`账单 ${settled.id} 已结清或已取消`);
  return bills;
}

/**
 * Money the customer paid outside the platform: a payment of channel `offline` for the bills,
 * settled by the engine's `applyTradeOutcome` as a provider's success would be (the bills are
 * paid, an OVERDUE order goes back to RENTING or DUE). Whole bills only: the amount must be what
 * they owe.
 */
export async function recordOfflineRepayment(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  body: RecordOfflineRepaymentBody,
  key: string,
) {
  const billIds = [...body.billIds].sort((a, b) => a - b);
  return once(
    deps,
    actor,
    {
      key,
      action: 'offline_repayment',
      targetId: orderId,
      request: { ...body, billIds },
    },
    inTransaction(deps, async (trx) => {
      const order = await lockOrder(trx, orderId);
      const bills = await billsToSettle(trx, orderId, billIds);
      // The first payment and a paid deposit go through the platform (a deposit is refunded to
      // the payment that paid it).
      if (bills.some((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT'))
        throw unprocessable('首期款和押金不能登记线下还款');
      const owed = bills.reduce((sum, b) => sum + outstandingOf(b), 0);
      if (body.amount > owed)
        throw unprocessable(
          `还款金额超出所选账单应还金额（应还 ${yuan(owed)} 元），多付的钱不能登记`,
        );
      if (body.amount < owed)
        throw unprocessable(`线下还款须按账单全额登记（所选账单应还 ${yuan(owed)} 元）`);
      await stopPaymentsOf(trx, deps, billIds);
      const outTradeNo = newTradeNo('PF');
      await insertBillsPayment(
        trx,
        { outTradeNo, userId: order.user_id, orderId, channel: 'offline' },
        bills,
      );
      const outcome = await applyTradeOutcome(trx, deps, outTradeNo, {
        paid: true,
        amount: owed,
        tradeNo: body.reference,
        platform: order.platform,
      });
      if (outcome !== 'applied') throw new Error(`offline repayment not applied: ${outcome}`);
      const after = await trx
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      await appendAudit(
        trx,
        actor,
        {
          platform: order.platform,
          action: 'bill.offline_repayment',
          targetType: 'order',
          targetId: orderId,
          reason: body.reason,
          before: {
            status: order.status,
            bills: bills.map((b) => ({
              id: b.id,
              status: b.status,
              outstanding: outstandingOf(b),
            })),
          },
          after: {
            status: after.status,
            amount: owed,
            reference: body.reference,
            outTradeNo,
            bills: bills.map((b) => ({ id: b.id, status: 'paid', outstanding: 0 })),
          },
        },
        deps.now(),
      );
      return { orderId, status: after.status, amount: owed, billIds, outTradeNo };
    }),
  );
}

/**
 * Takes bills from the order's deposit authorisation (Alipay freeze): the scheduler's
 * `deductFromDeposit`, asked now. The money arrives as the provider's answer (the outbox calls
 * Alipay after the commit), which pays the bills as any payment does.
 */
export async function settleFromDeposit(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  body: { billIds: number[]; reason: string },
  key: string,
) {
  const billIds = [...body.billIds].sort((a, b) => a - b);
  const order = await deps.db
    .selectFrom('orders')
    .select(['deposit_method', 'status', 'platform'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) throw notFound('订单不存在');
  if (order.deposit_method !== 'freeze')
    throw unprocessable('只有支付宝预授权（冻结押金）的订单能从押金扣款');
  return once(
    deps,
    actor,
    { key, action: 'deposit_deduction', targetId: orderId, request: { ...body, billIds } },
    async (record) => {
      let result: MoneyActionResult | undefined;
      const payment = await deductFromDeposit(deps.db, deps, orderId, billIds, async (trx, p) => {
        const bills = await billsToSettle(trx, orderId, billIds);
        result = {
          orderId,
          status: order.status,
          amount: p.amount,
          billIds,
          outTradeNo: p.outTradeNo,
        };
        await appendAudit(
          trx,
          actor,
          {
            platform: order.platform,
            action: 'bill.deposit_deduction',
            targetType: 'order',
            targetId: orderId,
            reason: body.reason,
            before: { bills: bills.map((b) => ({ id: b.id, outstanding: outstandingOf(b) })) },
            after: { amount: p.amount, outTradeNo: p.outTradeNo },
          },
          deps.now(),
        );
        await record(trx, result);
      });
      if (!payment || !result) throw unprocessable('押金授权余额不足，或没有冻结中的押金');
      return result;
    },
  );
}

/**
 * Gives a bill up: it is cancelled with what it owed kept as `written_off`, and an order that
 * no longer has anything late leaves OVERDUE (COMPENSATION settles), as a payment would move it.
 */
export async function writeOffBill(
  deps: AppDeps,
  actor: StaffActor,
  billId: number,
  reason: string,
  key: string,
) {
  return once(
    deps,
    actor,
    { key, action: 'write_off', targetId: billId, request: { reason } },
    inTransaction(deps, async (trx) => {
      const { order, bill } = await lockBill(trx, billId);
      const owed = outstandingOf(bill);
      if (bill.status !== 'unpaid' || owed <= 0) throw conflict('账单已结清或已取消');
      if (bill.paid > 0) throw unprocessable('已部分还款的账单不能核销');
      await stopPaymentsOf(trx, deps, [billId]);
      await trx
        .updateTable('bills')
        .set({ status: 'cancelled', written_off: owed })
        .where('id', '=', billId)
        .execute();
      await advanceAfterPayment(trx, deps, order, new Set());
      const after = await trx
        .selectFrom('orders')
        .select('status')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      await appendAudit(
        trx,
        actor,
        {
          platform: order.platform,
          action: 'bill.write_off',
          targetType: 'bill',
          targetId: billId,
          reason,
          before: { status: bill.status, outstanding: owed, orderStatus: order.status },
          after: { status: 'cancelled', writtenOff: owed, orderStatus: after.status },
        },
        deps.now(),
      );
      return {
        orderId: order.id,
        status: after.status,
        amount: owed,
        billIds: [billId],
        outTradeNo: null,
      };
    }),
  );
}

export const requireRequestKey = (key: unknown): string => {
  if (typeof key !== 'string' || !REQUEST_KEY_PATTERN.test(key))
    throw badRequest('请在 Idempotency-Key 请求头中提供 8-64 位的幂等键');
  return key;
};
