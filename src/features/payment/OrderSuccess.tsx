/** pages/orderSuccess/orderSuccess?orderId — the first payment arrived: the order's state now. */
import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { mediaUrl } from '../../api/media';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { formatMoney } from '../../utils';
import { parseId } from './payment-state';
import { PaymentActions } from './PaymentActions';
import { useOrder } from './use-order';
import './payment-base.scss';
import './payment.scss';

export function OrderSuccess({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const { status, data: order, retry } = useOrder(orderId);
  if (orderId === undefined) {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  if (status.state === 'loading') return <Skeleton rows={3} media="square" />;
  if (status.state === 'error' || !order) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  // What the first payment took (rent with its services, less the coupon, and a paid deposit),
  // as the server recorded it: the sum the cashier asked for.
  const paid = order.bills
    .filter((bill) => bill.status === 'paid' && (bill.kind === 'FIRST' || bill.kind === 'DEPOSIT'))
    .reduce((sum, bill) => sum + bill.paid, 0);
  const perPeriod = formatMoney(order.perPeriod);
  return (
    <View className="pay-status" role="status">
      <View className="pay-status__icon pay-status__icon--ok" aria-hidden />
      <Text className="pay-status__title">{t('payment.orderSuccessTitle')}</Text>
      <Text className="pay-status__headline">
        {t('payment.orderStatus', { status: orderStatusText(t, order) })}
      </Text>
      {paid > 0 && (
        <Text className="pay-status__amount">
          {t('payment.successAmount', { amount: formatMoney(paid) })}
        </Text>
      )}
      {order.status === 'PENDING_REVIEW' && (
        <Text className="pay-status__text">{t('payment.orderSuccessHint')}</Text>
      )}
      <View className="pay-card pay-goods">
        <Picture
          className="pay-goods__cover"
          src={mediaUrl(order.cover)}
          mode="aspectFill"
          alt=""
        />
        <View className="pay-goods__body">
          <Text className="pay-goods__name">{order.goodsName}</Text>
          <Text className="pay-goods__meta">{order.skuText}</Text>
          <Text className="pay-goods__meta pay-goods__per-period">
            {order.termUnit === 'day'
              ? t('payment.perDay', { amount: perPeriod })
              : t('payment.perMonth', { amount: perPeriod })}
          </Text>
        </View>
      </View>
      <PaymentActions orderId={orderId} />
    </View>
  );
}
