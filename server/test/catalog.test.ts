// engines: pglite (search SQL, paging order, visit counts per day: the same SQL on both engines; npm start's engine; driver reads pinned in engine-types.test.ts)
/**
 * The catalogue as the storefront sees it: the seeded demo data set, goods detail with SKUs and
 * plans, pages, per-brand and per-channel home data, search, visit counting, reference data and
 * the pictures. Runs on PGlite, or on PostgreSQL with TEST_DB=postgres.
 */
import { BRAND_RECORDS } from '../../contract/brands/records.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BannerItem, TabItem } from '../../contract/api/home.ts';
import type { CategoryItem } from '../../contract/api/category.ts';
import type { GoodsCard, GoodsInfo, ExplainItem } from '../../contract/api/goods.ts';
import type { Page } from '../../contract/http.ts';
import { webpPath } from '../../contract/media.ts';
import { ASSETS_DIR } from '../src/routes/catalog/assets.ts';
import { CATALOG_CACHE_TTL_MS } from '../src/catalog/cache.ts';
import { seedIfEmpty } from '../src/seed/index.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server?.close();
});

async function getData<T>(
  urlPath: string,
  options: Parameters<TestServer['request']>[2] = {},
): Promise<T> {
  const reply = await server.request<T>('GET', urlPath, options);
  assert.equal(reply.status, 200, `${urlPath}: ${JSON.stringify(reply.body)}`);
  assert.equal(reply.body.code, 200);
  return reply.body.data;
}

/** Every goods card, through the category pages (as the classify page reads them). */
async function allGoods(): Promise<GoodsCard[]> {
  const categories = await getData<CategoryItem[]>('/api/category/list');
  const goods: GoodsCard[] = [];
  for (const category of categories) {
    for (let pageNum = 1; ; pageNum++) {
      const page = await getData<Page<GoodsCard>>('/api/category/goods', {
        query: { categoryId: category.id, pageNum, pageSize: 50 },
      });
      goods.push(...page.list);
      if (pageNum * 50 >= page.total) break;
    }
  }
  return goods;
}

describe('seeded catalogue', () => {
  it('has at least 8 categories and 60 goods across phones, laptops, cameras, drones …', async () => {
    const categories = await getData<CategoryItem[]>('/api/category/list');
    assert.ok(categories.length >= 8, `${categories.length} categories`);
    const names = categories.map((c) => c.name).join(' ');
    for (const expected of ['手机', '笔记本电脑', '平板电脑', '相机', '游戏机', '无人机']) {
      assert.ok(names.includes(expected), `category ${expected} missing`);
    }
    const goods = await allGoods();
    assert.ok(goods.length >= 60, `${goods.length} goods`);
    assert.equal(new Set(goods.map((g) => g.id)).size, goods.length, 'a goods listed twice');
    for (const card of goods) {
      assert.ok(Number.isInteger(card.minRent) && card.minRent > 0, `${card.name} minRent`);
      assert.ok(Number.isInteger(card.marketPrice) && card.marketPrice > card.minRent);
    }
  });

  it('gives every goods SKUs and plans with ids, in integer fen, buy-out falling per period', async () => {
    const goods = await allGoods();
    const conditions = new Set<string>();
    for (const card of goods) {
      const info = await getData<GoodsInfo>(`/api/goods/info/${card.id}`);
      assert.equal(info.id, card.id);
      assert.ok(info.skus.length > 0 && info.plans.length > 0, `${info.name} has no SKU or plan`);
      assert.ok(info.services.length > 0, `${info.name} has no value-added service`);
      const skuIds = new Set(info.skus.map((sku) => sku.id));
      for (const sku of info.skus) {
        conditions.add(sku.condition);
        assert.ok(sku.color && sku.capacity, `${info.name} SKU ${sku.id} lacks colour or capacity`);
        assert.ok(Number.isInteger(sku.price) && sku.price > 0);
      }
      for (const plan of info.plans) {
        assert.ok(skuIds.has(plan.skuId), `plan ${plan.id} points at another goods' SKU`);
        assert.ok(['month', 'day'].includes(plan.termUnit));
        assert.equal(plan.totalRent, plan.rentPerPeriod * plan.term);
        assert.ok(plan.firstPayment >= plan.rentPerPeriod);
        assert.equal(plan.buyoutPrices.length, plan.term + 1);
        for (let k = 1; k < plan.buyoutPrices.length; k++) {
          assert.ok(
            plan.buyoutPrices[k] < plan.buyoutPrices[k - 1] ||
              plan.buyoutPrices[k] === plan.buyoutPrices[k - 1],
            `plan ${plan.id}: buy-out rises after period ${k}`,
          );
        }
        assert.ok(
          plan.buyoutPrices[plan.term] < plan.buyoutPrices[0],
          `plan ${plan.id} never falls`,
        );
        for (const money of [plan.rentPerPeriod, plan.firstPayment, plan.deposit]) {
          assert.ok(Number.isInteger(money) && money >= 0);
        }
      }
      // The card's "from" price is the cheapest monthly rent on the detail page.
      const monthly = info.plans.filter((p) => p.termUnit === 'month').map((p) => p.rentPerPeriod);
      assert.equal(info.minRent, Math.min(...monthly));
    }
    assert.deepEqual([...conditions].sort(), ['95新', '99新', '全新'].sort());
  });

  it('serves every picture the catalogue refers to, each a PNG under 200 KB with a smaller WebP beside it', async () => {
    const goods = await allGoods();
    const paths = new Set<string>();
    for (const card of goods) {
      const info = await getData<GoodsInfo>(`/api/goods/info/${card.id}`);
      [info.cover, ...info.images, ...info.detailImages, ...info.skus.map((s) => s.image)].forEach(
        (p) => paths.add(p),
      );
    }
    (await getData<CategoryItem[]>('/api/category/list')).forEach((c) => paths.add(c.icon));
    for (let platform = 1; platform <= 9; platform++) {
      const banners = await getData<BannerItem[]>('/api/home/banner', { platform });
      banners.forEach((b) => paths.add(b.image));
    }
    for (const assetPath of paths) {
      assert.match(assetPath, /^\/assets\/[a-z0-9/-]+\.png$/);
      const file = path.join(ASSETS_DIR, assetPath.replace(/^\/assets\//, ''));
      const size = fs.statSync(file).size;
      assert.ok(size > 0 && size < 200 * 1024, `${assetPath} is ${size} bytes`);
      // contract/media.ts: the H5 app asks for this WebP wherever the browser reads WebP.
      const webpSize = fs.statSync(webpPath(file)).size;
      assert.ok(webpSize > 0 && webpSize < size, `${webpPath(assetPath)} is ${webpSize} bytes`);
    }
    const [first] = paths;
    const response = await fetch(`${server.baseUrl}${first}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/png');
    assert.match(response.headers.get('cache-control') ?? '', /max-age=\d+/);
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
    const webp = await fetch(`${server.baseUrl}${webpPath(first)}`);
    assert.equal(webp.status, 200);
    assert.equal(webp.headers.get('content-type'), 'image/webp');
    assert.match(webp.headers.get('cache-control') ?? '', /max-age=\d+/);
    const webpBytes = Buffer.from(await webp.arrayBuffer());
    assert.equal(webpBytes.subarray(8, 12).toString(), 'WEBP');
  });

  it('seeds only an empty database: a restart keeps ids and adds nothing', async () => {
    const count = async () =>
      (
        await server.db
          .selectFrom('goods_plan')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    assert.equal(await seedIfEmpty(server.db), false);
    assert.equal(await count(), before);
  });

  it('answers the 404 envelope for a missing picture and refuses paths out of the folder', async () => {
    const missing = await fetch(`${server.baseUrl}/assets/goods/no-such-goods.png`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: number }).code, 404);
    const escape = await fetch(`${server.baseUrl}/assets/..%2f..%2fpackage.json`);
    assert.ok(escape.status === 403 || escape.status === 404);
    assert.ok(!(await escape.text()).includes('rental-storefront-server'));
  });
});

describe('goods detail', () => {
  it('answers 404 for an unknown goods and for one taken off sale', async () => {
    const unknown = await server.request('GET', '/api/goods/info/99999');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 404);
    assert.equal(unknown.body.data, null);

    await server.db.updateTable('goods').set({ on_sale: false }).where('id', '=', 3).execute();
    // Catalogue reads are cached for a few seconds; the change shows once that has passed.
    server.advanceClock(CATALOG_CACHE_TTL_MS / 1000 + 1);
    try {
      const offSale = await server.request('GET', '/api/goods/info/3');
      assert.equal(offSale.status, 404);
      const hot = await getData<Page<GoodsCard>>('/api/home/hotGoods', { query: { pageSize: 50 } });
      assert.ok(!hot.list.some((g) => g.id === 3), 'an off-sale goods is still listed');
    } finally {
      await server.db.updateTable('goods').set({ on_sale: true }).where('id', '=', 3).execute();
      server.advanceClock(CATALOG_CACHE_TTL_MS / 1000 + 1);
    }
    await getData<GoodsInfo>('/api/goods/info/3');
  });

  it('refuses a malformed id with a 400 naming the field', async () => {
    const reply = await server.request('GET', '/api/goods/info/12abc');
    assert.equal(reply.status, 400);
    assert.match(reply.body.msg, /id/);
  });

  it('explains the rules for every goods and adds a drone its own flying notice', async () => {
    const general = await getData<ExplainItem[]>('/api/goods/explain');
    assert.ok(general.some((e) => e.kind === 'rent_rule'));
    assert.ok(general.every((e) => e.kind !== 'notice'));
    const drones = await getData<Page<GoodsCard>>('/api/home/search', {
      query: { keyword: '无人机' },
    });
    const drone = drones.list[0];
    const forDrone = await getData<ExplainItem[]>('/api/goods/explain', {
      query: { goodsId: drone.id },
    });
    assert.ok(forDrone.some((e) => e.kind === 'notice' && e.content.includes('实名登记')));
    const onlyBuyout = await getData<ExplainItem[]>('/api/goods/explain', {
      query: { goodsId: drone.id, kind: 'buyout' },
    });
    assert.ok(onlyBuyout.length > 0 && onlyBuyout.every((e) => e.kind === 'buyout'));
    const unknown = await server.request('GET', '/api/goods/explain', {
      query: { goodsId: 99999 },
    });
    assert.equal(unknown.status, 404);
  });

  it('lists premium goods and gives each brand a default goods that opens', async () => {
    const enjoy = await getData<Page<GoodsCard>>('/api/goods/enjoyList', {
      query: { pageSize: 50 },
    });
    assert.ok(enjoy.total > 0 && enjoy.list.every((g) => g.isEnjoy));
    for (let platform = 1; platform <= 9; platform++) {
      const { goodsId } = await getData<{ goodsId: number }>('/api/goods/getDefaultGoodsId', {
        platform,
      });
      await getData<GoodsInfo>(`/api/goods/info/${goodsId}`, { platform });
    }
  });
});

describe('pages', () => {
  it('pages a category without overlap, totals matching, in the chosen order', async () => {
    const first = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { categoryId: 1, pageNum: 1, pageSize: 4 },
    });
    const second = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { categoryId: 1, pageNum: 2, pageSize: 4 },
    });
    assert.equal(first.pageNum, 1);
    assert.equal(first.pageSize, 4);
    assert.equal(first.list.length, 4);
    assert.equal(second.total, first.total);
    const ids = [...first.list, ...second.list].map((g) => g.id);
    assert.equal(new Set(ids).size, ids.length, 'pages overlap');
    assert.ok([...first.list, ...second.list].every((g) => g.categoryId === 1));

    const all = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { categoryId: 1, pageSize: 50, sort: 'rentAsc' },
    });
    assert.equal(all.list.length, all.total);
    const rents = all.list.map((g) => g.minRent);
    assert.deepEqual(
      rents,
      [...rents].sort((a, b) => a - b),
    );
    const beyond = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { categoryId: 1, pageNum: 99 },
    });
    assert.deepEqual(beyond.list, []);
    assert.equal(beyond.total, all.total);
  });

  it('caps pageSize at 50 and refuses page 0, naming the field', async () => {
    const tooBig = await server.request('GET', '/api/home/hotGoods', { query: { pageSize: 51 } });
    assert.equal(tooBig.status, 400);
    assert.match(tooBig.body.msg, /pageSize/);
    const zero = await server.request('GET', '/api/goods/enjoyList', { query: { pageNum: 0 } });
    assert.equal(zero.status, 400);
    assert.match(zero.body.msg, /pageNum/);
  });

  it('without a categoryId, pages the first category listed; with none enabled, an empty page', async () => {
    const listed = await getData<CategoryItem[]>('/api/category/list');
    const [firstCategory, secondCategory] = listed;
    const named = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { categoryId: firstCategory.id, pageSize: 5, sort: 'sales' },
    });
    const unnamed = await getData<Page<GoodsCard>>('/api/category/goods', {
      query: { pageSize: 5, sort: 'sales' },
    });
    assert.ok(named.list.length > 0);
    assert.deepEqual(unnamed, named);

    // The first category disabled: the next one listed is the first.
    await server.db
      .updateTable('category')
      .set({ enabled: false })
      .where('id', '=', firstCategory.id)
      .execute();
    server.advanceClock(CATALOG_CACHE_TTL_MS / 1000 + 1);
    try {
      const next = await getData<Page<GoodsCard>>('/api/category/goods');
      assert.ok(next.list.length > 0);
      assert.ok(next.list.every((g) => g.categoryId === secondCategory.id));

      await server.db.updateTable('category').set({ enabled: false }).execute();
      server.advanceClock(CATALOG_CACHE_TTL_MS / 1000 + 1);
      const none = await getData<Page<GoodsCard>>('/api/category/goods', {
        query: { pageNum: 2, pageSize: 7 },
      });
      assert.deepEqual(none, { list: [], total: 0, pageNum: 2, pageSize: 7 });
    } finally {
      await server.db
        .updateTable('category')
        .set({ enabled: true })
        .where(
          'id',
          'in',
          listed.map((c) => c.id),
        )
        .execute();
      server.advanceClock(CATALOG_CACHE_TTL_MS / 1000 + 1);
    }
    assert.deepEqual(await getData<CategoryItem[]>('/api/category/list'), listed);
  });

  it('answers 404 for an unknown category', async () => {
    const reply = await server.request('GET', '/api/category/goods', {
      query: { categoryId: 9999 },
    });
    assert.equal(reply.status, 404);
    assert.equal(reply.body.code, 404);
  });
});

describe('home per brand and channel', () => {
  it('shows each brand its own banners, and a channel its own banner first', async () => {
    const brand1 = await getData<BannerItem[]>('/api/home/banner', { platform: 1 });
    const brand2 = await getData<BannerItem[]>('/api/home/banner', { platform: 2 });
    assert.ok(brand1.length > 0);
    assert.notDeepEqual(
      brand1.map((b) => b.image),
      brand2.map((b) => b.image),
    );
    const douyin = await getData<BannerItem[]>('/api/home/banner', {
      platform: 1,
      query: { channelCode: 'douyin' },
    });
    assert.equal(douyin.length, brand1.length + 1);
    assert.match(douyin[0].title, /抖音/);
    const unknownChannel = await getData<BannerItem[]>('/api/home/banner', {
      platform: 1,
      query: { channelCode: 'nobody' },
    });
    assert.deepEqual(unknownChannel, brand1);
    for (const banner of brand1) {
      if (banner.linkType === 'goods') await getData(`/api/goods/info/${banner.linkValue}`);
    }
  });

  it("lists a brand's tabs and their goods, and hides another brand's tab", async () => {
    const tabs1 = await getData<TabItem[]>('/api/home/tab', { platform: 1 });
    const tabs2 = await getData<TabItem[]>('/api/home/tab', { platform: 2 });
    assert.ok(tabs1.length >= 3);
    assert.notDeepEqual(
      tabs1.map((t) => t.name),
      tabs2.map((t) => t.name),
    );
    const page = await getData<Page<GoodsCard>>('/api/home/tabGoods', {
      platform: 1,
      query: { tabId: tabs1[1].id, pageSize: 5 },
    });
    assert.ok(page.list.length > 0 && page.total >= page.list.length);
    const foreign = await server.request('GET', '/api/home/tabGoods', {
      platform: 2,
      query: { tabId: tabs1[1].id },
    });
    assert.equal(foreign.status, 404);
    const withChannel = await getData<TabItem[]>('/api/home/tab', {
      platform: 1,
      query: { channelCode: 'douyin' },
    });
    assert.equal(withChannel[0].name, '抖音专享');
  });

  it('lists hot goods best-selling first', async () => {
    const hot = await getData<Page<GoodsCard>>('/api/home/hotGoods', { query: { pageSize: 50 } });
    assert.ok(hot.total >= 10);
    const sales = hot.list.map((g) => g.sales);
    assert.deepEqual(
      sales,
      [...sales].sort((a, b) => b - a),
    );
  });

  it("shows a channel's chosen categories, and every category to other channels", async () => {
    const all = await getData<CategoryItem[]>('/api/home/category');
    const xhs = await getData<CategoryItem[]>('/api/home/categoryByChannel', {
      query: { channelCode: 'xhs' },
    });
    assert.ok(xhs.length > 0 && xhs.length < all.length);
    assert.equal(xhs[0].name, '相机');
    const other = await getData<CategoryItem[]>('/api/home/categoryByChannel', {
      query: { channelCode: 'someone-else' },
    });
    assert.deepEqual(other, all);
    const missing = await server.request('GET', '/api/home/categoryByChannel');
    assert.equal(missing.status, 400);
    assert.match(missing.body.msg, /channelCode/);
  });
});

describe('search', () => {
  const search = (keyword: string, pageSize = 50) =>
    getData<Page<GoodsCard>>('/api/home/search', { query: { keyword, pageSize } });

  it('finds goods by name, brand and category name', async () => {
    const dji = await search('大疆');
    assert.ok(dji.total >= 6);
    assert.ok(dji.list.every((g) => `${g.name}${g.brandName}`.includes('大疆')));
    const cameras = await search('相机');
    const categories = await getData<CategoryItem[]>('/api/category/list');
    const cameraCategory = categories.find((c) => c.name === '相机');
    assert.ok(
      cameras.list.some((g) => g.categoryId === cameraCategory?.id && !g.name.includes('相机')),
    );
    const one = await search('机');
    assert.ok(one.total > dji.total, 'a one-character keyword matches too');
  });

  it('ignores case and full-width forms, and needs every word', async () => {
    const lower = await search('iphone');
    assert.ok(lower.total >= 4);
    assert.deepEqual((await search('IPHONE')).list, lower.list);
    assert.deepEqual((await search('ｉＰｈｏｎｅ')).list, lower.list);
    const proMax = await search('iphone max');
    assert.deepEqual(
      proMax.list.map((g) => g.name),
      ['Apple iPhone 16 Pro Max'],
    );
  });

  it('treats wildcards and quotes as plain text', async () => {
    for (const keyword of ['%', '_', "' or 1=1 --", '.*']) {
      const page = await search(keyword);
      assert.equal(page.total, 0, keyword);
    }
  });

  it('refuses an empty or over-long keyword, naming the field', async () => {
    for (const keyword of ['', '   ', 'x'.repeat(51)]) {
      const reply = await server.request('GET', '/api/home/search', { query: { keyword } });
      assert.equal(reply.status, 400, JSON.stringify(keyword));
      assert.match(reply.body.msg, /keyword/);
    }
  });
});

describe('channel visits', () => {
  async function visits(platform: number, channelCode: string): Promise<number> {
    const rows = await server.db
      .selectFrom('uv_daily')
      .select('visits')
      .where('platform', '=', platform)
      .where('channel_code', '=', channelCode)
      .execute();
    return rows.reduce((sum, row) => sum + row.visits, 0);
  }

  it('counts a visit per day, brand and channel, once per device', async () => {
    const uv = (platform: number, body: Record<string, string>) =>
      server.request<{ counted: boolean }>('POST', '/api/home/uv', { platform, body });
    assert.equal(
      (await uv(3, { channelCode: 'visit-test', deviceId: 'device-0001' })).body.data.counted,
      true,
    );
    assert.equal(
      (await uv(3, { channelCode: 'visit-test', deviceId: 'device-0001' })).body.data.counted,
      false,
    );
    assert.equal(
      (await uv(3, { channelCode: 'visit-test', deviceId: 'device-0002' })).body.data.counted,
      true,
    );
    assert.equal((await uv(3, { channelCode: 'visit-test' })).body.data.counted, true);
    assert.equal(
      (await uv(4, { channelCode: 'visit-test', deviceId: 'device-0001' })).body.data.counted,
      true,
    );
    assert.equal(await visits(3, 'visit-test'), 3);
    assert.equal(await visits(4, 'visit-test'), 1);

    // The next day the same device counts again.
    server.advanceClock(24 * 3600);
    assert.equal(
      (await uv(3, { channelCode: 'visit-test', deviceId: 'device-0001' })).body.data.counted,
      true,
    );
    const days = await server.db
      .selectFrom('uv_daily')
      .select('day')
      .where('channel_code', '=', 'visit-test')
      .where('platform', '=', 3)
      .execute();
    assert.equal(days.length, 2);
  });

  it('refuses a malformed channel code and writes nothing', async () => {
    const reply = await server.request('POST', '/api/home/uv', {
      body: { channelCode: '<script>' },
    });
    assert.equal(reply.status, 400);
    assert.match(reply.body.msg, /channelCode/);
    assert.equal(await visits(1, '<script>'), 0);
  });
});

describe('reference data and customer service', () => {
  it('answers dictionary entries by type, and an empty list for an unknown type', async () => {
    const relations = await getData<{ label: string; value: string }[]>('/api/common/dictionary', {
      query: { type: 'contact_relation' },
    });
    assert.ok(relations.some((r) => r.label === '父母'));
    const unknown = await getData<unknown[]>('/api/common/dictionary', {
      query: { type: 'no_such_type' },
    });
    assert.deepEqual(unknown, []);
  });

  it("puts a brand's own hot keywords first", async () => {
    const brand9 = await getData<string[]>('/api/common/hotKey', { platform: 9 });
    const brand1 = await getData<string[]>('/api/common/hotKey', { platform: 1 });
    assert.equal(brand9[0], '臻享好物');
    assert.ok(!brand1.includes('臻享好物'));
    assert.ok(brand1.length >= 5);
  });

  it('lists express companies with their phone numbers', async () => {
    const express =
      await getData<{ code: string; name: string; phone: string }[]>('/api/common/express');
    assert.ok(express.some((e) => e.code === 'SF' && e.name === '顺丰速运'));
    assert.ok(express.every((e) => /^\d{5,6}$/.test(e.phone)));
  });

  it('lists question types, their questions with answers, and filters by type', async () => {
    const types = await getData<{ id: number; name: string }[]>('/api/service/questionType');
    assert.ok(types.length >= 4);
    const all = await getData<{ typeId: number; answer: string }[]>('/api/service/question');
    const ofFirst = await getData<{ typeId: number; answer: string }[]>('/api/service/question', {
      query: { typeId: types[0].id },
    });
    assert.ok(ofFirst.length > 0 && ofFirst.length < all.length);
    assert.ok(ofFirst.every((q) => q.typeId === types[0].id && q.answer.length > 0));
  });

  it("answers each brand's own customer-service line, two shared among the nine", async () => {
    const phones = new Set<string>();
    for (let platform = 1; platform <= 9; platform++) {
      const { phone } = await getData<{ phone: string }>('/api/service/phone', { platform });
      assert.equal(phone, BRAND_RECORDS[platform - 1].userPhone);
      phones.add(phone);
    }
    assert.equal(phones.size, 2);
  });
});

describe('headers', () => {
  it('needs the client credential and X-Platform on catalogue routes, not on pictures', async () => {
    const noCredential = await server.request('GET', '/api/home/banner', {
      headers: { 'x-client-authorization': undefined },
    });
    assert.equal(noCredential.status, 401);
    const noPlatform = await server.request('GET', '/api/category/list', { platform: null });
    assert.equal(noPlatform.status, 400);
    assert.match(noPlatform.body.msg, /X-Platform/);
    const picture = await fetch(`${server.baseUrl}/assets/category/phone.png`);
    assert.equal(picture.status, 200);
  });
});
