import { Button, Text, View } from '@tarojs/components';
import { useTranslation } from '../../i18n';
import { openPage } from '../../platform/open-page';
import { AGREE_BUTTON_ID, agreeButtonOpenType } from '../../platform/privacy';
import { useBrandStore } from '../../stores/brand';
import { usePrivacyPopup } from '../../stores/privacy-popup';
import { CONSENT_TEXT_URL } from './index';
import './index.scss';

/**
 * The host privacy popup: on WeChat its agree button is `open-type="agreePrivacyAuthorization"`
 * (WeChat checks that button was tapped before the waiting call goes on); on Alipay the app's
 * own notice before phone, location and identity. Links to the brand's privacy policy.
 */
export function PrivacyPopup() {
  const open = usePrivacyPopup((s) => s.waiting.length > 0);
  return open ? <PrivacyDialog /> : null;
}

/** The popup itself, while a call waits. */
export function PrivacyDialog() {
  const { t } = useTranslation();
  const settle = usePrivacyPopup((s) => s.settle);
  const brand = useBrandStore((s) => s.brand);
  const policy = t('privacy.wx.policyName', { name: brand.platformName });
  const [before, after = ''] = t('privacy.wx.hint', { policy: '\u0000' }).split('\u0000');
  return (
    <View
      className="consent-dialog"
      role="dialog"
      aria-modal="true"
      aria-label={t('privacy.wx.title')}
    >
      <View className="consent-dialog__panel privacy-popup">
        <Text className="consent-dialog__title" role="heading" aria-level={2}>
          {t('privacy.wx.title')}
        </Text>
        <View className="consent-dialog__hint">
          <Text>{before}</Text>
          <Text
            className="consent-line__title privacy-popup__policy"
            role="link"
            onClick={() => void openPage(CONSENT_TEXT_URL.privacy_policy)}
          >
            {policy}
          </Text>
          <Text>{after}</Text>
        </View>
        <Button
          id={AGREE_BUTTON_ID}
          className="consent-dialog__agree"
          openType={agreeButtonOpenType}
          onAgreePrivacyAuthorization={() => settle(true)}
          onClick={() => {
            // WeChat answers through onAgreePrivacyAuthorization; the other targets on the tap.
            if (!agreeButtonOpenType) settle(true);
          }}
        >
          {t('privacy.wx.agree')}
        </Button>
        <View className="consent-dialog__decline" role="button" onClick={() => settle(false)}>
          <Text>{t('privacy.wx.decline')}</Text>
        </View>
      </View>
    </View>
  );
}
