import { RichText, Text, View } from '@tarojs/components';
import { fetchContract } from '../../api/contract';
import { ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { registerMessages, useTranslation } from '../../i18n';
import { verifyMessages } from '@contract/i18n/zh-Hans/verify';
import './verification.scss';

registerMessages(verifyMessages);

/**
 * contractPreview?orderId=<id>&view=signed — the order's contract to read, as it stands: the signed
 * text with its number and signing time (the order detail's 租赁合同 查看). Nothing to tick or
 * sign, and no step to move on to, whatever state the order is in.
 */
export function SignedContract({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const { status, data: contract, retry } = useEnvelope(orderId, () => fetchContract(orderId));

  if (status.state === 'error') {
    return <ErrorState message={status.message || t('verify.loadFailed')} onRetry={retry} />;
  }
  return (
    <View className="verify verify__body">
      <View className="verify-card">
        <Text className="verify-card__title" role="heading" aria-level={2}>
          {t('verify.contract.title')}
        </Text>
        {contract && (
          <Text className="verify-card__hint" role="status">
            {contract.status === 'signed'
              ? t('verify.contract.signedOn', {
                  number: contract.contractNo ?? '',
                  date: (contract.signedAt ?? '').slice(0, 16).replace('T', ' '),
                })
              : t('verify.contract.notSigned')}
          </Text>
        )}
        {contract ? (
          <View className="verify-contract" aria-label={t('verify.contract.title')}>
            <RichText nodes={contract.html} />
          </View>
        ) : (
          <View className="verify-contract verify-contract--loading">
            <Skeleton rows={12} />
          </View>
        )}
      </View>
    </View>
  );
}
