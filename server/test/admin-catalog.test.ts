// engines: both (catalogue writes, brand rents and NOTIFY differ per engine)
/**
 * The console's catalogue (issue 37) on a real server and database: who may call each route
 * (401 / 403 before the body is looked at), goods created and edited with their SKUs, plans and
 * brands, bad input refused at the field with nothing written, a brand's own rent reaching that
 * brand's storefront at once (and no other's) while an order placed before keeps what it agreed,
 * stock by serial through shipping and an inspected return, bulk import with a dry run, partial
 * and all-or-nothing, export, the audit trail, and the fuzz corpora on the goods form.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { Desk, ownerDesk, staffDesk } from './admin-fixtures.ts';
import { fuzzFile, onlyOn, startTestServer, TEST_ENGINE, type TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  newShopper,
  placeBody,
  plans,
  restock,
  sandboxes,
  settle,
  signOrder,
  verifyUser,
  type Plan,
} from './order-fixtures.ts';

let server: TestServer;
let owner: Desk;
let operator3: Desk;
let finance: Desk;
let month: Plan;

const count = async (
  table:
    'goods' | 'goods_sku' | 'goods_plan' | 'stock_serial' | 'goods_plan_price' | 'audit_events',
) =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A valid new goods for brand 3, unpublished. */
function newGoods(code: string, extra: Record<string, unknown> = {}) {
  return {
    name: `测试手机 ${code}`,
    brandName: 'TestBrand',
    categoryId: 1,
    cover: '/assets/catalog/cover.png',
    images: ['/assets/catalog/1.png'],
    description: '<p>好手机<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    tags: ['新品'],
    marketPrice: 599900,
    skus: [
      { code: `${code}-A`, color: '黑色', capacity: '128G', condition: '全新', price: 599900 },
      { code: `${code}-B`, color: '白色', capacity: '256G', condition: '99新', price: 649900 },
    ],
    plans: [
      { skuCode: `${code}-A`, termUnit: 'month', term: 12, rentPerPeriod: 29900, deposit: 100000 },
      { skuCode: `${code}-B`, termUnit: 'month', term: 12, rentPerPeriod: 32900, deposit: 100000 },
    ],
    serviceIds: [],
    brands: [3],
    ...extra,
  };
}

interface GoodsView {
  id: number;
  published: boolean;
  editable: boolean;
  description: string;
  skus: { id: number; code: string; stock: number; serialManaged: boolean }[];
  plans: { id: number; skuCode: string; term: number; termUnit: string; rentPerPeriod: number }[];
  brandPrices: { platform: number; rentPerPeriod: number }[];
}

async function storefrontRent(goodsId: number, planId: number, platform: number) {
  const info = await server.request<{ plans: { id: number; rentPerPeriod: number }[] }>(
    'GET',
    `/api/goods/info/${goodsId}`,
    { platform },
  );
  if (info.body.code !== 200) return info.body.code;
  return info.body.data.plans.find((plan) => plan.id === planId)?.rentPerPeriod;
}

/** A storefront order on `platform` for `plan`, placed, verified, signed and paid. */
async function paidOrder(platform: number, plan: { id: number; goods_id: number; sku_id: number }) {
  const shopper = await newShopper(server, platform);
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    platform,
    body: placeBody(plan, shopper, { depositMethod: 'paid' }),
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  const id = placed.body.data.id;
  await verifyUser(server, shopper.userId, { platform });
  await server.request('POST', '/api/order/confirm', {
    token: shopper.token,
    platform,
    body: { orderId: id },
  });
  await signOrder(server, id);
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    platform,
    body: { orderId: id },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
  const sig = sandboxes(server, platform).alipay.cashierSignature(pay.body.data.outTradeNo);
  await fetch(`${server.baseUrl}/pay/cashier/${pay.body.data.outTradeNo}/pay?sig=${sig}`, {
    method: 'POST',
    redirect: 'manual',
  });
  await settle(server);
  return { id, shopper };
}

before(async () => {
  server = await startTestServer({
    env: { ADMIN_LOGIN_PER_IP: '100000', ADMIN_LOGIN_PER_ACCOUNT: '100000' },
  });
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  owner = await ownerDesk(server);
  operator3 = (await staffDesk(server, owner, 'op3', 'operator', [3])).desk;
  finance = (await staffDesk(server, owner, 'fin', 'finance', 'all')).desk;
});

after(() => server?.close());

describe('the catalogue console', () => {
  test('every route answers 401 without a session and 403 without the permission, before reading the body', async () => {
    const onlyBrand1 = await owner.send<GoodsView>('POST', '/goods', {
      body: newGoods('ONE1', { brands: [1] }),
    });
    assert.equal(onlyBrand1.status, 200, JSON.stringify(onlyBrand1.body));
    const g = onlyBrand1.body.data.id;
    const sku = onlyBrand1.body.data.skus[0]!.id;
    const routes: [string, string][] = [
      ['GET', '/goods'],
      ['GET', `/goods/${g}`],
      ['POST', '/goods'],
      ['PUT', `/goods/${g}`],
      ['POST', `/goods/${g}/published`],
      ['PUT', `/goods/${g}/brand-prices`],
      ['GET', `/skus/${sku}/stock`],
      ['POST', `/skus/${sku}/serials`],
      ['POST', '/serials/ABCDEF123/status'],
      ['POST', '/catalog/import'],
      ['GET', '/catalog/export?kind=nonsense'],
    ];
    const anonymous = new Desk(server);
    const garbage = { nonsense: true };
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : garbage;
      const none = await anonymous.send(method, path, { body: body });
      assert.equal(none.status, 401, `${method} ${path} without a session: ${none.status}`);
      const denied = await finance.send(method, path, { body: body });
      assert.equal(denied.status, 403, `${method} ${path} as finance: ${denied.status}`);
    }
    // Brand 3's operator: a goods only brand 1 sells is not theirs, whatever the body.
    for (const [method, path] of routes.filter(
      ([, p]) => p.includes(`/${g}`) || p.includes(`/${sku}/`),
    )) {
      const foreign = await operator3.send(method, path, {
        body: method === 'GET' ? undefined : garbage,
      });
      assert.equal(
        foreign.status,
        403,
        `${method} ${path} as brand 3's operator: ${foreign.status}`,
      );
    }
    const list = await operator3.send<{ list: { id: number }[] }>(
      'GET',
      '/goods?pageSize=100&keyword=ONE1',
    );
    assert.deepEqual(list.body.data.list, [], "brand 1's goods is not in brand 3's list");
  });

  test('bad input is refused at the field and writes nothing', async () => {
    const before = await Promise.all([count('goods'), count('goods_sku'), count('goods_plan')]);
    const base = newGoods('BAD1');
    const cases: [string, unknown, RegExp][] = [
      [
        'duplicate SKU',
        { ...base, skus: [base.skus[0], { ...base.skus[1], code: 'bad1-a' }] },
        /skus\[1\]\.code：SKU 编码 bad1-a 重复/,
      ],
      [
        'negative price',
        { ...base, skus: [{ ...base.skus[0], price: -1 }, base.skus[1]] },
        /skus\[0\]\.price：SKU 价格不能为负数/,
      ],
      [
        'plan without a term',
        {
          ...base,
          plans: [{ skuCode: 'BAD1-A', termUnit: 'month', rentPerPeriod: 100, deposit: 0 }],
        },
        /缺少 plans\.0\.term/,
      ],
      [
        'a term of 0',
        { ...base, plans: [{ ...base.plans[0], term: 0 }, base.plans[1]] },
        /plans\[0\]\.term：租期须为 1-36 个月/,
      ],
      [
        'a rent of 0',
        { ...base, plans: [{ ...base.plans[0], rentPerPeriod: 0 }, base.plans[1]] },
        /plans\[0\]\.rentPerPeriod：租金须大于 0/,
      ],
      [
        'a plan of no SKU',
        { ...base, plans: [...base.plans, { ...base.plans[0], skuCode: 'NOPE' }] },
        /plans\[2\]\.skuCode：没有编码为 NOPE 的 SKU/,
      ],
      [
        'rising buy-out',
        {
          ...base,
          plans: [{ ...base.plans[0], term: 2, buyoutPrices: [100, 200, 50] }, base.plans[1]],
        },
        /buyoutPrices\[1\]：买断价不能随已付期数上升/,
      ],
      ['unknown category', { ...base, categoryId: 999999 }, /categoryId：分类不存在/],
      [
        "another goods' SKU code",
        {
          ...base,
          skus: [{ ...base.skus[0], code: 'ONE1-A' }, base.skus[1]],
          plans: [{ ...base.plans[0], skuCode: 'ONE1-A' }, base.plans[1]],
        },
        /skus\[0\]\.code：SKU 编码 ONE1-A 已被商品 \d+ 使用/,
      ],
    ];
    for (const [name, body, message] of cases) {
      const reply = await operator3.send('POST', '/goods', { body: body });
      assert.equal(reply.status, 400, `${name}: ${JSON.stringify(reply.body)}`);
      assert.match(reply.body.msg, message, name);
    }
    // Brand 3's operator may not sell for brand 1, nor for every brand.
    assert.equal(
      (await operator3.send('POST', '/goods', { body: { ...base, brands: [1, 3] } })).status,
      403,
    );
    assert.equal(
      (await operator3.send('POST', '/goods', { body: { ...base, brands: [] } })).status,
      403,
    );
    assert.deepEqual(
      await Promise.all([count('goods'), count('goods_sku'), count('goods_plan')]),
      before,
    );
  });

  test("a brand's own rent reaches that brand's storefront at once, no other brand's, and an earlier order keeps its rent", async () => {
    const goodsId = month.goods_id;
    const planId = month.id;
    const oldRent = month.rent_per_period;
    // Both brands' detail pages are read (and cached) first.
    assert.equal(await storefrontRent(goodsId, planId, 3), oldRent);
    assert.equal(await storefrontRent(goodsId, planId, 1), oldRent);
    const earlier = await paidOrder(3, month);
    const billsBefore = await server.db
      .selectFrom('bills')
      .select(['kind', 'period', 'original'])
      .where('order_id', '=', earlier.id)
      .orderBy('id')
      .execute();

    const view = await operator3.send<GoodsView>('GET', `/goods/${goodsId}`);
    assert.equal(view.status, 200);
    assert.equal(view.body.data.editable, false, 'a goods every brand sells is not brand 3 alone');
    const plan = view.body.data.plans.find((p) => p.id === planId)!;
    // Brand 3's operator may not change what every brand sells, nor another brand's rent.
    const shared = await operator3.send('PUT', `/goods/${goodsId}`, { body: newGoods('SHARED') });
    assert.equal(shared.status, 403, JSON.stringify(shared.body));
    const prices = (platform: number, rent: number) => ({
      platforms: [platform],
      prices: [
        {
          platform,
          skuCode: plan.skuCode,
          termUnit: plan.termUnit,
          term: plan.term,
          rentPerPeriod: rent,
        },
      ],
    });
    assert.equal(
      (await operator3.send('PUT', `/goods/${goodsId}/brand-prices`, { body: prices(1, 100) }))
        .status,
      403,
    );
    const negative = await operator3.send('PUT', `/goods/${goodsId}/brand-prices`, {
      body: prices(3, -5),
    });
    assert.equal(negative.status, 400);
    assert.match(negative.body.msg, /prices\[0\]\.rentPerPeriod：品牌租金不能为负数/);

    const newRent = oldRent + 1234;
    const changed = await operator3.send<GoodsView>('PUT', `/goods/${goodsId}/brand-prices`, {
      body: prices(3, newRent),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(
      changed.body.data.brandPrices.map((p) => [p.platform, p.rentPerPeriod]),
      [[3, newRent]],
    );
    assert.equal(
      await storefrontRent(goodsId, planId, 3),
      newRent,
      "brand 3's storefront shows it at once",
    );
    assert.equal(await storefrontRent(goodsId, planId, 1), oldRent, "brand 1's does not");

    // The order placed before keeps its rent and bills; one placed now on brand 3 pays the new rent.
    const order = await server.db
      .selectFrom('orders')
      .select('rent_per_period')
      .where('id', '=', earlier.id)
      .executeTakeFirstOrThrow();
    assert.equal(order.rent_per_period, oldRent);
    const billsAfter = await server.db
      .selectFrom('bills')
      .select(['kind', 'period', 'original'])
      .where('order_id', '=', earlier.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(billsAfter, billsBefore);
    const later = await paidOrder(3, month);
    const laterOrder = await server.db
      .selectFrom('orders')
      .select('rent_per_period')
      .where('id', '=', later.id)
      .executeTakeFirstOrThrow();
    assert.equal(laterOrder.rent_per_period, newRent);

    // Audited, before and after.
    const audit = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'goods.brand-prices')
      .where('target_id', '=', String(goodsId))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(audit.platform, 3);
    assert.equal(audit.staff_login, 'op3');
    assert.deepEqual((audit.before as { prices: unknown[] }).prices, []);
    assert.equal(
      (audit.after as { prices: { rentPerPeriod: number }[] }).prices[0]?.rentPerPeriod,
      newRent,
    );
  });

  test('brand 3 creates, edits and publishes its own goods; only brand 3 sells it', async () => {
    const created = await operator3.send<GoodsView>('POST', '/goods', { body: newGoods('MINE') });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const goods = created.body.data;
    assert.equal(goods.published, false);
    assert.equal(goods.editable, true);
    assert.doesNotMatch(goods.description, /script|onerror/, 'the description is sanitised');
    assert.match(goods.description, /好手机/);
    const planId = goods.plans[0]!.id;
    assert.equal(await storefrontRent(goods.id, planId, 3), 404, 'unpublished: not on sale');
    const published = await operator3.send<GoodsView>('POST', `/goods/${goods.id}/published`, {
      body: {
        published: true,
      },
    });
    assert.equal(published.body.data.published, true);
    assert.equal(await storefrontRent(goods.id, planId, 3), 29900);
    assert.equal(await storefrontRent(goods.id, planId, 1), 404, 'brand 1 does not sell it');
    // Brand 1's lists do not show it; brand 3's search finds it.
    const search = (platform: number) =>
      server.request<{ list: { id: number }[] }>('GET', '/api/home/search', {
        platform,
        query: { keyword: 'MINE' },
      });
    assert.ok((await search(3)).body.data.list.some((g) => g.id === goods.id));
    assert.ok(!(await search(1)).body.data.list.some((g) => g.id === goods.id));

    // Edit: the rent changes, a SKU goes, the plan of the kept SKU keeps its id.
    const body = newGoods('MINE');
    const edited = await operator3.send<GoodsView>('PUT', `/goods/${goods.id}`, {
      body: {
        ...body,
        skus: [body.skus[0]],
        plans: [{ ...body.plans[0], rentPerPeriod: 31900 }],
      },
    });
    assert.equal(edited.status, 200, JSON.stringify(edited.body));
    assert.equal(edited.body.data.plans[0]?.id, planId);
    assert.equal(edited.body.data.skus.length, 1);
    assert.equal(await storefrontRent(goods.id, planId, 3), 31900);
    const audit = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'goods.update')
      .where('target_id', '=', String(goods.id))
      .executeTakeFirstOrThrow();
    assert.equal((audit.before as unknown as GoodsView).plans[0]?.rentPerPeriod, 29900);
    assert.equal((audit.after as unknown as GoodsView).plans[0]?.rentPerPeriod, 31900);
  });

  test('stock by serial: added, counted, shipped out, returned to stock or repair', async () => {
    const created = await owner.send<GoodsView>('POST', '/goods', {
      body: newGoods('STK', { brands: [] }),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const goodsId = created.body.data.id;
    await owner.send('POST', `/goods/${goodsId}/published`, { body: { published: true } });
    const sku = created.body.data.skus[0]!;
    const plan = created.body.data.plans[0]!;
    // Scanned one by one (a scanner types the serial and Enter), then a file's worth.
    const one = await operator3.send<{ stock: number }>('POST', `/skus/${sku.id}/serials`, {
      body: {
        serials: [' imei-0001 '],
      },
    });
    assert.equal(one.status, 200, JSON.stringify(one.body));
    assert.equal(one.body.data.stock, 1);
    const many = await operator3.send<{ stock: number }>('POST', `/skus/${sku.id}/serials`, {
      body: {
        serials: ['IMEI-0002', 'IMEI-0003'],
      },
    });
    assert.equal(many.body.data.stock, 3);
    // A serial known already, repeated, or malformed: nothing added.
    const before = await count('stock_serial');
    assert.equal(
      (
        await operator3.send('POST', `/skus/${sku.id}/serials`, {
          body: {
            serials: ['IMEI-0004', 'IMEI-0001'],
          },
        })
      ).status,
      409,
    );
    assert.equal(
      (
        await operator3.send('POST', `/skus/${sku.id}/serials`, {
          body: {
            serials: ['IMEI-0005', 'IMEI-0005'],
          },
        })
      ).status,
      400,
    );
    const bad = await operator3.send('POST', `/skus/${sku.id}/serials`, {
      body: {
        serials: ['IMEI-0006', '<script>'],
      },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /serials/);
    assert.equal(await count('stock_serial'), before);

    // An order takes one unit; shipping needs a serial of this SKU in stock.
    const { id, shopper } = await paidOrder(3, { id: plan.id, goods_id: goodsId, sku_id: sku.id });
    const stock = await operator3.send<{ sku: { stock: number }; counts: { inStock: number } }>(
      'GET',
      `/skus/${sku.id}/stock`,
    );
    assert.equal(stock.body.data.sku.stock, 2, 'three in stock, one waiting to ship');
    assert.equal(stock.body.data.counts.inStock, 3);
    await owner.send('POST', `/orders/${id}/approve`, { body: {} });
    const ship = { courier: '顺丰', waybill: 'SF5550001111' };
    const notInStock = await operator3.send('POST', `/orders/${id}/ship`, {
      body: {
        ...ship,
        serial: 'IMEI-9999',
      },
    });
    assert.equal(notInStock.status, 409, JSON.stringify(notInStock.body));
    assert.match(notInStock.body.msg, /IMEI-9999/);
    const shipped = await operator3.send('POST', `/orders/${id}/ship`, {
      body: {
        ...ship,
        serial: 'IMEI-0002',
      },
    });
    assert.equal(shipped.status, 200, JSON.stringify(shipped.body));
    const out = await server.db
      .selectFrom('stock_serial')
      .select(['status', 'order_id'])
      .where('serial', '=', 'IMEI-0002')
      .executeTakeFirstOrThrow();
    assert.deepEqual(out, { status: 'out', order_id: id });

    // Returned and inspected with a failed check: the device goes to repair, not to stock.
    await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      platform: 3,
      body: { orderId: id },
    });
    await agreeEarlyReturn(server, shopper, id, { platform: 3 });
    await server.request('POST', '/api/order/apply/return', {
      token: shopper.token,
      platform: 3,
      body: { orderId: id },
    });
    await server.request('POST', '/api/order/confirm/return', {
      token: shopper.token,
      platform: 3,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF99887711' },
    });
    assert.equal(
      (await operator3.send('POST', `/orders/${id}/receive-return`, { body: {} })).status,
      200,
    );
    const inspected = await operator3.send('POST', `/orders/${id}/inspect`, {
      body: {
        checklist: [{ item: '屏幕', ok: false }],
        damage: 0,
      },
    });
    assert.equal(inspected.status, 200, JSON.stringify(inspected.body));
    const after = await operator3.send<{
      sku: { stock: number };
      counts: { inStock: number; repair: number };
    }>('GET', `/skus/${sku.id}/stock`);
    assert.deepEqual(after.body.data.counts.repair, 1);
    assert.equal(after.body.data.sku.stock, 2);
    // Repaired: back in stock.
    const repaired = await operator3.send('POST', '/serials/IMEI-0002/status', {
      body: {
        status: 'in_stock',
      },
    });
    assert.equal(repaired.status, 200, JSON.stringify(repaired.body));
    const last = await operator3.send<{ sku: { stock: number } }>('GET', `/skus/${sku.id}/stock`);
    assert.equal(last.body.data.sku.stock, 3);
  });

  test('import: a dry run names each bad row; all-or-nothing writes none; partial writes the good rows', async () => {
    const created = await operator3.send<GoodsView>('POST', '/goods', { body: newGoods('IMP') });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const goodsId = created.body.data.id;
    const csv = [
      'sku_code,term_unit,term,platform,rent_yuan,deposit_yuan',
      'IMP-A,month,12,,250.00,1000',
      'IMP-A,month,6,,300.5,800',
      'IMP-A,month,,,300,800',
      'IMP-B,month,12,,-3,1000',
      'NOPE,month,12,,100,100',
      'IMP-A,month,12,1,200,',
      'IMP-A,month,12,3,199.99,',
    ].join('\n');
    const send = (mode: string, content = csv, format = 'csv', kind = 'prices') =>
      operator3.send<{
        rows: number;
        written: number;
        problems: { row: number; field: string; message: string }[];
      }>('POST', '/catalog/import', {
        body: {
          kind,
          format,
          mode,
          content: Buffer.from(content).toString('base64'),
        },
      });
    const plansBefore = await count('goods_plan');
    const pricesBefore = await count('goods_plan_price');
    const dry = await send('dry-run');
    assert.equal(dry.status, 200, JSON.stringify(dry.body));
    assert.equal(dry.body.data.rows, 7);
    assert.equal(dry.body.data.written, 0);
    const byRow = (row: number) =>
      dry.body.data.problems.filter((p) => p.row === row).map((p) => `${p.field}:${p.message}`);
    assert.deepEqual(byRow(2), []);
    assert.deepEqual(byRow(3), []);
    assert.deepEqual(byRow(4), ['term:缺少租期']);
    assert.deepEqual(byRow(5), ['rent_yuan:租金不能为负数']);
    assert.deepEqual(byRow(6), ['sku_code:SKU NOPE 不存在']);
    assert.deepEqual(byRow(7), ['platform:无权设置品牌 1 的租金']);
    assert.deepEqual(byRow(8), []);
    assert.equal(await count('goods_plan'), plansBefore, 'a dry run writes nothing');

    const strict = await send('all-or-nothing');
    assert.equal(strict.body.data.written, 0);
    assert.equal(await count('goods_plan'), plansBefore);
    assert.equal(await count('goods_plan_price'), pricesBefore);

    const partial = await send('partial');
    assert.equal(partial.body.data.written, 3);
    const view = await operator3.send<GoodsView>('GET', `/goods/${goodsId}`);
    const rents = view.body.data.plans
      .filter((p) => p.skuCode === 'IMP-A')
      .map((p) => [p.term, p.rentPerPeriod]);
    assert.deepEqual(
      rents.sort(),
      [
        [12, 25000],
        [6, 30050],
      ].sort(),
    );
    assert.deepEqual(
      view.body.data.brandPrices.map((p) => [p.platform, p.rentPerPeriod]),
      [[3, 19999]],
    );
    const audits = await server.db
      .selectFrom('audit_events')
      .select(['action', 'reason'])
      .where('action', '=', 'catalog.import.prices')
      .execute();
    assert.equal(audits.length, 3);

    // Stock from an XLSX file, the format the console's export writes.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('stock');
    sheet.addRow(['sku_code', 'serial', 'status']);
    sheet.addRow(['IMP-A', 'XL-000001', '']);
    sheet.addRow(['IMP-A', 'XL-000001', '']);
    sheet.addRow(['IMP-B', 'XL-000002', 'repair']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer()).toString('binary');
    const stock = await operator3.send<{
      written: number;
      problems: { row: number; field: string }[];
    }>('POST', '/catalog/import', {
      body: {
        kind: 'stock',
        format: 'xlsx',
        mode: 'partial',
        content: Buffer.from(xlsx, 'binary').toString('base64'),
      },
    });
    assert.equal(stock.status, 200, JSON.stringify(stock.body));
    assert.equal(stock.body.data.written, 2);
    assert.deepEqual(
      stock.body.data.problems.map((p) => [p.row, p.field]),
      [[3, 'serial']],
    );

    // Export: brand 3's operator gets what brand 3 sells, as CSV and as XLSX.
    const exported = await fetch(
      `${server.baseUrl}/admin/api/catalog/export?kind=skus&format=csv`,
      { headers: { cookie: operator3.cookie } },
    );
    assert.equal(exported.status, 200);
    // The BOM (so Excel reads UTF-8) stays: decode without dropping it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await exported.arrayBuffer());
    assert.match(text, /^\uFEFFgoods_id,code,color,capacity,condition,price_yuan/);
    assert.match(text, /IMP-A/);
    assert.doesNotMatch(text, /ONE1-A/, "brand 1's own goods is not brand 3's to export");
    const asXlsx = await fetch(
      `${server.baseUrl}/admin/api/catalog/export?kind=prices&format=xlsx`,
      { headers: { cookie: operator3.cookie } },
    );
    const readBack = new ExcelJS.Workbook();
    await readBack.xlsx.load(await asXlsx.arrayBuffer());
    assert.equal(readBack.worksheets[0]?.getRow(1).getCell(1).value, 'sku_code');
    // A file of the wrong shape is refused as a whole.
    const wrong = await send('dry-run', 'a,b\n1,2');
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.msg, /缺少列/);
  });

  test("a brand's own rent shows on that brand's goods cards (category, search), not another brand's", async () => {
    // A goods every brand sells, other than the one the tests above priced.
    const goods = await server.db
      .selectFrom('goods as g')
      .select(['g.id', 'g.name', 'g.category_id', 'g.min_rent'])
      .where('g.on_sale', '=', true)
      .where('g.id', '!=', month.goods_id)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('goods_brand').select('platform').whereRef('goods_id', '=', 'g.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('goods_plan')
              .select('id')
              .whereRef('goods_id', '=', 'g.id')
              .where('term_unit', '!=', 'month'),
          ),
        ),
      )
      .orderBy('g.id')
      .executeTakeFirstOrThrow();
    const cards = async (platform: number) => {
      const found: Record<string, number | undefined> = {};
      const search = await server.request<{ list: { id: number; minRent: number }[] }>(
        'GET',
        `/api/home/search?keyword=${encodeURIComponent(goods.name)}&pageSize=50`,
        { platform },
      );
      assert.equal(search.status, 200, JSON.stringify(search.body));
      found.search = search.body.data.list.find((card) => card.id === goods.id)?.minRent;
      for (let pageNum = 1; found.category === undefined; pageNum++) {
        const page = await server.request<{ list: { id: number; minRent: number }[] }>(
          'GET',
          `/api/category/goods?categoryId=${goods.category_id}&pageNum=${pageNum}&pageSize=50`,
          { platform },
        );
        assert.equal(page.status, 200, JSON.stringify(page.body));
        if (page.body.data.list.length === 0) break;
        found.category = page.body.data.list.find((card) => card.id === goods.id)?.minRent;
      }
      return found;
    };
    const base = { search: goods.min_rent, category: goods.min_rent };
    assert.deepEqual(await cards(3), base);

    // Brand 3 lets the cheapest plan for less: its cards say so.
    const view = await operator3.send<GoodsView>('GET', `/goods/${goods.id}`);
    assert.equal(view.status, 200, JSON.stringify(view.body));
    const cheapest = [...view.body.data.plans].sort((a, b) => a.rentPerPeriod - b.rentPerPeriod)[0];
    assert.equal(cheapest.rentPerPeriod, goods.min_rent);
    const own = goods.min_rent - 500;
    const set = await operator3.send('PUT', `/goods/${goods.id}/brand-prices`, {
      body: {
        platforms: [3],
        prices: [
          {
            platform: 3,
            skuCode: cheapest.skuCode,
            termUnit: cheapest.termUnit,
            term: cheapest.term,
            rentPerPeriod: own,
          },
        ],
      },
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.deepEqual(await cards(3), { search: own, category: own }, "brand 3's cards");
    assert.deepEqual(await cards(1), base, "brand 1's cards keep the plan's rent");
    // The card's figure is the product page's lowest rent on brand 3.
    const info = await server.request<{ minRent: number; plans: { rentPerPeriod: number }[] }>(
      'GET',
      `/api/goods/info/${goods.id}`,
      { platform: 3 },
    );
    assert.equal(Math.min(...info.body.data.plans.map((plan) => plan.rentPerPeriod)), own);
    assert.equal(info.body.data.minRent, own);
  });

  test(
    'on PostgreSQL a catalogue write is announced to every process (NOTIFY rental_catalog)',
    { skip: TEST_ENGINE !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const client = new pg.Client({ connectionString: server.config.databaseUrl });
      await client.connect();
      try {
        const heard = new Promise<string>((resolve) =>
          client.on('notification', (m) => resolve(m.channel)),
        );
        await client.query('listen rental_catalog');
        const created = await owner.send<GoodsView>('POST', '/goods', {
          body: newGoods('NTF', { brands: [2] }),
        });
        assert.equal(created.status, 200);
        assert.equal(await heard, 'rental_catalog');
      } finally {
        await client.end();
      }
    },
  );
});

describe('the goods form under the fuzz corpora', { skip: onlyOn('postgres') }, () => {
  const naughty: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8'));
  const xss = fs.readFileSync(fuzzFile('xss-polyglots.txt'), 'utf8').split('\n').filter(Boolean);

  test('names, SKU codes and tags: a 400 naming the field or a goods as sent, never 5xx', async () => {
    let n = 0;
    for (const value of naughty) {
      n += 1;
      const before = await count('goods');
      const body = newGoods(`FZ${n}`);
      const forName = await operator3.send('POST', '/goods', { body: { ...body, name: value } });
      assert.ok(
        forName.status === 200 || forName.status === 400,
        `name ${JSON.stringify(value)}: ${forName.status}`,
      );
      if (forName.status === 400) {
        assert.match(forName.body.msg, /name/);
        assert.equal(await count('goods'), before);
      }
      const forCode = await operator3.send('POST', '/goods', {
        body: {
          ...newGoods(`FY${n}`),
          skus: [{ ...body.skus[0], code: value }],
          plans: [{ ...body.plans[0], skuCode: value }],
        },
      });
      const validCode = /^[A-Za-z0-9_-]{1,40}$/.test(value);
      assert.equal(
        forCode.status,
        validCode ? forCode.status : 400,
        `code ${JSON.stringify(value)}`,
      );
      assert.ok(forCode.status < 500);
    }
  });

  test('descriptions keep no script, handler or javascript: URL', async () => {
    const created = await operator3.send<GoodsView>('POST', '/goods', { body: newGoods('XSS') });
    const id = created.body.data.id;
    for (const payload of xss.slice(0, 60)) {
      const reply = await operator3.send<GoodsView>('PUT', `/goods/${id}`, {
        body: {
          ...newGoods('XSS'),
          description: payload,
        },
      });
      assert.ok(reply.status === 200 || reply.status === 400, `${payload}: ${reply.status}`);
      if (reply.status === 200)
        assert.doesNotMatch(
          reply.body.data.description,
          /<script|<[^>]*\son\w+\s*=|(href|src)\s*=\s*["']?\s*javascript:/i,
          payload,
        );
    }
  });
});
