import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { SubmitButton, TextField } from '../../components/form';
import { useTranslation } from '../../i18n';
import { loginForSms, sendSmsCode } from '../../api/login';
import { goToPage } from '../../platform/account';
import { getChannelCode } from '../../platform/storage';
import { showMessage, showToast } from '../../platform/ui';
import { useSession } from '../../stores/session';
import { isCode, isMobile } from '../../validation';
import { startCountdown, useCountdown } from './countdown';
import './auth.scss';

const SEND_INTERVAL_SECONDS = 60;

export interface SmsLoginFormProps {
  /** Called once the session is complete (token saved, user info fetched). */
  onLoggedIn: () => void;
}

/**
 * Mobile, SMS code and the agreement checkbox. Errors show under their field when it loses focus
 * or on submit; what was typed stays.
 */
export function SmsLoginForm({ onLoggedIn }: SmsLoginFormProps) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [mobileError, setMobileError] = useState('');
  const [codeError, setCodeError] = useState('');
  const [agreeError, setAgreeError] = useState('');
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown();
  const completeLogin = useSession((state) => state.completeLogin);

  const checkMobile = (value: string) => {
    const error = isMobile(value) ? '' : t('account.mobileInvalid');
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
      startCountdown(reply.data.retryAfter || SEND_INTERVAL_SECONDS);
      void showToast(t('account.codeSent'));
    } else {
      void showMessage(reply.msg);
    }
  };

  const submit = async () => {
    const mobileOk = checkMobile(mobile);
    const codeOk = checkCode(code);
    setAgreeError(agreed ? '' : t('account.agreeRequired'));
    if (!mobileOk || !codeOk || !agreed) return;
    const channelCode = getChannelCode();
    const ok = await completeLogin(
      loginForSms({ mobile, code, ...(channelCode ? { channelCode } : {}) }),
    );
    if (ok) onLoggedIn();
  };

  const sendLabel =
    secondsLeft > 0 ? t('account.resendIn', { seconds: secondsLeft }) : t('account.sendCode');
  return (
    <View className="sms-login">
      <TextField
        label={t('account.mobile')}
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
            <Text>{sendLabel}</Text>
          </View>
        }
      />
      <View className="sms-login__agreement">
        <View
          className="sms-login__check"
          role="checkbox"
          aria-checked={agreed}
          aria-label={t('account.agreeLabel')}
          onClick={() => {
            setAgreed(!agreed);
            setAgreeError('');
          }}
        >
          <View className={`sms-login__box${agreed ? ' sms-login__box--on' : ''}`}>
            {agreed && <Text className="sms-login__tick">✓</Text>}
          </View>
        </View>
        <Text className="sms-login__agreement-text">
          {t('account.agreePrefix')}
          <Text
            className="sms-login__link"
            role="link"
            onClick={() => void goToPage('/pages/text/register')}
          >
            {t('account.registerAgreement')}
          </Text>
          {t('account.and')}
          <Text
            className="sms-login__link"
            role="link"
            onClick={() => void goToPage('/pages/text/user')}
          >
            {t('account.privacyPolicy')}
          </Text>
        </Text>
      </View>
      {agreeError && (
        <Text className="sms-login__agree-error" role="alert">
          {agreeError}
        </Text>
      )}
      <View className="sms-login__submit">
        <SubmitButton onSubmit={submit} pendingText={t('account.loggingIn')}>
          {t('account.login')}
        </SubmitButton>
      </View>
    </View>
  );
}
