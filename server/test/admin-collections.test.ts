// engines: postgres (money settled in transactions and overdue-day arithmetic: the same SQL on both engines; the console runs on PostgreSQL in production; driver reads pinned in engine-types.test.ts)
/**
 * Collections in the merchant console (issue 38) on a real server and database: the overdue
 * queue's buckets and order (a broken promise comes back to the top), assignment, the contact log
 * with the scheduler's reminders, fee waivers and their arithmetic against the scheduler's fee,
 * offline repayments settling bills as an online payment does, idempotency, the guard before
 * validation on every new route, and the audit rows.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { OverdueCase } from '../../contract/admin/collections.ts';
import { addDays, dayOf, overdueFee } from '../src/orders/bills.ts';
import { remindBills } from '../src/privacy/reminders.ts';
import { Desk, ownerDesk, PASSWORD, staffDesk } from './admin-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import {
  enableOps,
  newShopper,
  ops,
  orderStatus,
  payAtCashier,
  payFirst,
  plans,
  restock,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let month: Plan;
let owner: Desk;
let finance: Desk;
let collector: Desk & { id?: number };
let collectorId: number;
let viewer: Desk;
let viewerId: number;

/** Runs the scheduled jobs at the server's clock (what the scheduler does every 15 minutes). */
async function runJobs() {
  const reply = await ops(server, 'POST', '/ops/jobs/run', {
    at: server.app.deps.now().toISOString(),
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  await settle(server);
}

const today = () => dayOf(server.app.deps.now());

async function billsOf(orderId: number) {
  return server.db
    .selectFrom('bills')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * A renting order (paid deposit) whose second rent fell due `days` days ago, as if it had been
 * received that much earlier, swept by the jobs: OVERDUE, the bill late by `days`.
 */
async function overdueOrder(
  days: number,
): Promise<{ id: number; shopper: Shopper; billId: number }> {
  const shopper = await newShopper(server);
  const id = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
  await payFirst(server, shopper, id);
  await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
  await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: `SF${Date.now()}${days}` });
  const received = await server.request('POST', '/api/order/received', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(received.body.code, 200, JSON.stringify(received.body));
  const second = (await billsOf(id)).find((b) => b.kind === 'INSTALMENT' && b.period === 2)!;
  await server.db
    .updateTable('bills')
    .set({ due_date: addDays(today(), -days) })
    .where('id', '=', second.id)
    .execute();
  await runJobs();
  assert.equal(await orderStatus(server, id), 'OVERDUE');
  return { id, shopper, billId: second.id };
}

async function queue(query = '') {
  const reply = await finance.send<{
    tabs: { key: string; count: number }[];
    list: OverdueCase[];
    total: number;
  }>('GET', `/collections/overdue?pageSize=100${query}`);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.data;
}

async function auditOf(action: string, targetId: number) {
  return server.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

async function countRows() {
  const counts: Record<string, number> = {};
  for (const table of [
    'audit_events',
    'collection_contacts',
    'collection_assignments',
    'collection_actions',
    'payments',
  ]) {
    const row = await sql<{
      n: string;
    }>`select count(*)::text as n from ${sql.table(table)}`.execute(server.db);
    counts[table] = Number(row.rows[0]?.n);
  }
  const fees = await sql<{
    s: string;
  }>`select coalesce(sum(overdue_fee + fee_waived + paid), 0)::text as s from bills`.execute(
    server.db,
  );
  counts.bills = Number(fees.rows[0]?.s);
  return counts;
}

const key = () => randomUUID().replace(/-/g, '');

before(async () => {
  server = await startTestServer({
    env: { ADMIN_LOGIN_PER_IP: '100000', ADMIN_LOGIN_PER_ACCOUNT: '100000' },
  });
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  await enableOps(server);
  owner = await ownerDesk(server);
  finance = (await staffDesk(server, owner, 'cash', 'finance', 'all')).desk;
  const service = await staffDesk(server, owner, 'caller', 'service', [1]);
  collector = service.desk;
  collectorId = service.id;
  const view = await staffDesk(server, owner, 'looker', 'viewer', [1]);
  viewer = view.desk;
  viewerId = view.id;
});

after(async () => {
  await server?.close();
});

describe('the guard answers before the body is read, writing nothing', () => {
  test('401 without a session, 403 without CSRF, 403 for a role without the permission', async () => {
    const { id, billId } = await overdueOrder(3);
    const routes: {
      method: string;
      path: string;
      body?: unknown;
      money?: boolean;
      assign?: boolean;
    }[] = [
      { method: 'GET', path: '/collections/overdue?bucket=nonsense' },
      { method: 'GET', path: '/collections/collectors' },
      { method: 'GET', path: `/orders/${id}/contacts` },
      { method: 'POST', path: `/orders/${id}/contacts`, body: { kind: 'shout' } },
      { method: 'POST', path: `/orders/${id}/collector`, body: { staffId: 'x' }, assign: true },
      { method: 'POST', path: `/bills/${billId}/waive-fee`, body: { amount: -1 }, money: true },
      {
        method: 'POST',
        path: `/orders/${id}/offline-repayment`,
        body: { amount: 'all' },
        money: true,
      },
      { method: 'POST', path: `/orders/${id}/deposit-deduction`, body: {}, money: true },
      { method: 'POST', path: `/bills/${billId}/write-off`, body: { reason: 1 }, money: true },
    ];
    const before = await countRows();
    const anonymous = new Desk(server);
    for (const route of routes) {
      const reply = await anonymous.send(route.method, route.path, { body: route.body });
      assert.equal(reply.status, 401, `${route.method} ${route.path}`);
      // The viewer reads orders but works no collections.
      const refused = await viewer.send(route.method, route.path, { body: route.body, key: key() });
      assert.equal(refused.status, 403, `viewer ${route.method} ${route.path}`);
      if (route.method === 'POST') {
        const noCsrf = await finance.send(route.method, route.path, {
          body: route.body,
          csrf: false,
        });
        assert.equal(noCsrf.status, 403, `no csrf ${route.path}`);
        assert.match(noCsrf.body.msg, /CSRF/);
      }
      // A collector (service) logs calls but moves no money and assigns no cases.
      if (route.money || route.assign) {
        const collectorTry = await collector.send(route.method, route.path, {
          body: route.body,
          key: key(),
        });
        assert.equal(collectorTry.status, 403, `collector ${route.path}`);
      }
    }
    assert.deepEqual(await countRows(), before);
  });

  test('a brand the account does not have is refused (403)', async () => {
    const brand2 = await staffDesk(server, owner, 'caller2', 'service', [2]);
    const { id } = await overdueOrder(2);
    const reply = await brand2.desk.send('POST', `/orders/${id}/contacts`, {
      body: { kind: 'note', note: '看看' },
    });
    assert.equal(reply.status, 403);
    const seen = await brand2.desk.send<{ list: OverdueCase[] }>(
      'GET',
      '/collections/overdue?pageSize=100',
    );
    assert.equal(seen.status, 200);
    assert.ok(!seen.body.data.list.some((c) => c.orderId === id));
  });
});

describe('the overdue queue', () => {
  test('days overdue fall in buckets 1-7, 8-30, 31-90, over 90 at their boundaries', async () => {
    const expected: [number, string][] = [
      [1, 'd1_7'],
      [7, 'd1_7'],
      [8, 'd8_30'],
      [30, 'd8_30'],
      [31, 'd31_90'],
      [90, 'd31_90'],
      [91, 'd90_plus'],
    ];
    const orders: { id: number; days: number; bucket: string }[] = [];
    for (const [days, bucket] of expected)
      orders.push({ ...(await overdueOrder(days)), days, bucket });
    // The jobs swept every order at once, at the same clock.
    await runJobs();
    const all = await queue();
    for (const order of orders) {
      const found = all.list.find((c) => c.orderId === order.id);
      assert.ok(found, `order ${order.id} (${order.days} days) is in the queue`);
      assert.equal(found.daysOverdue, order.days);
      assert.equal(found.bucket, order.bucket, `${order.days} days`);
      const bill = (await billsOf(order.id)).find((b) => b.overdue_days > 0)!;
      assert.equal(found.owed, bill.original - bill.discount + bill.overdue_fee);
      assert.equal(found.overdueFee, overdueFee(bill.original - bill.discount, order.days));
    }
    for (const tab of all.tabs)
      assert.equal(tab.count, all.list.filter((c) => c.bucket === tab.key).length, tab.key);
    const mid = await queue('&bucket=d8_30');
    assert.deepEqual(
      orders.filter((o) => mid.list.some((c) => c.orderId === o.id)).map((o) => o.days),
      [8, 30],
    );
    // Most days late first (no promises yet).
    const days = all.list
      .filter((c) => !c.promiseBroken && c.promisedDate === null)
      .map((c) => c.daysOverdue);
    assert.deepEqual(
      days,
      [...days].sort((a, b) => b - a),
    );
  });

  test('assignment to a collector, the assignee filter, and who may be assigned', async () => {
    const { id } = await overdueOrder(4);
    const refused = await finance.send('POST', `/orders/${id}/collector`, {
      body: { staffId: viewerId },
    });
    assert.equal(refused.status, 422);
    assert.match(refused.body.msg, /不能跟进/);
    const collectors = await collector.send<{ id: number; role: string }[]>(
      'GET',
      '/collections/collectors',
    );
    assert.ok(collectors.body.data.some((s) => s.id === collectorId));
    assert.ok(!collectors.body.data.some((s) => s.id === viewerId));
    const assigned = await finance.send<{ assignee: { id: number } }>(
      'POST',
      `/orders/${id}/collector`,
      { body: { staffId: collectorId } },
    );
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    const mine = await queue(`&assigneeId=${collectorId}`);
    assert.deepEqual(
      mine.list.map((c) => c.orderId),
      [id],
    );
    assert.equal(mine.list[0]!.assignee?.login, 'caller');
    assert.ok(!(await queue('&assigneeId=0')).list.some((c) => c.orderId === id));
    const audit = await auditOf('collections.assign', id);
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0]!.after, { staffId: collectorId });
    assert.equal(audit[0]!.staff_login, 'cash');
  });
});

describe('the contact log', () => {
  test("a collector's call with a promise, and the scheduler's reminders in the same log", async () => {
    const { id, billId } = await overdueOrder(1);
    // The reminder the scheduler sends on a bill's first day late.
    await remindBills(server.app.deps, server.app.deps.now());
    const bad = await collector.send('POST', `/orders/${id}/contacts`, {
      body: { kind: 'call', outcome: 'promised', promisedDate: addDays(today(), 2) },
    });
    assert.equal(bad.status, 422);
    const past = await collector.send('POST', `/orders/${id}/contacts`, {
      body: {
        kind: 'call',
        outcome: 'promised',
        promisedDate: addDays(today(), -1),
        promisedAmount: 100,
      },
    });
    assert.equal(past.status, 422);
    assert.match(past.body.msg, /不能早于今天/);
    const added = await collector.send('POST', `/orders/${id}/contacts`, {
      body: {
        kind: 'call',
        outcome: 'promised',
        note: '客户说周末还',
        promisedDate: addDays(today(), 2),
        promisedAmount: 12_300,
      },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const log = await collector.send<{
      list: {
        source: string;
        kind: string;
        channel: string | null;
        billId: number | null;
        by: { login: string } | null;
        promisedAmount: number | null;
      }[];
    }>('GET', `/orders/${id}/contacts`);
    const reminder = log.body.data.list.find((e) => e.source === 'system');
    assert.ok(reminder, JSON.stringify(log.body.data.list));
    assert.equal(reminder.kind, 'overdue');
    assert.equal(reminder.channel, 'sms');
    assert.equal(reminder.billId, billId);
    const call = log.body.data.list.find((e) => e.source === 'staff')!;
    assert.equal(call.by?.login, 'caller');
    assert.equal(call.promisedAmount, 12_300);
    const listed = (await queue()).list.find((c) => c.orderId === id)!;
    assert.equal(listed.promisedDate, addDays(today(), 2));
    assert.equal(listed.lastContactOutcome, 'promised');
    assert.equal(listed.promiseBroken, false);
    const audit = await auditOf('collections.contact', id);
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.staff_login, 'caller');
  });
});

describe('money actions', () => {
  test('waive a late fee in part, then whole; the scheduler keeps it waived as days add up', async () => {
    const { id, billId, shopper } = await overdueOrder(10);
    const bill = (await billsOf(id)).find((b) => b.id === billId)!;
    const rent = bill.original - bill.discount;
    const fee10 = overdueFee(rent, 10);
    assert.equal(bill.overdue_fee, fee10);
    const tooMuch = await finance.send('POST', `/bills/${billId}/waive-fee`, {
      body: { amount: fee10 + 1, reason: '客户困难' },
      key: key(),
    });
    assert.equal(tooMuch.status, 422);
    assert.match(tooMuch.body.msg, /最多可减免/);
    const noKey = await finance.send('POST', `/bills/${billId}/waive-fee`, {
      body: { amount: 1, reason: '客户困难' },
    });
    assert.equal(noKey.status, 400);
    const partKey = key();
    const part = await finance.send<{ amount: number; repeated: boolean }>(
      'POST',
      `/bills/${billId}/waive-fee`,
      { body: { amount: 1, reason: '客户困难' }, key: partKey },
    );
    assert.equal(part.status, 200, JSON.stringify(part.body));
    assert.equal(part.body.data.repeated, false);
    // The same request again: answered, written once.
    const again = await finance.send<{ repeated: boolean }>('POST', `/bills/${billId}/waive-fee`, {
      body: { amount: 1, reason: '客户困难' },
      key: partKey,
    });
    assert.equal(again.body.data.repeated, true);
    const other = await finance.send('POST', `/bills/${billId}/waive-fee`, {
      body: { amount: 2, reason: '客户困难' },
      key: partKey,
    });
    assert.equal(other.status, 409);
    let now = (await billsOf(id)).find((b) => b.id === billId)!;
    assert.equal(now.overdue_fee, fee10 - 1);
    assert.equal(now.fee_waived, 1);
    assert.equal((await auditOf('bill.waive_fee', billId)).length, 1);
    // The customer's bill says so.
    const detail = await server.request<{
      bills: { id: number; feeWaived?: number; overdueFee: number; outstanding: number }[];
    }>('GET', `/api/order/detail/${id}`, { token: shopper.token });
    const seen = detail.body.data.bills.find((b) => b.id === billId)!;
    assert.equal(seen.feeWaived, 1);
    assert.equal(seen.overdueFee, fee10 - 1);
    assert.equal(seen.outstanding, rent + fee10 - 1);
    // The rest of the fee: whole.
    const whole = await finance.send('POST', `/bills/${billId}/waive-fee`, {
      body: { amount: fee10 - 1, reason: '全部减免' },
      key: key(),
    });
    assert.equal(whole.status, 200, JSON.stringify(whole.body));
    await runJobs();
    now = (await billsOf(id)).find((b) => b.id === billId)!;
    assert.equal(now.overdue_fee, 0);
    assert.equal(now.fee_waived, fee10);
    // A day later the fee grows by that day only.
    await server.db
      .updateTable('bills')
      .set({ due_date: addDays(today(), -11) })
      .where('id', '=', billId)
      .execute();
    await runJobs();
    now = (await billsOf(id)).find((b) => b.id === billId)!;
    assert.equal(now.overdue_days, 11);
    assert.equal(now.overdue_fee, overdueFee(rent, 11) - fee10);
    const audit = await auditOf('bill.waive_fee', billId);
    assert.equal(audit.length, 2);
    assert.deepEqual(audit[1]!.before, { overdueFee: fee10 - 1, feeWaived: 1 });
    assert.equal(audit[1]!.reason, '全部减免');
  });

  test('an offline repayment settles the bills as an online payment does', async () => {
    const offline = await overdueOrder(5);
    const online = await overdueOrder(5);
    const bill = (await billsOf(offline.id)).find((b) => b.id === offline.billId)!;
    const owed = bill.original - bill.discount + bill.overdue_fee;
    const before = await countRows();
    const over = await finance.send('POST', `/orders/${offline.id}/offline-repayment`, {
      body: { billIds: [bill.id], amount: owed + 1, reference: 'BANK-001', reason: '客户转账' },
      key: key(),
    });
    assert.equal(over.status, 422);
    assert.match(over.body.msg, /超出所选账单应还金额/);
    const partial = await finance.send('POST', `/orders/${offline.id}/offline-repayment`, {
      body: { billIds: [bill.id], amount: owed - 1, reference: 'BANK-001', reason: '客户转账' },
      key: key(),
    });
    assert.equal(partial.status, 422);
    const first = (await billsOf(offline.id)).find((b) => b.kind === 'FIRST')!;
    const notTheFirst = await finance.send('POST', `/orders/${offline.id}/offline-repayment`, {
      body: { billIds: [first.id], amount: 1, reference: 'BANK-001', reason: '客户转账' },
      key: key(),
    });
    assert.equal(notTheFirst.status, 409);
    assert.deepEqual(await countRows(), before);

    const requestKey = key();
    const body = { billIds: [bill.id], amount: owed, reference: 'BANK-001', reason: '客户转账' };
    const paid = await finance.send<{ status: string; repeated: boolean; outTradeNo: string }>(
      'POST',
      `/orders/${offline.id}/offline-repayment`,
      { body, key: requestKey },
    );
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    assert.equal(paid.body.data.status, 'RENTING');
    const replay = await finance.send<{ repeated: boolean; outTradeNo: string }>(
      'POST',
      `/orders/${offline.id}/offline-repayment`,
      { body, key: requestKey },
    );
    assert.equal(replay.body.data.repeated, true);
    assert.equal(replay.body.data.outTradeNo, paid.body.data.outTradeNo);
    const payments = await server.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', offline.id)
      .where('channel', '=', 'offline')
      .execute();
    assert.equal(payments.length, 1);
    assert.equal(payments[0]!.status, 'succeeded');
    assert.equal(payments[0]!.provider_trade_no, 'BANK-001');

    // The same bill paid online by the customer.
    const pay = await server.request<{ outTradeNo: string; amount: number }>(
      'POST',
      '/api/order/stagePayOrderByZfb',
      { token: online.shopper.token, body: { orderId: online.id, billIds: [online.billId] } },
    );
    assert.equal(pay.body.data.amount, owed);
    await payAtCashier(server, pay.body.data.outTradeNo);

    const shape = async (orderId: number, billId: number) => {
      const row = (await billsOf(orderId)).find((b) => b.id === billId)!;
      const events = await server.db
        .selectFrom('order_events')
        .select(['action', 'from_status', 'to_status'])
        .where('order_id', '=', orderId)
        .orderBy('id', 'desc')
        .limit(1)
        .execute();
      return {
        status: row.status,
        paid: row.paid,
        overdueDays: row.overdue_days,
        order: await orderStatus(server, orderId),
        lastEvent: events[0],
      };
    };
    assert.deepEqual(
      await shape(offline.id, offline.billId),
      await shape(online.id, online.billId),
    );
    const detail = await server.request<{
      bills: { id: number; status: string; channel: string | null; outstanding: number }[];
    }>('GET', `/api/order/detail/${offline.id}`, { token: offline.shopper.token });
    const seen = detail.body.data.bills.find((b) => b.id === offline.billId)!;
    assert.deepEqual([seen.status, seen.channel, seen.outstanding], ['paid', 'offline', 0]);
    const listed = await queue();
    assert.ok(!listed.list.some((c) => c.orderId === offline.id || c.orderId === online.id));
    const audit = await auditOf('bill.offline_repayment', offline.id);
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.staff_login, 'cash');
    assert.equal(audit[0]!.reason, '客户转账');
    assert.equal((audit[0]!.before as { status: string }).status, 'OVERDUE');
    assert.equal((audit[0]!.after as { status: string }).status, 'RENTING');
    // Paid: a second repayment of it is refused.
    const twice = await finance.send('POST', `/orders/${offline.id}/offline-repayment`, {
      body,
      key: key(),
    });
    assert.equal(twice.status, 409);
  });

  test('a written-off bill is cancelled, the order leaves OVERDUE, the amount kept', async () => {
    const { id, billId } = await overdueOrder(40);
    const bill = (await billsOf(id)).find((b) => b.id === billId)!;
    const off = await finance.send<{ amount: number; status: string }>(
      'POST',
      `/bills/${billId}/write-off`,
      { body: { reason: '无法联系' }, key: key() },
    );
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.data.amount, bill.original - bill.discount + bill.overdue_fee);
    assert.equal(off.body.data.status, 'RENTING');
    const now = (await billsOf(id)).find((b) => b.id === billId)!;
    assert.equal(now.status, 'cancelled');
    assert.equal(now.written_off, off.body.data.amount);
    assert.equal((await auditOf('bill.write_off', billId)).length, 1);
  });

  test('deduction from the deposit is only for frozen deposits', async () => {
    const { id, billId } = await overdueOrder(3);
    const reply = await finance.send('POST', `/orders/${id}/deposit-deduction`, {
      body: { billIds: [billId], reason: '押金抵扣' },
      key: key(),
    });
    assert.equal(reply.status, 422);
    assert.match(reply.body.msg, /冻结押金/);
  });
});

// Last: it moves the server's clock two days on.
describe('promises', () => {
  test('a promise that passes unpaid comes back to the top of the queue', async () => {
    const promised = await overdueOrder(20);
    const waiting = await overdueOrder(15);
    const added = await collector.send('POST', `/orders/${promised.id}/contacts`, {
      body: {
        kind: 'call',
        outcome: 'promised',
        promisedDate: addDays(today(), 1),
        promisedAmount: 5_000,
      },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const order = (list: OverdueCase[]) =>
      list
        .filter((c) => c.orderId === promised.id || c.orderId === waiting.id)
        .map((c) => c.orderId);
    // Waiting on a promise: below the cases nobody promised on, though it is later.
    assert.deepEqual(order((await queue()).list), [waiting.id, promised.id]);
    server.advanceClock(2 * 86_400);
    // The sessions went idle meanwhile.
    finance = new Desk(server);
    await finance.signIn('cash', PASSWORD);
    const lapsed = await queue();
    assert.deepEqual(order(lapsed.list), [promised.id, waiting.id]);
    const top = lapsed.list[0]!;
    assert.equal(top.promiseBroken, true);
    assert.equal(top.orderId, promised.id);
  });
});
