// engines: both (duplicate payments under concurrency, idempotency keys, scheduler dates)
/**
 * Money rules: duplicate pay requests charge once, one idempotency key places one order, the
 * sandbox's signed notifications are verified and only the first per trade counts, withholding
 * and overdue fees run on the scheduler's clock, and an unpaid order lapses.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OrderDetail } from '../../contract/api/order.ts';
import type { TestServer } from './helpers.ts';
import {
  newShopper,
  ops,
  orderStatus,
  orderTestServer,
  payAtCashier,
  paidOrder,
  placeBody,
  sandboxes,
  settle,
  signedOrder,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

interface Payment {
  outTradeNo: string;
  amount: number;
}

let server: TestServer;
let month: Plan;

before(async () => {
  ({ server, month } = await orderTestServer());
});
after(() => server.close());

/** An order waiting for its first payment (deposit paid as a bill, so no freeze step). */
async function awaitingPayment(shopper: Shopper, depositMethod: 'paid' | 'card' = 'paid') {
  const id = await signedOrder(server, month, shopper, {
    extra: { depositMethod },
    card: depositMethod === 'card',
  });
  assert.equal(await orderStatus(server, id), 'PENDING_PAY');
  return id;
}

const billsOf = (id: number) =>
  server.db.selectFrom('bills').selectAll().where('order_id', '=', id).orderBy('id').execute();

async function refundTotal(orderId: number): Promise<number> {
  const rows = await server.db
    .selectFrom('refunds')
    .select('amount')
    .where('order_id', '=', orderId)
    .execute();
  return rows.reduce((sum, r) => sum + r.amount, 0);
}

describe('charging once', () => {
  test('50 concurrent pay requests for one bill open one payment and charge once', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.request<Payment>('POST', '/api/order/pay', {
          token: shopper.token,
          body: { orderId: id },
        }),
      ),
    );
    assert.ok(
      replies.every((r) => r.body.code === 200),
      JSON.stringify(replies.find((r) => r.body.code !== 200)?.body),
    );
    const trades = new Set(replies.map((r) => r.body.data.outTradeNo));
    assert.equal(trades.size, 1);
    const [outTradeNo] = [...trades] as [string];
    // The user presses pay twice at the cashier.
    await Promise.all([payAtCashier(server, outTradeNo), payAtCashier(server, outTradeNo)]);
    const charges = await sandboxes(server).alipay.charges(outTradeNo);
    assert.equal(charges.length, 1);
    const bills = await billsOf(id);
    const first = bills.filter((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT');
    assert.ok(first.every((b) => b.status === 'paid' && b.paid === b.original - b.discount));
    assert.equal(
      charges[0]!.amount,
      first.reduce((s, b) => s + b.paid, 0),
    );
    const payments = await server.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', id)
      .execute();
    assert.deepEqual(
      payments.map((p) => p.status),
      ['succeeded'],
    );
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    // Paying again once paid is refused.
    const again = await server.request('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(again.status, 409);
  });

  test('200 identical concurrent place requests with one idempotency key create one order', async () => {
    const shopper = await newShopper(server);
    const key = `place-${Date.now().toString(36)}`;
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        server.request<{ id: number }>('POST', '/api/order/place', {
          token: shopper.token,
          body: placeBody(month, shopper),
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    assert.ok(
      replies.every((r) => r.body.code === 200),
      JSON.stringify(replies.find((r) => r.body.code !== 200)?.body),
    );
    assert.equal(new Set(replies.map((r) => r.body.data.id)).size, 1);
    const orders = await server.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', shopper.userId)
      .execute();
    assert.equal(orders.length, 1);
    // The same key with another request is refused, and creates nothing.
    const other = await server.request('POST', '/api/order/place', {
      token: shopper.token,
      body: placeBody(month, shopper, { depositMethod: 'paid' }),
      headers: { 'idempotency-key': key },
    });
    assert.equal(other.status, 409);
    const after = await server.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', shopper.userId)
      .execute();
    assert.equal(after.length, 1);
  });

  test('switching channel closes the open payment at the provider too: it can no longer be paid', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const alipay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id, channel: 'alipay' },
    });
    const wechat = await server.request<Payment>('POST', '/api/order/pay2', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.notEqual(alipay.body.data.outTradeNo, wechat.body.data.outTradeNo);
    await payAtCashier(server, wechat.body.data.outTradeNo);
    // The abandoned Alipay trade was closed at the provider: paying it now charges nothing.
    const late = await payAtCashier(server, alipay.body.data.outTradeNo);
    assert.match(late.headers.get('location') ?? '', /status=cancel/);
    assert.deepEqual(await sandboxes(server).alipay.charges(alipay.body.data.outTradeNo), []);
    const bills = await billsOf(id);
    assert.ok(
      bills
        .filter((b) => b.kind === 'FIRST')
        .every((b) => b.status === 'paid' && b.channel === 'wechat'),
    );
    assert.equal(await refundTotal(id), 0);
  });

  test('a payment refused at the cashier (failNext) fails its trade once, says so, and leaves the bills owed', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const pay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id, channel: 'alipay' },
    });
    const { outTradeNo } = pay.body.data;
    const alipay = sandboxes(server).alipay;
    await alipay.failNext('pay');
    assert.equal(await alipay.complete(outTradeNo, 'pay'), 'failed');
    // Pressed again: the trade is settled, nothing more happens.
    assert.equal(await alipay.complete(outTradeNo, 'pay'), 'failed');
    await settle(server);
    const notifications = await server.db
      .selectFrom('sandbox_notifications')
      .select(['fields', 'status'])
      .where('gateway', '=', 'alipay')
      .execute();
    const ours = notifications.filter((n) => n.fields.out_trade_no === outTradeNo);
    assert.deepEqual(
      ours.map((n) => [n.fields.trade_status, n.status]),
      [['TRADE_CLOSED', 'delivered']],
    );
    assert.deepEqual(await alipay.charges(outTradeNo), []);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    // The failure asked for was taken: the next payment goes through.
    const again = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id, channel: 'alipay' },
    });
    assert.equal(await alipay.complete(again.body.data.outTradeNo, 'pay'), 'paid');
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
  });

  test('money that reaches a closed payment pays the bills still owed, and is refunded once they are paid', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const alipay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id, channel: 'alipay' },
    });
    const wechat = await server.request<Payment>('POST', '/api/order/pay2', {
      token: shopper.token,
      body: { orderId: id },
    });
    // The user pays both before the closing of the first reaches Alipay.
    const gateways = sandboxes(server);
    assert.equal(await gateways.alipay.complete(alipay.body.data.outTradeNo, 'pay'), 'paid');
    assert.equal(await gateways.wechat.complete(wechat.body.data.outTradeNo, 'pay'), 'paid');
    await settle(server);
    // The first money in (on the payment we had closed) paid the bills; the second went back.
    const first = (await billsOf(id)).filter((b) => b.kind === 'FIRST' || b.kind === 'DEPOSIT');
    assert.ok(first.every((b) => b.status === 'paid' && b.channel === 'alipay'));
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    const payments = await server.db
      .selectFrom('payments')
      .select(['out_trade_no', 'status', 'late_success'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      payments.map((p) => [p.status, p.late_success]),
      [
        ['succeeded', true],
        ['succeeded', true],
      ],
    );
    const refunds = await server.db
      .selectFrom('refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['p.out_trade_no', 'r.amount', 'r.status'])
      .where('r.order_id', '=', id)
      .execute();
    assert.deepEqual(refunds, [
      {
        out_trade_no: wechat.body.data.outTradeNo,
        amount: wechat.body.data.amount,
        status: 'succeeded',
      },
    ]);
    const trade = await gateways.wechat.queryTrade(wechat.body.data.outTradeNo);
    assert.equal(trade?.refunded, wechat.body.data.amount);
  });
});

describe('notifications', () => {
  test('replayed, out-of-order, forged and wrong-amount notifications change nothing after the first', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const pay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    const { outTradeNo, amount } = pay.body.data;
    const alipay = sandboxes(server).alipay;
    const post = (fields: Record<string, string>) =>
      fetch(`${server.baseUrl}/pay/notify/alipay/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      }).then((r) => r.text());

    // Forged (bad signature) success before anything: refused, nothing paid.
    const forged = {
      notify_id: 'forged-1',
      notify_type: 'trade',
      out_trade_no: outTradeNo,
      trade_status: 'TRADE_SUCCESS',
      total_amount: String(amount),
      sign: 'a'.repeat(64),
    };
    assert.equal(await post(forged), 'fail');
    // Correctly signed but for the wrong amount: acknowledged, nothing paid.
    assert.equal(
      await post(
        alipay.signed({
          notify_type: 'trade',
          out_trade_no: outTradeNo,
          trade_status: 'TRADE_SUCCESS',
          total_amount: String(amount - 1),
        }),
      ),
      'success',
    );
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    assert.ok((await billsOf(id)).every((b) => b.status === 'unpaid'));

    await payAtCashier(server, outTradeNo);
    const snapshot = async () => ({
      status: await orderStatus(server, id),
      bills: (await billsOf(id)).map((b) => [b.id, b.status, b.paid]),
      payments: await server.db
        .selectFrom('payments')
        .select(['status', 'amount'])
        .where('order_id', '=', id)
        .execute(),
      events: (
        await server.db.selectFrom('order_events').select('id').where('order_id', '=', id).execute()
      ).length,
    });
    const settled = await snapshot();
    assert.equal(settled.status, 'PENDING_REVIEW');

    const first = await server.db
      .selectFrom('payment_notifications')
      .select('payload')
      .where('out_trade_no', '=', outTradeNo)
      .where('outcome', '=', 'applied')
      .executeTakeFirstOrThrow();
    const original = first.payload;
    // The same notification again (providers retry), ten times at once.
    const replays = await Promise.all(Array.from({ length: 10 }, () => post(original)));
    assert.ok(replays.every((r) => r === 'success'));
    // A late "closed" for the same trade, and a second success under a new notify id.
    await post(
      alipay.signed({
        notify_type: 'trade',
        out_trade_no: outTradeNo,
        trade_status: 'TRADE_CLOSED',
        total_amount: String(amount),
      }),
    );
    await post(
      alipay.signed({
        notify_type: 'trade',
        out_trade_no: outTradeNo,
        trade_status: 'TRADE_SUCCESS',
        total_amount: String(amount),
      }),
    );
    assert.deepEqual(await snapshot(), settled);
    const outcomes = await server.db
      .selectFrom('payment_notifications')
      .select('outcome')
      .where('out_trade_no', '=', outTradeNo)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      outcomes.map((o) => o.outcome),
      ['bad_signature', 'amount_mismatch', 'applied', 'ignored', 'ignored'],
    );
  });

  test('a failed payment leaves the bills unpaid and payable again', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    const pay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    const failed = await payAtCashier(server, pay.body.data.outTradeNo, 'fail');
    assert.match(failed.headers.get('location') ?? '', /status=fail/);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');
    const retry = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.notEqual(retry.body.data.outTradeNo, pay.body.data.outTradeNo);
    await payAtCashier(server, retry.body.data.outTradeNo);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
  });
});

describe('scheduler', () => {
  async function renting(shopper: Shopper, method: 'paid' | 'card') {
    const id = await awaitingPayment(shopper, method);
    const pay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    await payAtCashier(server, pay.body.data.outTradeNo);
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'SF5550000001' });
    await server.request('POST', '/api/order/received', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(await orderStatus(server, id), 'RENTING');
    return id;
  }
  const runJobs = async (at: Date) => {
    const reply = await ops(server, 'POST', '/ops/jobs/run', { at: at.toISOString() });
    assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
    await settle(server);
    return reply.body.data;
  };

  test('a due instalment is withheld from the bound card', async () => {
    const shopper = await newShopper(server);
    const id = await renting(shopper, 'card');
    const second = (await billsOf(id)).find((b) => b.kind === 'INSTALMENT')!;
    const report = await runJobs(new Date(second.due_date.getTime() + 12 * 3600_000));
    assert.ok(Number(report.withheld) >= 1);
    const after = (await billsOf(id)).find((b) => b.id === second.id)!;
    assert.equal(after.status, 'paid');
    assert.equal(after.channel, 'card');
    assert.equal(await orderStatus(server, id), 'RENTING');
  });

  test('a declined withholding makes the bill overdue with a fee; paying it puts the order back', async () => {
    const shopper = await newShopper(server);
    const id = await renting(shopper, 'card');
    const second = (await billsOf(id)).find((b) => b.kind === 'INSTALMENT')!;
    await sandboxes(server).card.failNext('withhold');
    await runJobs(new Date(second.due_date.getTime() + 12 * 3600_000));
    assert.equal((await billsOf(id)).find((b) => b.id === second.id)!.status, 'unpaid');
    await sandboxes(server).card.failNext('withhold');
    await runJobs(new Date(second.due_date.getTime() + 5 * 86_400_000));
    const late = (await billsOf(id)).find((b) => b.id === second.id)!;
    assert.equal(await orderStatus(server, id), 'OVERDUE');
    assert.equal(late.overdue_days, 5);
    assert.equal(late.overdue_fee, Math.ceil(((late.original - late.discount) * 5 * 5) / 10_000));
    const detail = await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, {
      token: shopper.token,
    });
    assert.equal(detail.body.data.statusText, '逾期中');
    const pay = await server.request<Payment>('POST', '/api/order/stagePayOrderByZfb', {
      token: shopper.token,
      body: { orderId: id, billIds: [late.id] },
    });
    assert.equal(pay.body.data.amount, late.original - late.discount + late.overdue_fee);
    await payAtCashier(server, pay.body.data.outTradeNo);
    assert.equal(await orderStatus(server, id), 'RENTING');
  });

  test('a bill a week overdue on a frozen-deposit order is taken from the authorisation', async () => {
    const shopper = await newShopper(server);
    const id = await paidOrder(server, month, shopper, { extra: { depositMethod: 'freeze' } });
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'SF5550000002' });
    await server.request('POST', '/api/order/received', {
      token: shopper.token,
      body: { orderId: id },
    });
    const second = (await billsOf(id)).find((b) => b.kind === 'INSTALMENT')!;
    await runJobs(new Date(second.due_date.getTime() + 3 * 86_400_000));
    assert.equal(await orderStatus(server, id), 'OVERDUE');
    const report = await runJobs(new Date(second.due_date.getTime() + 8 * 86_400_000));
    assert.equal(report.deducted, 1);
    const paid = (await billsOf(id)).find((b) => b.id === second.id)!;
    assert.equal(paid.status, 'paid');
    assert.equal(paid.channel, 'auth');
    assert.equal(await orderStatus(server, id), 'RENTING');
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .selectAll()
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(auth.paid, paid.paid);
    assert.equal(await sandboxes(server).alipay.frozenOn(auth.auth_no!), auth.amount - auth.paid);
  });

  test('near the end the order is DUE, past the grace period RETURN_OVERDUE', async () => {
    const shopper = await newShopper(server);
    const id = await renting(shopper, 'paid');
    // Pay every instalment so only the end date matters.
    const open = (await billsOf(id)).filter((b) => b.status === 'unpaid').map((b) => b.id);
    const pay = await server.request<Payment>('POST', '/api/order/footPay', {
      token: shopper.token,
      body: { orderId: id, billIds: open },
    });
    assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
    await payAtCashier(server, pay.body.data.outTradeNo);
    const order = await server.db
      .selectFrom('orders')
      .select('end_date')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const end = order.end_date!.getTime();
    await runJobs(new Date(end - 3 * 86_400_000));
    assert.equal(await orderStatus(server, id), 'DUE');
    await runJobs(new Date(end + 5 * 86_400_000));
    assert.equal(await orderStatus(server, id), 'RETURN_OVERDUE');
  });

  test('an order not paid within the window is cancelled and its deposit authorisation closed', async () => {
    const shopper = await newShopper(server);
    const id = await awaitingPayment(shopper);
    await server.request('POST', '/api/order/pay', { token: shopper.token, body: { orderId: id } });
    await runJobs(new Date(Date.now() + 31 * 60_000));
    assert.equal(await orderStatus(server, id), 'CANCELLED');
    const payments = await server.db
      .selectFrom('payments')
      .select('status')
      .where('order_id', '=', id)
      .execute();
    assert.deepEqual(
      payments.map((p) => p.status),
      ['closed'],
    );
  });
});
