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
import { consoleDownload, consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

const goods = { access: 'catalog.manage', tags: ['catalogue'] } as const;
const stock = { access: 'catalog.manage', tags: ['stock'] } as const;

export function catalogRoutes(app: AdminScope): void {
  goodsRoutes(app);
  stockAndBulkRoutes(app);
}

/** Goods: list, one, create, update, publish, brands' own rents. */
function goodsRoutes(app: AdminScope): void {
  const deps = app.deps;
  const oneGoods = { ...goods, target: 'goods', params: GoodsIdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/goods',
    { ...goods, operationId: 'listGoods', querystring: ListGoodsQuery, reply: ListGoodsReply },
    async (request) => ok(await listGoods(deps.db, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'GET',
    '/goods/:id',
    { ...oneGoods, operationId: 'getGoods', reply: GoodsReply },
    async (request) => ok(await goodsView(deps.db, staffOf(request), request.params.id)),
  );

  consoleRoute(
    app,
    'POST',
    '/goods',
    { ...goods, operationId: 'createGoods', body: GoodsInput, reply: GoodsReply },
    async (request) => ok(await createGoods(deps, staffOf(request), request.body)),
  );

  consoleRoute(
    app,
    'PUT',
    '/goods/:id',
    { ...oneGoods, operationId: 'updateGoods', body: GoodsInput, reply: GoodsReply },
    async (request) =>
      ok(await updateGoods(deps, staffOf(request), request.params.id, request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/goods/:id/published',
    { ...oneGoods, operationId: 'setGoodsPublished', body: SetPublishedBody, reply: GoodsReply },
    async (request) =>
      ok(
        await setGoodsPublished(deps, staffOf(request), request.params.id, request.body.published),
      ),
  );

  consoleRoute(
    app,
    'PUT',
    '/goods/:id/brand-prices',
    {
      ...oneGoods,
      operationId: 'setGoodsBrandPrices',
      body: SetBrandPricesBody,
      reply: GoodsReply,
    },
    async (request) =>
      ok(await setBrandPrices(deps, staffOf(request), request.params.id, request.body)),
  );
}

/** Stock by serial, and bulk import / export. */
function stockAndBulkRoutes(app: AdminScope): void {
  const deps = app.deps;
  const oneSku = { ...stock, target: 'sku', params: SkuIdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/skus/:id/stock',
    { ...oneSku, operationId: 'getSkuStock', reply: SkuStockReply },
    async (request) => ok(await skuStock(deps, staffOf(request), request.params.id)),
  );

  consoleRoute(
    app,
    'POST',
    '/skus/:id/serials',
    { ...oneSku, operationId: 'addStockSerials', body: AddSerialsBody, reply: AddSerialsReply },
    async (request) =>
      ok(await addStockSerials(deps, staffOf(request), request.params.id, request.body.serials)),
  );

  consoleRoute(
    app,
    'POST',
    '/serials/:serial/status',
    {
      ...stock,
      operationId: 'setSerialStatus',
      params: SerialParams,
      body: SetSerialStatusBody,
      reply: SetSerialStatusReply,
    },
    async (request) =>
      ok(await setSerialStatus(deps, staffOf(request), request.params.serial, request.body.status)),
  );

  consoleRoute(
    app,
    'POST',
    '/catalog/import',
    {
      ...goods,
      operationId: 'importCatalog',
      // A spreadsheet of a few thousand rows, base64.
      bodyLimit: 10 * 1024 * 1024,
      body: ImportBody,
      reply: ImportReply,
    },
    async (request) => ok(await importCatalog(deps, staffOf(request), request.body)),
  );

  consoleDownload(
    app,
    '/catalog/export',
    {
      ...goods,
      operationId: 'exportCatalog',
      description: 'The file itself (text/csv or .xlsx); a refusal is the JSON envelope.',
      querystring: ExportQuery,
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
