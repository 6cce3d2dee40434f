/**
 * The catalogue as the storefront reads it: every read but search is served from a short-lived
 * cache (cache.ts) keyed by what the reply depends on, over the queries in repository.ts. Each
 * route file makes its own (`createCatalog`), as each held its own cache before.
 */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { GoodsSort } from '../../../contract/api/category.ts';
import type { ExplainKind } from '../../../contract/api/goods.ts';
import type { Database } from '../db/schema.ts';
import { keywordWords, queryTerms } from '../seed/search-terms.ts';
import { badRequest } from '../plugins/errors.ts';
import { createCatalogCache } from './cache.ts';
import {
  categoryGoodsPage,
  channelCategories,
  DEFAULT_PAGE_SIZE,
  defaultGoodsId,
  brandCategories,
  enjoyGoodsPage,
  goodsExplanations,
  goodsInfo,
  homeBanners,
  homeTabs,
  hotGoodsPage,
  searchGoodsPage,
  tabGoodsPage,
  type PageRequest,
} from './repository.ts';

export function createCatalog(db: Kysely<Database>, now: () => Date) {
  const cached = createCatalogCache(now);
  /** The brand's categories (its own list, else every enabled one) in the storefront's order. */
  const categories = (platform: PlatformId) =>
    cached(`categories:${platform}`, () => brandCategories(db, platform));

  return {
    categories,

    /** The categories a launch channel chose; the brand's categories when it chose none. */
    async channelCategories(channelCode: string, platform: PlatformId) {
      const chosen = await cached(`channelCategories:${channelCode}`, () =>
        channelCategories(db, channelCode),
      );
      return chosen.length > 0 ? chosen : categories(platform);
    },

    /**
     * One page of a category's goods (no category named: the first one listed; none at all:
     * an empty page); null when the category is unknown or disabled.
     */
    async categoryGoods(
      platform: PlatformId,
      query: PageRequest & { categoryId?: number; sort?: GoodsSort },
    ) {
      const { sort = 'default', pageNum, pageSize } = query;
      const categoryId = query.categoryId ?? (await categories(platform))[0]?.id;
      if (categoryId === undefined)
        return {
          list: [],
          total: 0,
          pageNum: pageNum ?? 1,
          pageSize: pageSize ?? DEFAULT_PAGE_SIZE,
        };
      return cached(`goods:${platform}:${categoryId}:${sort}:${pageNum}:${pageSize}`, () =>
        categoryGoodsPage(db, platform, categoryId, sort, query),
      );
    },

    /**
     * A goods on sale with its SKUs, plans (at the brand's rents) and services; null when
     * missing, off sale, or not sold by the brand.
     */
    goodsInfo: (goodsId: number, platform: PlatformId) =>
      cached(`info:${goodsId}:${platform}`, () => goodsInfo(db, goodsId, platform)),

    /** Explanations (see goodsExplanations); null when `goodsId` names no goods. */
    explanations: (goodsId: number | undefined, kind: ExplainKind | undefined) =>
      cached(`explain:${goodsId}:${kind}`, () => goodsExplanations(db, goodsId, kind)),

    enjoyGoods: (platform: PlatformId, page: PageRequest) =>
      cached(`enjoy:${platform}:${page.pageNum}:${page.pageSize}`, () =>
        enjoyGoodsPage(db, platform, page),
      ),

    hotGoods: (platform: PlatformId, page: PageRequest) =>
      cached(`hot:${platform}:${page.pageNum}:${page.pageSize}`, () =>
        hotGoodsPage(db, platform, page),
      ),

    /** The goods a brand opens when a link carries no goods id; undefined with none on sale. */
    defaultGoodsId: (platform: PlatformId) =>
      cached(`default:${platform}`, () => defaultGoodsId(db, platform)),

    async banners(platform: PlatformId, channelCode: string | undefined) {
      const rows = await cached(`banner:${platform}:${channelCode ?? ''}`, () =>
        homeBanners(db, platform, channelCode),
      );
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        image: row.image,
        linkType: row.link_type,
        linkValue: row.link_value,
      }));
    },

    tabs: (platform: PlatformId, channelCode: string | undefined) =>
      cached(`tab:${platform}:${channelCode ?? ''}`, () => homeTabs(db, platform, channelCode)),

    /** One page of a home tab's goods; null when the tab is not this brand's. */
    tabGoods: (platform: PlatformId, query: PageRequest & { tabId: number }) =>
      cached(`tabGoods:${platform}:${query.tabId}:${query.pageNum}:${query.pageSize}`, () =>
        tabGoodsPage(db, platform, query.tabId, query),
      ),

    /** Keyword search (not cached: the keywords are too many); 400 without a word. */
    async search(platform: PlatformId, query: PageRequest & { keyword: string }) {
      const words = keywordWords(query.keyword);
      if (words.length === 0) throw badRequest('keyword 不能为空');
      const terms = [...new Set(words.flatMap(queryTerms))];
      return searchGoodsPage(db, platform, words, terms, query);
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
