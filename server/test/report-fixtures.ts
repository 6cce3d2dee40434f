/**
 * A month of ledger rows for the report tests: orders across two brands with their events, bills,
 * payments, refunds and deposit authorisations, written straight into the database (the order
 * engine's own tests cover how they come about), and kept here as plain arrays so the test can
 * work every figure out again without the server's SQL.
 */
import type { TestServer } from './helpers.ts';

export interface SeedOrder {
  id: number;
  platform: number;
  createdAt: Date;
  channel: string;
  startDate: string | null;
}
export interface SeedEvent {
  orderId: number;
  action: string;
  at: Date;
}
export interface SeedBill {
  orderId: number;
  kind: string;
  dueDate: string;
  original: number;
  discount: number;
  overdueFee: number;
  paid: number;
  status: 'unpaid' | 'paid' | 'cancelled';
  paidAt: Date | null;
}
export interface SeedPayment {
  id: number;
  orderId: number;
  outTradeNo: string;
  channel: string;
  amount: number;
  status: 'succeeded' | 'closed';
  finishedAt: Date | null;
}
export interface SeedRefund {
  orderId: number;
  paymentId: number;
  outRefundNo: string;
  amount: number;
  status: 'succeeded' | 'pending';
  finishedAt: Date | null;
}
export interface SeedAuth {
  orderId: number;
  amount: number;
  credit: number | null;
  fund: number | null;
  status: 'frozen' | 'failed' | 'closed';
  createdAt: Date;
}
export interface Ledger {
  orders: SeedOrder[];
  events: SeedEvent[];
  bills: SeedBill[];
  payments: SeedPayment[];
  refunds: SeedRefund[];
  auths: SeedAuth[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The instant of a Shanghai wall-clock time. */
const shanghai = (day: string, hour: number, minute = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 8 * HOUR + hour * HOUR + minute * 60_000);
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const shanghaiDayOf = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);

/** A small deterministic generator (the figures must not change from run to run). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const CHANNELS = ['', 'qr-spring', 'douyin', 'shop_7'];
const PAY_CHANNELS = ['alipay', 'wechat', 'card', 'auth', 'payscore', 'deposit'] as const;

interface SeedContext {
  server: TestServer;
  users: Record<number, number>;
  plan: { id: number; goods_id: number; sku_id: number };
  now: Date;
  next: () => number;
  ledger: Ledger;
  tag: string;
}

/**
 * Orders placed on every day of `month` ('YYYY-MM') on brands 1 and 2, at every hour (so the
 * Shanghai day differs from the UTC day for a third of them).
 */
export async function seedMonth(
  server: TestServer,
  month: string,
  users: Record<number, number>,
  plan: { id: number; goods_id: number; sku_id: number },
): Promise<Ledger> {
  const ledger: Ledger = {
    orders: [],
    events: [],
    bills: [],
    payments: [],
    refunds: [],
    auths: [],
  };
  const context: SeedContext = {
    server,
    users,
    plan,
    now: server.app.deps.now(),
    next: random(38),
    ledger,
    tag: Math.random().toString(36).slice(2, 8),
  };
  const days = new Date(
    Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0),
  ).getUTCDate();
  for (let d = 1; d <= days; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    for (const platform of [1, 2]) {
      const count = 1 + Math.floor(context.next() * 3);
      for (let i = 0; i < count; i++) await seedOrder(context, day, platform);
    }
  }
  return ledger;
}

async function seedOrder(context: SeedContext, day: string, platform: number): Promise<void> {
  const { server, next, ledger } = context;
  const createdAt = shanghai(day, Math.floor(next() * 24), Math.floor(next() * 60));
  const channel = CHANNELS[Math.floor(next() * CHANNELS.length)]!;
  const roll = next();
  const decision = roll < 0.7 ? 'approve' : roll < 0.85 ? 'reject' : undefined;
  const decidedAt = new Date(createdAt.getTime() + Math.floor(next() * 30) * HOUR);
  const shippedAt =
    decision === 'approve' && next() < 0.8
      ? new Date(decidedAt.getTime() + (1 + Math.floor(next() * 20)) * HOUR)
      : undefined;
  const startDate = shippedAt ? dayPlus(shanghaiDayOf(shippedAt), 2) : null;
  const status = !decision
    ? 'PENDING_REVIEW'
    : decision === 'reject'
      ? 'REJECTED'
      : shippedAt
        ? 'RENTING'
        : 'PENDING_SHIP';
  const { id } = await server.db
    .insertInto('orders')
    .values({
      user_id: context.users[platform]!,
      platform,
      status,
      resume_status: null,
      sub_process: null,
      goods_id: context.plan.goods_id,
      sku_id: context.plan.sku_id,
      plan_id: context.plan.id,
      snapshot: JSON.stringify({}),
      term_unit: 'month',
      term: 3,
      rent_per_period: 10_000,
      deposit_method: 'freeze',
      deposit: 50_000,
      user_coupon_id: null,
      pay_deadline: null,
      waybill: null,
      return_waybill: null,
      shipped_at: shippedAt ?? null,
      delivered_at: null,
      received_at: null,
      start_date: startDate,
      end_date: null,
      holds_stock: false,
      channel_code: channel || null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order: SeedOrder = { id, platform, createdAt, channel, startDate };
  ledger.orders.push(order);
  await event(context, id, 'place', 'PENDING_VERIFY', createdAt);
  if (decision) await event(context, id, decision, 'PENDING_REVIEW', decidedAt);
  if (shippedAt) await event(context, id, 'ship', 'PENDING_SHIP', shippedAt);
  await seedBills(context, order, decision, shippedAt);
  await seedDeposit(context, order);
}

async function event(
  context: SeedContext,
  orderId: number,
  action: string,
  from: string,
  at: Date,
) {
  await context.server.db
    .insertInto('order_events')
    .values({
      order_id: orderId,
      action: action as 'place',
      from_status: from as 'PENDING_VERIFY',
      to_status: from as 'PENDING_VERIFY',
      actor: 'ops',
      created_at: at,
    })
    .execute();
  context.ledger.events.push({ orderId, action, at });
}

async function seedBills(
  context: SeedContext,
  order: SeedOrder,
  decision: string | undefined,
  shippedAt: Date | undefined,
): Promise<void> {
  const { next, now } = context;
  const placedDay = shanghaiDayOf(order.createdAt);
  // The first rent, paid at placement; refunded in full when the order is rejected.
  const discount = next() < 0.3 ? 500 : 0;
  const first = await bill(context, order, {
    kind: 'FIRST',
    period: 1,
    dueDate: placedDay,
    original: 10_000,
    discount,
    overdueFee: 0,
    paidAt: new Date(order.createdAt.getTime() + 5 * 60_000),
  });
  if (decision === 'reject')
    await refund(
      context,
      order,
      first,
      10_000 - discount,
      new Date(order.createdAt.getTime() + DAY),
    );
  else if (next() < 0.15)
    await refund(context, order, first, 1_000, new Date(first.finishedAt!.getTime() + 2 * DAY));
  // Placed but never paid again: a closed payment that must not count.
  if (next() < 0.2) await payment(context, order, 10_000, 'closed', null);
  if (decision !== 'approve') return;
  for (const period of [2, 3]) {
    const dueDate = dayPlus(order.startDate ?? placedDay, 10 * (period - 1));
    const dueAt = Date.parse(`${dueDate}T00:00:00Z`) - 8 * HOUR;
    const roll = next();
    const late = roll < 0.5 ? -1 : roll < 0.75 ? 1 + Math.floor(next() * 40) : undefined;
    const paidAt = late === undefined ? undefined : new Date(dueAt + late * DAY + 10 * HOUR);
    const fee = late !== undefined && late > 0 ? 200 : next() < 0.3 ? 300 : 0;
    const paid = paidAt && paidAt < now && shippedAt !== undefined ? paidAt : null;
    await bill(context, order, {
      kind: 'INSTALMENT',
      period,
      dueDate,
      original: 10_000,
      discount: 0,
      overdueFee: paid || late === undefined ? fee : 0,
      paidAt: paid,
    });
  }
  // A shipped lease is bought out, returned early, or neither.
  const ending = shippedAt ? next() : 1;
  if (shippedAt && ending < 0.15) {
    await bill(context, order, {
      kind: 'BUYOUT',
      period: 0,
      dueDate: dayPlus(order.startDate!, 5),
      original: 80_000,
      discount: 0,
      overdueFee: 0,
      paidAt: new Date(shippedAt.getTime() + 6 * DAY),
    });
    await event(
      context,
      order.id,
      'buyout_paid',
      'BUYING_OUT',
      new Date(shippedAt.getTime() + 6 * DAY),
    );
  } else if (shippedAt && ending < 0.3)
    await event(
      context,
      order.id,
      'early_return',
      'RENTING',
      new Date(shippedAt.getTime() + 4 * DAY),
    );
}

async function bill(
  context: SeedContext,
  order: SeedOrder,
  input: Omit<SeedBill, 'orderId' | 'paid' | 'status'> & { period: number },
): Promise<SeedPayment> {
  const due = input.original - input.discount + input.overdueFee;
  const status = input.paidAt ? 'paid' : 'unpaid';
  const paid = input.paidAt ? due : 0;
  await context.server.db
    .insertInto('bills')
    .values({
      order_id: order.id,
      user_id: context.users[order.platform]!,
      kind: input.kind as 'FIRST',
      period: input.period,
      due_date: input.dueDate,
      original: input.original,
      discount: input.discount,
      overdue_fee: input.overdueFee,
      paid,
      status,
      paid_at: input.paidAt,
    })
    .execute();
  context.ledger.bills.push({ ...input, orderId: order.id, paid, status });
  const paidAt = input.paidAt;
  if (!paidAt)
    return {
      id: 0,
      orderId: order.id,
      outTradeNo: '',
      channel: '',
      amount: 0,
      status: 'closed',
      finishedAt: null,
    };
  return payment(context, order, paid, 'succeeded', paidAt);
}

async function payment(
  context: SeedContext,
  order: SeedOrder,
  amount: number,
  status: 'succeeded' | 'closed',
  finishedAt: Date | null,
): Promise<SeedPayment> {
  const channel = PAY_CHANNELS[Math.floor(context.next() * PAY_CHANNELS.length)]!;
  const outTradeNo = `R${context.tag}${context.ledger.payments.length + 1}`;
  const { id } = await context.server.db
    .insertInto('payments')
    .values({
      out_trade_no: outTradeNo,
      user_id: context.users[order.platform]!,
      order_id: order.id,
      purpose: 'bills',
      channel,
      amount,
      status,
      provider_trade_no: null,
      created_at: finishedAt ?? order.createdAt,
      finished_at: finishedAt,
      requested_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row: SeedPayment = {
    id,
    orderId: order.id,
    outTradeNo,
    channel,
    amount,
    status,
    finishedAt,
  };
  context.ledger.payments.push(row);
  return row;
}

async function refund(
  context: SeedContext,
  order: SeedOrder,
  paid: SeedPayment,
  amount: number,
  at: Date,
): Promise<void> {
  const status = context.next() < 0.2 ? 'pending' : 'succeeded';
  const outRefundNo = `F${context.tag}${context.ledger.refunds.length + 1}`;
  await context.server.db
    .insertInto('refunds')
    .values({
      out_refund_no: outRefundNo,
      payment_id: paid.id,
      order_id: order.id,
      amount,
      reason: 'test',
      status,
      last_error: null,
      created_at: at,
      finished_at: status === 'succeeded' ? at : null,
    })
    .execute();
  context.ledger.refunds.push({
    orderId: order.id,
    paymentId: paid.id,
    outRefundNo,
    amount,
    status,
    finishedAt: status === 'succeeded' ? at : null,
  });
}

async function seedDeposit(context: SeedContext, order: SeedOrder): Promise<void> {
  const { next } = context;
  if (next() < 0.4) return;
  const credit = [null, 0, 20_000, 50_000][Math.floor(next() * 4)]!;
  const status = next() < 0.15 ? 'failed' : next() < 0.2 ? 'closed' : 'frozen';
  // Older authorisations have no split recorded: all of it counts as frozen then.
  const fund = credit === null ? null : next() < 0.2 ? null : 50_000 - credit;
  const createdAt = new Date(order.createdAt.getTime() + 60_000);
  await context.server.db
    .insertInto('deposit_authorisations')
    .values({
      order_id: order.id,
      user_id: context.users[order.platform]!,
      out_request_no: `A${context.tag}${context.ledger.auths.length + 1}`,
      auth_no: null,
      amount: 50_000,
      status,
      expires_at: new Date(createdAt.getTime() + 365 * DAY),
      created_at: createdAt,
      requested_at: createdAt,
      credit_amount: credit,
      fund_amount: fund,
    })
    .execute();
  context.ledger.auths.push({ orderId: order.id, amount: 50_000, credit, fund, status, createdAt });
}
