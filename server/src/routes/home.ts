/**
 * Home page data per brand (X-Platform) and launch channel: banners, tabs and their goods, hot
 * goods, category shortcuts, keyword search, and the daily channel visit report.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { CategoryListReply } from '../../../contract/api/category.ts';
import {
  BannerReply,
  CategoryByChannelQuery,
  ChannelQuery,
  SearchQuery,
  TabGoodsQuery,
  TabReply,
  UvBody,
  UvReply,
} from '../../../contract/api/home.ts';
import { GoodsPageReply, PageQuery } from '../../../contract/api/goods.ts';
import { keywordWords, queryTerms } from '../seed/search-terms.ts';
import { badRequest, notFound, ok } from '../plugins/errors.ts';
import { createCatalogCache, enabledCategories, goodsPage, type CatalogCache } from './goods.ts';

/** Visits are counted per calendar day in China (UTC+8, no daylight saving). */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

type HomeApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The brand's home page: banners, tabs and each tab's goods (per launch channel). */
function homeContentRoutes(app: HomeApp, cached: CatalogCache): void {
  const { db } = app.deps;

  app.get(
    '/banner',
    { schema: { querystring: ChannelQuery, response: { 200: BannerReply } } },
    async (request) => {
      const { channelCode } = request.query;
      const platform = request.platform;
      const load = () =>
        db
          .selectFrom('banner')
          .select(['id', 'title', 'image', 'link_type', 'link_value'])
          .where('platform', '=', platform)
          .where('enabled', '=', true)
          .where((eb) =>
            channelCode
              ? eb.or([eb('channel_code', 'is', null), eb('channel_code', '=', channelCode)])
              : eb('channel_code', 'is', null),
          )
          // The channel's own banners first.
          .orderBy(sql`channel_code is null`)
          .orderBy('sort')
          .orderBy('id')
          .execute();
      const rows = await cached(`banner:${platform}:${channelCode ?? ''}`, load);
      return ok(
        rows.map((row) => ({
          id: row.id,
          title: row.title,
          image: row.image,
          linkType: row.link_type,
          linkValue: row.link_value,
        })),
      );
    },
  );

  app.get(
    '/tab',
    { schema: { querystring: ChannelQuery, response: { 200: TabReply } } },
    async (request) => {
      const { channelCode } = request.query;
      const platform = request.platform;
      return ok(
        await cached(`tab:${platform}:${channelCode ?? ''}`, () =>
          db
            .selectFrom('home_tab')
            .select(['id', 'name'])
            .where('platform', '=', platform)
            .where((eb) =>
              channelCode
                ? eb.or([eb('channel_code', 'is', null), eb('channel_code', '=', channelCode)])
                : eb('channel_code', 'is', null),
            )
            .orderBy(sql`channel_code is null`)
            .orderBy('sort')
            .orderBy('id')
            .execute(),
        ),
      );
    },
  );

  app.get(
    '/tabGoods',
    { schema: { querystring: TabGoodsQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const { tabId, pageNum, pageSize } = request.query;
      const platform = request.platform;
      const page = await cached(
        `tabGoods:${platform}:${tabId}:${pageNum}:${pageSize}`,
        async () => {
          // Another brand's tab is as unknown as a missing one.
          const tab = await db
            .selectFrom('home_tab')
            .select('id')
            .where('id', '=', tabId)
            .where('platform', '=', platform)
            .executeTakeFirst();
          if (!tab) return null;
          const base = db
            .selectFrom('home_tab_goods as tg')
            .innerJoin('goods as g', 'g.id', 'tg.goods_id')
            .where('tg.tab_id', '=', tabId)
            .where('g.on_sale', '=', true);
          return goodsPage(base, request.query, (q) => q.orderBy('tg.sort').orderBy('g.id'));
        },
      );
      if (!page) throw notFound('栏目不存在');
      return ok(page);
    },
  );
}

/** Goods lists without a tab: hot goods, categories (per channel) and keyword search. */
function catalogRoutes(app: HomeApp, cached: CatalogCache): void {
  const { db } = app.deps;
  const allCategories = () => cached('categories', () => enabledCategories(db));

  app.get(
    '/hotGoods',
    { schema: { querystring: PageQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const base = db
        .selectFrom('goods as g')
        .where('g.is_hot', '=', true)
        .where('g.on_sale', '=', true);
      return ok(
        await cached(`hot:${pageNum}:${pageSize}`, () =>
          goodsPage(base, request.query, (q) => q.orderBy('g.sales', 'desc').orderBy('g.id')),
        ),
      );
    },
  );

  app.get('/category', { schema: { response: { 200: CategoryListReply } } }, async () =>
    ok(await allCategories()),
  );

  app.get(
    '/categoryByChannel',
    { schema: { querystring: CategoryByChannelQuery, response: { 200: CategoryListReply } } },
    async (request) => {
      const { channelCode } = request.query;
      const chosen = await cached(`channelCategories:${channelCode}`, () =>
        db
          .selectFrom('category_channel as cc')
          .innerJoin('category as c', 'c.id', 'cc.category_id')
          .select(['c.id', 'c.name', 'c.icon'])
          .where('cc.channel_code', '=', channelCode)
          .where('c.enabled', '=', true)
          .orderBy('cc.sort')
          .orderBy('c.id')
          .execute(),
      );
      // A channel without its own selection shows every category.
      return ok(chosen.length > 0 ? chosen : await allCategories());
    },
  );

  app.get(
    '/search',
    { schema: { querystring: SearchQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const words = keywordWords(request.query.keyword);
      if (words.length === 0) throw badRequest('keyword 不能为空');
      const terms = [...new Set(words.flatMap(queryTerms))];
      let base = db
        .selectFrom('goods as g')
        .where('g.on_sale', '=', true)
        .where('g.id', 'in', (eb) =>
          eb
            .selectFrom('goods_search_term')
            .select('goods_id')
            .where('term', 'in', terms)
            .groupBy('goods_id')
            .having((h) => h.fn.countAll(), '=', terms.length),
        );
      // The index finds candidates by character pairs; the substring check confirms the order.
      for (const word of words)
        base = base.where(sql<number>`strpos(g.search_text, ${word})`, '>', 0);
      return ok(
        await goodsPage(base, request.query, (q) => q.orderBy('g.sales', 'desc').orderBy('g.id')),
      );
    },
  );
}

/** The daily channel visit report, once per device and day. */
function visitRoutes(app: HomeApp): void {
  const { db } = app.deps;

  app.post('/uv', { schema: { body: UvBody, response: { 200: UvReply } } }, async (request) => {
    const { channelCode, deviceId } = request.body;
    const day = chinaDay(app.deps.now());
    const platform = request.platform;
    const counted = await db.transaction().execute(async (trx) => {
      if (deviceId) {
        const first = await trx
          .insertInto('uv_device')
          .values({ day, platform, channel_code: channelCode, device_id: deviceId })
          .onConflict((oc) => oc.doNothing())
          .returning('device_id')
          .executeTakeFirst();
        if (!first) return false;
      }
      await trx
        .insertInto('uv_daily')
        .values({ day, platform, channel_code: channelCode, visits: 1 })
        .onConflict((oc) =>
          oc
            .columns(['day', 'platform', 'channel_code'])
            .doUpdateSet((eb) => ({ visits: eb('uv_daily.visits', '+', 1) })),
        )
        .execute();
      return true;
    });
    return ok({ counted });
  });
}

const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One cache for every group: the catalog's lists are cached together.
  const cached = createCatalogCache(app.deps.now);
  homeContentRoutes(app, cached);
  catalogRoutes(app, cached);
  visitRoutes(app);
};

export default homeRoutes;
