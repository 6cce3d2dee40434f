import { Text, View } from '@tarojs/components';
import { registerMessages, useTranslation } from '../../i18n';
import { customerServiceMessages } from '@contract/i18n/zh-Hans/customer-service';

registerMessages(customerServiceMessages);

/** Loading, failed (the whole block retries on tap) and empty blocks for the service screens. */

export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <View className="service-state" role="status">
      <Text className="service-state__text">{t('service.loading')}</Text>
    </View>
  );
}

export function ErrorBlock({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <View
      className="service-state service-state--error"
      role="button"
      aria-label={t('service.loadFailed')}
      onClick={onRetry}
    >
      {message ? <Text className="service-state__text">{message}</Text> : null}
      <Text className="service-state__link">{t('service.loadFailed')}</Text>
    </View>
  );
}

export function EmptyBlock({ text }: { text: string }) {
  return (
    <View className="service-state" role="status">
      <Text className="service-state__text">{text}</Text>
    </View>
  );
}
