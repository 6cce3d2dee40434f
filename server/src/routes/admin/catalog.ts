/**
 * The console's catalogue routes (issue 37): goods, brands' rents, stock by serial, bulk import
 * and export. All need `catalog.manage`; a goods or SKU in the path must be sold by one of the
 * account's brands (the guard checks both before the body is read).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddSerialsBody,
  AddSerialsReply,
  ExportQuery,
  GoodsIdParams,
  GoodsInput,
  GoodsReply,
  ImportBody,
  ImportReply,
  ListGoodsQuery,
  ListGoodsReply,
  SerialParams,
  SetBrandPricesBody,
  SetPublishedBody,
  SetSerialStatusBody,
  SetSerialStatusReply,
  SkuIdParams,
  SkuStockReply,
} from '../../../../contract/admin/catalog.ts';
import {
  createGoods,
  goodsView,
  listGoods,
  setBrandPrices,
  setGoodsPublished,
  updateGoods,
} from '../../admin/catalog.ts';
import { exportRows, importCatalog, writeFile } from '../../admin/catalog-bulk.ts';
import { staffOf } from '../../admin/guard.ts';
import { addStockSerials, setSerialStatus, skuStock } from '../../admin/stock.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

const goodsTag = { tags: ['catalogue'] };
const stockTag = { tags: ['stock'] };
const MANAGE = { access: 'catalog.manage' } as const;

export function catalogRoutes(app: AdminScope): void {
  goodsRoutes(app);
  stockAndBulkRoutes(app);
}

/** Goods: list, one, create, update, publish, brands' own rents. */
function goodsRoutes(app: AdminScope): void {
  const deps = app.deps;

  app.get(
    '/goods',
    {
      config: MANAGE,
      schema: {
        operationId: 'listGoods',
        ...goodsTag,
        querystring: ListGoodsQuery,
        response: { 200: ListGoodsReply },
      },
    },
    async (request) => ok(await listGoods(deps.db, staffOf(request), request.query)),
  );

  app.get(
    '/goods/:id',
    {
      config: { ...MANAGE, target: 'goods' },
      schema: {
        operationId: 'getGoods',
        ...goodsTag,
        params: GoodsIdParams,
        response: { 200: GoodsReply },
      },
    },
    async (request) => ok(await goodsView(deps.db, staffOf(request), request.params.id)),
  );

  app.post(
    '/goods',
    {
      config: MANAGE,
      schema: {
        operationId: 'createGoods',
        ...goodsTag,
        body: GoodsInput,
        response: { 200: GoodsReply },
      },
    },
    async (request) => ok(await createGoods(deps, staffOf(request), request.body)),
  );

  app.put(
    '/goods/:id',
    {
      config: { ...MANAGE, target: 'goods' },
      schema: {
        operationId: 'updateGoods',
        ...goodsTag,
        params: GoodsIdParams,
        body: GoodsInput,
        response: { 200: GoodsReply },
      },
    },
    async (request) =>
      ok(await updateGoods(deps, staffOf(request), request.params.id, request.body)),
  );

  app.post(
    '/goods/:id/published',
    {
      config: { ...MANAGE, target: 'goods' },
      schema: {
        operationId: 'setGoodsPublished',
        ...goodsTag,
        params: GoodsIdParams,
        body: SetPublishedBody,
        response: { 200: GoodsReply },
      },
    },
    async (request) =>
      ok(
        await setGoodsPublished(deps, staffOf(request), request.params.id, request.body.published),
      ),
  );

  app.put(
    '/goods/:id/brand-prices',
    {
      config: { ...MANAGE, target: 'goods' },
      schema: {
        operationId: 'setGoodsBrandPrices',
        ...goodsTag,
        params: GoodsIdParams,
        body: SetBrandPricesBody,
        response: { 200: GoodsReply },
      },
    },
    async (request) =>
      ok(await setBrandPrices(deps, staffOf(request), request.params.id, request.body)),
  );
}

/** Stock by serial, and bulk import / export. */
function stockAndBulkRoutes(app: AdminScope): void {
  const deps = app.deps;

  app.get(
    '/skus/:id/stock',
    {
      config: { ...MANAGE, target: 'sku' },
      schema: {
        operationId: 'getSkuStock',
        ...stockTag,
        params: SkuIdParams,
        response: { 200: SkuStockReply },
      },
    },
    async (request) => ok(await skuStock(deps, staffOf(request), request.params.id)),
  );

  app.post(
    '/skus/:id/serials',
    {
      config: { ...MANAGE, target: 'sku' },
      schema: {
        operationId: 'addStockSerials',
        ...stockTag,
        params: SkuIdParams,
        body: AddSerialsBody,
        response: { 200: AddSerialsReply },
      },
    },
    async (request) =>
      ok(await addStockSerials(deps, staffOf(request), request.params.id, request.body.serials)),
  );

  app.post(
    '/serials/:serial/status',
    {
      config: MANAGE,
      schema: {
        operationId: 'setSerialStatus',
        ...stockTag,
        params: SerialParams,
        body: SetSerialStatusBody,
        response: { 200: SetSerialStatusReply },
      },
    },
    async (request) =>
      ok(await setSerialStatus(deps, staffOf(request), request.params.serial, request.body.status)),
  );

  app.post(
    '/catalog/import',
    {
      config: MANAGE,
      // A spreadsheet of a few thousand rows, base64.
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        operationId: 'importCatalog',
        ...goodsTag,
        body: ImportBody,
        response: { 200: ImportReply },
      },
    },
    async (request) => ok(await importCatalog(deps, staffOf(request), request.body)),
  );

  app.get(
    '/catalog/export',
    {
      config: MANAGE,
      schema: {
        operationId: 'exportCatalog',
        ...goodsTag,
        description: 'The file itself (text/csv or .xlsx); a refusal is the JSON envelope.',
        querystring: ExportQuery,
      },
    },
    async (request, reply) => {
      const { kind, format } = request.query;
      const rows = await exportRows(deps, staffOf(request), kind);
      const file = await writeFile(format, kind, rows);
      reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="catalog-${kind}.${format}"`);
      return reply.send(file);
    },
  );
}
