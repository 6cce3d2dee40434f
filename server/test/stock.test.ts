// engines: both (concurrent orders for the last unit: row locks)
/**
 * Stock: placing an order takes one unit of its SKU, the last unit goes to exactly one of many
 * concurrent orders, an order refused for want of stock writes nothing (its coupon stays
 * unused), and a cancelled, lapsed or rejected order gives its unit back exactly once. A rental
 * that went out does not: the device comes back through refurbishment, which ops restock.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { MyCoupon } from '../../contract/api/coupon.ts';
import type { TestServer } from './helpers.ts';
import {
  newShopper,
  ops,
  orderStatus,
  orderTestServer,
  payAtCashier,
  placeBody,
  signedOrder,
  type Plan,
} from './order-fixtures.ts';

let server: TestServer;
let month: Plan;

before(async () => {
  ({ server, month } = await orderTestServer());
});
after(() => server.close());

const stockOf = async (skuId = month.sku_id) =>
  (
    await server.db
      .selectFrom('goods_sku')
      .select('stock')
      .where('id', '=', skuId)
      .executeTakeFirstOrThrow()
  ).stock;
const setStock = (units: number) =>
  server.db.updateTable('goods_sku').set({ stock: units }).where('id', '=', month.sku_id).execute();

test('placing takes a unit; cancelling before payment gives it back, once', async () => {
  await setStock(5);
  const shopper = await newShopper(server);
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(month, shopper),
  });
  assert.equal(placed.body.code, 200);
  assert.equal(await stockOf(), 4);
  for (let i = 0; i < 2; i++)
    await server.request('POST', '/api/order/cancel', {
      token: shopper.token,
      body: { orderId: placed.body.data.id },
    });
  assert.equal(await orderStatus(server, placed.body.data.id), 'CANCELLED');
  assert.equal(await stockOf(), 5);
});

test('12 concurrent orders for the last 3 units: 3 are placed, 9 told it is out of stock', async () => {
  await setStock(3);
  const shoppers = await Promise.all(Array.from({ length: 12 }, () => newShopper(server)));
  const replies = await Promise.all(
    shoppers.map((shopper) =>
      server.request<{ id: number }>('POST', '/api/order/place', {
        token: shopper.token,
        body: placeBody(month, shopper),
      }),
    ),
  );
  const placed = replies.filter((r) => r.body.code === 200);
  const refused = replies.filter((r) => r.status === 409);
  assert.equal(placed.length, 3);
  assert.equal(refused.length, 9);
  assert.ok(refused.every((r) => r.body.msg === '该规格暂时缺货'));
  assert.equal(await stockOf(), 0);
  const orders = await server.db
    .selectFrom('orders')
    .select('id')
    .where(
      'user_id',
      'in',
      shoppers.map((s) => s.userId),
    )
    .execute();
  assert.equal(orders.length, 3);
});

test('an order refused for want of stock writes nothing and leaves its coupon unused', async () => {
  await setStock(0);
  const shopper = await newShopper(server);
  const offered = await server.request<{ id: number; minAmount: number }[]>(
    'GET',
    '/api/coupon/list',
    {
      token: shopper.token,
    },
  );
  const coupon = offered.body.data.find((c) => c.minAmount === 0)!;
  await server.request('POST', '/api/coupon/get', {
    token: shopper.token,
    body: { couponId: coupon.id },
  });
  const refused = await server.request('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(month, shopper, { couponId: coupon.id }),
  });
  assert.equal(refused.status, 409);
  const mine = await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', {
    token: shopper.token,
    query: { status: 'unused' },
  });
  assert.ok(mine.body.data.some((c) => c.couponId === coupon.id));
  const orders = await server.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', shopper.userId)
    .execute();
  assert.deepEqual(orders, []);
  assert.equal(await stockOf(), 0);
});

test('a lapsed payment window and a rejected review give the unit back; a shipped rental keeps it', async () => {
  await setStock(10);
  const lapsing = await newShopper(server);
  const lapsed = await signedOrder(server, month, lapsing, { extra: { depositMethod: 'paid' } });
  const rejecting = await newShopper(server);
  const rejected = await signedOrder(server, month, rejecting, {
    extra: { depositMethod: 'paid' },
  });
  const renting = await newShopper(server);
  const shipped = await signedOrder(server, month, renting, { extra: { depositMethod: 'paid' } });
  assert.equal(await stockOf(), 7);

  for (const [shopper, id] of [
    [rejecting, rejected],
    [renting, shipped],
  ] as const) {
    const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
      token: shopper.token,
      body: { orderId: id },
    });
    await payAtCashier(server, pay.body.data.outTradeNo);
  }
  await ops(server, 'POST', `/ops/orders/${rejected}/reject`, {});
  await ops(server, 'POST', `/ops/orders/${shipped}/approve`, {});
  await ops(server, 'POST', `/ops/orders/${shipped}/ship`, { waybill: 'SF7770000001' });
  await ops(server, 'POST', '/ops/jobs/run', {
    at: new Date(Date.now() + 31 * 60_000).toISOString(),
  });
  assert.equal(await orderStatus(server, lapsed), 'CANCELLED');
  assert.equal(await orderStatus(server, rejected), 'REJECTED');
  assert.equal(await orderStatus(server, shipped), 'SHIPPED');
  assert.equal(await stockOf(), 9);
  // Running the jobs again gives nothing back twice.
  await ops(server, 'POST', '/ops/jobs/run', {
    at: new Date(Date.now() + 40 * 60_000).toISOString(),
  });
  assert.equal(await stockOf(), 9);
});
