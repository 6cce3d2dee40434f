// engines: pglite (bill dates from date columns around receipt: driver reads pinned in engine-types.test.ts)
/**
 * Issue 33's order, as the report went: brand 1, the demo phone's 12-month plan with 碎屏保障
 * (¥9.90 a period), placed and received on 2026-11-28, the contract signed through the sandbox
 * e-sign page. Every figure the contract states is the one the bills, the payment and the
 * buy-out sheet state; its buy-out table has a row per period, none above the market price less
 * the rent paid; and its dates, stated from the rent start (unknown before receipt), are the
 * bills' dates after receipt. lease-views.test.ts checks the same for generated leases.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { OrderDetail } from '../../contract/api/order.ts';
import type { Signing } from '../../contract/api/contract.ts';
import { SandboxEsign } from '../src/providers/esign/sandbox.ts';
import type { TestServer } from './helpers.ts';
import { waitFor } from './kyc-fixtures.ts';
import {
  newShopper,
  ops,
  orderTestServer,
  payFirst,
  verifyUser,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
before(async () => {
  ({ server } = await orderTestServer());
});
after(() => server.close());

const day = (iso: string) => Date.parse(`${iso}T02:00:00Z`); // 10:00 in Beijing
const setClock = (iso: string) =>
  server.advanceClock((day(iso) - server.app.deps.now().getTime()) / 1000);

const detailOf = async (shopper: Shopper, id: number) =>
  (await server.request<OrderDetail>('GET', `/api/order/detail/${id}`, { token: shopper.token }))
    .body.data;

/** A row of the contract's tables: `<th>label</th><td>value</td>`. */
const rowOf = (html: string, label: string) =>
  new RegExp(`<th>${label}</th><td>([^<]*)</td>`).exec(html)?.[1];

test('the contract, the bills, the payment and the buy-out sheet state one set of figures', async () => {
  setClock('2026-11-28');
  const shopper = await newShopper(server);
  await verifyUser(server, shopper.userId);
  const plan = await server.db
    .selectFrom('goods_plan as p')
    .innerJoin('goods_sku as s', 's.id', 'p.sku_id')
    .select(['p.id', 'p.sku_id', 'p.rent_per_period', 's.price as market'])
    .where('p.goods_id', '=', 1)
    .where('p.term_unit', '=', 'month')
    .where('p.term', '=', 12)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const screen = await server.db
    .selectFrom('value_added_service')
    .select(['id', 'price'])
    .where('name', '=', '碎屏保障')
    .executeTakeFirstOrThrow();
  assert.equal(screen.price, 990);
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    body: {
      goodsId: 1,
      skuId: plan.sku_id,
      planId: plan.id,
      addressId: shopper.addressId,
      serviceIds: [screen.id],
      depositMethod: 'freeze',
    },
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  const orderId = placed.body.data.id;
  await server.request('POST', '/api/order/confirm', { token: shopper.token, body: { orderId } });
  const perPeriod = plan.rent_per_period + screen.price;
  const yuan = (fen: number) => (fen / 100).toFixed(2);

  // Signed through the sandbox page: the stored contract is the one the renter signed.
  const signing = await server.request<Signing>('POST', '/api/contract/create', {
    token: shopper.token,
    body: { orderId },
  });
  assert.equal(signing.body.code, 200, JSON.stringify(signing.body));
  await fetch(`${signing.body.data.signUrl}/sign`, { method: 'POST' });
  const esign = server.app.deps.providers.esign;
  assert.ok(esign instanceof SandboxEsign);
  await esign.settled();
  await waitFor(async () => (await detailOf(shopper, orderId)).status === 'PENDING_FREEZE');
  const { html } = (
    await server.request<{ html: string }>('POST', '/api/order/contract/html', {
      token: shopper.token,
      body: { orderId },
    })
  ).body.data;

  // Per period and first payment: the rent with its service, as the schedule and the payment.
  assert.match(rowOf(html, '每期应付') ?? '', new RegExp(`^${yuan(perPeriod)} 元`));
  assert.match(rowOf(html, '首期应付') ?? '', new RegExp(`^${yuan(perPeriod)} 元`));
  assert.doesNotMatch(html, new RegExp(`>${yuan(plan.rent_per_period)} 元<`));
  const detail = await detailOf(shopper, orderId);
  assert.equal(detail.perPeriod, perPeriod, 'the order states the same per period');
  assert.ok(detail.bills.filter((b) => b.kind !== 'DEPOSIT').every((b) => b.due === perPeriod));

  // Twelve periods, twelve buy-out rows, none above the market price less the rent paid.
  const rows = [...html.matchAll(/<li>第 (\d+) 期租金付清后买断价 ([\d.]+) 元<\/li>/g)].map(
    (m) => ({ after: Number(m[1]), price: Math.round(Number(m[2]) * 100) }),
  );
  assert.deepEqual(
    rows.map((r) => r.after),
    Array.from({ length: 12 }, (_, k) => k + 1),
  );
  for (const row of rows)
    assert.ok(
      row.price <= Math.max(plan.market - row.after * plan.rent_per_period, 100),
      `after ${row.after}: ${row.price} > ${plan.market} − ${row.after} × ${plan.rent_per_period}`,
    );

  // Before receipt the contract dates later rents from the start, which is not known yet.
  const period2 = /<tr><td>分期租金<\/td><td>2<\/td><td>([^<]*)<\/td>/.exec(html)?.[1];
  assert.equal(period2, '起租日后第 1 个月的对应日');

  // Paid at the cashier: the sum the contract asked for.
  await payFirst(server, shopper, orderId);
  const payment = await server.db
    .selectFrom('payments')
    .select('amount')
    .where('order_id', '=', orderId)
    .where('purpose', '=', 'bills')
    .executeTakeFirstOrThrow();
  assert.equal(payment.amount, perPeriod);
  assert.match(rowOf(html, '首次支付') ?? '', new RegExp(`^${yuan(payment.amount)} 元`));

  // Received the same day: the rent starts on the 29th, period 2 falls due a month later.
  await ops(server, 'POST', `/ops/orders/${orderId}/approve`, {});
  await ops(server, 'POST', `/ops/orders/${orderId}/ship`, { waybill: 'SF2026112801' });
  await server.request('POST', '/api/order/confirmReceive', {
    token: shopper.token,
    body: { orderId },
  });
  const received = await detailOf(shopper, orderId);
  assert.equal(received.startDate, '2026-11-29');
  assert.equal(
    received.bills.find((b) => b.period === 2 && b.kind === 'INSTALMENT')?.dueDate,
    '2026-12-29',
  );

  // After one period the buy-out sheet quotes the contract's row for one period.
  const quote = await server.request<{ lines: { label: string; amount: number }[] }>(
    'GET',
    `/api/order/buyoutQuote/${orderId}`,
    { token: shopper.token },
  );
  assert.equal(quote.body.code, 200, JSON.stringify(quote.body));
  assert.equal(quote.body.data.lines[0]!.amount, rows[0]!.price);
});
