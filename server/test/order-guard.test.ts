// engines: both (refused calls write nothing: transactions roll back (its fuzz suite runs on PostgreSQL only))
/**
 * Guards on the order routes: user B can never read or act on user A's orders or bills; every
 * body, query and path field tried with the Big List of Naughty Strings answers a 4xx envelope
 * (or is in fact valid) and refused calls write nothing, never a 5xx; the ops API needs its own
 * credential; logs hold no token and no notification signature.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { TObject } from '@sinclair/typebox';
import Ajv from 'ajv';
import {
  OrderIdBody,
  PayBody,
  PlaceOrderBody,
  RenewBody,
  ReorderBody,
  ReturnBody,
} from '../../contract/api/order.ts';
import { fuzzFile, startTestServer, type TestServer, onlyOn } from './helpers.ts';
import {
  enableOps,
  newShopper,
  ops,
  orderStatus,
  payAtCashier,
  placeBody,
  plans,
  signOrder,
  verifyUser,
  type Shopper,
} from './order-fixtures.ts';

const NAUGHTY: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];

let server: TestServer;
let month: Awaited<ReturnType<typeof plans>>['month'];
let alice: Shopper;
let bob: Shopper;
let aliceOrder: number;
let aliceBill: number;
const tokens: string[] = [];

before(async () => {
  server = await startTestServer();
  ({ month } = await plans(server));
  await enableOps(server);
  alice = await newShopper(server);
  bob = await newShopper(server);
  tokens.push(alice.token, bob.token);
  // Alice's order is renting, with bills left to pay.
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: alice.token,
    body: placeBody(month, alice, { depositMethod: 'paid' }),
  });
  aliceOrder = placed.body.data.id;
  await verifyUser(server, alice.userId);
  await server.request('POST', '/api/order/confirm', {
    token: alice.token,
    body: { orderId: aliceOrder },
  });
  await signOrder(server, aliceOrder);
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: alice.token,
    body: { orderId: aliceOrder },
  });
  await payAtCashier(server, pay.body.data.outTradeNo);
  await ops(server, 'POST', `/ops/orders/${aliceOrder}/approve`, {});
  await ops(server, 'POST', `/ops/orders/${aliceOrder}/ship`, { waybill: 'SF7770000001' });
  await server.request('POST', '/api/order/received', {
    token: alice.token,
    body: { orderId: aliceOrder },
  });
  assert.equal(await orderStatus(server, aliceOrder), 'RENTING');
  const bill = await server.db
    .selectFrom('bills')
    .select('id')
    .where('order_id', '=', aliceOrder)
    .where('status', '=', 'unpaid')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  aliceBill = bill.id;
});
after(() => server.close());

/** Everything a user action could change, to compare before and after. */
async function footprint() {
  const count = async (
    table: 'orders' | 'bills' | 'payments' | 'order_events' | 'refunds' | 'idempotency_keys',
  ) =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const orders = await server.db
    .selectFrom('orders')
    .select(['id', 'status', 'sub_process', 'updated_at'])
    .orderBy('id')
    .execute();
  const bills = await server.db
    .selectFrom('bills')
    .select(['id', 'status', 'paid'])
    .orderBy('id')
    .execute();
  return JSON.stringify({
    orders,
    bills,
    payments: await count('payments'),
    events: await count('order_events'),
    refunds: await count('refunds'),
    keys: await count('idempotency_keys'),
    all: await count('orders'),
    allBills: await count('bills'),
  });
}

describe("user B and user A's orders", () => {
  const bodyRoutes: [string, Record<string, unknown>][] = [
    ['/api/order/confirm', {}],
    ['/api/order/cancel', {}],
    ['/api/order/cancle', {}],
    ['/api/order/refreeze', {}],
    ['/api/order/firstPayList', {}],
    ['/api/order/footPayList', {}],
    ['/api/order/stagePayPreOrder', {}],
    ['/api/order/pay', {}],
    ['/api/order/pay2', {}],
    ['/api/order/pay3', {}],
    ['/api/order/payPreOrder', {}],
    ['/api/order/payOrder', {}],
    ['/api/order/scanPayOrder', {}],
    ['/api/order/stagePayOrderByZfb', { billIds: [] }],
    ['/api/order/stagePayOrderByWx', { billIds: [] }],
    ['/api/order/footPay', {}],
    ['/api/order/reenjoyPayPreOrder', { periods: 1 }],
    ['/api/order/reenjoyPayOrder', { periods: 1 }],
    ['/api/order/received', {}],
    ['/api/order/confirmReceive', {}],
    ['/api/order/express', {}],
    ['/api/order/apply/return', {}],
    ['/api/order/confirm/return', { expressCode: 'sf', waybill: 'SF12345678' }],
    ['/api/order/apply/buyout', {}],
    ['/api/order/confirmChanges', {}],
    ['/api/order/place2', {}],
  ];

  test('every route answers 404 for the other user’s order and changes nothing', async () => {
    const before = await footprint();
    for (const [url, extra] of bodyRoutes) {
      const body = {
        orderId: aliceOrder,
        ...extra,
        ...('billIds' in extra ? { billIds: [aliceBill] } : {}),
      };
      const reply = await server.request('POST', url, {
        token: bob.token,
        body,
      });
      assert.equal(reply.status, 404, `${url}: ${JSON.stringify(reply.body)}`);
      assert.equal(reply.body.data, null);
    }
    for (const url of [`/api/order/detail/${aliceOrder}`, `/api/order/buyoutQuote/${aliceOrder}`]) {
      const reply = await server.request('GET', url, { token: bob.token });
      assert.equal(reply.status, 404, url);
    }
    assert.equal(await footprint(), before);
  });

  test("B's list and last order never show A's order; A's bills cannot be paid through B's order", async () => {
    const list = await server.request<{ total: number }>('GET', '/api/order/list', {
      token: bob.token,
    });
    assert.equal(list.body.data.total, 0);
    const last = await server.request('GET', '/api/order/selectLastOrder', { token: bob.token });
    assert.equal(last.body.data, null);
    const own = await server.request<{ id: number }>('POST', '/api/order/place', {
      token: bob.token,
      body: placeBody(month, bob),
    });
    const mixed = await server.request('POST', '/api/order/footPay', {
      token: bob.token,
      body: { orderId: own.body.data.id, billIds: [aliceBill] },
    });
    assert.ok(mixed.status === 400 || mixed.status === 409, JSON.stringify(mixed.body));
    // B cannot place an order to A's address either.
    const foreign = await server.request('POST', '/api/order/place', {
      token: bob.token,
      body: placeBody(month, { ...bob, addressId: alice.addressId }),
    });
    assert.equal(foreign.status, 400);
    const aList = await server.request<{ total: number; list: { id: number }[] }>(
      'GET',
      '/api/order/list',
      {
        token: alice.token,
        query: { status: 'renting' },
      },
    );
    assert.deepEqual(
      aList.body.data.list.map((o) => o.id),
      [aliceOrder],
    );
  });

  test('without a login every order route answers 401', async () => {
    for (const [url, extra] of bodyRoutes) {
      const body = {
        orderId: aliceOrder,
        ...extra,
        ...('billIds' in extra ? { billIds: [aliceBill] } : {}),
      };
      const reply = await server.request('POST', url, { body });
      assert.equal(reply.status, 401, url);
    }
  });
});

describe('the ops API', () => {
  test('refuses calls without its credential, with the storefront token, or a wrong one', async () => {
    for (const headers of [{}, { 'x-ops-token': 'not-the-token-000000' }, { token: alice.token }]) {
      const reply = await server.request('POST', `/ops/orders/${aliceOrder}/approve`, {
        body: {},
        platform: null,
        headers,
      });
      assert.equal(reply.status, 401);
    }
    const view = await ops(server, 'GET', `/ops/orders/${aliceOrder}`);
    assert.equal(view.body.code, 200);
    assert.equal(view.body.data.status, 'RENTING');
    // A merchant step the state does not allow names the state.
    const wrong = await ops(server, 'POST', `/ops/orders/${aliceOrder}/ship`, {
      waybill: 'SF1230000000',
    });
    assert.equal(wrong.status, 409);
    assert.match(wrong.body.msg, /租用中/);
  });
});

// ---------------------------------------------------------------------------------------------

const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  strict: false,
});
const validators = new Map<TObject, ReturnType<typeof ajv.compile>>();
function acceptedBySchema(schema: TObject, input: Record<string, unknown>): boolean {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(structuredClone(input)) === true;
}

interface FuzzCase {
  url: string;
  schema: TObject;
  valid: () => Record<string, unknown>;
  fields: string[];
  /** Calls that may succeed with a string that is in fact valid (e.g. "1" for an id). */
  mayCreate?: boolean;
}

describe('naughty strings in every field of the order routes', { skip: onlyOn('postgres') }, () => {
  const cases: FuzzCase[] = [
    {
      url: '/api/order/place',
      schema: PlaceOrderBody,
      valid: () => placeBody(month, bob),
      fields: [
        'goodsId',
        'skuId',
        'planId',
        'addressId',
        'couponId',
        'serviceIds',
        'depositMethod',
      ],
      mayCreate: true,
    },
    {
      url: '/api/order/place2',
      schema: ReorderBody,
      valid: () => ({ orderId: aliceOrder, addressId: bob.addressId }),
      fields: ['orderId', 'addressId'],
      // "1", "2" … may name Bob's own earlier order, which he may order again.
      mayCreate: true,
    },
    {
      url: '/api/order/confirm',
      schema: OrderIdBody,
      valid: () => ({ orderId: aliceOrder }),
      fields: ['orderId'],
    },
    {
      url: '/api/order/pay',
      schema: PayBody,
      valid: () => ({ orderId: aliceOrder, channel: 'alipay', billIds: [aliceBill] }),
      fields: ['orderId', 'channel', 'billIds'],
    },
    {
      url: '/api/order/reenjoyPayOrder',
      schema: RenewBody,
      valid: () => ({ orderId: aliceOrder, periods: 1, channel: 'wechat' }),
      fields: ['orderId', 'periods', 'channel'],
    },
    {
      url: '/api/order/confirm/return',
      schema: ReturnBody,
      valid: () => ({ orderId: aliceOrder, expressCode: 'sf', waybill: 'SF12345678' }),
      fields: ['orderId', 'expressCode', 'waybill'],
    },
  ];

  for (const fuzz of cases) {
    test(`POST ${fuzz.url}`, async () => {
      const before = await footprint();
      let created = 0;
      for (const field of fuzz.fields) {
        const inputs = NAUGHTY.map((naughty) => ({
          ...fuzz.valid(),
          [field]: field === 'serviceIds' || field === 'billIds' ? [naughty] : naughty,
        }));
        // A few in flight at a time: the server sees concurrency, the machine is not flooded.
        for (let i = 0; i < inputs.length; i += 16) {
          const batch = inputs.slice(i, i + 16);
          const replies = await Promise.all(
            batch.map((body) => server.request(`POST`, fuzz.url, { token: bob.token, body })),
          );
          replies.forEach((reply, k) => {
            const body = batch[k]!;
            const shown = JSON.stringify(body[field]);
            assert.ok(
              reply.status < 500,
              `${fuzz.url} ${field}=${shown}: ${reply.status} ${JSON.stringify(reply.body)}`,
            );
            assert.equal(typeof reply.body.code, 'number');
            if (reply.status === 200) {
              assert.ok(
                acceptedBySchema(fuzz.schema, body),
                `${field}=${shown} was accepted though the schema refuses it`,
              );
              created++;
            } else {
              assert.equal(reply.body.data, null);
              if (!acceptedBySchema(fuzz.schema, body))
                assert.ok(reply.status >= 400 && reply.status < 500);
            }
          });
        }
      }
      if (!fuzz.mayCreate) assert.equal(created, 0, 'Bob acted on an order that is not his');
      else {
        // Only accepted calls created orders (one each), nothing else moved.
        const orders = await server.db
          .selectFrom('orders')
          .select('id')
          .where('user_id', '=', bob.userId)
          .execute();
        assert.ok(orders.length >= created);
      }
      if (!fuzz.mayCreate) assert.equal(await footprint(), before);
    });
  }

  test('GET /api/order/list?status= and /api/order/detail/{id}', async () => {
    for (const naughty of NAUGHTY) {
      const list = await server.request('GET', '/api/order/list', {
        token: bob.token,
        query: { status: naughty },
      });
      assert.ok(
        list.status < 500 &&
          (list.status === 200) ===
            Object.hasOwn(
              {
                all: 1,
                unpaid: 1,
                review: 1,
                ship: 1,
                receive: 1,
                renting: 1,
                return: 1,
                overdue: 1,
                done: 1,
                cancelled: 1,
              },
              naughty,
            ),
        `status=${naughty}: ${list.status}`,
      );
    }
    for (let i = 0; i < NAUGHTY.length; i += 16) {
      const replies = await Promise.all(
        NAUGHTY.slice(i, i + 16).map((naughty) =>
          fetch(`${server.baseUrl}/api/order/detail/${encodeURIComponent(naughty)}`, {
            headers: {
              'x-client-authorization': 'Basic c3RvcmVmcm9udDpzdG9yZWZyb250',
              'x-platform': '1',
              token: bob.token,
            },
          }),
        ),
      );
      const mine = new Set(
        (
          await server.db
            .selectFrom('orders')
            .select('id')
            .where('user_id', '=', bob.userId)
            .execute()
        ).map((o) => String(o.id)),
      );
      replies.forEach((reply, k) => {
        const naughty = NAUGHTY[i + k]!;
        if (naughty.trim() !== '' && mine.has(String(Number(naughty))))
          assert.ok(reply.status === 200 || reply.status === 404);
        else
          assert.ok(
            reply.status >= 400 && reply.status < 500,
            `${JSON.stringify(naughty)}: ${reply.status}`,
          );
      });
    }
  });
});

describe('logs', () => {
  test('hold no login token and no notification signature', async () => {
    const logs = server.logs();
    assert.ok(logs.length > 0);
    for (const token of tokens) assert.ok(!logs.includes(token), 'a token reached the logs');
    const signs = await server.db.selectFrom('payment_notifications').select('payload').execute();
    for (const { payload } of signs) {
      if (payload.sign)
        assert.ok(!logs.includes(payload.sign), 'a notification signature reached the logs');
    }
  });
});
