import { Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import type { BannerItem, CategoryItem, TabItem } from '@contract/api/home';
import { useCallback, useEffect, useState } from 'react';
import {
  getBanners,
  getHomeCategories,
  getHomeTabs,
  getHotGoods,
  getTabGoods,
} from '../../api/home';
import { AfterFirstPaint } from '../../components/after-first-paint';
import { PagedList, usePagedList } from '../../components/paged-list';
import { useTranslation } from '../../i18n';
import { isOk } from '../../platform/request';
import { getChannelCode } from '../../platform/storage';
import { BannerCarousel } from './BannerCarousel';
import { GoodsCardView } from './GoodsCardView';
import { HomeTabs, HotStrip, Shortcuts } from './HomeSections';
import { SEARCH_URL } from './links';
import './catalog.scss';
import { openPage } from '../../platform/open-page';

const HOT_STRIP_SIZE = 6;
const ENJOY_URL = '/pages/enjoy/enjoy';

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

      {/* Named by all it says (title, intro, 查看更多), as the goods cards are. */}
      <View className="enjoy-entry" role="link" onClick={() => void openPage(ENJOY_URL)}>
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
