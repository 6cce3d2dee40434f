import { Text, View } from '@tarojs/components';
import type { OrderDetail as Order } from '../../api/order';
import { useTranslation } from '../../i18n';
import { reasonText } from '../../i18n/reasons';
import { eventLines } from './orderView';

/**
 * The order's number and placing time, why it was cancelled or returned, and what happened, in
 * words and figures a customer understands (no provider ids, no line twice).
 */
export function OrderHistory({ order }: { order: Order }) {
  const { t } = useTranslation();
  // A reason on the timeline names the order's own label when the catalogue has none for it.
  const labels = new Map(
    [order.cancelReason, order.returnReason]
      .filter((reason) => reason !== null)
      .map((reason) => [reason.value, reason.label]),
  );
  const reasonOf = (value: string) => reasonText(t, { value, label: labels.get(value) ?? value });
  return (
    <View className="order-section">
      <Text className="order-section__title">{t('order.info')}</Text>
      <View className="order-row">
        <Text>{t('order.numberLabel')}</Text>
        <Text>{order.orderNo}</Text>
      </View>
      <View className="order-row">
        <Text>{t('order.createdAt')}</Text>
        <Text>{order.createdAt.slice(0, 16).replace('T', ' ')}</Text>
      </View>
      {order.cancelReason && (
        <View className="order-row">
          <Text>{t('order.cancelReason')}</Text>
          <Text>{reasonText(t, order.cancelReason)}</Text>
        </View>
      )}
      {order.returnReason && (
        <View className="order-row">
          <Text>{t('order.returnReason')}</Text>
          <Text>{reasonText(t, order.returnReason)}</Text>
        </View>
      )}
      <View className="event-timeline">
        {eventLines(order.events).map((line, index) => (
          <View className="event-timeline__item" key={`${line.at}-${index}`}>
            <View className="event-timeline__dot" />
            <View className="event-timeline__body">
              <Text className="event-timeline__text">{t(line.label)}</Text>
              {line.detail && (
                <Text className="event-timeline__note">
                  {t(line.detail.key, {
                    ...line.detail.params,
                    ...(line.detail.reason !== undefined
                      ? { reason: reasonOf(line.detail.reason) }
                      : {}),
                  })}
                </Text>
              )}
            </View>
            <Text className="event-timeline__at">{line.at.slice(0, 16).replace('T', ' ')}</Text>
          </View>
        ))}
      </View>
    </View>
  );
}
