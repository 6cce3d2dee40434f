import { Text, View } from '@tarojs/components';
import { cancelAccount, fetchCancellationCheck } from '../../api/privacy';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { registerMessages, useTranslation } from '../../i18n';
import { orderStatusText } from '../../i18n/order-status';
import { privacyMessages } from '@contract/i18n/zh-Hans/privacy';
import { reLaunch } from '../../platform/navigation';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import { useSession } from '../../stores/session';
import { formatMoney } from '@contract/money';
import './cancel-account.scss';
import { useRequireLogin } from '../../stores/require-login';
import { openPage } from '../../platform/open-page';

registerMessages(privacyMessages);

/**
 * 注销账户: what goes, what the law keeps and for how long, and — while a rental runs or a bill
 * is owed — exactly which ones stand in the way. Confirming asks once more, then ends the session.
 */
/** Only for a logged-in user: anyone else is sent to log in and brought back here. */
export function CancelAccount(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <CancellationScreen /> : null;
}

function CancellationScreen() {
  const { t } = useTranslation();
  const { status, data: check, retry } = useEnvelope(null, fetchCancellationCheck);

  if (status.state === 'loading') return <Skeleton rows={6} />;
  if (status.state === 'error' || !check) {
    return (
      <ErrorState message={status.state === 'error' ? status.message : undefined} onRetry={retry} />
    );
  }
  const blocked = !check.allowed;

  const confirm = async () => {
    const sure = await confirmAction(t('privacy.cancel.confirmAsk'), {
      confirm: t('dialog.closeAccount'),
      cancel: t('common.cancel'),
      confirmColor: useBrandStore.getState().brand.themeColor,
    });
    if (!sure) return;
    const reply = await cancelAccount();
    if (reply.code !== 200) {
      // Something started meanwhile (an order, a bill): show why and what blocks it now.
      void showMessage(reply.msg);
      retry();
      return;
    }
    // The server already ended every session (a logout call would only answer 401): end this
    // one locally.
    useSession.getState().logout();
    void showToast(t('privacy.cancel.done'), { icon: 'success' });
    await reLaunch('/pages/home/home');
  };

  return (
    <View className="cancel-account">
      <View className="cancel-account__card">
        <Text className="cancel-account__text">{t('privacy.cancel.intro')}</Text>
        {check.deleted.map((line) => (
          <Text key={line} className="cancel-account__item">
            · {line}
          </Text>
        ))}
      </View>
      <View className="cancel-account__card">
        <Text className="cancel-account__text">{t('privacy.cancel.kept')}</Text>
        {check.retained.map((item) => (
          <View key={item.what} className="cancel-account__kept">
            <Text className="cancel-account__item">
              · {item.what}
              {t('privacy.cancel.keptYears', { years: item.years })}
            </Text>
            <Text className="cancel-account__why">{item.why}</Text>
          </View>
        ))}
      </View>
      {blocked && (
        <View className="cancel-account__card cancel-account__blocked" role="alert">
          <Text className="cancel-account__text">{t('privacy.cancel.blocked')}</Text>
          {check.blockers.orders.map((order) => (
            <Text
              key={`o${order.orderId}`}
              className="cancel-account__blocker"
              role="link"
              onClick={() =>
                void openPage(`/pages/orderDetail/orderDetail?orderId=${order.orderId}`)
              }
            >
              {t('privacy.cancel.blockedOrder', {
                id: order.orderId,
                goods: order.goodsName,
                status: orderStatusText(t, order),
              })}
            </Text>
          ))}
          {check.blockers.bills.map((bill) => (
            <Text
              key={`b${bill.billId}`}
              className="cancel-account__blocker"
              role="link"
              onClick={() =>
                void openPage(`/pages/orderDetail/orderDetail?orderId=${bill.orderId}`)
              }
            >
              {t('privacy.cancel.blockedBill', {
                orderId: bill.orderId,
                period: bill.period,
                amount: formatMoney(bill.outstanding),
                due: bill.dueDate,
              })}
            </Text>
          ))}
        </View>
      )}
      <SubmitButton className="cancel-account__confirm" disabled={blocked} onSubmit={confirm}>
        {t('privacy.cancel.confirm')}
      </SubmitButton>
    </View>
  );
}
