import { Text, View } from '@tarojs/components';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation } from '../../i18n';
import { privacyMessages } from '@contract/i18n/zh-Hans/privacy';
import { openPage } from '../../platform/open-page';
import { openExternalSite } from '../../platform/external-link';
import { useBrandStore } from '../../stores/brand';
import { MIIT_BEIAN_URL } from './IcpFooter';
import './about.scss';

registerMessages(privacyMessages);

/** 关于我们: who runs this brand, how to reach them, its ICP filing, and the legal texts. */
export function About(_props: PageBodyProps) {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  return (
    <View className="about">
      <Text className="about__name" role="heading" aria-level={2}>
        {brand.platformName}
      </Text>
      <Text className="about__line">
        {t('privacy.about.operator', { company: brand.companyName })}
      </Text>
      <Text className="about__line">{t('privacy.about.phone', { phone: brand.userPhone })}</Text>
      <Text
        className="about__line about__link"
        role="link"
        onClick={() => void openExternalSite(MIIT_BEIAN_URL, t('privacy.about.copied'))}
      >
        {t('privacy.about.icp', { icp: brand.icpNumber })}
      </Text>
      <Text
        className="about__line about__link"
        role="link"
        onClick={() => void openPage('/pages/text/user')}
      >
        {t('privacy.kind.privacy_policy')}
      </Text>
      <Text
        className="about__line about__link"
        role="link"
        onClick={() => void openPage('/pages/text/register')}
      >
        {t('privacy.kind.user_agreement')}
      </Text>
    </View>
  );
}
