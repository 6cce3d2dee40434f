/**
 * pages/alipay/aliSign?orderId — the deposit's Alipay fund authorisation (freeze): what is frozen
 * and why, start it (refreeze starts or returns the running one), then wait for the provider's
 * notification on the loading page, which comes back here; once frozen, go on to pay.
 */
import { Text, View } from '@tarojs/components';
import { useRef, useState } from 'react';
import { startFreeze, switchToPaidDeposit } from '../../api/pay';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { authorizeFreeze, confirmPayScore } from '../../platform/payment';
import { showMessage } from '../../platform/ui';
import { newIdempotencyKey } from '../../platform/request';
import { formatMoney } from '../../utils';
import { freezeOutcome, parseId, paymentUrls } from './payment-state';
import { PaymentActions } from './PaymentActions';
import { useOrder } from './use-order';
import './payment-base.scss';
import './payment.scss';
import { replacePage } from '../../platform/navigation';

export function AliSign({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const orderId = parseId(params.orderId);
  const { status, data: order, retry } = useOrder(orderId);
  const key = useRef(newIdempotencyKey());
  const [refusal, setRefusal] = useState('');

  if (orderId === undefined) {
    return <EmptyState title={t('payment.missingOrder')} action={<PaymentActions />} />;
  }
  if (status.state === 'loading') return <Skeleton rows={4} />;
  if (status.state === 'error' || !order) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  const outcome = freezeOutcome(order);
  // WeChat Pay Score: the deposit is waived once the user confirms in WeChat.
  const payScore = order.depositMethod === 'payscore';
  const freeze = async () => {
    const reply = await startFreeze(orderId, key.current);
    if (reply.code !== 200 || !reply.data) {
      // Pay Score refused: its words are shown, and the deposit can be paid instead.
      if (payScore) setRefusal(reply.msg);
      throw new Error(reply.msg);
    }
    if (reply.data.payScore) {
      key.current = newIdempotencyKey();
      const result = await confirmPayScore(reply.data.payScore);
      if (result.status !== 'pending') {
        void showMessage(t('payment.payScoreCancelled'));
        return;
      }
      await replacePage(paymentUrls.waitFreeze(orderId));
      return;
    }
    // A failed freeze leaves the order waiting: the next tap is a new attempt.
    key.current = newIdempotencyKey();
    if (reply.data.orderStr) {
      // Live Alipay: the user authorises in the wallet; the order moves only on Alipay's
      // notification, so every answer but cancel/failure goes to the waiting page.
      const result = await authorizeFreeze(reply.data.orderStr);
      if (
        result.status === 'cancelled' ||
        result.status === 'failed' ||
        result.status === 'unavailable'
      ) {
        void showMessage(
          t(result.status === 'cancelled' ? 'payment.freezeCancelled' : 'payment.freezeFailed'),
        );
        return;
      }
      if (result.status === 'pending') void showMessage(t('payment.freezePending'));
    }
    await replacePage(paymentUrls.waitFreeze(orderId));
  };

  return (
    <View className="pay-screen">
      <View className="pay-card pay-freeze">
        <Text className="pay-card__title">
          {t(payScore ? 'payment.payScoreTitle' : 'payment.freezeTitle')}
        </Text>
        <Text className="pay-card__sub">{order.goodsName}</Text>
        {payScore ? (
          <Text className="pay-freeze__explain">
            {t('payment.payScoreExplain', { amount: formatMoney(order.deposit) })}
          </Text>
        ) : (
          <>
            <Text className="pay-freeze__amount">
              {t('payment.freezeAmount', { amount: formatMoney(order.deposit) })}
            </Text>
            <Text className="pay-freeze__explain">{t('payment.freezeExplain')}</Text>
          </>
        )}
      </View>
      {!!refusal && (
        <Text className="pay-notice" role="alert">
          {refusal}
        </Text>
      )}
      {outcome === 'frozen' && (
        <View className="pay-card pay-freeze__done" role="status">
          <Text className="pay-freeze__done-text">
            {t(payScore ? 'payment.payScoreDone' : 'payment.freezeDone')}
          </Text>
          {!!order.depositAuthorisation?.waived && (
            <Text className="pay-card__sub">
              {t('payment.freezeWaived', {
                waived: formatMoney(order.depositAuthorisation.waived),
                frozen: formatMoney(
                  order.depositAuthorisation.frozen ??
                    order.depositAuthorisation.amount - order.depositAuthorisation.waived,
                ),
              })}
            </Text>
          )}
          <Text className="pay-card__sub">
            {t('payment.orderStatus', { status: orderStatusText(t, order) })}
          </Text>
        </View>
      )}
      {outcome === 'not-needed' && (
        <Text className="pay-notice" role="status">
          {t('payment.freezeNotNeeded', { status: orderStatusText(t, order) })}
        </Text>
      )}
      <View className="pay-footer">
        {outcome === 'waiting' && !refusal && (
          <SubmitButton onSubmit={freeze} pendingText={t('payment.freezeWaiting')}>
            {t(payScore ? 'payment.payScoreStart' : 'payment.freezeStart')}
          </SubmitButton>
        )}
        {outcome === 'waiting' && order.actions.includes('switchDeposit') && (
          <SubmitButton
            onSubmit={async () => {
              const reply = await switchToPaidDeposit(orderId);
              if (reply.code !== 200) throw new Error(reply.msg);
              await replacePage(paymentUrls.firstPay(orderId));
            }}
          >
            {t('payment.payScoreSwitch')}
          </SubmitButton>
        )}
        {outcome === 'frozen' && order.actions.includes('pay') && (
          <SubmitButton onSubmit={() => replacePage(paymentUrls.firstPay(orderId))}>
            {t('payment.toPay')}
          </SubmitButton>
        )}
        {outcome !== 'waiting' && !order.actions.includes('pay') && (
          <PaymentActions orderId={orderId} />
        )}
      </View>
    </View>
  );
}
