import { Text, View } from '@tarojs/components';
import type { ExplainItem, ValueAddedService } from '@contract/api/goods';
import { useCallback, useEffect, useState } from 'react';
import { getGoodsExplain, getGoodsInfo } from '../../api/goods';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { registerMessages, useTranslation } from '../../i18n';
import { catalogMessages } from '@contract/i18n/zh-Hans/catalog';
import { isOk } from '../../platform/request';
import { formatMoney, idParam } from '../../utils';
import './catalog.scss';
import './product.scss';
import './premium.scss';

registerMessages(catalogMessages);

type LoadState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; goodsName: string; services: ValueAddedService[]; notes: ExplainItem[] };

/**
 * What each value-added service covers and costs: the goods' own services when opened from a
 * product (`goodsId`), and the general value-added rules either way.
 */
export function ValueAddedServicesScreen({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const goodsId = idParam(params.goodsId);
  const hasGoods = Number.isInteger(goodsId) && goodsId > 0;
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    const [info, notes] = await Promise.all([
      hasGoods ? getGoodsInfo(goodsId) : Promise.resolve(undefined),
      getGoodsExplain(hasGoods ? goodsId : undefined),
    ]);
    if ((info && !isOk(info)) || !isOk(notes)) {
      setState({ kind: 'error', message: (info && !isOk(info) ? info.msg : notes.msg) ?? '' });
      return;
    }
    setState({
      kind: 'ready',
      goodsName: info?.data.name ?? '',
      services: info?.data.services ?? [],
      notes: notes.data.filter((item) => item.kind === 'value_added'),
    });
  }, [goodsId, hasGoods]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') {
    return (
      <View className="vas">
        <Skeleton rows={3} />
        <Skeleton rows={3} />
      </View>
    );
  }
  if (state.kind === 'error') {
    return <ErrorState message={state.message} onRetry={() => void load()} />;
  }
  if (state.services.length === 0 && state.notes.length === 0) {
    return <EmptyState title={t('catalog.servicesEmpty')} />;
  }
  return (
    <View className="vas">
      <Text className="vas__intro">{t('catalog.servicesIntro')}</Text>
      {state.goodsName && <Text className="vas__goods">{state.goodsName}</Text>}
      {state.services.map((service) => (
        <View key={service.id} className="card vas__service">
          <View className="vas__head">
            <Text className="vas__name">{service.name}</Text>
            {service.required && <Text className="tag tag--brand">{t('catalog.required')}</Text>}
          </View>
          <Text className="vas__desc">{service.description}</Text>
          <Text className="vas__price">
            ¥{formatMoney(service.price)}
            {service.priceUnit === 'period' ? t('catalog.perPeriod') : t('catalog.once')}
          </Text>
        </View>
      ))}
      {state.notes.map((note) => (
        <View key={note.id} className="card explain__item">
          <Text className="explain__title">{note.title}</Text>
          <Text className="explain__content">{note.content}</Text>
        </View>
      ))}
    </View>
  );
}
