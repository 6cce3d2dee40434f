// engines: pglite (JSON event params and the owing query over bills: driver reads pinned in engine-types.test.ts)
/**
 * The rental's own rules as the customer and the merchant see them (issue 33): why an order was
 * cancelled or returned (checked against the dictionary the screens offer, kept, shown, given to
 * ops), where 我的 → 待还账单 lands (every order a bill still owes on, whatever its state), and a
 * timeline a customer understands (no provider ids, no line twice, a real order number).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { OrderDetail, OrderSummary } from '../../contract/api/order.ts';
import { applyOrderAction } from '../src/orders/apply-action.ts';
import { fuzzFile, type TestServer } from './helpers.ts';
import { insertOrder } from './kyc-fixtures.ts';
import {
  newShopper,
  ops,
  orderStatus,
  orderTestServer,
  paidOrder,
  settle,
  signedOrder,
  verifyUser,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let month: Plan;

before(async () => {
  ({ server, month } = await orderTestServer());
});
after(() => server.close());

const detail = async (shopper: Shopper, id: number) => {
  const reply = await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, {
    token: shopper.token,
  });
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return reply.body.data;
};

const opsView = async (id: number) => {
  const reply = await ops(server, 'GET', `/ops/orders/${id}`);
  assert.equal(reply.body.code, 200, JSON.stringify(reply.body));
  return reply.body.data as {
    orderNo: string;
    cancelReason: { value: string; label: string } | null;
    returnReason: { value: string; label: string } | null;
    events: { action: string; note: string; params: Record<string, unknown> }[];
  };
};

const eventCount = async (orderId: number, action: string) =>
  (
    await server.db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', orderId)
      .where('action', '=', action as never)
      .execute()
  ).length;

const NAUGHTY: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];

describe('cancel and return reasons', () => {
  test('a reason not in the dictionary is refused and changes nothing', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper);
    const before = await orderStatus(server, id);
    // Well-formed but not offered, then whatever the bad-input corpus throws at the field.
    for (const reason of ['made_up', 'cancel_reason', ...NAUGHTY.slice(0, 60)]) {
      const reply = await server.request('POST', '/api/order/cancel', {
        token: shopper.token,
        body: { orderId: id, reason },
      });
      assert.ok(reply.status >= 400 && reply.status < 500, `${reason}: ${reply.status}`);
      assert.notEqual(reply.body.code, 200);
      assert.ok(reply.body.msg, 'the refusal says why');
    }
    const unknown = await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id, reason: 'made_up' },
    });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.reason, 'CANCEL_REASON_UNKNOWN');
    assert.equal(await orderStatus(server, id), before);
    assert.equal(await eventCount(id, 'cancel'), 0);
    assert.equal((await detail(shopper, id)).cancelReason, null);
  });

  test('a cancellation before payment keeps its reason: on the order, its timeline and for ops', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper);
    const cancelled = await server.request<OrderDetail>('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id, reason: 'cheaper_elsewhere' },
    });
    assert.equal(cancelled.body.code, 200, cancelled.body.msg);
    assert.equal(cancelled.body.data.status, 'CANCELLED');
    assert.deepEqual(cancelled.body.data.cancelReason, {
      value: 'cheaper_elsewhere',
      label: '找到更便宜的',
    });
    const event = cancelled.body.data.events.find((e) => e.action === 'cancel');
    assert.deepEqual(event?.params, { reason: 'cheaper_elsewhere' });
    const merchant = await opsView(id);
    assert.deepEqual(merchant.cancelReason, { value: 'cheaper_elsewhere', label: '找到更便宜的' });
  });

  test('a cancellation asked for after payment carries its reason to the merchant’s review', async () => {
    const shopper = await newShopper(server);
    const id = await paidOrder(server, month, shopper, { card: true });
    assert.equal(await orderStatus(server, id), 'PENDING_REVIEW');
    const asked = await server.request<OrderDetail>('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: id, reason: 'review_too_slow' },
    });
    assert.equal(asked.body.code, 200, asked.body.msg);
    assert.equal(asked.body.data.status, 'CANCEL_REVIEW');
    assert.equal(asked.body.data.cancelReason?.value, 'review_too_slow');
    assert.deepEqual(asked.body.data.events.find((e) => e.action === 'request_cancel')?.params, {
      reason: 'review_too_slow',
    });
    assert.equal((await opsView(id)).cancelReason?.label, '审核时间太长');
  });

  test('an order cancelled by an older build (no reason) still cancels', async () => {
    const shopper = await newShopper(server);
    const id = await signedOrder(server, month, shopper);
    const cancelled = await server.request<OrderDetail>('POST', '/api/order/cancle', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(cancelled.body.code, 200, cancelled.body.msg);
    assert.equal(cancelled.body.data.cancelReason, null);
  });

  test('a return keeps its reason from the application to the shipping, for the merchant too', async () => {
    const shopper = await newShopper(server);
    // At the end of the term (DUE): a return while RENTING is an early return, agreed first.
    const id = await insertOrder(server, shopper.userId, { status: 'DUE' });
    const unknown = await server.request('POST', '/api/order/apply/return', {
      token: shopper.token,
      body: { orderId: id, reason: 'bored' },
    });
    assert.equal(unknown.status, 422);
    assert.equal(unknown.body.reason, 'RETURN_REASON_UNKNOWN');
    const untouched = await server.db
      .selectFrom('orders')
      .select(['sub_process', 'return_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(untouched, { sub_process: null, return_reason: null });

    const applied = await server.request<OrderDetail>('POST', '/api/order/apply/return', {
      token: shopper.token,
      body: { orderId: id, reason: 'faulty' },
    });
    assert.equal(applied.body.code, 200, applied.body.msg);
    assert.deepEqual(applied.body.data.returnReason, { value: 'faulty', label: '商品故障' });
    const shipped = await server.request<OrderDetail>('POST', '/api/order/confirm/return', {
      token: shopper.token,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF1234567890' },
    });
    assert.equal(shipped.body.code, 200, shipped.body.msg);
    assert.deepEqual(shipped.body.data.events.find((e) => e.action === 'ship_return')?.params, {
      reason: 'faulty',
    });
    assert.deepEqual((await opsView(id)).returnReason, { value: 'faulty', label: '商品故障' });
  });
});

describe('待还账单: orders that owe', () => {
  test('lists every order a bill still owes on, whatever its state, and no other', async () => {
    const shopper = await newShopper(server);
    const owing: number[] = [];
    for (const status of ['RENTING', 'OVERDUE', 'DUE', 'RETURN_OVERDUE', 'COMPENSATION'] as const)
      owing.push(await insertOrder(server, shopper.userId, { status }));
    // Paid up, not paid for yet (待支付), cancelled: not owing.
    const paidUp = await insertOrder(server, shopper.userId, { status: 'RENTING' });
    await server.db
      .updateTable('bills')
      .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
      .where('order_id', '=', paidUp)
      .execute();
    await insertOrder(server, shopper.userId, { status: 'PENDING_PAY' });
    const cancelled = await insertOrder(server, shopper.userId, { status: 'CANCELLED' });
    await server.db
      .updateTable('bills')
      .set({ status: 'cancelled' })
      .where('order_id', '=', cancelled)
      .execute();

    const list = await server.request<{ list: OrderSummary[]; total: number }>(
      'GET',
      '/api/order/list?status=owing&pageNum=1&pageSize=50',
      { token: shopper.token },
    );
    assert.equal(list.body.code, 200, list.body.msg);
    assert.deepEqual(
      list.body.data.list.map((o) => o.id).sort((a, b) => a - b),
      owing,
    );
    assert.equal(list.body.data.total, owing.length);
    // The 租用中 tab the link used to open shows none of the overdue or due ones.
    const renting = await server.request<{ list: OrderSummary[] }>(
      'GET',
      '/api/order/list?status=renting&pageNum=1&pageSize=50',
      { token: shopper.token },
    );
    const rentingIds = renting.body.data.list.map((o) => o.id);
    assert.ok(!rentingIds.includes(owing[1]!) && !rentingIds.includes(owing[2]!));
  });
});

describe('the timeline a customer reads', () => {
  test('shows no provider ids or ops notes, and one line for a deposit freeze asked for twice', async () => {
    const shopper = await newShopper(server);
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: shopper.token,
      body: {
        goodsId: month.goods_id,
        skuId: month.sku_id,
        planId: month.id,
        addressId: shopper.addressId,
      },
    });
    const id = placed.body.data.id;
    await verifyUser(server, shopper.userId);
    await server.request('POST', '/api/order/confirm', {
      token: shopper.token,
      body: { orderId: id },
    });
    // What the e-sign notification writes: the provider's flow id, for ops.
    await server.db.transaction().execute((trx) =>
      applyOrderAction(trx, id, 'sign', {
        actor: 'user',
        now: new Date(),
        note: '合同 sbxflowf60c0ffee 已签署',
      }),
    );
    assert.equal(await orderStatus(server, id), 'PENDING_FREEZE');
    // The authorisation page opened twice (or tapped twice): one authorisation, one line.
    for (let i = 0; i < 2; i++) {
      const freeze = await server.request('POST', '/api/order/refreeze', {
        token: shopper.token,
        body: { orderId: id },
      });
      assert.equal(freeze.body.code, 200, freeze.body.msg);
    }
    await settle(server);
    const order = await detail(shopper, id);
    const text = JSON.stringify(order.events);
    assert.ok(!text.includes('sbxflow'), text);
    assert.ok(
      order.events.every((e) => !('note' in e)),
      'the ops notes stay with ops',
    );
    assert.deepEqual(
      order.events.map((e) => e.action),
      ['place', 'confirm', 'sign', 'refreeze', 'freeze_succeeded'],
    );
    const frozen = order.events.find((e) => e.action === 'freeze_succeeded');
    assert.deepEqual(frozen?.params, { amount: order.deposit, waived: 0, frozen: order.deposit });
    // Ops keep their record.
    const merchant = await opsView(id);
    assert.ok(merchant.events.some((e) => e.note.includes('sbxflowf60c0ffee')));
  });

  test('an order has a number a customer can quote, the same in the list, the detail, the bills to pay and for ops', async () => {
    const shopper = await newShopper(server);
    const id = await insertOrder(server, shopper.userId, { status: 'RENTING' });
    const order = await detail(shopper, id);
    assert.match(order.orderNo, /^20\d{6}\d{6,}$/);
    assert.ok(order.orderNo.endsWith(String(id).padStart(6, '0')));
    assert.notEqual(order.orderNo, String(id));
    const list = await server.request<{ list: OrderSummary[] }>(
      'GET',
      '/api/order/list?status=all&pageNum=1&pageSize=5',
      { token: shopper.token },
    );
    assert.equal(list.body.data.list.find((o) => o.id === id)?.orderNo, order.orderNo);
    assert.equal((await opsView(id)).orderNo, order.orderNo);
    const toPay = await server.request<{ orderNo: string }>('POST', '/api/order/footPayList', {
      token: shopper.token,
      body: { orderId: id },
    });
    assert.equal(toPay.body.data.orderNo, order.orderNo);
  });
});
