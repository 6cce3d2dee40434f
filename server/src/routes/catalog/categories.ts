/** Classify page: every category, and one category's goods page by page in a chosen order. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryGoodsQuery, CategoryListReply } from '../../../../contract/api/category.ts';
import { GoodsPageReply } from '../../../../contract/api/goods.ts';
import { createCatalog } from '../../catalog/service.ts';
import { notFound, ok } from '../../plugins/errors.ts';

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalog = createCatalog(app.deps.db, app.deps.now);

  app.get('/list', { schema: { response: { 200: CategoryListReply } } }, async (request) =>
    ok(await catalog.categories(request.platform)),
  );

  app.get(
    '/goods',
    { schema: { querystring: CategoryGoodsQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const page = await catalog.categoryGoods(request.platform, request.query);
      if (!page) throw notFound('分类不存在');
      return ok(page);
    },
  );
};

export const prefix = '/api/category';
export default categoryRoutes;
