import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { loginMethod } from '../../platform/auth';
import { loginPageUrl, returnAfterLogin } from '../../platform/navigation';
import { useSession } from '../../stores/session';
import './auth.scss';
import { openPage } from '../../platform/open-page';

registerMessages(accountMessages);

/**
 * Alipay login: the host's auth code, exchanged by the server (`loginWithAuthCode`). Where there
 * is no Alipay (H5, WeChat) the page says so and offers SMS login instead.
 */
export function AliLogin({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const loginWithAuthCode = useSession((state) => state.loginWithAuthCode);
  const [failed, setFailed] = useState(false);
  const available = process.env.TARO_ENV === 'alipay' && loginMethod === 'authCode';

  const login = async () => {
    setFailed(false);
    if (await loginWithAuthCode()) await returnAfterLogin(params.redirect);
    else setFailed(true);
  };

  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__title" role="heading" aria-level={2}>
          {t('account.alipayLogin')}
        </Text>
        <Text className="login__subtitle">
          {available ? t('account.alipayHint') : t('account.alipayUnavailable')}
        </Text>
      </View>
      <View className="login__actions">
        {available && (
          <SubmitButton onSubmit={login} pendingText={t('account.loggingIn')}>
            {t('account.alipayLogin')}
          </SubmitButton>
        )}
        {(!available || failed) && (
          <View
            className="login__switch"
            role="button"
            onClick={() => void openPage(loginPageUrl(params.redirect ?? ''))}
          >
            <Text>{t('account.smsLogin')}</Text>
          </View>
        )}
      </View>
    </View>
  );
}
