import { Text, View } from '@tarojs/components';
import type { CategoryItem, GoodsSort } from '@contract/api/category';
import type { GoodsCard } from '@contract/api/goods';
import { useCallback, useEffect, useState } from 'react';
import { getCategories, getCategoryGoods } from '../../api/category';
import { PagedList, usePagedList } from '../../components/paged-list';
import { ErrorState, Skeleton } from '../../components/states';
import { useTranslation, type MessageKey } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { scrollPageToTop } from '../../platform/page-scroll';
import { isOk } from '../../platform/request';
import { FIRST_SCREEN_ROWS, GoodsRowView } from './GoodsCardView';
import { useCatalogStore } from './store';
import './catalog.scss';

const SORTS: { value: GoodsSort; label: MessageKey }[] = [
  { value: 'default', label: 'catalog.sortDefault' },
  { value: 'sales', label: 'catalog.sortSales' },
  { value: 'rentAsc', label: 'catalog.sortRentAsc' },
  { value: 'rentDesc', label: 'catalog.sortRentDesc' },
];

/** Categories down the side, the chosen category's goods beside them, paged as the user scrolls. */
export function ClassifyScreen() {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<CategoryItem[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [errorMessage, setErrorMessage] = useState('');
  // The category the user chose; undefined means the first one listed. The goods of that one are
  // asked for at once, beside the category list, not one round trip after it.
  // A home shortcut may already have chosen one (taken from the store when the page shows).
  const [categoryId, setCategoryId] = useState<number | undefined>(
    () => useCatalogStore.getState().pendingCategoryId,
  );
  const [sort, setSort] = useState<GoodsSort>('default');

  const loadCategories = useCallback(async () => {
    const reply = await getCategories();
    if (!isOk(reply)) {
      setErrorMessage(reply.msg);
      // A failed refresh keeps the side bar that is already there.
      setState((current) => (current === 'ready' ? current : 'error'));
      return;
    }
    setCategories(reply.data);
    setState('ready');
    // A chosen category that is gone falls back to the first.
    setCategoryId((current) =>
      current !== undefined && reply.data.some((c) => c.id === current) ? current : undefined,
    );
  }, []);

  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);

  // A shortcut or banner on home chose a category before switching to this tab.
  usePageShow(() => {
    const pending = useCatalogStore.getState().takePendingCategory();
    if (pending !== undefined) setCategoryId(pending);
  });

  const list = usePagedList<GoodsCard>({
    fetchPage: (pageNum, pageSize) => getCategoryGoods(categoryId, pageNum, pageSize, sort),
    deps: [categoryId, sort],
  });
  const shownCategoryId = categoryId ?? categories[0]?.id;

  const pick = (id: number) => {
    if (id === shownCategoryId) return;
    setCategoryId(id);
    scrollPageToTop();
  };

  if (state === 'error') {
    return (
      <ErrorState
        message={errorMessage}
        onRetry={() => {
          setState('loading');
          void loadCategories();
        }}
      />
    );
  }
  return (
    <View className="classify">
      <View className="classify__side" role="tablist" aria-label={t('catalog.categories')}>
        {state === 'loading' && <Skeleton rows={6} />}
        {categories.map((category) => (
          <View
            key={category.id}
            role="tab"
            aria-selected={category.id === shownCategoryId}
            className={`classify__category ${category.id === shownCategoryId ? 'classify__category--active' : ''}`}
            onClick={() => pick(category.id)}
          >
            <Text>{category.name}</Text>
          </View>
        ))}
      </View>
      <View className="classify__main">
        <View className="classify__sorts">
          {SORTS.map((option) => (
            <View
              key={option.value}
              role="button"
              aria-pressed={option.value === sort}
              className={`classify__sort ${option.value === sort ? 'classify__sort--active' : ''}`}
              onClick={() => setSort(option.value)}
            >
              <Text>{t(option.label)}</Text>
            </View>
          ))}
        </View>
        <PagedList
          list={list}
          layout="rows"
          keyOf={(goods) => goods.id}
          renderItem={(goods, index) => (
            <GoodsRowView goods={goods} eager={index < FIRST_SCREEN_ROWS} primary={index === 0} />
          )}
          empty={{ title: t('catalog.goodsEmpty') }}
          onRefresh={loadCategories}
        />
      </View>
    </View>
  );
}
