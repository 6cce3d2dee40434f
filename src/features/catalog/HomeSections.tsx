import { Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import type { CategoryItem, TabItem } from '@contract/api/home';
import { memo } from 'react';
import { mediaUrl } from '../../api/media';
import { useRevealedCount } from '../../components/paged-list';
import { Picture } from '../../components/picture';
import { SkeletonBlock } from '../../components/states';
import { useTranslation } from '../../i18n';
import { GoodsCardView } from './GoodsCardView';
import { openCategory } from './links';

/** The most category shortcuts the home shows: two rows of five. */
const MAX_SHORTCUTS = 10;
/** Placeholder cards in the hot strip and tabs in the tab row while they load. */
const HOT_PLACEHOLDERS = 3;
const TAB_PLACEHOLDERS = 4;

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

export const Shortcuts = memo(function Shortcuts({
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

export const HotStrip = memo(function HotStrip({ goods }: { goods: GoodsCard[] | undefined }) {
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

export const HomeTabs = memo(function HomeTabs({
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
