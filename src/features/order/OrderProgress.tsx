import { Text, View } from '@tarojs/components';
import type { OrderDetail as Order } from '../../api/order';
import { useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { currentStep, orderHint, rentalTimeline, STEPS, today } from './orderView';

/** Where the order stands: its status and hint, the steps so far, and the rental's dates. */
export function OrderProgress({ order }: { order: Order }) {
  const { t } = useTranslation();
  const step = currentStep(order.status);
  const timeline = rentalTimeline(order, today());
  return (
    <>
      <View className="order-detail__hero">
        <Text className="order-detail__status" role="heading" aria-level={2}>
          {orderStatusText(t, order)}
        </Text>
        <Text className="order-detail__hint">{t(orderHint(order))}</Text>
      </View>

      {step !== undefined && (
        <View className="order-steps" aria-label={t('order.stepsLabel')}>
          {STEPS.map((label, index) => (
            <View
              key={label}
              className={`order-steps__item${index <= step ? ' order-steps__item--done' : ''}${
                index === step ? ' order-steps__item--current' : ''
              }`}
            >
              <View className="order-steps__dot" />
              <Text className="order-steps__label">{t(label)}</Text>
            </View>
          ))}
        </View>
      )}

      {(order.startDate || timeline[0].reached) && (
        <View className="order-section">
          <Text className="order-section__title">{t('order.timeline.title')}</Text>
          <View className="rental-timeline">
            {timeline.map((point) => (
              <View
                key={point.label}
                className={`rental-timeline__point${point.reached ? ' rental-timeline__point--on' : ''}`}
              >
                <View className="rental-timeline__dot" />
                <Text className="rental-timeline__label">{t(point.label)}</Text>
                <Text className="rental-timeline__date">{point.date ?? '--'}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
    </>
  );
}
