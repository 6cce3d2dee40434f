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
import { consoleEditor } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];
const editor = { access: 'home.manage', tags: ['discovery'] } as const;

export function adminDiscoveryRoutes(app: AdminScope): void {
  const deps = app.deps;

  consoleEditor(
    app,
    '/discovery/faq',
    { ...editor, operationIds: ['getFaq', 'saveFaq'], body: SaveFaqBody, reply: FaqReply },
    async (request) => ok(await getFaq(deps.db, staffOf(request), request.query.platform)),
    async (request) => ok(await saveFaq(deps, staffOf(request), request.body)),
  );

  const lists: [GoodsListName, string, string][] = [
    ['hot', '/discovery/hot-goods', 'HotGoods'],
    ['enjoy', '/discovery/enjoy-goods', 'EnjoyGoods'],
  ];
  for (const [list, path, name] of lists) {
    consoleEditor(
      app,
      path,
      {
        ...editor,
        operationIds: [`get${name}`, `save${name}`],
        body: SaveGoodsListBody,
        reply: GoodsListReply,
      },
      async (request) =>
        ok(await getGoodsList(deps.db, staffOf(request), request.query.platform, list)),
      async (request) => ok(await saveGoodsList(deps, staffOf(request), list, request.body)),
    );
  }

  consoleEditor(
    app,
    '/discovery/categories',
    {
      ...editor,
      operationIds: ['getBrandCategories', 'saveBrandCategories'],
      body: SaveCategoriesBody,
      reply: CategoriesReply,
    },
    async (request) => ok(await getCategories(deps.db, staffOf(request), request.query.platform)),
    async (request) => ok(await saveCategories(deps, staffOf(request), request.body)),
  );
}
