import { Text, View } from '@tarojs/components';
import type { ReactNode } from 'react';
import { registerMessages, useTranslation } from '../../i18n';
import { homeMessages } from '@contract/i18n/zh-Hans/home';
import { openExternalSite } from '../../platform/external-link';
import { useBrandStore } from '../../stores/brand';
import './brand.scss';

registerMessages(homeMessages);

/** MIIT's filing lookup: the filing number must link there. */
export const MIIT_BEIAN_URL = 'https://beian.miit.gov.cn/';

/** The brand's ICP filing number, linked to MIIT's lookup (required at the foot of a website). */
export function IcpFooter() {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  return (
    <View className="icp-footer" role="contentinfo">
      <Text className="icp-footer__company">© {brand.companyName}</Text>
      <Text
        className="icp-footer__number"
        role="link"
        onClick={() => void openExternalSite(MIIT_BEIAN_URL, t('privacy.about.copied'))}
      >
        {brand.icpNumber}
      </Text>
    </View>
  );
}

/**
 * A page whose content arrives after the first paint, with the filing at its foot: the content
 * fills at least the first screen, so the footer starts below it and the content arriving never
 * pushes a visible footer down (this alone was home's layout shift, CLS 0.097).
 */
export function WithIcpFooter({ children }: { children: ReactNode }) {
  return (
    <>
      <View className="icp-footer-page">{children}</View>
      <IcpFooter />
    </>
  );
}
