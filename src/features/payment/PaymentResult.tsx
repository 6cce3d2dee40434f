/**
 * pages/paymentResult/paymentResult?outTradeNo&orderId&status=success|fail|cancel — where the
 * cashier returns. A failure or cancel goes to orderFailed. "success" is only the cashier's word:
 * the screen shows paid once the server has the notification (else it waits on the loading page);
 * a first payment then goes on to orderSuccess.
 */
import { Text, View } from '@tarojs/components';
import { useEffect, useMemo } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { formatMoney } from '../../utils';
import {
  billLabel,
  billsPaidBy,
  parseId,
  parseReason,
  paymentUrls,
  wasFirstPayment,
} from './payment-state';
import { PaymentActions } from './PaymentActions';
import { useOrder } from './use-order';
import './payment-base.scss';
import './payment.scss';
import { replacePage } from '../../platform/navigation';

export function PaymentResult({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const outTradeNo = params.outTradeNo ?? '';
  const succeeded = params.status === 'success';
  const { status, data: order, retry } = useOrder(succeeded ? orderId : undefined);
  const paid = useMemo(
    () => (status.state === 'ready' && order ? billsPaidBy(order, outTradeNo) : []),
    [status.state, order, outTradeNo],
  );

  useEffect(() => {
    if (orderId === undefined || outTradeNo === '') return;
    if (!succeeded) {
      void replacePage(paymentUrls.failed(orderId, outTradeNo, parseReason(params.status)));
      return;
    }
    if (status.state !== 'ready') return;
    if (paid.length === 0) void replacePage(paymentUrls.waitPayment(orderId, outTradeNo));
    else if (wasFirstPayment(paid)) void replacePage(paymentUrls.success(orderId));
  }, [orderId, outTradeNo, succeeded, params.status, status.state, paid]);

  if (orderId === undefined || outTradeNo === '') {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  // A failure or cancel is on its way to orderFailed (nothing was asked).
  if (!succeeded) return <Skeleton rows={3} />;
  if (status.state === 'error') {
    return <ErrorState message={status.message} onRetry={retry} />;
  }
  if (status.state === 'loading' || !order || paid.length === 0 || wasFirstPayment(paid)) {
    return <Skeleton rows={3} />;
  }
  const amount = paid.reduce((sum, bill) => sum + bill.paid, 0);
  return (
    <View className="pay-status" role="status">
      <View className="pay-status__icon pay-status__icon--ok" aria-hidden />
      <Text className="pay-status__title">{t('payment.successTitle')}</Text>
      <Text className="pay-status__amount">
        {t('payment.successAmount', { amount: formatMoney(amount) })}
      </Text>
      <View className="pay-card pay-status__bills">
        {paid.map((bill) => {
          const [key, labelParams] = billLabel(bill);
          return (
            <View key={bill.id} className="pay-bill">
              <Text className="pay-bill__label">{t(key, labelParams)}</Text>
              <Text className="pay-bill__amount">¥{formatMoney(bill.paid)}</Text>
            </View>
          );
        })}
      </View>
      <Text className="pay-status__text">
        {t('payment.orderStatus', { status: orderStatusText(t, order) })}
      </Text>
      <PaymentActions orderId={orderId} />
    </View>
  );
}
