/**
 * Logistics: /pages/logisticsDetails/logisticsDetails?orderId=<id>. The shipping and return
 * waybills (each copyable) and the trace, newest first.
 */
import { Text, View } from '@tarojs/components';
import { fetchExpress } from '../../api/order';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { registerMessages, useTranslation } from '../../i18n';
import { aftersaleMessages } from '@contract/i18n/zh-Hans/aftersale';
import { copyText } from '../../platform/ui';
import { parseId, splitWaybill } from './util';
import './aftersale.scss';

registerMessages(aftersaleMessages);

function WaybillRow({ label, value }: { label: string; value: string | null }) {
  const { t } = useTranslation();
  const waybill = splitWaybill(value);
  if (!waybill) return null;
  return (
    <View className="aftersale-row">
      <Text className="aftersale-row__label">{label}</Text>
      <Text className="aftersale-row__value">
        {waybill.courier ? `${waybill.courier} ` : ''}
        {waybill.number}
      </Text>
      <View
        className="aftersale-copy"
        role="button"
        aria-label={t('aftersale.copyWaybill')}
        onClick={() => void copyText(waybill.number)}
      >
        <Text>{t('aftersale.copy')}</Text>
      </View>
    </View>
  );
}

export function Logistics({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const {
    status,
    data: express,
    retry,
  } = useEnvelope(orderId, () =>
    orderId === undefined ? t('order.notFound') : fetchExpress(orderId),
  );

  if (status.state === 'loading') return <Skeleton rows={6} />;
  if (status.state === 'error' || !express) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  const traces = express.traces.slice().reverse();
  return (
    <View className="aftersale">
      <View className="aftersale-card">
        <WaybillRow label={t('aftersale.waybill')} value={express.waybill} />
        <WaybillRow label={t('aftersale.returnWaybill')} value={express.returnWaybill} />
        {!express.waybill && !express.returnWaybill && (
          <Text className="aftersale-muted">{t('aftersale.noWaybill')}</Text>
        )}
      </View>
      <View className="aftersale-card">
        <Text className="aftersale-card__title">{t('aftersale.trace')}</Text>
        {traces.length === 0 ? (
          <EmptyState title={t('aftersale.noTrace')} />
        ) : (
          <View className="trace" role="list">
            {traces.map((trace, index) => (
              <View
                key={`${trace.at}-${index}`}
                role="listitem"
                className={`trace__item${index === 0 ? ' trace__item--latest' : ''}`}
              >
                <View className="trace__dot" />
                <View className="trace__body">
                  <Text className="trace__text">{trace.text}</Text>
                  <Text className="trace__at">{trace.at.slice(0, 16).replace('T', ' ')}</Text>
                </View>
              </View>
            ))}
          </View>
        )}
      </View>
    </View>
  );
}
