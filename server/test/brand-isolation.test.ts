// engines: pglite (where clauses by brand: the same SQL on both; the order engine's SQL is checked by order-flow)
/**
 * Each brand is its own merchant: one person (one mobile) who rents on brand 5 and logs in on
 * brand 2 sees none of brand 5's orders, bills, payments, addresses or coupons there, and can
 * act on none of them. Every order route is walked from the app's route table with the brand-5
 * order's id (and every field the routes take), and the order is checked unchanged afterwards.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Address } from '../../contract/api/address.ts';
import type { Coupon, MyCoupon } from '../../contract/api/coupon.ts';
import type { OrderDetail } from '../../contract/api/order.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { plans, restock, signOrder, verifyUser } from './order-fixtures.ts';

const MOBILE = '13655550005';
let server: TestServer;
let brand5: string;
let brand2: string;
let address5: Address;
let coupon5: MyCoupon;
let orderId: number;
let month: Awaited<ReturnType<typeof plans>>['month'];

/** Everything about the brand-5 order that acting on it would change. */
async function footprint() {
  const db = server.db;
  return {
    order: await db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst(),
    bills: await db
      .selectFrom('bills')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    payments: await db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    events: await db
      .selectFrom('order_events')
      .select('id')
      .where('order_id', '=', orderId)
      .execute(),
    contracts: await db
      .selectFrom('contracts')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute(),
  };
}

before(async () => {
  server = await startTestServer();
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  brand5 = await server.loginAs(MOBILE, 5);
  // One code a minute per mobile.
  server.advanceClock(61);
  brand2 = await server.loginAs(MOBILE, 2);
  address5 = (
    await server.request<Address>('POST', '/api/user/userAddress', {
      token: brand5,
      platform: 5,
      body: {
        name: '五号',
        mobile: MOBILE,
        province: '广东省',
        city: '深圳市',
        district: '南山区',
        detail: '品牌五的地址',
      },
    })
  ).body.data;
  const offered = await server.request<Coupon[]>('GET', '/api/coupon/list', {
    token: brand5,
    platform: 5,
  });
  const coupon = offered.body.data.find((c) => c.minAmount === 0) ?? offered.body.data[0]!;
  coupon5 = (
    await server.request<MyCoupon>('POST', '/api/coupon/get', {
      token: brand5,
      platform: 5,
      body: { couponId: coupon.id },
    })
  ).body.data;
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', MOBILE)
    .executeTakeFirstOrThrow();
  await verifyUser(server, user.id, { platform: 5 });
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: brand5,
    platform: 5,
    body: {
      goodsId: month.goods_id,
      skuId: month.sku_id,
      planId: month.id,
      addressId: address5.id,
      depositMethod: 'paid',
    },
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  orderId = placed.body.data.id;
  const confirmed = await server.request('POST', '/api/order/confirm', {
    token: brand5,
    platform: 5,
    body: { orderId },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await signOrder(server, orderId);
  // An open payment too, so "pay" and "cancel" would have something to act on.
  const pay = await server.request('POST', '/api/order/pay', {
    token: brand5,
    platform: 5,
    body: { orderId },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
});
after(() => server.close());

test('brand 2 lists none of brand 5’s orders, addresses or coupons', async () => {
  const list = await server.request<{ total: number }>('GET', '/api/order/list', {
    token: brand2,
    platform: 2,
  });
  assert.equal(list.body.data.total, 0);
  const last = await server.request('GET', '/api/order/selectLastOrder', {
    token: brand2,
    platform: 2,
  });
  assert.equal(last.body.data, null);
  const detail = await server.request('GET', `/api/order/detail/${orderId}`, {
    token: brand2,
    platform: 2,
  });
  assert.equal(detail.status, 404);
  const addresses = await server.request<Address[]>('GET', '/api/user/userAddress', {
    token: brand2,
    platform: 2,
  });
  assert.deepEqual(addresses.body.data, []);
  for (const status of ['unused', 'used', 'expired'])
    assert.deepEqual(
      (
        await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', {
          token: brand2,
          platform: 2,
          query: { status },
        })
      ).body.data,
      [],
    );
  // Brand 5 itself sees all of it.
  const own = await server.request<OrderDetail>('GET', `/api/order/detail/${orderId}`, {
    token: brand5,
    platform: 5,
  });
  assert.equal(own.body.code, 200);
  assert.equal(own.body.data.couponDiscount > 0 || own.body.data.status === 'PENDING_PAY', true);
});

test('no order route acts on brand 5’s order from brand 2', async () => {
  const before = await footprint();
  const bills = before.bills.map((b) => b.id);
  const routes = server.app
    .routeAuth()
    .filter(
      (r) =>
        r.auth === 'user' &&
        (r.url.startsWith('/api/order/') || r.url.startsWith('/api/contract/')),
    )
    // These create from scratch or read the caller's own lists (checked above and below).
    .filter(
      (r) =>
        ![
          '/api/order/place',
          '/api/order/placeAll',
          '/api/order/list',
          '/api/order/selectLastOrder',
          // Whether Pay Score is offered to the caller on the caller's brand: no order in it.
          '/api/order/payScore',
        ].includes(r.url),
    );
  assert.ok(routes.length >= 30, `${routes.length} order routes`);
  const wrong: string[] = [];
  for (const route of routes) {
    const fields = {
      orderId,
      periods: 1,
      channel: 'alipay',
      billIds: bills,
      expressCode: 'sf',
      waybill: 'SF1234567890',
      addressId: address5.id,
      // Early return's confirmation carries the fee total the user was shown.
      total: 100,
    };
    const reply = await server.request(route.method, route.url.replace(/:id\b/, String(orderId)), {
      token: brand2,
      platform: 2,
      ...(route.method === 'GET' ? {} : { body: fields }),
      query: route.method === 'GET' ? { orderId } : undefined,
    });
    if (reply.status !== 404 || reply.body.code !== 404)
      wrong.push(
        `${route.method} ${route.url} → ${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`,
      );
  }
  assert.deepEqual(wrong, []);
  assert.deepEqual(await footprint(), before);
});

test('brand 5’s address and coupon cannot be used or changed from brand 2', async () => {
  const place = await server.request('POST', '/api/order/place', {
    token: brand2,
    platform: 2,
    body: {
      goodsId: month.goods_id,
      skuId: month.sku_id,
      planId: month.id,
      addressId: address5.id,
    },
  });
  assert.equal(place.status, 400);
  assert.match(place.body.msg, /收货地址不存在/);
  const update = await server.request('PUT', '/api/user/userAddress', {
    token: brand2,
    platform: 2,
    body: { ...address5, detail: '改掉' },
  });
  assert.equal(update.status, 404);
  const remove = await server.request('DELETE', `/api/user/userAddress/${address5.id}`, {
    token: brand2,
    platform: 2,
  });
  assert.equal(remove.status, 404);
  // With an address of its own on brand 2, brand 5's coupon still does not apply there.
  const own = await server.request<Address>('POST', '/api/user/userAddress', {
    token: brand2,
    platform: 2,
    body: {
      name: '二号',
      mobile: MOBILE,
      province: '北京市',
      city: '北京市',
      district: '海淀区',
      detail: '品牌二',
    },
  });
  const withCoupon = await server.request('POST', '/api/order/place', {
    token: brand2,
    platform: 2,
    body: {
      goodsId: month.goods_id,
      skuId: month.sku_id,
      planId: month.id,
      addressId: own.body.data.id,
      couponId: coupon5.couponId,
    },
  });
  assert.equal(withCoupon.status, 400, JSON.stringify(withCoupon.body));
  assert.match(withCoupon.body.msg, /优惠券不可用/);
  const address = await server.db
    .selectFrom('addresses')
    .select(['detail', 'platform'])
    .where('id', '=', address5.id)
    .executeTakeFirstOrThrow();
  assert.deepEqual(address, { detail: '品牌五的地址', platform: 5 });
  // The same key on another brand is another request, not a replay of brand 5's answer.
  const key = 'cross-brand-key-1';
  const first = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: brand2,
    platform: 2,
    body: {
      goodsId: month.goods_id,
      skuId: month.sku_id,
      planId: month.id,
      addressId: own.body.data.id,
    },
    headers: { 'idempotency-key': key },
  });
  assert.equal(first.body.code, 200);
  const other = await server.request('POST', '/api/order/place', {
    token: brand5,
    platform: 5,
    body: {
      goodsId: month.goods_id,
      skuId: month.sku_id,
      planId: month.id,
      addressId: address5.id,
    },
    headers: { 'idempotency-key': key },
  });
  assert.equal(other.body.code, 200, JSON.stringify(other.body));
  assert.notEqual((other.body.data as { id: number }).id, first.body.data.id);
});
