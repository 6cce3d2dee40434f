/**
 * Seeds the demo data set into an empty database: the catalogue (categories, goods, SKUs, plans,
 * services, explanations), the home page per brand and channel (banners, tabs), hot keywords,
 * dictionary, express companies, customer-service questions and phones, then the coupons.
 * Runs in one transaction, so a half-seeded database never happens.
 */
import { BRAND_RECORDS } from '../../../contract/brands/records.ts';
import { sql, type Kysely } from 'kysely';
import { PLATFORM_IDS } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';
import {
  BANNERS,
  DEMO_CHANNELS,
  DICTIONARY,
  EXPRESS_COMPANIES,
  HOT_KEYWORDS,
  QUESTION_TYPES,
  SERVICE_WORK_TIME,
  type DeviceShape,
} from './catalog-data.ts';
import {
  bannerImage,
  brandBannerKeys,
  buildCatalogRows,
  type CatalogRows,
} from './catalog-build.ts';
import { seedCoupons } from './coupons.ts';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const BATCH = 500;

async function insertAll<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    // Rows come from buildCatalogRows, typed against the same tables; Kysely's generic insert
    // type cannot follow a table name chosen at run time.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
  }
}

/** Explicit ids were inserted: move each identity past them so later inserts do not collide. */
async function syncIdentity(db: Kysely<Database>, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
    db,
  );
}

const TAB_LAYOUT: readonly { name: string; categories: DeviceShape[] | 'hot' | 'enjoy' }[] = [
  { name: '热租推荐', categories: 'hot' },
  { name: '手机平板', categories: ['phone', 'tablet', 'watch'] },
  { name: '电脑办公', categories: ['laptop', 'projector'] },
  { name: '影音娱乐', categories: ['camera', 'console', 'drone', 'headphones', 'vr'] },
];

const ENJOY_TAB = '臻享好物';
const CHANNEL_TAB = '抖音专享';

/** Every home tab's name (the served languages translate them: i18n/content-sources.ts). */
export const HOME_TAB_NAMES: readonly string[] = [
  ...TAB_LAYOUT.map((tab) => tab.name),
  ENJOY_TAB,
  CHANNEL_TAB,
];

const DEFAULT_GOODS_ROTATION = [
  'iphone-16-pro',
  'huawei-mate-70-pro',
  'macbook-air-13-m3',
  'switch-oled',
  'dji-mini-4-pro',
];

async function seedHome(db: Kysely<Database>, rows: CatalogRows): Promise<void> {
  const linkValue = (banner: (typeof BANNERS)[number]): string => {
    if (banner.linkType === 'goods') return String(rows.goodsIdBySlug.get(banner.link) ?? '');
    if (banner.linkType === 'category') {
      return String(rows.categoryIdByKey.get(banner.link as DeviceShape) ?? '');
    }
    return banner.link;
  };
  const bannerRows: Record<string, unknown>[] = [];
  for (const platform of PLATFORM_IDS) {
    brandBannerKeys(platform).forEach((key, sort) => {
      const banner = BANNERS.find((b) => b.key === key);
      if (!banner) return;
      bannerRows.push({
        platform,
        channel_code: null,
        title: banner.title,
        image: bannerImage(banner.key),
        link_type: banner.linkType,
        link_value: linkValue(banner),
        sort,
      });
    });
    // Channel landing banners come before the brand's own.
    const channelBanners: Record<(typeof DEMO_CHANNELS)[number], string> = {
      douyin: 'new-phone',
      xhs: 'travel-camera',
    };
    for (const channel of DEMO_CHANNELS) {
      const banner = BANNERS.find((b) => b.key === channelBanners[channel]);
      if (!banner) continue;
      bannerRows.push({
        platform,
        channel_code: channel,
        title: `${channel === 'douyin' ? '抖音' : '小红书'}专享 · ${banner.title}`,
        image: bannerImage(banner.key),
        link_type: banner.linkType,
        link_value: linkValue(banner),
        sort: -1,
      });
    }
  }
  await insertAll(db, 'banner', bannerRows);

  const goodsByCategory = new Map<number, number[]>();
  for (const goods of rows.goods) {
    const list = goodsByCategory.get(goods.category_id) ?? [];
    list.push(goods.id);
    goodsByCategory.set(goods.category_id, list);
  }
  const hotIds = [...rows.goods]
    .filter((g) => g.is_hot)
    .sort((a, b) => b.sales - a.sales || a.id - b.id)
    .map((g) => g.id);
  const enjoyIds = rows.goods.filter((g) => g.is_enjoy).map((g) => g.id);
  const tabGoodsIds = (categories: DeviceShape[] | 'hot' | 'enjoy'): number[] => {
    if (categories === 'hot') return hotIds;
    if (categories === 'enjoy') return enjoyIds;
    return categories.flatMap(
      (key) => goodsByCategory.get(rows.categoryIdByKey.get(key) ?? 0) ?? [],
    );
  };

  const tabGoodsRows: { tab_id: number; goods_id: number; sort: number }[] = [];
  let tabId = 0;
  const tabRows: Record<string, unknown>[] = [];
  const addTab = (
    platform: number,
    channel: string | null,
    name: string,
    sort: number,
    goodsIds: number[],
  ) => {
    tabId += 1;
    tabRows.push({ id: tabId, platform, channel_code: channel, name, sort });
    goodsIds.forEach((goodsId, i) =>
      tabGoodsRows.push({ tab_id: tabId, goods_id: goodsId, sort: i }),
    );
  };
  for (const platform of PLATFORM_IDS) {
    // Even brands lead with computers, odd with phones: brands differ, each stays stable.
    const layout =
      platform % 2 === 0
        ? [TAB_LAYOUT[0], TAB_LAYOUT[2], TAB_LAYOUT[1], TAB_LAYOUT[3]]
        : TAB_LAYOUT;
    layout.forEach((tab, sort) =>
      addTab(platform, null, tab.name, sort, tabGoodsIds(tab.categories)),
    );
    if (platform === 9) addTab(platform, null, ENJOY_TAB, layout.length, tabGoodsIds('enjoy'));
    addTab(platform, 'douyin', CHANNEL_TAB, -1, tabGoodsIds(['phone', 'drone']).slice(0, 12));
  }
  await insertAll(db, 'home_tab', tabRows);
  await insertAll(db, 'home_tab_goods', tabGoodsRows);
  await syncIdentity(db, 'home_tab');

  await insertAll(
    db,
    'default_goods',
    PLATFORM_IDS.map((platform) => ({
      platform,
      goods_id: rows.goodsIdBySlug.get(
        DEFAULT_GOODS_ROTATION[(platform - 1) % DEFAULT_GOODS_ROTATION.length],
      ),
    })),
  );
}

async function seedReference(db: Kysely<Database>): Promise<void> {
  await insertAll(
    db,
    'hot_keyword',
    HOT_KEYWORDS.map((keyword, sort) => ({ platform: null, keyword, sort })),
  );
  // Brand 9's own keyword shows that per-brand keywords come first.
  await insertAll(db, 'hot_keyword', [{ platform: 9, keyword: '臻享好物', sort: -1 }]);
  await insertAll(
    db,
    'dictionary',
    Object.entries(DICTIONARY).flatMap(([dictType, entries]) =>
      entries.map(([label, value], sort) => ({ dict_type: dictType, label, value, sort })),
    ),
  );
  await insertAll(
    db,
    'express_company',
    EXPRESS_COMPANIES.map(([code, name, phone], sort) => ({ code, name, phone, sort })),
  );
  let questionTypeId = 0;
  const questionRows: Record<string, unknown>[] = [];
  await insertAll(
    db,
    'service_question_type',
    QUESTION_TYPES.map((type, sort) => {
      questionTypeId += 1;
      type.questions.forEach(([question, answer], i) =>
        questionRows.push({ type_id: questionTypeId, question, answer, sort: i }),
      );
      return { id: questionTypeId, name: type.name, icon: type.icon, sort };
    }),
  );
  await insertAll(db, 'service_question', questionRows);
  await syncIdentity(db, 'service_question_type');
  await insertAll(
    db,
    'service_phone',
    PLATFORM_IDS.map((platform) => ({
      platform,
      // The brand's own customer-service line, from the one brand record the storefront shows.
      phone: BRAND_RECORDS[platform - 1].userPhone,
      work_time: SERVICE_WORK_TIME,
    })),
  );
}

export async function seedCatalog(db: Kysely<Database>): Promise<void> {
  const rows = buildCatalogRows();
  await insertAll(db, 'category', rows.categories);
  await insertAll(db, 'category_channel', rows.categoryChannels);
  await insertAll(db, 'value_added_service', rows.services);
  await insertAll(db, 'goods', rows.goods);
  await insertAll(db, 'goods_search_term', rows.searchTerms);
  await insertAll(db, 'goods_sku', rows.skus);
  await insertAll(db, 'goods_plan', rows.plans);
  await insertAll(db, 'goods_value_added_service', rows.goodsServices);
  await insertAll(db, 'goods_explain', rows.explains);
  for (const table of ['category', 'value_added_service', 'goods', 'goods_sku', 'goods_plan']) {
    await syncIdentity(db, table);
  }
  await seedHome(db, rows);
  await seedReference(db);
}

/** Seeds the demo data when the catalogue is empty; returns whether it seeded. */
export async function seedIfEmpty(db: Kysely<Database>): Promise<boolean> {
  const existing = await db.selectFrom('category').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await db.transaction().execute(async (trx) => {
    await seedCatalog(trx);
    // The console, imports and the stock page name SKUs by code (0050_catalog_management.sql).
    await sql`update goods_sku set code = 'SKU-' || id where code is null`.execute(trx);
    await seedCoupons(trx);
  });
  return true;
}
