/**
 * pages/loading/loading?orderId&outTradeNo — waits for a payment's notification;
 * pages/loading/loading?orderId&kind=freeze — waits for the deposit freeze's.
 * Polls the order until the server shows the bills paid (or the order past PENDING_FREEZE), then
 * moves on; after POLL_TIMEOUT_MS it stops and says so, with a way to ask again.
 */
import { Text, View } from '@tarojs/components';
import { useCallback, useEffect } from 'react';
import { fetchPaymentState } from '../../api/pay';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState } from '../../components/states';
import { useTranslation } from '../../i18n';
import { freezeOutcome, isPaymentConfirmed, parseId, paymentUrls } from './payment-state';
import { PaymentActions } from './PaymentActions';
import { usePolling } from './use-polling';
import './payment-base.scss';
import './payment.scss';
import { replacePage } from '../../platform/navigation';

export function PaymentWaiting({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const outTradeNo = params.outTradeNo ?? '';
  const freezing = params.kind === 'freeze';
  const valid = orderId !== undefined && (freezing || outTradeNo !== '');

  const check = useCallback(async () => {
    if (orderId === undefined) return false;
    const reply = await fetchPaymentState(orderId);
    if (reply.code !== 200 || !reply.data) return false;
    return freezing
      ? freezeOutcome(reply.data) !== 'waiting'
      : isPaymentConfirmed(reply.data, outTradeNo);
  }, [orderId, outTradeNo, freezing]);
  const { state, restart } = usePolling(check, { enabled: valid });

  useEffect(() => {
    if (state !== 'done' || orderId === undefined) return;
    void replacePage(
      freezing
        ? `/pages/alipay/aliSign?orderId=${orderId}`
        : paymentUrls.result(orderId, outTradeNo),
    );
  }, [state, orderId, outTradeNo, freezing]);

  if (!valid) {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  if (state === 'timeout') {
    return (
      <View className="pay-status" role="alert">
        <View className="pay-status__icon pay-status__icon--wait" aria-hidden />
        <Text className="pay-status__title">{t('payment.waitTimeoutTitle')}</Text>
        <Text className="pay-status__text">{t('payment.waitTimeout')}</Text>
        <View className="pay-actions">
          <View
            className="pay-actions__button pay-actions__button--primary"
            role="button"
            onClick={restart}
          >
            <Text>{t('payment.checkAgain')}</Text>
          </View>
        </View>
        <PaymentActions orderId={orderId} />
      </View>
    );
  }
  return (
    <View className="pay-status" role="status" aria-busy>
      <View className="pay-status__spinner" aria-hidden />
      <Text className="pay-status__title">
        {t(freezing ? 'payment.freezeWaiting' : 'payment.waitTitle')}
      </Text>
      <Text className="pay-status__text">{t('payment.waitHint')}</Text>
    </View>
  );
}
