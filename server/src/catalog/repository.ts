/**
 * The catalogue's SQL: goods cards page by page (home, category, search, premium), a goods'
 * detail and explanations, categories, a brand's banners, tabs and default goods. Reads only;
 * server/src/catalog/service.ts caches them.
 */
import { buyoutTable, leaseQuote } from '../../../contract/lease/index.ts';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Page, PlatformId } from '../../../contract/http.ts';
import type { GoodsSort } from '../../../contract/api/category.ts';
import type {
  ExplainKind,
  GoodsCard,
  GoodsCondition,
  GoodsInfo,
} from '../../../contract/api/goods.ts';
import type { Database } from '../db/schema.ts';

export const DEFAULT_PAGE_SIZE = 10;

/**
 * The goods `g` is sold by the brand: it names no brands (every brand sells it) or names this
 * one (goods_brand, 0050).
 */
export const soldBy = (platform: number) =>
  sql<boolean>`(not exists (select 1 from goods_brand gb where gb.goods_id = g.id) or exists (select 1 from goods_brand gb where gb.goods_id = g.id and gb.platform = ${platform}))`;

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

/**
 * The card's "from ¥x/月" for a brand, of the goods `g`: where the brand set its own rent on any of
 * the goods' plans (goods_plan_price), the lowest monthly rent at the brand's rents (a day plan's
 * rent counted for 30 days, as goods.min_rent is: catalog-rules.ts minMonthlyRent), so the card
 * says what the product page and the checkout will charge; otherwise goods.min_rent.
 */
const brandMinRent = (platform: PlatformId) =>
  sql<number>`(case when exists (select 1 from goods_plan_price bpp inner join goods_plan bp on bp.id = bpp.plan_id where bp.goods_id = g.id and bpp.platform = ${platform}) then (select min(case when bp.term_unit = 'month' then coalesce(bpp.rent_per_period, bp.rent_per_period) else coalesce(bpp.rent_per_period, bp.rent_per_period) * 30 end) from goods_plan bp left join goods_plan_price bpp on bpp.plan_id = bp.id and bpp.platform = ${platform} where bp.goods_id = g.id) else g.min_rent end)`;

/** Goods card columns for a brand, selected from `goods` aliased as `g`. */
const cardColumns = (platform: PlatformId) =>
  [
    'g.id',
    'g.category_id',
    'g.name',
    'g.subtitle',
    'g.brand_name',
    'g.cover',
    'g.tags',
    brandMinRent(platform).as('min_rent'),
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

function toGoodsCard(row: CardRow): GoodsCard {
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
async function goodsPage<DB extends Database, TB extends keyof DB>(
  platform: PlatformId,
  base: SelectQueryBuilder<DB, TB, object>,
  page: PageRequest,
  order: (query: SelectQueryBuilder<DB, TB, CardRow>) => SelectQueryBuilder<DB, TB, CardRow>,
): Promise<Page<GoodsCard>> {
  const pageNum = page.pageNum ?? 1;
  const pageSize = page.pageSize ?? DEFAULT_PAGE_SIZE;
  // Kysely cannot prove that `g` is in TB for a generic TB; every caller selects from goods as g.
  const withCards = base.select(cardColumns(platform) as never) as unknown as SelectQueryBuilder<
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

/** A goods the brand sells, with its SKUs, plans at the brand's rents, and services. */
export async function goodsInfo(
  db: Kysely<Database>,
  goodsId: number,
  platform: PlatformId,
): Promise<GoodsInfo | null> {
  const goods = await db
    .selectFrom('goods as g')
    .innerJoin('category as c', 'c.id', 'g.category_id')
    .select([
      ...cardColumns(platform),
      'g.images',
      'g.detail_images',
      'g.description',
      'c.name as category_name',
    ])
    .where('g.id', '=', goodsId)
    .where('g.on_sale', '=', true)
    .where(soldBy(platform))
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
    planRows(db, platform).where('p.goods_id', '=', goodsId).execute(),
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
    description: goods.description,
    images: goods.images,
    detailImages: goods.detail_images,
    skus: skus.map((sku) => ({ ...sku, condition: sku.condition as GoodsCondition })),
    plans: plans.map((row) => {
      const plan = {
        termUnit: row.term_unit,
        term: row.term,
        rentPerPeriod: row.rent_per_period,
        firstPayment: row.first_payment,
        deposit: row.deposit,
        buyoutPrices: row.buyout_prices,
      };
      // The lease quote's figures: the schedule's rent, and buy-out prices as they would be
      // charged (never above the SKU's market value less the rent paid).
      const marketPrice = skus.find((sku) => sku.id === row.sku_id)?.price ?? 0;
      return {
        id: row.id,
        skuId: row.sku_id,
        ...plan,
        totalRent: leaseQuote({ plan, services: [], marketPrice, depositMethod: 'waived' })
          .totalRent,
        buyoutPrices: buyoutTable(plan, marketPrice),
      };
    }),
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

/** Plan `p`'s rent per period as the brand offers it: its own (`pp`, goods_plan_price) if set. */
export const brandRentPerPeriod = sql<number>`coalesce(pp.rent_per_period, p.rent_per_period)`;
/** Plan `p`'s first payment at the brand's rent: one period's on a monthly plan, else the term's. */
export const brandFirstPayment = sql<number>`case when pp.rent_per_period is null then p.first_payment when p.term_unit = 'month' then pp.rent_per_period else pp.rent_per_period * p.term end`;

/**
 * Plans as a brand offers them: its own rent per period where it set one (goods_plan_price),
 * and then the first payment, which is one period's rent on a monthly plan and the whole term's
 * on a daily one.
 */
export function planRows(db: Kysely<Database> | Transaction<Database>, platform: number) {
  return db
    .selectFrom('goods_plan as p')
    .leftJoin('goods_plan_price as pp', (join) =>
      join.onRef('pp.plan_id', '=', 'p.id').on('pp.platform', '=', platform),
    )
    .select([
      'p.id',
      'p.sku_id',
      'p.term_unit',
      'p.term',
      brandRentPerPeriod.as('rent_per_period'),
      brandFirstPayment.as('first_payment'),
      'p.deposit',
      'p.buyout_prices',
    ])
    .orderBy('p.sku_id')
    .orderBy('p.sort')
    .orderBy('p.id');
}

/**
 * The brand's categories: its own list (0045, the console's editor) of enabled categories in its
 * order, when it has one; else every enabled category.
 */
export async function brandCategories(db: Kysely<Database>, platform: PlatformId) {
  const own = await db
    .selectFrom('brand_category as bc')
    .innerJoin('category as c', 'c.id', 'bc.category_id')
    .select(['c.id', 'c.name', 'c.icon'])
    .where('bc.platform', '=', platform)
    .where('c.enabled', '=', true)
    .orderBy('bc.sort')
    .orderBy('c.id')
    .execute();
  if (own.length > 0) return own;
  const any = await db
    .selectFrom('brand_category')
    .select('category_id')
    .where('platform', '=', platform)
    .limit(1)
    .executeTakeFirst();
  // A brand whose chosen categories are all disabled shows none rather than every one.
  return any ? [] : enabledCategories(db);
}

/** Categories a launch channel chose to show, in its order (none: the channel chose none). */
export function channelCategories(db: Kysely<Database>, channelCode: string) {
  return db
    .selectFrom('category_channel as cc')
    .innerJoin('category as c', 'c.id', 'cc.category_id')
    .select(['c.id', 'c.name', 'c.icon'])
    .where('cc.channel_code', '=', channelCode)
    .where('c.enabled', '=', true)
    .orderBy('cc.sort')
    .orderBy('c.id')
    .execute();
}

/**
 * Every goods' general explanations, plus the goods' own when `goodsId` is given (null when
 * that goods does not exist); only one kind when `kind` is given.
 */
export async function goodsExplanations(
  db: Kysely<Database>,
  goodsId: number | undefined,
  kind: ExplainKind | undefined,
) {
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
      : query.where((eb) => eb.or([eb('goods_id', 'is', null), eb('goods_id', '=', goodsId)]));
  if (kind) query = query.where('kind', '=', kind);
  return query.execute();
}

/**
 * The brand's own list (0045, the console's editor) in the merchant's order, when it has one;
 * undefined when it has none (the shared list then).
 */
async function brandListPage(
  db: Kysely<Database>,
  platform: PlatformId,
  list: 'hot' | 'enjoy',
  page: PageRequest,
): Promise<Page<GoodsCard> | undefined> {
  const own = await db
    .selectFrom('brand_goods_list')
    .select('goods_id')
    .where('platform', '=', platform)
    .where('list', '=', list)
    .limit(1)
    .executeTakeFirst();
  if (!own) return undefined;
  const base = db
    .selectFrom('brand_goods_list as bl')
    .innerJoin('goods as g', 'g.id', 'bl.goods_id')
    .where('bl.platform', '=', platform)
    .where('bl.list', '=', list)
    .where('g.on_sale', '=', true)
    .where(soldBy(platform));
  return goodsPage(platform, base, page, (q) => q.orderBy('bl.sort').orderBy('g.id'));
}

/** Premium goods on sale: the brand's own list, else the shared one in the merchant's order. */
export async function enjoyGoodsPage(
  db: Kysely<Database>,
  platform: PlatformId,
  page: PageRequest,
) {
  const own = await brandListPage(db, platform, 'enjoy', page);
  if (own) return own;
  const base = db
    .selectFrom('goods as g')
    .where('g.is_enjoy', '=', true)
    .where('g.on_sale', '=', true)
    .where(soldBy(platform));
  return goodsPage(platform, base, page, (q) => q.orderBy('g.sort').orderBy('g.id'));
}

/** Hot goods on sale: the brand's own list in its order, else the shared one, best sellers first. */
export async function hotGoodsPage(db: Kysely<Database>, platform: PlatformId, page: PageRequest) {
  const own = await brandListPage(db, platform, 'hot', page);
  if (own) return own;
  const base = db
    .selectFrom('goods as g')
    .where('g.is_hot', '=', true)
    .where('g.on_sale', '=', true)
    .where(soldBy(platform));
  return goodsPage(platform, base, page, (q) => q.orderBy('g.sales', 'desc').orderBy('g.id'));
}

/** One page of an enabled category's goods on sale in `sort` order; null: no such category. */
export async function categoryGoodsPage(
  db: Kysely<Database>,
  platform: PlatformId,
  categoryId: number,
  sort: GoodsSort,
  page: PageRequest,
): Promise<Page<GoodsCard> | null> {
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
    .where('g.on_sale', '=', true)
    .where(soldBy(platform));
  return goodsPage(platform, base, page, (q) => {
    switch (sort) {
      case 'sales':
        return q.orderBy('g.sales', 'desc').orderBy('g.id');
      case 'rentAsc':
        return q.orderBy(brandMinRent(platform)).orderBy('g.id');
      case 'rentDesc':
        return q.orderBy(brandMinRent(platform), 'desc').orderBy('g.id');
      default:
        return q.orderBy('g.sort').orderBy('g.id');
    }
  });
}

/** The brand's default goods if on sale, else the best seller; undefined with none on sale. */
export async function defaultGoodsId(
  db: Kysely<Database>,
  platform: PlatformId,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('default_goods as d')
    .innerJoin('goods as g', 'g.id', 'd.goods_id')
    .select('d.goods_id')
    .where('d.platform', '=', platform)
    .where('g.on_sale', '=', true)
    .where(soldBy(platform))
    .executeTakeFirst();
  if (row) return row.goods_id;
  // A brand without its own default (or whose default went off sale) opens the best seller.
  const best = await db
    .selectFrom('goods as g')
    .select('g.id')
    .where('g.on_sale', '=', true)
    .where(soldBy(platform))
    .orderBy('g.sales', 'desc')
    .orderBy('g.id')
    .executeTakeFirst();
  return best?.id;
}

/** The brand's enabled banners for a launch channel: the channel's own first, then everyone's. */
export function homeBanners(
  db: Kysely<Database>,
  platform: PlatformId,
  channelCode: string | undefined,
) {
  return (
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
      .execute()
  );
}

/** The brand's home tabs for a launch channel: the channel's own first, then everyone's. */
export function homeTabs(
  db: Kysely<Database>,
  platform: PlatformId,
  channelCode: string | undefined,
) {
  return db
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
    .execute();
}

/** One page of a home tab's goods on sale; null when the tab is not this brand's. */
export async function tabGoodsPage(
  db: Kysely<Database>,
  platform: PlatformId,
  tabId: number,
  page: PageRequest,
): Promise<Page<GoodsCard> | null> {
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
    .where('g.on_sale', '=', true)
    .where(soldBy(platform));
  return goodsPage(platform, base, page, (q) => q.orderBy('tg.sort').orderBy('g.id'));
}

/**
 * Goods on sale whose search text holds every word, best sellers first. `terms` are the words'
 * index terms (character pairs): the index finds candidates holding all of them, and the
 * substring check confirms each word's order.
 */
export function searchGoodsPage(
  db: Kysely<Database>,
  platform: PlatformId,
  words: string[],
  terms: string[],
  page: PageRequest,
) {
  let base = db
    .selectFrom('goods as g')
    .where('g.on_sale', '=', true)
    .where(soldBy(platform))
    .where('g.id', 'in', (eb) =>
      eb
        .selectFrom('goods_search_term')
        .select('goods_id')
        .where('term', 'in', terms)
        .groupBy('goods_id')
        .having((h) => h.fn.countAll(), '=', terms.length),
    );
  for (const word of words) base = base.where(sql<number>`strpos(g.search_text, ${word})`, '>', 0);
  return goodsPage(platform, base, page, (q) => q.orderBy('g.sales', 'desc').orderBy('g.id'));
}
