import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation } from '../../i18n';
import { userMessages } from '@contract/i18n/zh-Hans/user';
import { changeMobile } from '../../api/user';
import { showMessage, showToast } from '../../platform/ui';
import { useRequireLogin } from '../../stores/require-login';
import { useSession } from '../../stores/session';
import { maskMobile } from '../../utils';
import { SmsCodeField, useSmsCodeForm } from './SmsCodeField';
import './auth.scss';
import { goBackOr } from '../../platform/navigation';

registerMessages(userMessages);

/**
 * Change the account's mobile: the new number proves itself with an SMS code. The server's
 * message on failure stays on screen under the button (and as a toast), with what was typed.
 */
export function BindMobile(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <BindMobileForm /> : null;
}

function BindMobileForm() {
  const { t } = useTranslation();
  const userInfo = useSession((state) => state.userInfo);
  const refreshUserInfo = useSession((state) => state.refreshUserInfo);
  const current = typeof userInfo?.mobile === 'string' ? userInfo.mobile : '';
  const form = useSmsCodeForm((value) => (value === current ? 'account.sameMobile' : ''));
  const [serverError, setServerError] = useState('');

  const submit = async () => {
    setServerError('');
    if (!form.validate()) return;
    const reply = await changeMobile({ mobile: form.mobile, code: form.code });
    if (reply.code !== 200) {
      setServerError(reply.msg);
      void showMessage(reply.msg);
      return;
    }
    await refreshUserInfo();
    void showToast(t('account.mobileChanged'), { icon: 'success' });
    await goBackOr('/pages/user/user');
  };

  return (
    <View className="login">
      <View className="login__head">
        <Text className="login__subtitle">
          {t('account.currentMobile', {
            mobile: current ? maskMobile(current) : t('account.noMobile'),
          })}
        </Text>
      </View>
      <SmsCodeField form={form} mobileLabel={t('account.newMobile')} />
      <View className="sms-login__submit">
        <SubmitButton onSubmit={submit}>{t('account.changeMobile')}</SubmitButton>
        {serverError && (
          <Text className="sms-login__agree-error" role="alert">
            {serverError}
          </Text>
        )}
      </View>
    </View>
  );
}
