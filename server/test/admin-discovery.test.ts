// engines: postgres (list saves replace rows in a transaction, the catalogue cache told by NOTIFY across connections; driver reads pinned in engine-types.test.ts)
/**
 * The console's discovery editors (issue 37, leftovers) on a real server and database: a brand's
 * own common problems (FAQ), hot goods and 优享好物 lists reach that brand's storefront at once
 * and no other brand's; a brand with none shows the shared ones (saving none returns to them);
 * who may call them (401/403 before the body); bad input refused at the field, nothing written;
 * each save audited with before and after.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { Desk, ownerDesk, staffDesk } from './admin-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

let owner: Desk;
let operator3: Desk;
let viewer: Desk;

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of ['service_question', 'brand_goods_list', 'brand_category', 'audit_events']) {
    const row = await sql<{
      n: string;
    }>`select count(*)::text as n from ${sql.table(table)}`.execute(server.db);
    counts[table] = Number(row.rows[0]?.n);
  }
  return counts;
}

before(async () => {
  server = await startTestServer();
  owner = await ownerDesk(server, 'owner-d');
  operator3 = (await staffDesk(server, owner, 'operator3d', 'operator', [3])).desk;
  viewer = (await staffDesk(server, owner, 'viewer3d', 'viewer', [3])).desk;
});

after(async () => {
  await server?.close();
});

const ROUTES: [string, string][] = [
  ['GET', '/discovery/faq?platform=3'],
  ['PUT', '/discovery/faq'],
  ['GET', '/discovery/hot-goods?platform=3'],
  ['PUT', '/discovery/hot-goods'],
  ['GET', '/discovery/enjoy-goods?platform=3'],
  ['PUT', '/discovery/enjoy-goods'],
  ['GET', '/discovery/categories?platform=3'],
  ['PUT', '/discovery/categories'],
];

/** The storefront's questions on a brand, as "type:question". */
async function storefrontQuestions(platform: number): Promise<string[]> {
  const reply = await server.request<{ typeId: number; question: string }[]>(
    'GET',
    '/api/service/question',
    { platform },
  );
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.data.map((q) => `${q.typeId}:${q.question}`);
}

async function storefrontGoods(urlPath: string, platform: number): Promise<number[]> {
  const reply = await server.request<{ list: { id: number }[] }>('GET', urlPath, {
    platform,
    query: { pageSize: 50 },
  });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body.data.list.map((card) => card.id);
}

describe('who may call the discovery editors', () => {
  test('no session: 401; a viewer: 403; both before the (malformed) body; nothing written', async () => {
    const counts = await rowCounts();
    const anonymous = new Desk(server);
    for (const [method, urlPath] of ROUTES) {
      const body = method === 'GET' ? undefined : { nonsense: true };
      assert.equal((await anonymous.send(method, urlPath, { body: body })).status, 401, urlPath);
      const reply = await viewer.send(method, urlPath, { body: body });
      assert.equal(reply.status, 403, `${method} ${urlPath}: ${JSON.stringify(reply.body)}`);
    }
    assert.deepEqual(await rowCounts(), counts);
  });

  test("an operator of brand 3 cannot read or change brand 1's lists", async () => {
    const counts = await rowCounts();
    assert.equal((await operator3.send('GET', '/discovery/faq?platform=1')).status, 403);
    assert.equal((await operator3.send('GET', '/discovery/hot-goods?platform=1')).status, 403);
    const faq = await operator3.send('PUT', '/discovery/faq', { body: { platform: 1, items: [] } });
    assert.equal(faq.status, 403);
    const hot = await operator3.send('PUT', '/discovery/hot-goods', {
      body: { platform: 1, goodsIds: [] },
    });
    assert.equal(hot.status, 403);
    const noCsrf = await operator3.send('PUT', '/discovery/enjoy-goods', {
      body: { platform: 3, goodsIds: [] },
      csrf: false,
    });
    assert.equal(noCsrf.status, 403);
    assert.deepEqual(await rowCounts(), counts);
  });
});

describe('common problems per brand', () => {
  test("a brand's own questions replace the shared ones on its storefront only; none returns them", async () => {
    const shared = await storefrontQuestions(3);
    assert.ok(shared.length > 0, 'the seed has shared questions');
    assert.deepEqual(await storefrontQuestions(1), shared);

    const view = await operator3.send<{
      own: boolean;
      types: { id: number }[];
      items: unknown[];
    }>('GET', '/discovery/faq?platform=3');
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assert.equal(view.body.data.own, false);
    assert.equal(view.body.data.items.length, shared.length);
    const [first, second] = view.body.data.types;
    assert.ok(first && second);

    const items = [
      { typeId: second.id, question: '品牌3：押金多久退？', answer: '归还验机后 3 个工作日内。' },
      { typeId: first.id, question: '品牌3：可以提前还吗？', answer: '可以，在订单页申请。' },
    ];
    const saved = await operator3.send<{ own: boolean; items: { question: string }[] }>(
      'PUT',
      '/discovery/faq',
      { body: { platform: 3, items } },
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.own, true);
    // The storefront lists them by type order, then the merchant's order.
    const own = await storefrontQuestions(3);
    assert.deepEqual(
      [...own].sort(),
      items.map((item) => `${item.typeId}:${item.question}`).sort(),
    );
    assert.deepEqual(await storefrontQuestions(1), shared, "brand 1's stay the shared ones");
    const byType = await server.request<{ question: string }[]>('GET', '/api/service/question', {
      platform: 3,
      query: { typeId: first.id },
    });
    assert.deepEqual(
      byType.body.data.map((q) => q.question),
      ['品牌3：可以提前还吗？'],
    );

    const audit = await server.db
      .selectFrom('audit_events')
      .select(['staff_login', 'platform', 'before', 'after'])
      .where('action', '=', 'discovery.faq.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(audit.staff_login, 'operator3d');
    assert.equal(audit.platform, 3);
    assert.equal((audit.before as { own: boolean }).own, false);
    assert.equal((audit.after as { items: unknown[] }).items.length, 2);

    const cleared = await operator3.send('PUT', '/discovery/faq', {
      body: { platform: 3, items: [] },
    });
    assert.equal(cleared.status, 200);
    assert.deepEqual(await storefrontQuestions(3), shared);
  });

  test('bad questions are refused at the field and write nothing', async () => {
    const counts = await rowCounts();
    const cases: [unknown, RegExp][] = [
      [[{ typeId: 999999, question: '问', answer: '答' }], /^items\[0\]\.typeId: /],
      [
        [
          { typeId: 1, question: '问', answer: '答' },
          { typeId: 1, question: '   ', answer: '答' },
        ],
        /^items\[1\]\.question: /,
      ],
      [[{ typeId: 1, question: '问', answer: ' ' }], /^items\[0\]\.answer: /],
    ];
    for (const [items, message] of cases) {
      const reply = await operator3.send('PUT', '/discovery/faq', { body: { platform: 3, items } });
      assert.equal(reply.status, 400, JSON.stringify(reply.body));
      assert.match(reply.body.msg, message);
    }
    const tooLong = await operator3.send('PUT', '/discovery/faq', {
      body: {
        platform: 3,
        items: [{ typeId: 1, question: '问'.repeat(101), answer: '答' }],
      },
    });
    assert.equal(tooLong.status, 400);
    assert.deepEqual(await rowCounts(), counts);
  });
});

describe('hot goods and 优享好物 per brand', () => {
  for (const [name, editor, storefront] of [
    ['hot goods', '/discovery/hot-goods', '/api/home/hotGoods'],
    ['优享好物', '/discovery/enjoy-goods', '/api/goods/enjoyList'],
  ] as const)
    test(`${name}: brand 3's own list in its order on brand 3 only; none returns the shared one`, async () => {
      const shared = await storefrontGoods(storefront, 3);
      assert.deepEqual(await storefrontGoods(storefront, 1), shared);
      const view = await operator3.send<{ own: boolean; goodsIds: number[] }>(
        'GET',
        `${editor}?platform=3`,
      );
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.data.own, false);
      assert.deepEqual(view.body.data.goodsIds.slice(0, shared.length), shared);

      // Three goods the shared list does not start with, in the merchant's order.
      const some = await server.db
        .selectFrom('goods')
        .select('id')
        .where('on_sale', '=', true)
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      const chosen = some.map((row) => row.id);
      const saved = await operator3.send<{ own: boolean; goodsIds: number[] }>('PUT', editor, {
        body: {
          platform: 3,
          goodsIds: chosen,
        },
      });
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      assert.equal(saved.body.data.own, true);
      assert.deepEqual(saved.body.data.goodsIds, chosen);
      assert.deepEqual(await storefrontGoods(storefront, 3), chosen, 'at once, in that order');
      assert.deepEqual(await storefrontGoods(storefront, 1), shared, "brand 1's is unchanged");

      const audit = await server.db
        .selectFrom('audit_events')
        .select(['platform', 'after'])
        .where('action', 'like', 'discovery.%.save')
        .where('target_type', '=', 'goodslist')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(audit.platform, 3);
      assert.deepEqual((audit.after as { goodsIds: number[] }).goodsIds, chosen);

      // Unknown goods: refused, the list stays.
      const counts = await rowCounts();
      const bad = await operator3.send('PUT', editor, {
        body: { platform: 3, goodsIds: [999999] },
      });
      assert.equal(bad.status, 400);
      assert.match(bad.body.msg, /^goodsIds: /);
      assert.deepEqual(await rowCounts(), counts);
      assert.deepEqual(await storefrontGoods(storefront, 3), chosen);

      const cleared = await operator3.send('PUT', editor, { body: { platform: 3, goodsIds: [] } });
      assert.equal(cleared.status, 200);
      assert.deepEqual(await storefrontGoods(storefront, 3), shared);
    });
});

describe('categories per brand', () => {
  const listed = async (urlPath: string, platform: number) => {
    const reply = await server.request<{ id: number }[]>('GET', urlPath, { platform });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body.data.map((category) => category.id);
  };

  test("brand 3's categories in its order on its classify page and home only; none returns every one", async () => {
    const every = await listed('/api/category/list', 3);
    assert.ok(every.length >= 3);
    const view = await operator3.send<{ own: boolean; categoryIds: number[] }>(
      'GET',
      '/discovery/categories?platform=3',
    );
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assert.deepEqual(view.body.data.categoryIds, every);
    assert.equal(view.body.data.own, false);

    const chosen = [every[2]!, every[0]!];
    const saved = await operator3.send<{ own: boolean; categoryIds: number[] }>(
      'PUT',
      '/discovery/categories',
      { body: { platform: 3, categoryIds: chosen } },
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.data.own, true);
    for (const urlPath of ['/api/category/list', '/api/home/category'])
      assert.deepEqual(await listed(urlPath, 3), chosen, urlPath);
    assert.deepEqual(await listed('/api/category/list', 1), every, "brand 1's are every one");
    // The classify page opens on the brand's first category.
    const first = await server.request<{ list: { categoryId: number }[] }>(
      'GET',
      '/api/category/goods',
      { platform: 3 },
    );
    assert.ok(first.body.data.list.every((goods) => goods.categoryId === chosen[0]));

    const audit = await server.db
      .selectFrom('audit_events')
      .select(['platform', 'after'])
      .where('action', '=', 'discovery.categories.save')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(audit.platform, 3);
    assert.deepEqual((audit.after as { categoryIds: number[] }).categoryIds, chosen);

    const counts = await rowCounts();
    const bad = await operator3.send('PUT', '/discovery/categories', {
      body: {
        platform: 3,
        categoryIds: [999999],
      },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /^categoryIds: /);
    assert.deepEqual(await rowCounts(), counts);

    const cleared = await operator3.send('PUT', '/discovery/categories', {
      body: {
        platform: 3,
        categoryIds: [],
      },
    });
    assert.equal(cleared.status, 200);
    assert.deepEqual(await listed('/api/category/list', 3), every);
  });
});
