import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { SubmitButton, TextField } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { sendSmsCode } from '../../api/login';
import { changeMobile } from '../../api/user';
import { goBackOr } from '../../platform/account';
import { showMessage, showToast } from '../../platform/ui';
import { useRequireLogin } from '../../stores/require-login';
import { useSession } from '../../stores/session';
import { maskMobile } from '../../utils';
import { isCode, isMobile } from '../../validation';
import { startCountdown, useCountdown } from './countdown';
import './auth.scss';

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
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [mobileError, setMobileError] = useState('');
  const [codeError, setCodeError] = useState('');
  const [serverError, setServerError] = useState('');
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown();

  const checkMobile = (value: string) => {
    const error = !isMobile(value)
      ? t('account.mobileInvalid')
      : value === current
        ? t('account.sameMobile')
        : '';
    setMobileError(error);
    return !error;
  };
  const checkCode = (value: string) => {
    const error = isCode(value) ? '' : t('account.codeInvalid');
    setCodeError(error);
    return !error;
  };

  const sendCode = async () => {
    if (sending || secondsLeft > 0 || !checkMobile(mobile)) return;
    setSending(true);
    const reply = await sendSmsCode(mobile);
    setSending(false);
    if (reply.code === 200 && reply.data) {
      startCountdown(reply.data.retryAfter);
      void showToast(t('account.codeSent'));
    } else {
      void showMessage(reply.msg);
    }
  };

  const submit = async () => {
    setServerError('');
    const mobileOk = checkMobile(mobile);
    if (!checkCode(code) || !mobileOk) return;
    const reply = await changeMobile({ mobile, code });
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
      <TextField
        label={t('account.newMobile')}
        name="mobile"
        type="number"
        maxlength={11}
        value={mobile}
        placeholder={t('account.mobilePlaceholder')}
        error={mobileError}
        onChange={(value) => {
          setMobile(value);
          if (mobileError && isMobile(value)) setMobileError('');
        }}
        onBlur={(value) => value && checkMobile(value)}
      />
      <TextField
        label={t('account.code')}
        name="code"
        type="number"
        maxlength={6}
        value={code}
        placeholder={t('account.codePlaceholder')}
        error={codeError}
        onChange={(value) => {
          setCode(value);
          if (codeError && isCode(value)) setCodeError('');
        }}
        onBlur={(value) => value && checkCode(value)}
        suffix={
          <View
            className={`sms-login__send${secondsLeft > 0 || sending ? ' sms-login__send--off' : ''}`}
            role="button"
            aria-disabled={secondsLeft > 0 || sending}
            onClick={() => void sendCode()}
          >
            <Text>
              {secondsLeft > 0
                ? t('account.resendIn', { seconds: secondsLeft })
                : t('account.sendCode')}
            </Text>
          </View>
        }
      />
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
