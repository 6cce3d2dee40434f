// engines: both (the order engine's transactions, row locks and stock)
/**
 * An order's life through the real routes and the sandbox providers: place, verify, sign, freeze,
 * pay at the cashier, ship, receive, pay instalments, buy out; return and inspection; cancelling
 * before and after payment with the coupon given back; refused actions name the state.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { OrderDetail } from '../../contract/api/order.ts';
import type { TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
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
  verifyUser,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

interface Payment {
  outTradeNo: string;
  amount: number;
  cashierUrl: string;
}

let server: TestServer;
let month: Plan;

before(async () => {
  ({ server, month } = await orderTestServer());
});
after(async () => {
  if (process.env.O1_LOGS)
    process.stderr.write(
      server
        .logs()
        .split('\n')
        .filter((l) => l.includes('"level":50'))
        .join('\n'),
    );
  await server.close();
});

const detail = async (shopper: Shopper, id: number) => {
  const reply = await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, {
    token: shopper.token,
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return reply.body.data;
};

/** Place → verify → confirm → sign → freeze → first payment paid. */
const paidCardOrder = (shopper: Shopper, extra: Record<string, unknown> = {}) =>
  paidOrder(server, month, shopper, { extra, card: true });

describe('renting and buying out', () => {
  test('an order is placed from the plan with bills the storefront can show', async () => {
    const shopper = await newShopper(server);
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: shopper.token,
      body: placeBody(month, shopper),
    });
    assert.equal(placed.body.code, 200);
    const order = await detail(shopper, placed.body.data.id);
    assert.equal(order.status, 'PENDING_VERIFY');
    assert.equal(order.statusText, '待认证');
    assert.ok(order.actions.includes('confirm') && order.actions.includes('cancel'));
    const first = order.bills.filter((b) => b.kind === 'FIRST');
    const instalments = order.bills.filter((b) => b.kind === 'INSTALMENT');
    assert.equal(first.length, 1);
    assert.equal(first[0]!.original, month.first_payment);
    assert.equal(instalments.length, month.term - 1);
    assert.ok(instalments.every((b) => b.original === month.rent_per_period));
    assert.equal(order.deposit, month.deposit);
  });

  test('confirm names the checks still missing, then moves on once they are done', async () => {
    const shopper = await newShopper(server);
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: shopper.token,
      body: placeBody(month, shopper),
    });
    const id = placed.body.data.id;
    const early = await server.request('POST', '/api/order/confirm', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(early.status, 422);
    assert.match(early.body.msg, /实名认证/);
    assert.match(early.body.msg, /信用评估/);
    // The storefront names the checks in the user's language from their catalogue keys.
    assert.equal(early.body.reason, 'VERIFICATION_INCOMPLETE');
    assert.ok(early.body.terms?.checks?.includes('verify.step.realName'));
    assert.ok(early.body.terms?.checks?.includes('verify.step.credit'));
    assert.equal(await orderStatus(server, id), 'PENDING_VERIFY');
    await verifyUser(server, shopper.userId);
    const confirmed = await server.request<OrderDetail>('POST', '/api/order/confirm', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(confirmed.body.data.status, 'PENDING_SIGN');
    const again = await server.request('POST', '/api/order/confirm', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(again.status, 409);
    assert.match(again.body.msg, /待签约/);
    assert.deepEqual(again.body.terms, { statusText: ['order.status.PENDING_SIGN'] });
    assert.equal(again.body.data, null);
  });

  test('freeze, pay at the cashier, ship, receive, pay an instalment, buy out', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper);
    assert.equal(await orderStatus(server, id), 'PENDING_FREEZE');
    // Paying before the deposit is frozen is refused with the state named.
    const tooEarly = await server.request('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(tooEarly.status, 409);
    assert.match(tooEarly.body.msg, /待冻结押金/);

    await sandboxes(server).alipay.failNext('freeze');
    await server.request('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    await settle(server);
    assert.equal(
      await orderStatus(server, id),
      'PENDING_FREEZE',
      'a failed freeze leaves the order waiting',
    );
    const retry = await server.request<{ status: string }>('POST', '/api/order/refreeze', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(retry.body.code, 200);
    await settle(server);
    assert.equal(await orderStatus(server, id), 'PENDING_PAY');

    const list = await server.request<{ total: number }>('POST', '/api/order/firstPayList', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(list.body.data.total, month.first_payment);
    const pay = await server.request<Payment>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(pay.body.data.amount, month.first_payment);
    const page = await fetch(`${server.baseUrl}${pay.body.data.cashierUrl}`);
    assert.match(await page.text(), /沙箱收银台/);
    const paid = await payAtCashier(server, pay.body.data.outTradeNo);
    assert.equal(paid.status, 303);
    assert.match(
      paid.headers.get('location') ?? '',
      /^\/#\/pages\/paymentResult\/paymentResult\?.*status=success/,
    );
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');

    assert.equal((await ops(server, 'POST', `/ops/orders/${id}/approve`, {})).body.code, 200);
    assert.equal(
      (await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'SF1234567890' })).body.code,
      200,
    );
    await ops(server, 'POST', `/ops/orders/${id}/deliver`, {});
    const express = await server.request<{ waybill: string; traces: unknown[] }>(
      'POST',
      '/api/order/express',
      { token: shopper.token, body: { orderId: id } },
    );
    assert.equal(express.body.data.waybill, 'SF1234567890');
    assert.equal(express.body.data.traces.length, 2);
    const received = await server.request<OrderDetail>('POST', '/api/order/received', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(received.body.data.status, 'RENTING');
    assert.ok(received.body.data.startDate && received.body.data.endDate);

    const second = received.body.data.bills.find((b) => b.kind === 'INSTALMENT')!;
    const stage = await server.request<Payment>('POST', '/api/order/stagePayOrderByZfb', {
      token: shopper.token,
      body: { orderId: id, billIds: [second.id] },
    });
    assert.equal(stage.body.data.amount, month.rent_per_period);
    await payAtCashier(server, stage.body.data.outTradeNo);
    const afterStage = await detail(shopper, id);
    assert.equal(afterStage.bills.find((b) => b.id === second.id)!.status, 'paid');
    assert.equal(afterStage.status, 'RENTING');

    const buyout = await server.request<{
      total: number;
      lines: { label: string; amount: number }[];
    }>('POST', '/api/order/apply/buyout', { token: shopper.token, body: { orderId: id } });
    assert.equal(buyout.body.code, 200, JSON.stringify(buyout.body));
    assert.equal(await orderStatus(server, id), 'BUYING_OUT');
    const buying = await detail(shopper, id);
    const buyoutBill = buying.bills.find((b) => b.kind === 'BUYOUT')!;
    const payBuyout = await server.request<Payment>('POST', '/api/order/footPay', {
      token: shopper.token,
      body: { orderId: id, billIds: [buyoutBill.id] },
    });
    assert.equal(payBuyout.body.data.amount, buyout.body.data.total);
    await payAtCashier(server, payBuyout.body.data.outTradeNo);
    const done = await detail(shopper, id);
    assert.equal(done.status, 'COMPLETED');
    assert.ok(done.events.some((e) => e.to === 'BOUGHT_OUT'));
    assert.ok(
      done.bills.every((b) => b.status !== 'unpaid'),
      'later rent is not owed after a buy-out',
    );
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .select(['auth_no', 'amount', 'unfrozen'])
      .where('order_id', '=', id)
      .where('status', '=', 'closed')
      .executeTakeFirstOrThrow();
    assert.equal(auth.unfrozen, auth.amount);
    assert.equal(
      await sandboxes(server).alipay.frozenOn(auth.auth_no!),
      0,
      'the deposit is released at Alipay',
    );
  });

  test('a return before the end is refused until its early-return fee is agreed', async () => {
    const shopper = await newShopper(server);
    const id = await paidCardOrder(shopper);
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'YT0000000003' });
    await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      body: { orderId: id },
    });
    // Day one of the lease: 申请归还 is not offered, and neither call starts a return.
    const renting = await detail(shopper, id);
    assert.ok(!renting.actions.includes('return'), renting.actions.join());
    assert.ok(renting.actions.includes('earlyReturn'), renting.actions.join());
    for (const [url, body] of [
      ['/api/order/apply/return', { orderId: id }],
      ['/api/order/confirm/return', { orderId: id, expressCode: 'sf', waybill: 'SF99887700' }],
    ] as const) {
      const refused = await server.request('POST', url, {
        token: shopper.token,
        body,
      });
      assert.equal(refused.status, 409, url);
      assert.equal(refused.body.reason, 'RETURN_BEFORE_END', JSON.stringify(refused.body));
    }
    const unchanged = await detail(shopper, id);
    assert.equal(unchanged.status, 'RENTING');
    assert.equal(unchanged.subProcess, null);
    assert.equal(unchanged.returnWaybill, null);
    assert.equal(
      unchanged.bills.filter((b) => b.status === 'unpaid').length,
      month.term - 1,
      'every later rent is still owed',
    );

    // The early return: its fee agreed and paid, the rest of the rent waived; then the return.
    const total = await agreeEarlyReturn(server, shopper, id);
    const agreed = await detail(shopper, id);
    assert.equal(agreed.subProcess, 'return');
    assert.ok(agreed.actions.includes('return'), agreed.actions.join());
    assert.ok(!agreed.actions.includes('earlyReturn'));
    const fee = agreed.bills.find((b) => b.kind === 'EARLY_RETURN');
    assert.equal(fee?.paid, total);
    assert.deepEqual(
      agreed.bills.filter((b) => b.status === 'unpaid'),
      [],
      'nothing more is owed',
    );
  });

  test('return, inspection and settlement complete the order and release the deposit', async () => {
    const shopper = await newShopper(server);
    const id = await paidCardOrder(shopper);
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'YT0000000001' });
    await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      body: { orderId: id },
    });
    await agreeEarlyReturn(server, shopper, id);
    const apply = await server.request('POST', '/api/order/apply/return', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(apply.body.code, 200);
    // A buy-out cannot start while the return is under way.
    const buyout = await server.request('POST', '/api/order/apply/buyout', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(buyout.status, 409);
    const shipped = await server.request<OrderDetail>('POST', '/api/order/confirm/return', {
      token: shopper.token,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF99887766' },
    });
    assert.equal(shipped.body.data.status, 'RETURNING');
    await ops(server, 'POST', `/ops/orders/${id}/receive-return`, {});
    const inspected = await ops(server, 'POST', `/ops/orders/${id}/inspect`, { damage: 0 });
    assert.equal(inspected.body.code, 200, JSON.stringify(inspected.body));
    const done = await detail(shopper, id);
    assert.equal(done.status, 'COMPLETED');
    assert.deepEqual(done.events.map((e) => e.to).slice(-4), [
      'RETURNING',
      'INSPECTING',
      'SETTLING',
      'COMPLETED',
    ]);
  });

  test('damage found at inspection is a compensation bill; paying it settles the order', async () => {
    const shopper = await newShopper(server);
    const id = await paidCardOrder(shopper);
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'YT0000000002' });
    await server.request('POST', '/api/order/received', {
      token: shopper.token,
      body: { orderId: id },
    });
    await agreeEarlyReturn(server, shopper, id);
    await server.request('POST', '/api/order/confirm/return', {
      token: shopper.token,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF11223344' },
    });
    await ops(server, 'POST', `/ops/orders/${id}/receive-return`, {});
    await ops(server, 'POST', `/ops/orders/${id}/inspect`, { damage: 5000 });
    assert.equal(await orderStatus(server, id), 'COMPENSATION');
    const bill = (await detail(shopper, id)).bills.find((b) => b.kind === 'COMPENSATION')!;
    assert.equal(bill.due, 5000);
    const pay = await server.request<Payment>('POST', '/api/order/stagePayOrderByWx', {
      token: shopper.token,
      body: { orderId: id, billIds: [bill.id] },
    });
    await payAtCashier(server, pay.body.data.outTradeNo);
    assert.equal(await orderStatus(server, id), 'COMPLETED');
  });
});

describe('cancelling', () => {
  test('free before payment, and the coupon comes back', async () => {
    const shopper = await newShopper(server);
    const coupon = await server.db
      .selectFrom('coupons')
      .select(['id', 'amount'])
      .where('platform', 'is', null)
      .where('min_amount', '<=', month.first_payment)
      .orderBy('id')
      .executeTakeFirst();
    let extra = {};
    if (coupon) {
      const claimed = await server.request('POST', '/api/coupon/get', {
        token: shopper.token,
        body: { couponId: coupon.id },
      });
      assert.equal(claimed.body.code, 200, JSON.stringify(claimed.body));
      extra = { couponId: coupon.id };
    }
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: shopper.token,
      body: placeBody(month, shopper, extra),
    });
    assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
    const id = placed.body.data.id;
    if (coupon) {
      const order = await detail(shopper, id);
      const first = order.bills.find((b) => b.kind === 'FIRST')!;
      assert.equal(first.discount, Math.min(coupon.amount, first.original));
      const again = await server.request('POST', '/api/order/place', {
        token: shopper.token,
        body: placeBody(month, shopper, extra),
      });
      assert.equal(again.status, 400, 'a coupon locked by an order cannot be used twice');
    }
    const cancelled = await server.request<OrderDetail>('POST', '/api/order/cancle', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(cancelled.body.data.status, 'CANCELLED');
    if (coupon) {
      const uc = await server.db
        .selectFrom('user_coupons')
        .select('status')
        .where('user_id', '=', shopper.userId)
        .where('coupon_id', '=', coupon.id)
        .executeTakeFirstOrThrow();
      assert.equal(uc.status, 'unused');
    }
    const twice = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(twice.status, 409);
    assert.match(twice.body.msg, /已取消/);
  });

  test('after payment it goes to review; approved, the payment is refunded and the deposit unfrozen', async () => {
    const shopper = await newShopper(server);
    const id = await paidCardOrder(shopper);
    const asked = await server.request<OrderDetail>('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(asked.body.data.status, 'CANCEL_REVIEW');
    const refused = await ops(server, 'POST', `/ops/orders/${id}/refuse-cancel`, {});
    assert.equal(refused.body.code, 200);
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    await ops(server, 'POST', `/ops/orders/${id}/approve-cancel`, {});
    assert.equal(await orderStatus(server, id), 'CANCELLED');
    const refunds = await server.db
      .selectFrom('refunds')
      .select(['amount'])
      .where('order_id', '=', id)
      .execute();
    assert.equal(
      refunds.reduce((s, r) => s + r.amount, 0),
      month.first_payment,
    );
    const auth = await server.db
      .selectFrom('deposit_authorisations')
      .select(['amount', 'unfrozen'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(auth.unfrozen, auth.amount);
  });

  test('refused once shipped, with the way to customer service', async () => {
    const shopper = await newShopper(server);
    const id = await paidCardOrder(shopper);
    await ops(server, 'POST', `/ops/orders/${id}/approve`, {});
    await ops(server, 'POST', `/ops/orders/${id}/ship`, { waybill: 'YT0000000003' });
    const refused = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(refused.status, 409);
    assert.match(refused.body.msg, /联系客服/);
  });
});
