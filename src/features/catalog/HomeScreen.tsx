import { Image, Text, View } from '@tarojs/components';
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
import { PagedList, usePagedList } from '../../components/paged-list';
import { useTranslation } from '../../i18n';
import { mediaUrl, openCatalogPage } from '../../platform/catalog';
import { isOk } from '../../platform/request';
import { getChannelCode } from '../../platform/storage';
import { BannerCarousel } from './BannerCarousel';
import { GoodsCardView } from './GoodsCardView';
import { openCategory, SEARCH_URL } from './links';
import './catalog.scss';

const HOT_STRIP_SIZE = 6;
const ENJOY_URL = '/pages/enjoy/enjoy';

interface HomeSections {
  banners: BannerItem[];
  categories: CategoryItem[];
  tabs: TabItem[];
  hot: GoodsCard[];
}

const EMPTY: HomeSections = { banners: [], categories: [], tabs: [], hot: [] };

/** Banners, shortcuts, tabs and hot goods; a section that fails to load is left out. */
async function loadSections(): Promise<HomeSections> {
  const channelCode = getChannelCode();
  const [banners, categories, tabs, hot] = await Promise.all([
    getBanners(channelCode),
    getHomeCategories(channelCode),
    getHomeTabs(channelCode),
    getHotGoods(1, HOT_STRIP_SIZE),
  ]);
  return {
    banners: isOk(banners) ? banners.data : [],
    categories: isOk(categories) ? categories.data : [],
    tabs: isOk(tabs) ? tabs.data : [],
    hot: isOk(hot) ? hot.data.list : [],
  };
}

/** The home page under the brand's image: search, banners, categories, hot goods, tabs. */
export function HomeScreen() {
  const { t } = useTranslation();
  const [sections, setSections] = useState<HomeSections>(EMPTY);
  const [sectionsLoaded, setSectionsLoaded] = useState(false);
  const [tabId, setTabId] = useState<number>();

  const reloadSections = useCallback(async () => {
    const next = await loadSections();
    setSections(next);
    setSectionsLoaded(true);
    setTabId((current) =>
      current !== undefined && next.tabs.some((tab) => tab.id === current)
        ? current
        : next.tabs[0]?.id,
    );
  }, []);

  useEffect(() => {
    void reloadSections();
  }, [reloadSections]);

  // The selected tab's goods; the hot goods when the brand has no tabs.
  const list = usePagedList<GoodsCard>({
    fetchPage: (pageNum, pageSize) =>
      tabId !== undefined ? getTabGoods(tabId, pageNum, pageSize) : getHotGoods(pageNum, pageSize),
    deps: [tabId],
    enabled: sectionsLoaded,
  });

  return (
    <View className="home">
      <View
        className="search-entry"
        role="search"
        aria-label={t('catalog.searchPlaceholder')}
        onClick={() => void openCatalogPage(SEARCH_URL)}
      >
        <Text className="search-entry__icon" aria-hidden>
          ⌕
        </Text>
        <Text className="search-entry__text">{t('catalog.searchPlaceholder')}</Text>
      </View>

      <BannerCarousel banners={sections.banners} />

      {sections.categories.length > 0 && (
        <View className="shortcuts" role="navigation" aria-label={t('catalog.categories')}>
          {sections.categories.slice(0, 10).map((category) => (
            <View
              key={category.id}
              className="shortcuts__item"
              role="link"
              aria-label={category.name}
              onClick={() => void openCategory(category.id)}
            >
              <Image
                className="shortcuts__icon"
                src={mediaUrl(category.icon)}
                mode="aspectFit"
                aria-label={category.name}
              />
              <Text className="shortcuts__name">{category.name}</Text>
            </View>
          ))}
        </View>
      )}

      <View
        className="enjoy-entry"
        role="link"
        aria-label={t('catalog.enjoyTitle')}
        onClick={() => void openCatalogPage(ENJOY_URL)}
      >
        <Text className="enjoy-entry__title">{t('catalog.enjoyTitle')}</Text>
        <Text className="enjoy-entry__intro">{t('catalog.enjoyIntro')}</Text>
        <Text className="enjoy-entry__more">{t('catalog.more')}</Text>
      </View>

      {sections.hot.length > 0 && tabId !== undefined && (
        <View className="section">
          <Text className="section__title" role="heading" aria-level={2}>
            {t('catalog.hotGoods')}
          </Text>
          <View className="hot-strip">
            {sections.hot.map((goods) => (
              <View key={goods.id} className="hot-strip__item">
                <GoodsCardView goods={goods} />
              </View>
            ))}
          </View>
        </View>
      )}

      {sections.tabs.length > 0 ? (
        <View className="tabs" role="tablist">
          {sections.tabs.map((tab) => (
            <View
              key={tab.id}
              role="tab"
              aria-selected={tab.id === tabId}
              className={`tabs__tab ${tab.id === tabId ? 'tabs__tab--active' : ''}`}
              onClick={() => setTabId(tab.id)}
            >
              <Text>{tab.name}</Text>
            </View>
          ))}
        </View>
      ) : (
        sectionsLoaded && (
          <Text className="section__title" role="heading" aria-level={2}>
            {t('catalog.hotGoods')}
          </Text>
        )
      )}

      <PagedList
        list={list}
        keyOf={(goods) => goods.id}
        renderItem={(goods) => <GoodsCardView goods={goods} />}
        empty={{ title: t('catalog.goodsEmpty') }}
        onRefresh={reloadSections}
      />
    </View>
  );
}
