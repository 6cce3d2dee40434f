import { Image, Text, View } from '@tarojs/components';
import { brandImageUrl } from '../../platform/brand-assets';
import { useBrandStore } from '../../stores/brand';
import './brand.scss';

/** The brand's home banner and name at the top of the home page. */
export function BrandHero() {
  const brand = useBrandStore((state) => state.brand);
  return (
    <View className="brand-hero">
      <Image
        className="brand-hero__image"
        src={brandImageUrl(brand, brand.imgUrlHome)}
        mode="aspectFill"
        aria-label={`${brand.platformName}首页横幅`}
      />
      <Text className="brand-hero__name" role="heading" aria-level={1}>
        {brand.platformName}
      </Text>
    </View>
  );
}
