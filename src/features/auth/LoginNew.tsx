import { Text, View } from '@tarojs/components';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { returnAfterLogin } from '../../platform/navigation';
import { PhoneNumberButton, usePhoneLoginOffered } from './PhoneNumberButton';
import { SmsLoginForm } from './SmsLoginForm';
import './auth.scss';

/**
 * The login page the app sends users to (a rejected session, a page that needs a login). On the
 * mini-programs the host's one-tap phone-number login comes first, SMS login below it for users
 * who would rather not share their number; H5 has SMS login only. Afterwards back to the page
 * that sent the user here (`?redirect=`), else home.
 */
export function LoginNew({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const phoneLogin = usePhoneLoginOffered();
  const done = () => void returnAfterLogin(params.redirect);
  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__title" role="heading" aria-level={2}>
          {t('account.loginTitle')}
        </Text>
        <Text className="login__subtitle">{t('account.loginSubtitle')}</Text>
      </View>
      {phoneLogin && (
        <View className="login__actions">
          <PhoneNumberButton onLoggedIn={done} />
          <Text className="login__divider" role="heading" aria-level={3}>
            {t('account.smsLogin')}
          </Text>
        </View>
      )}
      <SmsLoginForm onLoggedIn={done} />
    </View>
  );
}
