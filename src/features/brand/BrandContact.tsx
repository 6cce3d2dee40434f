import { Button, Text, View } from '@tarojs/components';
import { customerServiceMessages } from '@contract/i18n/zh-Hans/customer-service';
import { registerMessages, useTranslation } from '../../i18n';
import { useBrandStore } from '../../stores/brand';
import './brand.scss';

registerMessages(customerServiceMessages);

/**
 * The operating company and its customer-service line. Brands with an online chat get the
 * mini-program's contact button here (on H5 the customer-service page offers the chat provider's).
 */
export function BrandContact() {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  const showContactButton = Boolean(brand.onlineChat) && process.env.TARO_ENV !== 'h5';
  return (
    <View className="brand-contact">
      <Text className="brand-contact__company">{brand.companyName}</Text>
      <Text className="brand-contact__phone">
        {t('service.phoneLine', { phone: brand.userPhone })}
      </Text>
      {showContactButton && (
        <Button className="brand-contact__chat" openType="contact">
          {t('service.chat')}
        </Button>
      )}
    </View>
  );
}
