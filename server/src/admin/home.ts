/**
 * The console's home-page editor (issue 37): a brand's banners, home tabs with their goods, and
 * hot words. Each write is one transaction with its audit row (before/after), then the catalogue
 * caches are dropped everywhere (catalog/cache.ts), so the storefront shows it on its next read.
 * Bad input is refused with the field named and writes nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type {
  AdminBanner,
  AdminHomeTab,
  BannerInput,
  SaveHomeTabsBody,
  SaveHotWordsBody,
} from '../../../contract/admin/home.ts';
import { routeMessages } from '../../../contract/i18n/zh-Hans/routes.ts';
import { publishCatalogChange } from '../catalog/changes.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { appendAudit, type StaffActor } from './audit.ts';
import { authorise } from './guard.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The storefront's pages a banner may open (src/routes.ts builds its table from the same keys). */
export const STOREFRONT_PAGES: readonly string[] = Object.keys(routeMessages).map((key) =>
  key.slice('route.'.length),
);

/**
 * Whether an https page may be a banner's link: the rule of the storefront's web-view
 * (src/platform/navigation.ts isAllowedWebUrl): https, no credentials or port, the host exactly
 * one of the allowed hosts as WHATWG URL parsing reads it.
 */
export function isAllowedWebLink(url: string, hosts: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port)
      return false;
    return hosts.includes(parsed.hostname.toLowerCase());
  } catch {
    return false;
  }
}

async function existingId(db: Db, table: 'goods' | 'category', id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The banner's link, checked against what the storefront can open; 400 naming the field. */
async function checkBannerLink(deps: AppDeps, input: BannerInput): Promise<string> {
  const value = input.linkValue.trim();
  switch (input.linkType) {
    case 'none':
      return '';
    case 'goods':
    case 'category': {
      const id = /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;
      if (!id || id > 2 ** 31 - 1 || !(await existingId(deps.db, input.linkType, id)))
        throw badRequest(
          `linkValue: ${input.linkType === 'goods' ? '商品' : '分类'} ${value || '(空)'} 不存在`,
        );
      return String(id);
    }
    case 'page': {
      const [pagePath = '', query] = value.replace(/^\//, '').split('?', 2);
      if (!STOREFRONT_PAGES.includes(pagePath))
        throw badRequest(`linkValue: 商城没有页面 ${pagePath || '(空)'}`);
      if (query !== undefined && !/^[A-Za-z0-9_.~%=&-]*$/.test(query))
        throw badRequest('linkValue: 页面参数只能含字母、数字和 =&%._~-');
      return query ? `${pagePath}?${query}` : pagePath;
    }
    case 'web': {
      const hosts = deps.config.images.bannerLinkHosts;
      if (!isAllowedWebLink(value, hosts))
        throw badRequest(
          hosts.length === 0
            ? 'linkValue: 未配置允许的外链域名（TARO_APP_WEBVIEW_HOSTS），不能链接到外部网页'
            : `linkValue: 只能链接到 https://${hosts.join('、https://')} 上的网页`,
        );
      return new URL(value).href;
    }
  }
}

type BannerRow = {
  id: number;
  platform: number;
  title: string;
  image: string;
  link_type: AdminBanner['linkType'];
  link_value: string;
  sort: number;
  enabled: boolean;
};

const toBanner = (row: BannerRow): AdminBanner => ({
  id: row.id,
  platform: row.platform,
  title: row.title,
  image: row.image,
  linkType: row.link_type,
  linkValue: row.link_value,
  sort: row.sort,
  enabled: row.enabled,
});

const BANNER_COLUMNS = [
  'id',
  'platform',
  'title',
  'image',
  'link_type',
  'link_value',
  'sort',
  'enabled',
] as const;

/** The brand's banners for every channel (the ones the console edits), in the storefront's order. */
export async function listBanners(db: Kysely<Database>, actor: StaffActor, platform: number) {
  authorise(actor, 'home.manage', platform);
  const rows = await db
    .selectFrom('banner')
    .select(BANNER_COLUMNS)
    .where('platform', '=', platform)
    .where('channel_code', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(toBanner);
}

async function bannerOf(db: Db, id: number): Promise<AdminBanner> {
  const row = await db
    .selectFrom('banner')
    .select(BANNER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('轮播图不存在');
  return toBanner(row);
}

/** Adds (`id` undefined) or changes a banner of a brand the account may act for. */
export async function saveBanner(
  deps: AppDeps,
  actor: StaffActor,
  id: number | undefined,
  input: BannerInput,
): Promise<AdminBanner> {
  authorise(actor, 'home.manage', input.platform);
  const before = id === undefined ? null : await bannerOf(deps.db, id);
  // Moving a banner to another brand needs both brands.
  if (before) authorise(actor, 'home.manage', before.platform);
  const linkValue = await checkBannerLink(deps, input);
  const values = {
    platform: input.platform,
    title: input.title,
    image: input.image,
    link_type: input.linkType,
    link_value: linkValue,
    sort: input.sort ?? before?.sort ?? 0,
    enabled: input.enabled ?? before?.enabled ?? true,
  };
  const saved = await deps.db.transaction().execute(async (trx) => {
    const row = before
      ? await trx
          .updateTable('banner')
          .set(values)
          .where('id', '=', before.id)
          .returning(BANNER_COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('banner')
          .values(values)
          .returning(BANNER_COLUMNS)
          .executeTakeFirstOrThrow();
    const after = toBanner(row);
    await appendAudit(
      trx,
      actor,
      {
        platform: input.platform,
        action: before ? 'home.banner.update' : 'home.banner.create',
        targetType: 'banner',
        targetId: after.id,
        before,
        after,
      },
      deps.now(),
    );
    return after;
  });
  await publishCatalogChange(deps.db);
  return saved;
}

export async function deleteBanner(deps: AppDeps, actor: StaffActor, id: number): Promise<void> {
  const before = await bannerOf(deps.db, id);
  authorise(actor, 'home.manage', before.platform);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('banner').where('id', '=', id).execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: before.platform,
        action: 'home.banner.delete',
        targetType: 'banner',
        targetId: id,
        before,
      },
      deps.now(),
    );
  });
  await publishCatalogChange(deps.db);
}

async function tabsOf(db: Db, platform: number): Promise<AdminHomeTab[]> {
  const tabs = await db
    .selectFrom('home_tab')
    .select(['id', 'name'])
    .where('platform', '=', platform)
    .where('channel_code', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  if (tabs.length === 0) return [];
  const goods = await db
    .selectFrom('home_tab_goods')
    .select(['tab_id', 'goods_id'])
    .where(
      'tab_id',
      'in',
      tabs.map((tab) => tab.id),
    )
    .orderBy('sort')
    .orderBy('goods_id')
    .execute();
  return tabs.map((tab) => ({
    id: tab.id,
    name: tab.name,
    goodsIds: goods.filter((row) => row.tab_id === tab.id).map((row) => row.goods_id),
  }));
}

export async function listHomeTabs(db: Kysely<Database>, actor: StaffActor, platform: number) {
  authorise(actor, 'home.manage', platform);
  return tabsOf(db, platform);
}

/**
 * Replaces the brand's home tabs (every channel's) with `body.tabs` in that order: a tab with an
 * `id` keeps it (the storefront's links to it stay valid), one without is added, one left out is
 * removed. Every goods must exist; a tab id must be this brand's.
 */
export async function saveHomeTabs(
  deps: AppDeps,
  actor: StaffActor,
  body: SaveHomeTabsBody,
): Promise<AdminHomeTab[]> {
  authorise(actor, 'home.manage', body.platform);
  const before = await tabsOf(deps.db, body.platform);
  const known = new Set(before.map((tab) => tab.id));
  body.tabs.forEach((tab, index) => {
    if (tab.id !== undefined && !known.has(tab.id))
      throw badRequest(`tabs[${index}].id: 栏目 ${tab.id} 不属于该品牌`);
  });
  const goodsIds = [...new Set(body.tabs.flatMap((tab) => tab.goodsIds))];
  if (goodsIds.length > 0) {
    const found = await deps.db
      .selectFrom('goods')
      .select('id')
      .where('id', 'in', goodsIds)
      .execute();
    const foundIds = new Set(found.map((row) => row.id));
    const missing = goodsIds.filter((id) => !foundIds.has(id));
    if (missing.length > 0) throw badRequest(`goodsIds: 商品 ${missing.join('、')} 不存在`);
  }
  const after = await deps.db.transaction().execute(async (trx) => {
    const kept = new Set(body.tabs.flatMap((tab) => (tab.id === undefined ? [] : [tab.id])));
    const removed = before.filter((tab) => !kept.has(tab.id)).map((tab) => tab.id);
    if (removed.length > 0) await trx.deleteFrom('home_tab').where('id', 'in', removed).execute();
    for (const [sort, tab] of body.tabs.entries()) {
      const id =
        tab.id ??
        (
          await trx
            .insertInto('home_tab')
            .values({ platform: body.platform, channel_code: null, name: tab.name, sort })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      if (tab.id !== undefined)
        await trx
          .updateTable('home_tab')
          .set({ name: tab.name, sort })
          .where('id', '=', id)
          .execute();
      await trx.deleteFrom('home_tab_goods').where('tab_id', '=', id).execute();
      if (tab.goodsIds.length > 0)
        await trx
          .insertInto('home_tab_goods')
          .values(
            tab.goodsIds.map((goodsId, index) => ({ tab_id: id, goods_id: goodsId, sort: index })),
          )
          .execute();
    }
    const saved = await tabsOf(trx, body.platform);
    await appendAudit(
      trx,
      actor,
      {
        platform: body.platform,
        action: 'home.tabs.save',
        targetType: 'home_tabs',
        targetId: body.platform,
        before: { tabs: before },
        after: { tabs: saved },
      },
      deps.now(),
    );
    return saved;
  });
  await publishCatalogChange(deps.db);
  return after;
}

async function hotWordsOf(db: Db, platform: number): Promise<string[]> {
  const rows = await db
    .selectFrom('hot_keyword')
    .select('keyword')
    .where('platform', '=', platform)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.keyword);
}

export async function listHotWords(db: Kysely<Database>, actor: StaffActor, platform: number) {
  authorise(actor, 'home.manage', platform);
  return { words: await hotWordsOf(db, platform) };
}

/** Replaces the brand's own hot words (the search box's suggestions) with `body.words`. */
export async function saveHotWords(deps: AppDeps, actor: StaffActor, body: SaveHotWordsBody) {
  authorise(actor, 'home.manage', body.platform);
  const words = body.words.map((word) => word.trim());
  words.forEach((word, index) => {
    if (!word) throw badRequest(`words[${index}]: 热词不能为空白`);
  });
  if (new Set(words).size !== words.length) throw badRequest('words: 热词有重复');
  const saved = await deps.db.transaction().execute(async (trx) => {
    const before = await hotWordsOf(trx, body.platform);
    await trx.deleteFrom('hot_keyword').where('platform', '=', body.platform).execute();
    if (words.length > 0)
      await trx
        .insertInto('hot_keyword')
        .values(words.map((keyword, sort) => ({ platform: body.platform, keyword, sort })))
        .execute();
    await appendAudit(
      trx,
      actor,
      {
        platform: body.platform,
        action: 'home.hotwords.save',
        targetType: 'hot_words',
        targetId: body.platform,
        before: { words: before },
        after: { words },
      },
      deps.now(),
    );
    return { words };
  });
  await publishCatalogChange(deps.db);
  return saved;
}
