import { Button, Text, View } from '@tarojs/components';
import { useBrandStore } from '../../stores/brand';
import './brand.scss';

/**
 * The operating company and its customer-service line. Brands with an online chat get the
 * mini-program's contact button here (on H5 the chat script is loaded at launch instead).
 */
export function BrandContact() {
  const brand = useBrandStore((state) => state.brand);
  const showContactButton = Boolean(brand.chatScriptUrl) && process.env.TARO_ENV !== 'h5';
  return (
    <View className="brand-contact">
      <Text className="brand-contact__company">{brand.companyName}</Text>
      <Text className="brand-contact__phone">客服电话：{brand.userPhone}</Text>
      {showContactButton && (
        <Button className="brand-contact__chat" openType="contact">
          在线客服
        </Button>
      )}
    </View>
  );
}
