import { Text, View } from '@tarojs/components';
import type { GoodsCard } from '@contract/api/goods';
import { getEnjoyGoods } from '../../api/goods';
import { PagedList, usePagedList } from '../../components/paged-list';
import { useTranslation } from '../../i18n';
import { FIRST_SCREEN_CARDS, GoodsCardView } from './GoodsCardView';
import './catalog.scss';
import './premium.scss';

/** Premium goods (优享好物), paged. */
export function EnjoyScreen() {
  const { t } = useTranslation();
  const list = usePagedList<GoodsCard>({ fetchPage: getEnjoyGoods });
  return (
    <View className="enjoy">
      <View className="enjoy__intro">
        <Text className="enjoy__title" role="heading" aria-level={1}>
          {t('catalog.enjoyTitle')}
        </Text>
        <Text className="enjoy__text">{t('catalog.enjoyIntro')}</Text>
      </View>
      <PagedList
        list={list}
        keyOf={(goods) => goods.id}
        renderItem={(goods, index) => (
          <GoodsCardView goods={goods} eager={index < FIRST_SCREEN_CARDS} primary={index === 0} />
        )}
        empty={{ title: t('catalog.goodsEmpty') }}
      />
    </View>
  );
}
