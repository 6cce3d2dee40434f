import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { fetchReturnAddresses, type DictionaryItem } from '../../api/order';
import { registerMessages, useTranslation } from '../../i18n';
import { aftersaleMessages } from '@contract/i18n/zh-Hans/aftersale';
import { copyText } from '../../platform/ui';
import { openPage } from '../../platform/open-page';

registerMessages(aftersaleMessages);

/** The merchant's address for returns, with a copy button; customer service when none is set. */
export function ReturnAddress() {
  const { t } = useTranslation();
  const [address, setAddress] = useState<DictionaryItem | null | undefined>();
  useEffect(() => {
    void fetchReturnAddresses().then((reply) =>
      setAddress(reply.code === 200 && reply.data ? (reply.data[0] ?? null) : null),
    );
  }, []);
  return (
    <View className="aftersale-card">
      <Text className="aftersale-card__title">{t('aftersale.returnTo')}</Text>
      {address === undefined ? (
        // In a row of the same height as the address's, so nothing below moves when it arrives.
        <View className="aftersale-row">
          <Text className="aftersale-muted">{t('common.loading')}</Text>
        </View>
      ) : address === null ? (
        <View className="aftersale-row">
          <Text className="aftersale-muted">{t('aftersale.noReturnAddress')}</Text>
          <View
            className="aftersale-copy"
            role="button"
            onClick={() => void openPage('/pages/customer-service/customerService')}
          >
            <Text>{t('order.action.service')}</Text>
          </View>
        </View>
      ) : (
        <View className="aftersale-row">
          <View className="aftersale-row__value aftersale-address">
            <Text>{address.label}</Text>
            <Text>{address.value}</Text>
          </View>
          <View
            className="aftersale-copy"
            role="button"
            aria-label={t('aftersale.copyAddress')}
            onClick={() => void copyText(`${address.label} ${address.value}`)}
          >
            <Text>{t('aftersale.copy')}</Text>
          </View>
        </View>
      )}
    </View>
  );
}
