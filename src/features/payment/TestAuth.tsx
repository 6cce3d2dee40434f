/** pages/testAuth/testAuth — a 1-fen Alipay authorisation, frozen and released at once (no query). */
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { testAliPayFreeze, type FreezeState } from '../../api/pay';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { testAuthMessages } from '@contract/i18n/zh-Hans/test-auth';
import { authorizeFreeze } from '../../platform/payment';
import { formatMoney } from '../../utils';
import './payment-base.scss';

registerMessages(testAuthMessages);

const STATUS_TEXT: Record<string, MessageKey> = {
  pending: 'payment.statusPending',
  frozen: 'payment.statusFrozen',
  failed: 'payment.statusFailed',
};

export function TestAuth(_props: PageBodyProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<FreezeState | undefined>();
  const run = async () => {
    const reply = await testAliPayFreeze();
    if (reply.code !== 200 || !reply.data) throw new Error(reply.msg);
    // Live Alipay: the user authorises the 1-fen freeze in the wallet; the server releases it.
    if (reply.data.orderStr) {
      const answer = await authorizeFreeze(reply.data.orderStr);
      if (answer.status === 'cancelled' || answer.status === 'failed') {
        setResult({ ...reply.data, status: 'failed' });
        return;
      }
    }
    setResult(reply.data);
  };
  return (
    <View className="pay-screen">
      <View className="pay-card">
        <Text className="pay-card__title">{t('payment.testTitle')}</Text>
        <Text className="pay-freeze__explain">{t('payment.testExplain')}</Text>
        {result && (
          <Text className="pay-card__sub" role="status">
            {t('payment.testResult', {
              no: result.outRequestNo,
              amount: formatMoney(result.amount),
              status: t(STATUS_TEXT[result.status] ?? 'payment.statusPending'),
            })}
          </Text>
        )}
      </View>
      <View className="pay-footer">
        <SubmitButton onSubmit={run}>{t('payment.testStart')}</SubmitButton>
      </View>
    </View>
  );
}
