/**
 * Goods detail (SKUs, plans, services), explanation text, premium goods and a brand's default
 * goods. Also exports the goods-card query every catalogue list shares (home, category, search).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Page } from '../../../contract/http.ts';
import {
  DefaultGoodsReply,
  ExplainQuery,
  ExplainReply,
  GoodsInfoParams,
  GoodsInfoReply,
  GoodsPageReply,
  PageQuery,
  type GoodsCard,
  type GoodsCondition,
  type GoodsInfo,
} from '../../../contract/api/goods.ts';
import type { Database } from '../db/schema.ts';
import { notFound, ok } from '../plugins/errors.ts';

export const DEFAULT_PAGE_SIZE = 10;

/** How long a catalogue read is served from memory: a catalogue change shows within this. */
export const CATALOG_CACHE_TTL_MS = 5_000;
const CATALOG_CACHE_MAX_ENTRIES = 5_000;

export type CatalogCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A short-lived in-process cache for catalogue reads, which are the same for every visitor.
 * It keeps the pending promise, so a burst of misses for one key runs one query; failures are
 * not kept. Bounded: the oldest entry goes when full. `now` is the app's clock (tests move it).
 */
/** Enabled categories in the order the storefront lists them (home shortcuts, classify). */
export function enabledCategories(db: Kysely<Database>) {
  return db
    .selectFrom('category')
    .select(['id', 'name', 'icon'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function createCatalogCache(now: () => Date): CatalogCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const time = now().getTime();
    const hit = entries.get(key);
    if (hit && hit.expires > time) return hit.value as Promise<T>;
    if (hit) entries.delete(key);
    const value = load();
    entries.set(key, { expires: time + CATALOG_CACHE_TTL_MS, value });
    if (entries.size > CATALOG_CACHE_MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** Goods card columns, selected from `goods` aliased as `g`. */
const CARD_COLUMNS = [
  'g.id',
  'g.category_id',
  'g.name',
  'g.subtitle',
  'g.brand_name',
  'g.cover',
  'g.tags',
  'g.min_rent',
  'g.market_price',
  'g.sales',
  'g.is_enjoy',
] as const;

interface CardRow {
  id: number;
  category_id: number;
  name: string;
  subtitle: string;
  brand_name: string;
  cover: string;
  tags: string[];
  min_rent: number;
  market_price: number;
  sales: number;
  is_enjoy: boolean;
}

export function toGoodsCard(row: CardRow): GoodsCard {
  return {
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    subtitle: row.subtitle,
    brandName: row.brand_name,
    cover: row.cover,
    tags: row.tags,
    minRent: row.min_rent,
    marketPrice: row.market_price,
    sales: row.sales,
    isEnjoy: row.is_enjoy,
  };
}

export interface PageRequest {
  pageNum?: number;
  pageSize?: number;
}

/**
 * One page of goods cards: `base` filters (and may join), `order` sorts the page. Counting and
 * listing are two indexed queries; a stable tie-break on id keeps pages from overlapping.
 */
export async function goodsPage<DB extends Database, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
  page: PageRequest,
  order: (query: SelectQueryBuilder<DB, TB, CardRow>) => SelectQueryBuilder<DB, TB, CardRow>,
): Promise<Page<GoodsCard>> {
  const pageNum = page.pageNum ?? 1;
  const pageSize = page.pageSize ?? DEFAULT_PAGE_SIZE;
  // Kysely cannot prove that `g` is in TB for a generic TB; every caller selects from goods as g.
  const withCards = base.select(CARD_COLUMNS as never) as unknown as SelectQueryBuilder<
    DB,
    TB,
    CardRow
  >;
  const counted = base.select((eb) => eb.fn.countAll<number>().as('total')) as unknown as {
    executeTakeFirstOrThrow(): Promise<{ total: number }>;
  };
  const [{ total }, rows] = await Promise.all([
    counted.executeTakeFirstOrThrow(),
    order(withCards)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
  ]);
  return { list: rows.map(toGoodsCard), total, pageNum, pageSize };
}

export async function goodsInfo(db: Kysely<Database>, goodsId: number): Promise<GoodsInfo | null> {
  const goods = await db
    .selectFrom('goods as g')
    .innerJoin('category as c', 'c.id', 'g.category_id')
    .select([...CARD_COLUMNS, 'g.images', 'g.detail_images', 'c.name as category_name'])
    .where('g.id', '=', goodsId)
    .where('g.on_sale', '=', true)
    .executeTakeFirst();
  if (!goods) return null;
  const [skus, plans, services] = await Promise.all([
    db
      .selectFrom('goods_sku')
      .select(['id', 'color', 'capacity', 'condition', 'price', 'stock', 'image'])
      .where('goods_id', '=', goodsId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('goods_plan')
      .select([
        'id',
        'sku_id',
        'term_unit',
        'term',
        'rent_per_period',
        'first_payment',
        'deposit',
        'buyout_prices',
      ])
      .where('goods_id', '=', goodsId)
      .orderBy('sku_id')
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('goods_value_added_service as gs')
      .innerJoin('value_added_service as s', 's.id', 'gs.service_id')
      .select(['s.id', 's.name', 's.description', 's.price', 's.price_unit', 's.required'])
      .where('gs.goods_id', '=', goodsId)
      .orderBy('s.sort')
      .orderBy('s.id')
      .execute(),
  ]);
  return {
    ...toGoodsCard(goods),
    categoryName: goods.category_name,
    images: goods.images,
    detailImages: goods.detail_images,
    skus: skus.map((sku) => ({ ...sku, condition: sku.condition as GoodsCondition })),
    plans: plans.map((plan) => ({
      id: plan.id,
      skuId: plan.sku_id,
      termUnit: plan.term_unit,
      term: plan.term,
      rentPerPeriod: plan.rent_per_period,
      firstPayment: plan.first_payment,
      deposit: plan.deposit,
      totalRent: plan.rent_per_period * plan.term,
      buyoutPrices: plan.buyout_prices,
    })),
    services: services.map((service) => ({
      id: service.id,
      name: service.name,
      description: service.description,
      price: service.price,
      priceUnit: service.price_unit,
      required: service.required,
    })),
  };
}

const goodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const cached = createCatalogCache(app.deps.now);

  app.get(
    '/info/:id',
    { schema: { params: GoodsInfoParams, response: { 200: GoodsInfoReply } } },
    async (request) => {
      const { id } = request.params;
      const info = await cached(`info:${id}`, () => goodsInfo(db, id));
      if (!info) throw notFound('商品不存在或已下架');
      return ok(info);
    },
  );

  app.get(
    '/explain',
    { schema: { querystring: ExplainQuery, response: { 200: ExplainReply } } },
    async (request) => {
      const { goodsId, kind } = request.query;
      const items = await cached(`explain:${goodsId}:${kind}`, async () => {
        if (goodsId !== undefined) {
          const exists = await db
            .selectFrom('goods')
            .select('id')
            .where('id', '=', goodsId)
            .executeTakeFirst();
          if (!exists) return null;
        }
        let query = db
          .selectFrom('goods_explain')
          .select(['id', 'kind', 'title', 'content'])
          .orderBy('sort')
          .orderBy('id');
        query =
          goodsId === undefined
            ? query.where('goods_id', 'is', null)
            : query.where((eb) =>
                eb.or([eb('goods_id', 'is', null), eb('goods_id', '=', goodsId)]),
              );
        if (kind) query = query.where('kind', '=', kind);
        return query.execute();
      });
      if (!items) throw notFound('商品不存在或已下架');
      return ok(items);
    },
  );

  app.get(
    '/enjoyList',
    { schema: { querystring: PageQuery, response: { 200: GoodsPageReply } } },
    async (request) => {
      const { pageNum, pageSize } = request.query;
      const base = db
        .selectFrom('goods as g')
        .where('g.is_enjoy', '=', true)
        .where('g.on_sale', '=', true);
      return ok(
        await cached(`enjoy:${pageNum}:${pageSize}`, () =>
          goodsPage(base, request.query, (q) => q.orderBy('g.sort').orderBy('g.id')),
        ),
      );
    },
  );

  app.get(
    '/getDefaultGoodsId',
    { schema: { response: { 200: DefaultGoodsReply } } },
    async (request) => {
      const platform = request.platform;
      const goodsId = await cached(`default:${platform}`, async () => {
        const row = await db
          .selectFrom('default_goods as d')
          .innerJoin('goods as g', 'g.id', 'd.goods_id')
          .select('d.goods_id')
          .where('d.platform', '=', platform)
          .where('g.on_sale', '=', true)
          .executeTakeFirst();
        if (row) return row.goods_id;
        // A brand without its own default (or whose default went off sale) opens the best seller.
        const best = await db
          .selectFrom('goods')
          .select('id')
          .where('on_sale', '=', true)
          .orderBy('sales', 'desc')
          .orderBy('id')
          .executeTakeFirst();
        return best?.id;
      });
      if (goodsId === undefined) throw notFound('暂无商品');
      return ok({ goodsId });
    },
  );
};

export default goodsRoutes;
