/**
 * The console's discovery editors (issue 37, leftovers), registered from `adminRoutes` (admin.ts)
 * in the console's scope: the brand's common problems (FAQ) and its hot goods and 优享好物 lists,
 * under permission `home.manage`; the brand a call touches is checked in the services.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CategoriesReply,
  FaqReply,
  GoodsListReply,
  SaveCategoriesBody,
  SaveFaqBody,
  SaveGoodsListBody,
  type GoodsListName,
} from '../../../../contract/admin/discovery.ts';
import { BrandQuery } from '../../../../contract/admin/home.ts';
import {
  getCategories,
  getFaq,
  getGoodsList,
  saveCategories,
  saveFaq,
  saveGoodsList,
} from '../../admin/discovery.ts';
import { staffOf } from '../../admin/guard.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];
const tags = ['discovery'];
const access = { access: 'home.manage' as const };

export function adminDiscoveryRoutes(app: AdminScope): void {
  const deps = app.deps;

  app.get(
    '/discovery/faq',
    {
      config: access,
      schema: {
        operationId: 'getFaq',
        tags,
        querystring: BrandQuery,
        response: { 200: FaqReply },
      },
    },
    async (request) => ok(await getFaq(deps.db, staffOf(request), request.query.platform)),
  );

  app.put(
    '/discovery/faq',
    {
      config: access,
      schema: { operationId: 'saveFaq', tags, body: SaveFaqBody, response: { 200: FaqReply } },
    },
    async (request) => ok(await saveFaq(deps, staffOf(request), request.body)),
  );

  const lists: [GoodsListName, string, string][] = [
    ['hot', '/discovery/hot-goods', 'HotGoods'],
    ['enjoy', '/discovery/enjoy-goods', 'EnjoyGoods'],
  ];
  for (const [list, path, name] of lists) {
    app.get(
      path,
      {
        config: access,
        schema: {
          operationId: `get${name}`,
          tags,
          querystring: BrandQuery,
          response: { 200: GoodsListReply },
        },
      },
      async (request) =>
        ok(await getGoodsList(deps.db, staffOf(request), request.query.platform, list)),
    );
    app.put(
      path,
      {
        config: access,
        schema: {
          operationId: `save${name}`,
          tags,
          body: SaveGoodsListBody,
          response: { 200: GoodsListReply },
        },
      },
      async (request) => ok(await saveGoodsList(deps, staffOf(request), list, request.body)),
    );
  }

  app.get(
    '/discovery/categories',
    {
      config: access,
      schema: {
        operationId: 'getBrandCategories',
        tags,
        querystring: BrandQuery,
        response: { 200: CategoriesReply },
      },
    },
    async (request) => ok(await getCategories(deps.db, staffOf(request), request.query.platform)),
  );

  app.put(
    '/discovery/categories',
    {
      config: access,
      schema: {
        operationId: 'saveBrandCategories',
        tags,
        body: SaveCategoriesBody,
        response: { 200: CategoriesReply },
      },
    },
    async (request) => ok(await saveCategories(deps, staffOf(request), request.body)),
  );
}
