import { Text, View } from '@tarojs/components';
import { useTranslation } from '../../i18n';
import { reLaunch, replacePage } from '../../platform/navigation';
import { paymentUrls } from './payment-state';

/** Where to go after a payment screen: the order (when known), my orders, home. */
export function PaymentActions({ orderId }: { orderId?: number }) {
  const { t } = useTranslation();
  return (
    <View className="pay-actions">
      {orderId !== undefined && (
        <View
          className="pay-actions__button"
          role="button"
          onClick={() => void replacePage(paymentUrls.orderDetail(orderId))}
        >
          <Text>{t('payment.viewOrder')}</Text>
        </View>
      )}
      <View
        className="pay-actions__button"
        role="button"
        onClick={() => void replacePage(paymentUrls.myOrders())}
      >
        <Text>{t('payment.myOrders')}</Text>
      </View>
      <View
        className="pay-actions__button"
        role="button"
        onClick={() => void reLaunch(paymentUrls.home())}
      >
        <Text>{t('payment.backHome')}</Text>
      </View>
    </View>
  );
}
