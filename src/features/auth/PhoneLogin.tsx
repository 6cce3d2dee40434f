import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { returnAfterLogin } from '../../platform/navigation';
import { PhoneNumberButton, usePhoneLoginOffered } from './PhoneNumberButton';
import { SmsLoginForm } from './SmsLoginForm';
import './auth.scss';

/**
 * Mini-programs: the host's phone-number button, with a switch to SMS login for users who decline
 * to share their number. Where there is no such button (H5, a brand without it) SMS login.
 */
export function PhoneLogin({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const phoneLogin = usePhoneLoginOffered();
  const [useSms, setUseSms] = useState(false);
  const done = () => void returnAfterLogin(params.redirect);

  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__title" role="heading" aria-level={2}>
          {t('account.loginTitle')}
        </Text>
        <Text className="login__subtitle">{t('account.loginSubtitle')}</Text>
      </View>
      {phoneLogin && !useSms ? (
        <View className="login__actions">
          <PhoneNumberButton onLoggedIn={done} />
          <View className="login__switch" role="button" onClick={() => setUseSms(true)}>
            <Text>{t('account.smsLogin')}</Text>
          </View>
        </View>
      ) : (
        <SmsLoginForm onLoggedIn={done} />
      )}
    </View>
  );
}
