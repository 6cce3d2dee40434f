import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { registerMessages, useTranslation } from '../../i18n';
import { homeMessages } from '@contract/i18n/zh-Hans/home';
import { brandImageUrl } from '../../platform/brand-assets';
import { useBrandStore } from '../../stores/brand';
import './brand.scss';

registerMessages(homeMessages);

/** The brand's home banner and name at the top of the home page. */
export function BrandHero() {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  return (
    <View className="brand-hero">
      <Picture
        className="brand-hero__image"
        src={brandImageUrl(brand, brand.imgUrlHome)}
        mode="aspectFill"
        alt={t('brand.heroAlt', { name: brand.platformName })}
      />
      <Text className="brand-hero__name" role="heading" aria-level={1}>
        {brand.platformName}
      </Text>
    </View>
  );
}
