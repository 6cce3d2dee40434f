/**
 * pages/orderFailed/orderFailed?orderId&outTradeNo&reason=fail|cancel|timeout — the payment did
 * not go through: why, the order's state from the server, and a retry that opens a new payment
 * for the same bills (remembered with the trade; else what the order owes now) while the order
 * still allows paying.
 */
import { Text, View } from '@tarojs/components';
import type { PageBodyProps } from '../../components/page-frame';
import { SubmitButton } from '../../components/form';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation, type MessageKey } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { newIdempotencyKey } from '../../platform/request';
import { parseId, parseReason, type FailReason } from './payment-state';
import { PaymentActions } from './PaymentActions';
import { startPayment } from './start-payment';
import { useOrder } from './use-order';
import './payment-base.scss';
import './payment.scss';
import { recallPayment } from './pending-payments';

const REASON_TEXT: Record<FailReason, MessageKey> = {
  fail: 'payment.reasonFail',
  cancel: 'payment.reasonCancel',
  timeout: 'payment.reasonTimeout',
  network: 'payment.reasonNetwork',
};

export function OrderFailed({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const outTradeNo = params.outTradeNo ?? '';
  const reason = parseReason(params.reason);
  const { status, data: order, retry: retryLoad } = useOrder(orderId);

  if (orderId === undefined) {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  if (status.state === 'loading') return <Skeleton rows={3} />;
  if (status.state === 'error' || !order) {
    return (
      <ErrorState
        message={status.state === 'error' ? status.message : undefined}
        onRetry={retryLoad}
      />
    );
  }
  const canPay = order.actions.includes('pay') || order.actions.includes('payBills');
  const retry = () =>
    startPayment({
      orderId,
      billIds: recallPayment(outTradeNo)?.billIds ?? [],
      // A retry is a new intent: a new payment, never the failed one replayed.
      idempotencyKey: newIdempotencyKey(),
      previousTrade: outTradeNo || undefined,
    });

  return (
    <View className="pay-status" role="alert">
      <View className="pay-status__icon pay-status__icon--fail" aria-hidden />
      <Text className="pay-status__title">{t('payment.failTitle')}</Text>
      <Text className="pay-status__text">{t(REASON_TEXT[reason])}</Text>
      <Text className="pay-status__headline">
        {t('payment.orderStatus', { status: orderStatusText(t, order) })}
      </Text>
      {canPay && (
        <View className="pay-footer pay-footer--inline">
          <SubmitButton onSubmit={retry} pendingText={t('payment.opening')}>
            {t('payment.retry')}
          </SubmitButton>
        </View>
      )}
      <PaymentActions orderId={orderId} />
    </View>
  );
}
