import { Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import { memo } from 'react';
import { Picture } from '../../components/picture';
import { registerMessages, useTranslation } from '../../i18n';
import { homeMessages } from '@contract/i18n/zh-Hans/home';
import { formatMoney } from '../../utils';
import { mediaUrl } from '../../api/media';
import { openPage } from '../../platform/open-page';

registerMessages(homeMessages);

export function productUrl(goodsId: number): string {
  return `/pages/commodityDetails/commodityDetails?goodsId=${goodsId}`;
}

/**
 * How many goods a list's first screen shows on a phone, as rows and as two-column cards. Their
 * pictures load at once: a lazy picture waits for layout and loads at low priority, and the
 * largest picture on the first screen is when the page looks loaded (LCP).
 */
export const FIRST_SCREEN_ROWS = 6;
export const FIRST_SCREEN_CARDS = 4;

interface GoodsViewProps {
  goods: GoodsCard;
  /** On the list's first screen: the picture loads at once, not lazily. */
  eager?: boolean;
  /** The list's first goods: its picture is fetched ahead of the others. */
  primary?: boolean;
}

/**
 * A goods card in every grid: picture, name, tags, lowest monthly rent. Memoised, as the row
 * below: a list's page re-renders for every reply that comes (home has five), and the cards
 * already drawn have not changed.
 */
export const GoodsCardView = memo(function GoodsCardView({
  goods,
  eager = false,
  primary = false,
}: GoodsViewProps) {
  const { t } = useTranslation();
  return (
    <View className="goods-card" role="link" onClick={() => void openPage(productUrl(goods.id))}>
      {/* The goods name beside it names it. */}
      <Picture
        className="goods-card__image"
        src={mediaUrl(goods.cover)}
        mode="aspectFit"
        lazyLoad={!eager}
        primary={primary}
        alt=""
      />
      <View className="goods-card__body">
        <Text className="goods-card__name">{goods.name}</Text>
        {goods.tags.length > 0 && (
          <View className="goods-card__tags">
            {goods.tags.slice(0, 2).map((tag) => (
              <Text key={tag} className="goods-card__tag">
                {tag}
              </Text>
            ))}
          </View>
        )}
        <View className="goods-card__price">
          <Text className="goods-card__rent">¥{formatMoney(goods.minRent)}</Text>
          <Text className="goods-card__unit">{t('catalog.perMonthFrom')}</Text>
        </View>
      </View>
    </View>
  );
});

/** One goods per row, picture on the left: the classify page's narrow column. */
export const GoodsRowView = memo(function GoodsRowView({
  goods,
  eager = false,
  primary = false,
}: GoodsViewProps) {
  const { t } = useTranslation();
  return (
    <View className="goods-row" role="link" onClick={() => void openPage(productUrl(goods.id))}>
      {/* The goods name beside it names it. */}
      <Picture
        className="goods-row__image"
        src={mediaUrl(goods.cover)}
        mode="aspectFit"
        lazyLoad={!eager}
        primary={primary}
        alt=""
      />
      <View className="goods-row__body">
        <Text className="goods-row__name">{goods.name}</Text>
        <Text className="goods-row__subtitle">{goods.subtitle}</Text>
        <View className="goods-card__price">
          <Text className="goods-card__rent">¥{formatMoney(goods.minRent)}</Text>
          <Text className="goods-card__unit">{t('catalog.perMonthFrom')}</Text>
        </View>
      </View>
    </View>
  );
});
