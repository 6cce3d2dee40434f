/**
 * The order desk: the queue of the brands an account may see (tabs with counts, filters, server
 * sorting and paging), an order's full view with the customer masked, and the merchant's actions.
 * Every action goes through the order engine's own ops steps (`orders/ops.ts`: one state machine
 * for customer, merchant and jobs) and writes its audit row in the step's transaction; repeating
 * an action already done answers what was done and changes nothing.
 */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import {
  ORDER_DESK_TABS,
  REJECT_REASONS,
  type InspectReturnBody,
  type ListOrdersQuery,
  type OrderDeskTab,
  type RejectReason,
  type ShipOrderBody,
} from '../../../contract/admin/index.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { billLine } from '../orders/bills.ts';
import { STATUS_TEXT, type OrderStatus } from '../orders/machine.ts';
import { opsStep, type OpsStep, type OpsStepInput } from '../orders/ops.ts';
import { orderNumber } from '../orders/queries.ts';
import { requestRefund } from '../payments/operations.ts';
import { ApiError, conflict, notFound } from '../plugins/errors.ts';
import { returnSerial, shipSerial } from './stock.ts';
import { appendAudit, type StaffActor } from './audit.ts';

type Db = Kysely<Database>;

const maskMobile = (mobile: string | null) =>
  mobile ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '';
const maskName = (name: string) =>
  name ? `${[...name][0]}${'*'.repeat(Math.max(1, [...name].length - 1))}` : '';

/** Beijing midnight of a YYYY-MM-DD day. */
const beijingDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The brands the account sees (undefined: every brand). */
const brandScope = (actor: StaffActor) => (actor.allBrands ? undefined : actor.brands);

// ---------------------------------------------------------------------------------------------
// Queue

/**
 * The orders the account sees, filtered, every condition on the orders row itself: the customer's
 * channel and the keyword as the matching customers' ids (an array the planner reads the orders
 * by, `orders_user_created`) rather than a join of every order to its customer. At 100,000 orders
 * a join or an `in (…)` over a keyword's orders planned a read of every order (a name: 82 ms).
 */
function orderScope(db: Db, actor: StaffActor, query: ListOrdersQuery) {
  let scope = db.selectFrom('orders as o');
  const brands = brandScope(actor);
  if (brands) scope = scope.where('o.platform', 'in', brands);
  if (query.platform) scope = scope.where('o.platform', '=', query.platform);
  if (query.from) scope = scope.where('o.created_at', '>=', beijingDay(query.from));
  if (query.to)
    scope = scope.where('o.created_at', '<', new Date(beijingDay(query.to).getTime() + 86_400_000));
  const { channel } = query;
  if (channel)
    scope = scope.where((eb) =>
      ofCustomers(
        eb,
        eb.selectFrom('users as cu').select('cu.id').where('cu.channel_code', '=', channel),
      ),
    );
  const keyword = query.keyword?.trim();
  if (keyword) scope = scope.where((eb) => keywordFilter(eb, keyword));
  return scope;
}

type QueueEb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

/** Orders of the customers a subquery names: `user_id = any(array(…))`, read by index. */
const ofCustomers = (eb: QueueEb, customers: Expression<unknown>) =>
  sql<boolean>`${eb.ref('o.user_id')} = any(array(${customers}))`;

/**
 * Order number or id, masked mobile (138****5678), last 4 or whole mobile, or the name: each an
 * index's read (0044_order_desk_keyword.sql), together an `or` the planner answers with one
 * bitmap of the matching orders.
 */
function keywordFilter(eb: QueueEb, keyword: string) {
  const customers = (match: { last4?: string; prefix?: string; mobile?: string }) => {
    let users = eb.selectFrom('users as ku').select('ku.id');
    if (match.last4) users = users.where(sql<string>`right(ku.mobile, 4)`, '=', match.last4);
    if (match.prefix) users = users.where('ku.mobile', 'like', `${match.prefix}%`);
    if (match.mobile) users = users.where('ku.mobile', '=', match.mobile);
    return ofCustomers(eb, users);
  };
  const masked = /^(1\d{2})\*{4}(\d{4})$/.exec(keyword);
  if (masked) return customers({ last4: masked[2], prefix: masked[1] });
  if (/^\d+$/.test(keyword)) {
    const ids: number[] = [];
    const asId = Number(keyword);
    if (asId <= 2_147_483_647) ids.push(asId);
    // The order number: the placing day (yyyymmdd) then the id.
    if (keyword.length > 8 && Number(keyword.slice(8)) <= 2_147_483_647)
      ids.push(Number(keyword.slice(8)));
    const matches: Expression<SqlBool>[] = [eb('o.id', 'in', ids.length ? ids : [0])];
    if (keyword.length === 4) matches.push(customers({ last4: keyword }));
    if (keyword.length === 11) matches.push(customers({ mobile: keyword }));
    return eb.or(matches);
  }
  // The verified name, or the delivery address's name (an unverified customer).
  return eb.or([
    ofCustomers(
      eb,
      eb.selectFrom('identities as ki').select('ki.user_id').where('ki.name', '=', keyword),
    ),
    eb(sql<string>`o.snapshot->'address'->>'name'`, '=', keyword),
  ]);
}

function statusesOf(tab: OrderDeskTab): OrderStatus[] {
  return [...ORDER_DESK_TABS[tab].statuses] as OrderStatus[];
}

export async function listDeskOrders(db: Db, actor: StaffActor, query: ListOrdersQuery) {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? 20;
  // Every filter is on the orders row (orderScope), so the tabs' counts (one grouped count) and
  // the page's ids read the orders table alone; only the page's rows are joined to their
  // customers, after.
  const countsQuery = orderScope(db, actor, query)
    .select(['o.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('o.status')
    .execute();
  const statuses = query.tab ? statusesOf(query.tab) : undefined;
  const sort = query.sort ?? '-createdAt';
  const column = sort.endsWith('updatedAt') ? 'o.updated_at' : 'o.created_at';
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const offset = (pageNum - 1) * pageSize;
  const scope = orderScope(db, actor, query);
  // Walks orders_desk_created / orders_desk_updated (0046: state and brand in the index, so the
  // orders of other tabs are skipped without reading their rows) and stops after the page.
  const pageIds = (statuses ? scope.where('o.status', 'in', statuses) : scope)
    .select('o.id')
    .orderBy(column, direction)
    .orderBy('o.id', direction)
    .limit(pageSize)
    .offset(offset);
  // The page and the counts are independent: asked together.
  const [counts, rows] = await Promise.all([
    countsQuery,
    withCustomer(db)
      .where('o.id', 'in', pageIds)
      .select([
        'o.id',
        'o.platform',
        'o.status',
        'o.snapshot',
        'o.rent_per_period',
        'o.created_at',
        'o.updated_at',
        'u.mobile',
        'u.channel_code',
        'i.name as identity_name',
      ])
      .orderBy(column, direction)
      .orderBy('o.id', direction)
      .execute(),
  ]);
  const byStatus = new Map(counts.map((row) => [row.status, Number(row.n)]));
  const tabs = (Object.keys(ORDER_DESK_TABS) as OrderDeskTab[]).map((key) => ({
    key,
    label: ORDER_DESK_TABS[key].label,
    count: statusesOf(key).reduce((sum, status) => sum + (byStatus.get(status) ?? 0), 0),
  }));
  const total = query.tab
    ? (tabs.find((tab) => tab.key === query.tab)?.count ?? 0)
    : [...byStatus.values()].reduce((a, b) => a + b, 0);
  return { tabs, list: rows.map(deskOrderOf), total, pageNum, pageSize };
}

/** Orders with their customer (every order has one) and the customer's verified identity. */
const withCustomer = (db: Db) =>
  db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .leftJoin('identities as i', 'i.user_id', 'o.user_id');

interface DeskRow {
  id: number;
  platform: number;
  status: OrderStatus;
  snapshot: { goods: { name: string }; address: { name: string } };
  rent_per_period: number;
  created_at: Date;
  updated_at: Date;
  mobile: string | null;
  channel_code: string | null;
  identity_name: string | null;
}

function deskOrderOf(row: DeskRow) {
  return {
    id: row.id,
    orderNo: orderNumber(row),
    platform: row.platform,
    status: row.status,
    statusText: STATUS_TEXT[row.status],
    goodsName: row.snapshot.goods.name,
    customerName: maskName(row.identity_name ?? row.snapshot.address.name),
    mobile: maskMobile(row.mobile),
    channel: row.channel_code,
    rentPerPeriod: row.rent_per_period,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Detail

/** What the brand knows of the customer's checks: identity, the last face check, credit. */
async function verificationOf(db: Db, userId: number, platform: number) {
  const [face, credit, verified] = await Promise.all([
    db
      .selectFrom('face_sessions')
      .select('status')
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    db
      .selectFrom('credit_scores')
      .select(['score', 'passed'])
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .executeTakeFirst(),
    db
      .selectFrom('identity_verifications')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('platform', '=', platform)
      .executeTakeFirst(),
  ]);
  return {
    identity: verified !== undefined,
    face: face?.status ?? null,
    creditScore: credit?.score ?? null,
    creditPassed: credit?.passed ?? null,
  };
}

export async function deskOrderDetail(db: Db, actor: StaffActor, orderId: number) {
  const brands = brandScope(actor);
  const row = await (brands ? withCustomer(db).where('o.platform', 'in', brands) : withCustomer(db))
    .selectAll('o')
    .select(['u.mobile', 'u.channel_code', 'i.name as identity_name', 'i.id_masked'])
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw notFound('订单不存在');
  const [bills, payments, refunds, freezes, contract, verification, inspections, events, rejects] =
    await Promise.all([
      db.selectFrom('bills').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
      db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
      db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute(),
      db
        .selectFrom('deposit_authorisations')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('contracts')
        .select(['id', 'status', 'signed_at'])
        .where('order_id', '=', orderId)
        .orderBy('id', 'desc')
        .executeTakeFirst(),
      verificationOf(db, row.user_id, row.platform),
      db
        .selectFrom('order_inspections as n')
        .innerJoin('staff as s', 's.id', 'n.staff_id')
        .select(['n.checklist', 'n.damage', 'n.note', 'n.created_at', 's.login'])
        .where('n.order_id', '=', orderId)
        .orderBy('n.id')
        .execute(),
      db
        .selectFrom('order_events')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute(),
      // A rejection's reason code is the desk's record (the audit row), never the customer's:
      // the order event's params are shown in the storefront.
      db
        .selectFrom('audit_events')
        .select('reason')
        .where('target_type', '=', 'order')
        .where('target_id', '=', String(orderId))
        .where('action', '=', 'order.reject')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    ]);
  const { snapshot } = row;
  const address = snapshot.address;
  return {
    order: deskOrderOf(row),
    customer: {
      userId: row.user_id,
      name: maskName(row.identity_name ?? address.name),
      mobile: maskMobile(row.mobile),
      idNumber: row.id_masked ?? null,
      masked: true,
    },
    goods: {
      name: snapshot.goods.name,
      sku: [snapshot.sku.color, snapshot.sku.capacity, snapshot.sku.condition]
        .filter(Boolean)
        .join(' / '),
      price: snapshot.sku.price,
    },
    plan: {
      termUnit: row.term_unit,
      term: row.term,
      rentPerPeriod: row.rent_per_period,
      deposit: row.deposit,
      depositMethod: row.deposit_method,
      services: snapshot.services.map((s) => ({ name: s.name, price: s.price })),
    },
    ...deskMoneyOf(bills, payments, refunds, freezes),
    contract: contract
      ? {
          id: contract.id,
          status: contract.status,
          signedAt: contract.signed_at?.toISOString() ?? null,
        }
      : null,
    verification,
    logistics: {
      courier: row.courier,
      waybill: row.waybill,
      deviceSerial: row.device_serial,
      shippedAt: row.shipped_at?.toISOString() ?? null,
      deliveredAt: row.delivered_at?.toISOString() ?? null,
      returnWaybill: row.return_waybill,
      // The street and number stay off the desk's first view, like the name and mobile.
      address: `${address.province}${address.city}${address.district}`,
    },
    inspections: inspections.map((n) => ({
      checklist: n.checklist,
      damage: n.damage,
      note: n.note,
      by: n.login,
      at: n.created_at.toISOString(),
    })),
    events: events.map((e) => ({
      action: e.action,
      from: e.from_status,
      to: e.to_status,
      actor: e.actor,
      note: e.note,
      reason: eventReason(e.action, e.params, rejects?.reason ?? null),
      at: e.created_at.toISOString(),
    })),
  };
}

type Rows<T extends keyof Database> = Selectable<Database[T]>[];

/** The order's bills (with what was refunded of each), payments, refunds and deposit freezes. */
function deskMoneyOf(
  bills: Rows<'bills'>,
  payments: Rows<'payments'>,
  refunds: Rows<'refunds'>,
  freezes: Rows<'deposit_authorisations'>,
) {
  const refundedByBill = new Map<number, number>();
  for (const refund of refunds)
    if (refund.bill_id !== null && refund.status !== 'failed')
      refundedByBill.set(refund.bill_id, (refundedByBill.get(refund.bill_id) ?? 0) + refund.amount);
  return {
    bills: bills.map((b) => ({
      ...billLine(b),
      refunded: refundedByBill.get(b.id) ?? 0,
      overdueDays: b.overdue_days,
      overdueFee: b.overdue_fee,
      feeWaived: b.fee_waived,
      writtenOff: b.written_off,
      channel: b.channel,
    })),
    payments: payments.map((p) => ({
      outTradeNo: p.out_trade_no,
      providerTradeNo: p.provider_trade_no,
      channel: p.channel,
      amount: p.amount,
      status: p.status,
      createdAt: p.created_at.toISOString(),
    })),
    refunds: refunds.map((r) => ({
      outRefundNo: r.out_refund_no,
      billId: r.bill_id,
      amount: r.amount,
      reason: r.reason,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    })),
    depositFreezes: freezes.map((f) => ({
      outRequestNo: f.out_request_no,
      authNo: f.auth_no,
      amount: f.amount,
      paid: f.paid,
      unfrozen: f.unfrozen,
      status: f.status,
    })),
  };
}

/** The reason code an event carries: the customer's cancel/return reason, the desk's rejection. */
function eventReason(action: string, params: unknown, rejectCode: string | null): string | null {
  if (action === 'reject') return rejectCode && rejectCode in REJECT_REASONS ? rejectCode : null;
  const reason = (params as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** A customer's full mobile (or what is kept of the ID number: never the whole), audited. */
export async function revealCustomer(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  field: 'mobile' | 'idNumber',
  reason: string,
) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('orders as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('identities as i', 'i.user_id', 'o.user_id')
      .select(['o.platform', 'o.user_id', 'u.mobile', 'i.id_masked'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    if (!row) throw notFound('订单不存在');
    // The full ID number is never stored (kyc: a keyed hash and the masked form only).
    const value = field === 'mobile' ? (row.mobile ?? '') : (row.id_masked ?? '');
    await appendAudit(
      trx,
      actor,
      {
        platform: row.platform,
        action: 'customer.reveal',
        targetType: 'order',
        targetId: orderId,
        reason,
        after: { field, userId: row.user_id },
      },
      deps.now(),
    );
    return { field, value, complete: field === 'mobile' };
  });
}

// ---------------------------------------------------------------------------------------------
// Actions

/** The machine action each desk step ends with (a repeat of it is answered, not redone). */
const STEP_ACTIONS: Partial<Record<OpsStep, readonly string[]>> = {
  approve: ['approve'],
  reject: ['reject'],
  ship: ['ship'],
  deliver: ['deliver'],
  'receive-return': ['receive_return'],
  inspect: ['inspect_pass', 'inspect_damage'],
  'approve-cancel': ['approve_cancel'],
  'refuse-cancel': ['refuse_cancel'],
  compensate: ['compensate'],
};

export interface DeskStepInput extends OpsStepInput {
  reasonCode?: RejectReason;
  checklist?: InspectReturnBody['checklist'];
}

/**
 * One merchant step by a staff account (console or ops API): the engine's ops step, with the
 * audit row (and an inspection's checklist) in its transaction. A step whose action is the
 * order's latest event, with the same details, is answered as done (`repeated`), nothing written.
 */
export async function deskStep(
  deps: AppDeps,
  actor: StaffActor,
  orderId: number,
  step: OpsStep,
  input: DeskStepInput,
  options: { replay: boolean } = { replay: true },
) {
  const { db } = deps;
  const current = await db
    .selectFrom('orders')
    .select(['status', 'waybill', 'device_serial'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!current) throw notFound('订单不存在');
  const last = await db
    .selectFrom('order_events')
    .select(['action', 'from_status', 'to_status'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const sameDetails =
    step !== 'ship' ||
    (current.waybill === input.waybill &&
      (!input.serial || current.device_serial === input.serial));
  if (
    options.replay &&
    last &&
    STEP_ACTIONS[step]?.includes(last.action) &&
    last.to_status === current.status &&
    sameDetails
  )
    return { orderId, from: last.from_status, to: last.to_status, repeated: true };

  if (step === 'ship' && input.serial) {
    const holder = await db
      .selectFrom('orders')
      .select('id')
      .where('device_serial', '=', input.serial)
      .where('status', 'not in', ['COMPLETED', 'CANCELLED', 'REJECTED', 'BOUGHT_OUT'])
      .where('id', '!=', orderId)
      .executeTakeFirst();
    if (holder) throw conflict(`设备 ${input.serial} 已在订单 ${holder.id} 上，不能再发给本订单`);
  }
  const note =
    step === 'reject' && input.reasonCode
      ? [REJECT_REASONS[input.reasonCode], input.note].filter(Boolean).join('：')
      : input.note;
  try {
    const result = await opsStep(
      db,
      deps,
      orderId,
      step,
      { ...input, note },
      async (trx, before, result) => {
        // Stock by device (admin/stock.ts): the serial goes out with the order, and comes back.
        if (step === 'ship' && input.serial)
          await shipSerial(trx, orderId, input.serial, deps.now());
        if (step === 'inspect')
          await returnSerial(
            trx,
            orderId,
            (input.damage ?? 0) > 0 || (input.checklist ?? []).some((item) => !item.ok),
            deps.now(),
          );
        if (step === 'inspect')
          await trx
            .insertInto('order_inspections')
            .values({
              order_id: orderId,
              staff_id: actor.id,
              checklist: JSON.stringify(input.checklist ?? []),
              damage: input.damage ?? 0,
              note: input.note ?? '',
            })
            .execute();
        await appendAudit(
          trx,
          actor,
          {
            platform: before.platform,
            action: `order.${step}`,
            targetType: 'order',
            targetId: orderId,
            reason: input.reasonCode ?? input.note ?? null,
            before: { status: result.from },
            after: {
              status: result.to,
              ...(input.waybill ? { waybill: input.waybill } : {}),
              ...(input.courier ? { courier: input.courier } : {}),
              ...(input.serial ? { serial: input.serial } : {}),
              ...(step === 'inspect' ? { damage: input.damage ?? 0 } : {}),
            },
          },
          deps.now(),
        );
      },
    );
    return { ...result, repeated: false };
  } catch (error) {
    // Two desks shipping one device at once: the partial unique index decides.
    if (isUniqueViolation(error, 'orders_active_device'))
      throw conflict(`设备 ${input.serial ?? ''} 已在另一订单上`);
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === constraint || !!e.message?.includes(constraint));
}

export const shipInput = (body: ShipOrderBody): DeskStepInput => ({
  courier: body.courier,
  waybill: body.waybill,
  serial: body.serial,
  note: body.note,
});

// ---------------------------------------------------------------------------------------------
// Refunds

/**
 * Refunds part or all of what was paid on a bill, through the payments that paid it (the outbox
 * asks the provider). The client's key makes a repeat answer the first refund.
 */
export async function refundBill(
  deps: AppDeps,
  actor: StaffActor,
  billId: number,
  amount: number,
  reason: string,
  requestKey: string,
) {
  return deps.db.transaction().execute(async (trx) => {
    const earlier = await trx
      .selectFrom('refunds')
      .select(['out_refund_no', 'amount', 'status', 'bill_id'])
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    if (earlier) {
      if (earlier.bill_id !== billId || earlier.amount !== amount)
        throw conflict('该幂等键已用于另一笔退款');
      return {
        billId,
        outRefundNo: earlier.out_refund_no,
        amount,
        status: earlier.status,
        repeated: true,
      };
    }
    const bill = await trx
      .selectFrom('bills as b')
      .innerJoin('orders as o', 'o.id', 'b.order_id')
      .select(['b.id', 'b.order_id', 'b.paid', 'o.platform'])
      .where('b.id', '=', billId)
      .forUpdate()
      .executeTakeFirst();
    if (!bill) throw notFound('账单不存在');
    const refunded = await refundedOn(trx, billId);
    const refundable = bill.paid - refunded;
    if (amount > refundable)
      throw new ApiError(400, `退款金额超出可退金额（可退 ${(refundable / 100).toFixed(2)} 元）`);
    // The payments that paid this bill, and what of each is still unrefunded for it.
    const paidBy = await trx
      .selectFrom('payment_bills as pb')
      .innerJoin('payments as p', 'p.id', 'pb.payment_id')
      .select(['p.id', 'p.order_id', 'pb.amount'])
      .where('pb.bill_id', '=', billId)
      .where('p.status', '=', 'succeeded')
      // Money repaid offline (collections) goes back offline: no provider holds it.
      .where('p.channel', '!=', 'offline')
      .orderBy('p.id')
      .execute();
    let left = amount;
    let first: { outRefundNo: string } | undefined;
    for (const payment of paidBy) {
      if (left === 0) break;
      const already = await trx
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('sum'))
        .where('payment_id', '=', payment.id)
        .where('bill_id', '=', billId)
        .where('status', '!=', 'failed')
        .executeTakeFirstOrThrow();
      const take = Math.min(left, payment.amount - Number(already.sum));
      if (take <= 0) continue;
      const outRefundNo = await requestRefund(
        trx,
        deps,
        payment,
        take,
        `console:${reason}`.slice(0, 200),
        {
          billId,
          requestKey: first ? `${requestKey}#${payment.id}` : requestKey,
        },
      );
      first ??= { outRefundNo };
      left -= take;
    }
    if (!first || left > 0) throw new ApiError(400, '该账单没有可退的支付记录');
    await appendAudit(
      trx,
      actor,
      {
        platform: bill.platform,
        action: 'bill.refund',
        targetType: 'bill',
        targetId: billId,
        reason,
        before: { paid: bill.paid, refunded },
        after: { refunded: refunded + amount, amount, orderId: bill.order_id },
      },
      deps.now(),
    );
    return { billId, outRefundNo: first.outRefundNo, amount, status: 'pending', repeated: false };
  });
}

async function refundedOn(trx: Kysely<Database>, billId: number): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('sum'))
    .where('bill_id', '=', billId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.sum);
}

/** The brand of what a route touches, for the guard (undefined: no such row). */
export async function brandOfOrder(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('platform')
    .where('id', '=', orderId)
    .executeTakeFirst();
  return row?.platform;
}

export async function brandOfBill(db: Db, billId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('bills as b')
    .innerJoin('orders as o', 'o.id', 'b.order_id')
    .select('o.platform')
    .where('b.id', '=', billId)
    .executeTakeFirst();
  return row?.platform;
}
