import { Text, View } from '@tarojs/components';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { returnAfterLogin } from '../../platform/navigation';
import { SmsLoginForm } from './SmsLoginForm';
import './auth.scss';

/** SMS login; afterwards back to the page that sent the user here (`?redirect=`), else home. */
export function LoginNew({ params }: PageBodyProps) {
  const { t } = useTranslation();
  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__title" role="heading" aria-level={2}>
          {t('account.loginTitle')}
        </Text>
        <Text className="login__subtitle">{t('account.loginSubtitle')}</Text>
      </View>
      <SmsLoginForm onLoggedIn={() => void returnAfterLogin(params.redirect)} />
    </View>
  );
}
