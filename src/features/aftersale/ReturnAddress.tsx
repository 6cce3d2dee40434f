import { Text, View } from '@tarojs/components';
import type { Envelope } from '@contract/http';
import type { DictionaryItem } from '../../api/order';
import { registerMessages, useTranslation } from '../../i18n';
import { aftersaleMessages } from '@contract/i18n/zh-Hans/aftersale';
import { copyText } from '../../platform/ui';
import { openPage } from '../../platform/open-page';

registerMessages(aftersaleMessages);

/**
 * The address to show from `fetchReturnAddresses`' reply: the first, or null when none is set or
 * it could not be read (the card then offers customer service, and the page still works).
 */
export function returnAddressOf(reply: Envelope<DictionaryItem[] | null>): DictionaryItem | null {
  return reply.code === 200 && reply.data ? (reply.data[0] ?? null) : null;
}

/**
 * The merchant's address for returns, with a copy button; customer service when none is set.
 * The page loads it with its own data and draws both at once: drawn loading and then filled in,
 * the address (one to three lines) moved what is under it.
 */
export function ReturnAddress({ address }: { address: DictionaryItem | null }) {
  const { t } = useTranslation();
  return (
    <View className="aftersale-card">
      <Text className="aftersale-card__title">{t('aftersale.returnTo')}</Text>
      {address === null ? (
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
