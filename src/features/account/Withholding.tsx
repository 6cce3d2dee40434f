import { Text, View } from '@tarojs/components';
import { cancelWithholding, fetchWithholding, type WithholdingItem } from '../../api/privacy';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { SubmitButton } from '../../components/form';
import { registerMessages, useTranslation } from '../../i18n';
import { privacyMessages } from '@contract/i18n/zh-Hans/privacy';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import './cancel-account.scss';
import { useRequireLogin } from '../../stores/require-login';

registerMessages(privacyMessages);

/** 自动扣款授权: each order's withholding agreement, its card, and a way to cancel it. */
/** Only for a logged-in user: anyone else is sent to log in and brought back here. */
export function Withholding(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <WithholdingAgreements /> : null;
}

function WithholdingAgreements() {
  const { t } = useTranslation();
  const { status, data: items, setData: setItems, refresh } = useEnvelope(null, fetchWithholding);

  if (status.state === 'loading') return <Skeleton rows={4} />;
  if (status.state === 'error' || !items)
    return (
      <ErrorState
        message={status.state === 'error' ? status.message : undefined}
        onRetry={() => void refresh()}
      />
    );
  if (items.length === 0) return <EmptyState title={t('privacy.withholding.none')} />;

  const cancel = async (item: WithholdingItem) => {
    const sure = await confirmAction(t('privacy.withholding.confirmAsk'), {
      confirm: t('dialog.unbind'),
      cancel: t('common.cancel'),
      confirmColor: useBrandStore.getState().brand.themeColor,
    });
    if (!sure) return;
    const reply = await cancelWithholding(item.orderId);
    if (reply.code !== 200 || !Array.isArray(reply.data)) {
      void showMessage(reply.msg);
      return;
    }
    setItems(reply.data);
    void showToast(t('privacy.withholding.cancelled'), { icon: 'success' });
  };

  return (
    <View className="cancel-account">
      <Text className="cancel-account__why">{t('privacy.withholding.hint')}</Text>
      {items.map((item) => (
        <View key={item.orderId} className="cancel-account__card withholding-item">
          <Text className="cancel-account__text">{item.goodsName}</Text>
          <Text className="cancel-account__item">
            {t('privacy.withholding.card', { bank: item.bankName, card: item.cardNoMasked })}
          </Text>
          <Text className="cancel-account__item">
            {t('privacy.withholding.order', { id: item.orderId, date: item.signedAt.slice(0, 10) })}
          </Text>
          {item.cancelledAt ? (
            <Text className="cancel-account__why" role="status">
              {t('privacy.withholding.cancelledOn', { date: item.cancelledAt.slice(0, 10) })}
              {' · '}
              {t(
                item.revokedAt
                  ? 'privacy.withholding.bankRevoked'
                  : 'privacy.withholding.bankPending',
              )}
            </Text>
          ) : (
            <SubmitButton onSubmit={() => cancel(item)}>
              {t('privacy.withholding.cancel')}
            </SubmitButton>
          )}
        </View>
      ))}
    </View>
  );
}
