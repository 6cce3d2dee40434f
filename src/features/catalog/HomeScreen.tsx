import { Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import type { BannerItem, CategoryItem, TabItem } from '@contract/api/home';
import { memo, useCallback, useEffect, useState } from 'react';
import {
  getBanners,
  getHomeCategories,
  getHomeTabs,
  getHotGoods,
  getTabGoods,
} from '../../api/home';
import { AfterFirstPaint } from '../../components/after-first-paint';
import { PagedList, usePagedList, useRevealedCount } from '../../components/paged-list';
import { Picture } from '../../components/picture';
import { SkeletonBlock } from '../../components/states';
import { useTranslation } from '../../i18n';
import { isOk } from '../../platform/request';
import { getChannelCode } from '../../platform/storage';
import { BannerCarousel } from './BannerCarousel';
import { GoodsCardView } from './GoodsCardView';
import { openCategory, SEARCH_URL } from './links';
import './catalog.scss';
import { mediaUrl } from '../../api/media';
import { openPage } from '../../platform/open-page';

const HOT_STRIP_SIZE = 6;
/** The most category shortcuts the home shows: two rows of five. */
const MAX_SHORTCUTS = 10;
/** Placeholder cards in the hot strip and tabs in the tab row while they load. */
const HOT_PLACEHOLDERS = 3;
const TAB_PLACEHOLDERS = 4;
const ENJOY_URL = '/pages/enjoy/enjoy';

/**
 * Keys of `count` placeholders. Not numbers: React would reuse a placeholder as the item whose
 * id equals its key, and that element would jump to the item's place (a layout shift).
 */
const slots = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => `slot-${from + index}`);

/*
 * While the home's sections load, each one draws placeholders in a box of its loaded size, so
 * nothing below moves when the data arrives (layout shift); a section that turns out empty is
 * left out once loaded. `undefined` means still loading. Each is memoised: the home re-renders
 * for each of its five replies, and a section whose data has not changed need not be drawn again.
 */

function ShortcutSlot() {
  return (
    <View className="shortcuts__slot" aria-hidden>
      <SkeletonBlock className="shortcuts__icon shortcuts__icon--placeholder" />
      <SkeletonBlock className="shortcuts__name-placeholder" />
    </View>
  );
}

const Shortcuts = memo(function Shortcuts({
  categories,
}: {
  categories: CategoryItem[] | undefined;
}) {
  const { t } = useTranslation();
  const shown = categories?.slice(0, MAX_SHORTCUTS) ?? [];
  // H5 draws them a slice per task (the hook says why); the rest keep their slots meanwhile, so
  // the grid keeps its two rows.
  const drawn = useRevealedCount(shown.length);
  if (!categories) {
    return (
      <View className="shortcuts" aria-hidden>
        {slots(MAX_SHORTCUTS).map((key) => (
          <ShortcutSlot key={key} />
        ))}
      </View>
    );
  }
  if (categories.length === 0) return null;
  return (
    <View className="shortcuts" role="navigation" aria-label={t('catalog.categories')}>
      {shown.slice(0, drawn).map((category) => (
        <View
          key={category.id}
          className="shortcuts__item"
          role="link"
          aria-label={category.name}
          onClick={() => void openCategory(category.id)}
        >
          {/* The name under it says what it is. */}
          <Picture
            className="shortcuts__icon"
            src={mediaUrl(category.icon)}
            mode="aspectFit"
            alt=""
          />
          <Text className="shortcuts__name">{category.name}</Text>
        </View>
      ))}
      {/* Keyed by their cell: a slot that moved to another cell would count as a layout shift. */}
      {slots(shown.length - drawn, drawn).map((key) => (
        <ShortcutSlot key={key} />
      ))}
    </View>
  );
});

const HotStrip = memo(function HotStrip({ goods }: { goods: GoodsCard[] | undefined }) {
  const { t } = useTranslation();
  // A slice per task on H5; cards are added on the right of a row of fixed height.
  const drawn = useRevealedCount(goods?.length ?? 0);
  if (goods?.length === 0) return null;
  return (
    <View className="section" aria-hidden={goods ? undefined : true}>
      <Text className="section__title" role="heading" aria-level={2}>
        {t('catalog.hotGoods')}
      </Text>
      <View className="hot-strip">
        {goods
          ? goods.slice(0, drawn).map((item) => (
              <View key={item.id} className="hot-strip__item">
                <GoodsCardView goods={item} />
              </View>
            ))
          : slots(HOT_PLACEHOLDERS).map((key) => (
              <SkeletonBlock key={key} className="hot-strip__slot" />
            ))}
      </View>
    </View>
  );
});

const HomeTabs = memo(function HomeTabs({
  tabs,
  selected,
  onSelect,
}: {
  tabs: TabItem[] | undefined;
  selected: number | undefined;
  onSelect: (tabId: number) => void;
}) {
  if (!tabs) {
    return (
      <View className="tabs" aria-hidden>
        {slots(TAB_PLACEHOLDERS).map((key) => (
          <View key={key} className="tabs__slot">
            <SkeletonBlock className="tabs__name-placeholder" />
          </View>
        ))}
      </View>
    );
  }
  return (
    <View className="tabs" role="tablist">
      {tabs.map((tab) => (
        <View
          key={tab.id}
          role="tab"
          aria-selected={tab.id === selected}
          className={`tabs__tab ${tab.id === selected ? 'tabs__tab--active' : ''}`}
          onClick={() => onSelect(tab.id)}
        >
          <Text>{tab.name}</Text>
        </View>
      ))}
    </View>
  );
});

/** The home page under the brand's image: search, banners, categories, hot goods, tabs. */
export function HomeScreen() {
  const { t } = useTranslation();
  // Each section undefined while it loads; a section that fails to load is left out ([]).
  const [banners, setBanners] = useState<BannerItem[]>();
  const [categories, setCategories] = useState<CategoryItem[]>();
  const [tabs, setTabs] = useState<TabItem[]>();
  const [hot, setHot] = useState<GoodsCard[]>();
  const [tabId, setTabId] = useState<number>();

  // Each section is drawn when its own reply comes: four short renders, not one long one after
  // the slowest reply (a long task the page cannot answer a tap in).
  const reloadSections = useCallback(async () => {
    const channelCode = getChannelCode();
    await Promise.all([
      getBanners(channelCode).then((reply) => setBanners(isOk(reply) ? reply.data : [])),
      getHomeCategories(channelCode).then((reply) => setCategories(isOk(reply) ? reply.data : [])),
      getHomeTabs(channelCode).then((reply) => {
        const next = isOk(reply) ? reply.data : [];
        setTabs(next);
        setTabId((current) =>
          current !== undefined && next.some((tab) => tab.id === current) ? current : next[0]?.id,
        );
      }),
      getHotGoods(1, HOT_STRIP_SIZE).then((reply) => setHot(isOk(reply) ? reply.data.list : [])),
    ]);
  }, []);

  useEffect(() => {
    void reloadSections();
  }, [reloadSections]);

  // The selected tab's goods; the hot goods when the brand has no tabs.
  const list = usePagedList<GoodsCard>({
    fetchPage: (pageNum, pageSize) =>
      tabId !== undefined ? getTabGoods(tabId, pageNum, pageSize) : getHotGoods(pageNum, pageSize),
    deps: [tabId],
    enabled: tabs !== undefined,
  });

  // Without tabs the list below is the hot goods itself, under its own heading.
  const withTabs = tabs === undefined || tabs.length > 0;

  return (
    <View className="home">
      <View
        className="search-entry"
        role="search"
        aria-label={t('catalog.searchPlaceholder')}
        onClick={() => void openPage(SEARCH_URL)}
      >
        <Text className="search-entry__icon" aria-hidden>
          ⌕
        </Text>
        <Text className="search-entry__text">{t('catalog.searchPlaceholder')}</Text>
      </View>

      <BannerCarousel banners={banners} />

      <Shortcuts categories={categories} />

      <View
        className="enjoy-entry"
        role="link"
        aria-label={t('catalog.enjoyTitle')}
        onClick={() => void openPage(ENJOY_URL)}
      >
        <Text className="enjoy-entry__title">{t('catalog.enjoyTitle')}</Text>
        <Text className="enjoy-entry__intro">{t('catalog.enjoyIntro')}</Text>
        <Text className="enjoy-entry__more">{t('catalog.more')}</Text>
      </View>

      {/* Below the first screen: drawn in the task after the first paint. */}
      <AfterFirstPaint>
        {withTabs && <HotStrip goods={hot} />}

        {withTabs ? (
          <HomeTabs tabs={tabs} selected={tabId} onSelect={setTabId} />
        ) : (
          <Text className="section__title" role="heading" aria-level={2}>
            {t('catalog.hotGoods')}
          </Text>
        )}

        <PagedList
          list={list}
          keyOf={(goods) => goods.id}
          renderItem={(goods) => <GoodsCardView goods={goods} />}
          empty={{ title: t('catalog.goodsEmpty') }}
          onRefresh={reloadSections}
        />
      </AfterFirstPaint>
    </View>
  );
}
