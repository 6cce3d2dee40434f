/**
 * Home page data per brand (X-Platform) and launch channel: banners, tabs and their goods, hot
 * goods, category shortcuts, keyword search (server/src/catalog/), and the daily channel visit
 * report (server/src/catalog/visits.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryListReply } from '../../../../contract/api/category.ts';
import {
  BannerReply,
  CategoryByChannelQuery,
  ChannelQuery,
  SearchQuery,
  TabGoodsQuery,
  TabReply,
  UvBody,
  UvReply,
} from '../../../../contract/api/home.ts';
import { GoodsPageReply, PageQuery } from '../../../../contract/api/goods.ts';
import { createCatalog, type Catalog } from '../../catalog/service.ts';
import { notFound, ok } from '../../plugins/errors.ts';
import { recordVisit } from '../../catalog/visits.ts';

type HomeApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The brand's home page: banners, tabs and each tab's goods (per launch channel). */
function homeContentRoutes(app: HomeApp, catalog: Catalog): void {
  app.get(
    '/banner',
    { schema: { querystring: ChannelQuery, response: { 200: BannerReply } } },
    async (request) => ok(await catalog.banners(request.platform, request.query.channelCode)),
  );

  app.get(
    '/tab',
    { schema: { querystring: ChannelQuery, response: { 200: TabReply } } },
    async (request) => ok(await catalog.tabs(request.platform, request.query.channelCode)),
  );

  app.get(
    '/tabGoods',
    { schema: { querystring: TabGoodsQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const page = await catalog.tabGoods(request.platform, request.query);
      if (!page) throw notFound('栏目不存在');
      return ok(page);
    },
  );
}

/** Goods lists without a tab: hot goods, categories (per channel) and keyword search. */
function catalogRoutes(app: HomeApp, catalog: Catalog): void {
  app.get(
    '/hotGoods',
    { schema: { querystring: PageQuery, response: { 200: GoodsPageReply } } },
    async (request) => ok(await catalog.hotGoods(request.platform, request.query)),
  );

  app.get('/category', { schema: { response: { 200: CategoryListReply } } }, async (request) =>
    ok(await catalog.categories(request.platform)),
  );

  app.get(
    '/categoryByChannel',
    { schema: { querystring: CategoryByChannelQuery, response: { 200: CategoryListReply } } },
    async (request) =>
      ok(await catalog.channelCategories(request.query.channelCode, request.platform)),
  );

  app.get(
    '/search',
    { schema: { querystring: SearchQuery, response: { 200: GoodsPageReply } } },
    async (request) => ok(await catalog.search(request.platform, request.query)),
  );
}

/** The daily channel visit report, once per device and day. */
function visitRoutes(app: HomeApp): void {
  app.post('/uv', { schema: { body: UvBody, response: { 200: UvReply } } }, async (request) => {
    const { channelCode, deviceId } = request.body;
    const visit = { platform: request.platform, channelCode, deviceId };
    return ok({ counted: await recordVisit(app.deps.db, visit, app.deps.now()) });
  });
}

const homeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One catalogue (and so one cache) for every group: the home lists are cached together.
  const catalog = createCatalog(app.deps.db, app.deps.now);
  homeContentRoutes(app, catalog);
  catalogRoutes(app, catalog);
  visitRoutes(app);
};

export const prefix = '/api/home';
export default homeRoutes;
