// engines: pglite (day arithmetic from the payment date in SQL: the same SQL on both engines; driver reads pinned in engine-types.test.ts)
/**
 * A WeChat deposit near a year old (the lead's decision on issue 18): WeChat Pay refuses refunds
 * of payments older than a year, so 330 days after a deposit was paid through WeChat, an order
 * still running has its unpaid bills paid from the deposit in due-date order and the rest
 * refunded at once; at return nothing more goes back. Earlier than that, or paid through Alipay,
 * the deposit waits for the return as before. The clock is the sweep's (days from the payment).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { settleOldWechatDeposits, emptyReport } from '../src/jobs/index.ts';
import type { TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  newShopper,
  ops,
  orderStatus,
  orderTestServer,
  payAtCashier,
  sandboxes,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let month: Plan;
before(async () => {
  ({ server, month } = await orderTestServer());
});
after(() => server.close());

/** A renting order whose deposit and first bill were paid through `channel`; when it was paid. */
async function rentingOrder(channel: 'wechat' | 'alipay') {
  const shopper = await newShopper(server);
  const orderId = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    body: { orderId, channel },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
  await payAtCashier(server, pay.body.data.outTradeNo);
  await ops(server, 'POST', `/ops/orders/${orderId}/approve`, {});
  await ops(server, 'POST', `/ops/orders/${orderId}/ship`, { waybill: 'SF1234567890' });
  await server.request('POST', '/api/order/confirmReceive', {
    token: shopper.token,
    body: { orderId },
  });
  assert.equal(await orderStatus(server, orderId), 'RENTING');
  const payment = await server.db
    .selectFrom('payments')
    .select(['out_trade_no', 'finished_at'])
    .where('out_trade_no', '=', pay.body.data.outTradeNo)
    .executeTakeFirstOrThrow();
  return { shopper, orderId, outTradeNo: payment.out_trade_no, paidAt: payment.finished_at! };
}

const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

async function sweep(at: Date) {
  const report = emptyReport();
  await settleOldWechatDeposits(server.app.deps, at, report);
  await settle(server);
  assert.deepEqual(report.errors, []);
  return report.depositsSettled;
}

const billsOf = (orderId: number) =>
  server.db
    .selectFrom('bills')
    .select(['id', 'kind', 'status', 'original', 'paid', 'channel', 'due_date'])
    .where('order_id', '=', orderId)
    .orderBy('due_date')
    .orderBy('id')
    .execute();

const refundsOf = (orderId: number) =>
  server.db
    .selectFrom('refunds')
    .select(['amount', 'reason', 'status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();

async function returnOrder(shopper: Shopper, orderId: number) {
  const as = (body: unknown) => ({ token: shopper.token, body });
  // Before the end of the term: an early return, its fee paid at the cashier.
  await agreeEarlyReturn(server, shopper, orderId);
  await server.request('POST', '/api/order/apply/return', as({ orderId }));
  await server.request(
    'POST',
    '/api/order/confirm/return',
    as({ orderId, expressCode: 'sf', waybill: 'SF99887766' }),
  );
  await ops(server, 'POST', `/ops/orders/${orderId}/receive-return`, {});
  const inspected = await ops(server, 'POST', `/ops/orders/${orderId}/inspect`, { damage: 0 });
  assert.equal(inspected.body.code, 200, JSON.stringify(inspected.body));
  await settle(server);
}

test('330 days after a WeChat deposit: unpaid bills paid from it in due-date order, the rest refunded at once, nothing more at return', async () => {
  const { shopper, orderId, outTradeNo, paidAt } = await rentingOrder('wechat');
  const deposit = (await billsOf(orderId)).find((b) => b.kind === 'DEPOSIT')!.paid;
  assert.ok(deposit > 0);
  // The rent still owed: the deposit covers all but the last of these bills.
  const owed = (await billsOf(orderId)).filter((b) => b.status === 'unpaid');
  assert.ok(owed.length >= 2, `only ${owed.length} unpaid bills`);
  const each = Math.floor(deposit / (owed.length - 0.5));
  await server.db
    .updateTable('bills')
    .set({ original: each, discount: 0 })
    .where(
      'id',
      'in',
      owed.map((b) => b.id),
    )
    .execute();

  assert.equal(await sweep(daysAfter(paidAt, 329)), 0, 'settled before 330 days');
  assert.deepEqual(await refundsOf(orderId), []);

  assert.equal(await sweep(daysAfter(paidAt, 330)), 1);
  const after = (await billsOf(orderId)).filter((b) => owed.some((o) => o.id === b.id));
  assert.deepEqual(
    after.map((b) => [b.status, b.channel]),
    [...owed.slice(0, -1).map(() => ['paid', 'deposit']), ['unpaid', null]],
  );
  const used = each * (owed.length - 1);
  const fromDeposit = await server.db
    .selectFrom('payments')
    .select(['amount', 'status'])
    .where('order_id', '=', orderId)
    .where('channel', '=', 'deposit')
    .execute();
  assert.deepEqual(fromDeposit, [{ amount: used, status: 'succeeded' }]);
  assert.deepEqual(await refundsOf(orderId), [
    { amount: deposit - used, reason: '押金到期前退还', status: 'succeeded' },
  ]);
  // WeChat (the sandbox's) refunded the deposit's own payment, within the year.
  const trade = await sandboxes(server).wechat.queryTrade(outTradeNo);
  assert.equal(trade?.refunded, deposit - used);
  assert.equal(await orderStatus(server, orderId), 'RENTING');

  // A later run does nothing more; nor does the return.
  assert.equal(await sweep(daysAfter(paidAt, 331)), 0);
  await returnOrder(shopper, orderId);
  assert.equal(await orderStatus(server, orderId), 'COMPLETED');
  assert.equal((await refundsOf(orderId)).length, 1);
  assert.equal((await sandboxes(server).wechat.queryTrade(outTradeNo))?.refunded, deposit - used);
});

test('returned within the year, the WeChat deposit goes back at return; an Alipay deposit is never settled early', async () => {
  const wechat = await rentingOrder('wechat');
  const deposit = (await billsOf(wechat.orderId)).find((b) => b.kind === 'DEPOSIT')!.paid;
  await returnOrder(wechat.shopper, wechat.orderId);
  assert.equal(await orderStatus(server, wechat.orderId), 'COMPLETED');
  assert.deepEqual(await refundsOf(wechat.orderId), [
    { amount: deposit, reason: '押金退还', status: 'succeeded' },
  ]);
  assert.equal(await sweep(daysAfter(wechat.paidAt, 330)), 0);

  const alipay = await rentingOrder('alipay');
  assert.equal(await sweep(daysAfter(alipay.paidAt, 400)), 0);
  assert.deepEqual(await refundsOf(alipay.orderId), []);
  assert.ok((await billsOf(alipay.orderId)).some((b) => b.status === 'unpaid'));
});
