/** Classify page: every category, and one category's goods page by page in a chosen order. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategoryGoodsQuery, CategoryListReply } from '../../../contract/api/category.ts';
import { GoodsPageReply } from '../../../contract/api/goods.ts';
import { notFound, ok } from '../plugins/errors.ts';
import { createCatalogCache, DEFAULT_PAGE_SIZE, enabledCategories, goodsPage } from './goods.ts';

const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const cached = createCatalogCache(app.deps.now);

  const categories = () => cached('categories', () => enabledCategories(db));

  app.get('/list', { schema: { response: { 200: CategoryListReply } } }, async () =>
    ok(await categories()),
  );

  app.get(
    '/goods',
    { schema: { querystring: CategoryGoodsQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const { sort = 'default', pageNum, pageSize } = request.query;
      // No category named: the first one listed. With no category at all, an empty page.
      const categoryId = request.query.categoryId ?? (await categories())[0]?.id;
      if (categoryId === undefined)
        return ok({
          list: [],
          total: 0,
          pageNum: pageNum ?? 1,
          pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
        });
      const key = `goods:${categoryId}:${sort}:${pageNum}:${pageSize}`;
      const page = await cached(key, async () => {
        const category = await db
          .selectFrom('category')
          .select('id')
          .where('id', '=', categoryId)
          .where('enabled', '=', true)
          .executeTakeFirst();
        if (!category) return null;
        const base = db
          .selectFrom('goods as g')
          .where('g.category_id', '=', categoryId)
          .where('g.on_sale', '=', true);
        return goodsPage(base, request.query, (q) => {
          switch (sort) {
            case 'sales':
              return q.orderBy('g.sales', 'desc').orderBy('g.id');
            case 'rentAsc':
              return q.orderBy('g.min_rent').orderBy('g.id');
            case 'rentDesc':
              return q.orderBy('g.min_rent', 'desc').orderBy('g.id');
            default:
              return q.orderBy('g.sort').orderBy('g.id');
          }
        });
      });
      if (!page) throw notFound('分类不存在');
      return ok(page);
    },
  );
};

export default categoryRoutes;
