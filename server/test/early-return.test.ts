// engines: pglite (quote dates and sums from date columns: driver reads pinned in engine-types.test.ts)
/**
 * Early return: the order engine's quote (rent not yet due waived, 30 % of it as the fee, what
 * is owed now), shown before the user confirms, and applied only at the total they saw.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EARLY_RETURN_FEE_BP, earlyReturnQuote, type BillRow } from '../src/orders/bills.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { insertOrder, userIdOf } from './kyc-fixtures.ts';

interface Quote {
  orderId: number;
  lines: { label: string; amount: number }[];
  total: number;
}

let server: TestServer;
let token: string;
let userId: number;
before(async () => {
  server = await startTestServer();
  token = await server.loginAs('13740000001');
  userId = await userIdOf(server, token);
});
after(() => server.close());

const bill = (id: number, kind: BillRow['kind'], status: BillRow['status'], original: number) => ({
  id,
  kind,
  period: id,
  original,
  discount: 0,
  overdue_fee: 0,
  paid: status === 'paid' ? original : 0,
  status,
});

test('the quote waives rent not yet due and charges its share as the fee', () => {
  const bills = [
    bill(1, 'FIRST', 'paid', 10_000),
    { ...bill(2, 'INSTALMENT', 'unpaid', 10_000), overdue_fee: 150 },
    bill(3, 'INSTALMENT', 'unpaid', 10_000),
    bill(4, 'INSTALMENT', 'unpaid', 9_999),
  ];
  const dueDates = new Map([
    [1, '2026-10-01'],
    [2, '2026-11-01'],
    [3, '2026-12-01'],
    [4, '2027-01-01'],
  ]);
  const quote = earlyReturnQuote({ bills, today: '2026-11-25', dueDates });
  assert.equal(EARLY_RETURN_FEE_BP, 3000);
  assert.deepEqual(quote.waivedBillIds, [3, 4]);
  // 30 % of 199.99 is 59.997, rounded up to the fen.
  assert.equal(quote.fee, 6000);
  assert.deepEqual(
    quote.lines.map((l) => l.amount),
    [-19_999, 6000, 10_000, 150],
  );
  assert.equal(quote.total, 6000 + 10_000 + 150);
  // In the last period nothing is waived, so there is no fee.
  const last = earlyReturnQuote({ bills, today: '2027-01-01', dueDates });
  assert.equal(last.fee, 0);
});

test('the order screen’s quote, then the confirmation at that total: bills waived, fee owed', async () => {
  const orderId = await insertOrder(server, userId, { status: 'RENTING' });
  // insertOrder dates every bill in 2027: pay the first, leave the rest to come.
  await server.db
    .updateTable('bills')
    .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
    .where('order_id', '=', orderId)
    .where('period', '=', 1)
    .execute();
  const detail = await server.request<{ actions: string[] }>(
    'GET',
    `/api/order/detail/${orderId}`,
    {
      token,
    },
  );
  assert.ok(detail.body.data.actions.includes('earlyReturn'));

  const quote = await server.request<Quote>('GET', `/api/order/earlyReturnQuote/${orderId}`, {
    token,
  });
  assert.equal(quote.body.code, 200, quote.body.msg);
  const future = await server.db
    .selectFrom('bills')
    .select((eb) => eb.fn.sum<number>('original').as('sum'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'unpaid')
    .executeTakeFirstOrThrow();
  const fee = Math.ceil((Number(future.sum) * 3000) / 10_000);
  assert.equal(quote.body.data.total, fee);
  assert.equal(quote.body.data.lines.find((l) => l.label === '提前归还手续费')?.amount, fee);

  // A stale total (the user saw another figure) is refused and changes nothing.
  const stale = await server.request('POST', '/api/order/apply/earlyReturn', {
    token,
    body: { orderId, total: fee + 1 },
  });
  assert.equal(stale.status, 409);
  assert.match(stale.body.msg, /请确认新的费用/);
  const unchanged = await server.db
    .selectFrom('bills')
    .select('status')
    .where('order_id', '=', orderId)
    .where('status', '=', 'cancelled')
    .execute();
  assert.deepEqual(unchanged, []);

  const applied = await server.request<{
    events: { action: string }[];
    actions: string[];
  }>('POST', '/api/order/apply/earlyReturn', { token, body: { orderId, total: fee } });
  assert.equal(applied.body.code, 200, applied.body.msg);
  const bills = await server.db
    .selectFrom('bills')
    .select(['kind', 'status', 'original'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  assert.ok(bills.filter((b) => b.kind === 'INSTALMENT').every((b) => b.status === 'cancelled'));
  assert.deepEqual(
    bills.filter((b) => b.kind === 'EARLY_RETURN').map((b) => [b.status, b.original]),
    [['unpaid', fee]],
  );
  const order = await server.db
    .selectFrom('orders')
    .select(['status', 'sub_process'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  assert.deepEqual(order, { status: 'RENTING', sub_process: 'return' });
  assert.ok(applied.body.data.events.some((e) => e.action === 'early_return'));
  // The return is under way: paying and shipping it back are offered; renewing, buying out and
  // a second early return (it would quote nothing) are not, and asking for one answers 409.
  assert.deepEqual(applied.body.data.actions, ['payBills', 'return']);
  const again = await server.request('GET', `/api/order/earlyReturnQuote/${orderId}`, { token });
  assert.equal(again.status, 409);
  assert.match(again.body.msg, /进行中的归还/);

  // The return then ships as any return does.
  const shipped = await server.request('POST', '/api/order/confirm/return', {
    token,
    body: { orderId, expressCode: 'sf', waybill: 'SF1234567890' },
  });
  assert.equal(shipped.body.code, 200, shipped.body.msg);
});

test('not before renting, not for someone else, and anonymous callers get 401', async () => {
  const pending = await insertOrder(server, userId, { status: 'PENDING_SIGN' });
  const early = await server.request('GET', `/api/order/earlyReturnQuote/${pending}`, { token });
  assert.equal(early.status, 409);
  const renting = await insertOrder(server, userId, { status: 'RENTING' });
  const other = await server.loginAs('13740000002');
  const foreign = await server.request('GET', `/api/order/earlyReturnQuote/${renting}`, {
    token: other,
  });
  assert.equal(foreign.status, 404);
  const anonymous = await server.request('POST', '/api/order/apply/earlyReturn', {
    body: { orderId: 'x' },
  });
  assert.equal(anonymous.status, 401);
  const bad = await server.request('POST', '/api/order/apply/earlyReturn', {
    token,
    body: { orderId: renting, total: -5 },
  });
  assert.equal(bad.status, 400);
});
