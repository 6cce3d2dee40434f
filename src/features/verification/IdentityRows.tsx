import { Text, View } from '@tarojs/components';
import { registerMessages, useTranslation } from '../../i18n';
import { verifyMessages } from '@contract/i18n/zh-Hans/verify';

registerMessages(verifyMessages);

/** The name and (masked) ID number of an identity, as read or as on file. */
export function IdentityRows({ name, number }: { name?: string | null; number?: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <View className="verify-read__row">
        <Text className="verify-read__label">{t('verify.id.name')}</Text>
        <Text className="verify-read__value">{name}</Text>
      </View>
      <View className="verify-read__row">
        <Text className="verify-read__label">{t('verify.id.number')}</Text>
        <Text className="verify-read__value">{number}</Text>
      </View>
    </>
  );
}
