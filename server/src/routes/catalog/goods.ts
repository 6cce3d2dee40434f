/**
 * Goods detail (SKUs, plans, services), explanation text, premium goods and a brand's default
 * goods, from the catalogue (server/src/catalog/).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DefaultGoodsReply,
  ExplainQuery,
  ExplainReply,
  GoodsInfoParams,
  GoodsInfoReply,
  GoodsPageReply,
  PageQuery,
} from '../../../../contract/api/goods.ts';
import { createCatalog } from '../../catalog/service.ts';
import { notFound, ok } from '../../plugins/errors.ts';

const goodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const catalog = createCatalog(app.deps.db, app.deps.now);

  app.get(
    '/info/:id',
    { schema: { params: GoodsInfoParams, response: { 200: GoodsInfoReply } } },
    async (request) => {
      const info = await catalog.goodsInfo(request.params.id, request.platform);
      if (!info) throw notFound('商品不存在或已下架');
      return ok(info);
    },
  );

  app.get(
    '/explain',
    { schema: { querystring: ExplainQuery, response: { 200: ExplainReply } } },
    async (request) => {
      const items = await catalog.explanations(request.query.goodsId, request.query.kind);
      if (!items) throw notFound('商品不存在或已下架');
      return ok(items);
    },
  );

  app.get(
    '/enjoyList',
    { schema: { querystring: PageQuery, response: { 200: GoodsPageReply } } },
    async (request) => ok(await catalog.enjoyGoods(request.platform, request.query)),
  );

  app.get(
    '/getDefaultGoodsId',
    { schema: { response: { 200: DefaultGoodsReply } } },
    async (request) => {
      const goodsId = await catalog.defaultGoodsId(request.platform);
      if (goodsId === undefined) throw notFound('暂无商品');
      return ok({ goodsId });
    },
  );
};

export const prefix = '/api/goods';
export default goodsRoutes;
