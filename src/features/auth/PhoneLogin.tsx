import { Button, Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { loginForUni } from '../../api/login';
import { authGrantType, getAuthCode, getPhoneNumber, loginMethod } from '../../platform/auth';
import { returnAfterLogin } from '../../platform/navigation';
import { getChannelCode } from '../../platform/storage';
import { showMessage } from '../../platform/ui';
import { ensurePrivacyNotice } from '../../stores/privacy-popup';
import { useSession } from '../../stores/session';
import { SmsLoginForm } from './SmsLoginForm';
import './auth.scss';

/**
 * Mini-programs: the host's phone-number button (WeChat's getPhoneNumber, Alipay's getAuthorize
 * with the phoneNumber scope). H5 has no such button, so it offers SMS login directly; the
 * mini-programs offer it too, for users who decline to share their number.
 */
export function PhoneLogin({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const completeLogin = useSession((state) => state.completeLogin);
  const [useSms, setUseSms] = useState(loginMethod === 'sms');
  const [busy, setBusy] = useState(false);
  const done = () => void returnAfterLogin(params.redirect);

  // Alipay: the privacy notice before the phone-number button can ask for the number; declining
  // leaves SMS login. (WeChat's own hook asks when getPhoneNumber needs it.)
  useEffect(() => {
    if (loginMethod === 'sms' || process.env.TARO_ENV !== 'alipay') return;
    void ensurePrivacyNotice().then((agreed) => {
      if (!agreed) setUseSms(true);
    });
  }, []);

  const onPhoneAuthorised = async (detail: unknown) => {
    if (busy || (authGrantType !== 'wechat' && authGrantType !== 'alipay')) return;
    setBusy(true);
    try {
      const phone = await getPhoneNumber(detail);
      if (!phone.ok) {
        void showMessage(t('account.phoneDenied'));
        return;
      }
      // The login code binds this brand's open id, so the next visit can log in silently.
      const login = await getAuthCode();
      const channelCode = getChannelCode();
      const ok = await completeLogin(
        loginForUni({
          provider: authGrantType,
          phoneCode: phone.payload,
          ...(login.ok ? { loginCode: login.code } : {}),
          ...(channelCode ? { channelCode } : {}),
        }),
      );
      if (ok) done();
    } finally {
      setBusy(false);
    }
  };

  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__title" role="heading" aria-level={2}>
          {t('account.loginTitle')}
        </Text>
        <Text className="login__subtitle">{t('account.loginSubtitle')}</Text>
      </View>
      {useSms ? (
        <SmsLoginForm onLoggedIn={done} />
      ) : (
        <View className="login__actions">
          {process.env.TARO_ENV === 'alipay' ? (
            <Button
              className="form-submit"
              openType="getAuthorize"
              scope="phoneNumber"
              disabled={busy}
              onGetAuthorize={() => void onPhoneAuthorised(undefined)}
            >
              {t('account.phoneLogin')}
            </Button>
          ) : (
            <Button
              className="form-submit"
              openType="getPhoneNumber"
              disabled={busy}
              onGetPhoneNumber={(event) => void onPhoneAuthorised(event.detail)}
            >
              {t('account.phoneLogin')}
            </Button>
          )}
          <View className="login__switch" role="button" onClick={() => setUseSms(true)}>
            <Text>{t('account.smsLogin')}</Text>
          </View>
        </View>
      )}
    </View>
  );
}
