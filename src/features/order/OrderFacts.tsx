import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { mediaUrl } from '../../api/media';
import type { OrderDetail as Order } from '../../api/order';
import { useTranslation } from '../../i18n';
import { openPage } from '../../platform/open-page';
import { payTarget } from '../../platform/pay-target';
import { formatMoney, maskMobile } from '../../utils';
import { OrderBillsCard } from './OrderBillsCard';
import { OrderHistory } from './OrderHistory';
import {
  depositExplanation,
  depositFigures,
  depositMethodLabel,
  termKey,
  termUnitLabel,
} from './orderView';

/**
 * What the order is: address, goods and plan, deposit (what is really frozen, paid or not taken),
 * bills (to the plan), contract, and its number with the history of what happened.
 */
export function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation();
  const unit = t(termUnitLabel(order.termUnit));
  const deposit = depositFigures(order);
  const hasContract = !['PENDING_VERIFY', 'PENDING_SIGN', 'CANCELLED'].includes(order.status);
  const { address } = order;
  return (
    <>
      <View className="order-section">
        <Text className="order-section__title">{t('order.address')}</Text>
        <Text className="order-line">
          {address.name} {maskMobile(address.mobile)}
        </Text>
        <Text className="order-line order-line--muted">
          {address.province}
          {address.city}
          {address.district}
          {address.detail}
        </Text>
      </View>

      <View className="order-section">
        <View className="order-card__goods">
          <Picture
            className="order-card__cover"
            src={mediaUrl(order.cover)}
            mode="aspectFill"
            alt=""
          />
          <View className="order-card__info">
            <Text className="order-card__name">{order.goodsName}</Text>
            <Text className="order-card__sku">{order.skuText}</Text>
          </View>
        </View>
        <View className="order-row">
          <Text>{t('order.plan')}</Text>
          <Text>
            {t('order.rentPer', { amount: formatMoney(order.perPeriod), unit })}{' '}
            {t(termKey(order.term, order.termUnit), { term: order.term })}
          </Text>
        </View>
        {order.services.map((service) => (
          <View className="order-row" key={service.id}>
            <Text>{service.name}</Text>
            <Text>
              {service.priceUnit === 'period'
                ? t('order.rentPer', { amount: formatMoney(service.price), unit })
                : `¥${formatMoney(service.price)}`}
            </Text>
          </View>
        ))}
        {order.couponDiscount > 0 && (
          <View className="order-row">
            <Text>{t('order.coupon')}</Text>
            <Text className="order-row__discount">-¥{formatMoney(order.couponDiscount)}</Text>
          </View>
        )}
      </View>

      <View className="order-section deposit-card">
        <Text className="order-section__title">{t('order.deposit.title')}</Text>
        <View className="order-row">
          <Text>{t(depositMethodLabel(order.depositMethod))}</Text>
          <Text className="deposit-card__amount">
            {deposit.amount !== undefined
              ? `¥${formatMoney(deposit.amount)}`
              : t('order.deposit.notTaken')}
          </Text>
        </View>
        {deposit.waived !== undefined && deposit.frozen !== undefined && (
          <Text className="deposit-card__split">
            {t('order.deposit.split', {
              waived: formatMoney(deposit.waived),
              frozen: formatMoney(deposit.frozen),
            })}
          </Text>
        )}
        <Text className="deposit-card__explain">
          {t(depositExplanation(order.depositMethod, payTarget()))}
        </Text>
      </View>

      <OrderBillsCard order={order} />

      {hasContract && (
        <View
          className="order-section order-section--link"
          role="link"
          onClick={() =>
            void openPage(`/pages/contractPreview/contractPreview?orderId=${order.id}&view=signed`)
          }
        >
          <View className="order-section__head">
            <Text className="order-section__title">{t('order.contract')}</Text>
            <Text className="order-section__more">{t('order.view')} ›</Text>
          </View>
        </View>
      )}

      <OrderHistory order={order} />
    </>
  );
}
