import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { SubmitButton } from '../../components/form';
import { useTranslation } from '../../i18n';
import { loginForSms } from '../../api/login';
import { getChannelCode } from '../../platform/storage';
import { useConsents } from '../../stores/consent';
import { useSession } from '../../stores/session';
import { SmsCodeField, useSmsCodeForm } from './SmsCodeField';
import './auth.scss';
import { openPage } from '../../platform/open-page';

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
  const form = useSmsCodeForm();
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const completeLogin = useSession((state) => state.completeLogin);

  const submit = async () => {
    const fieldsOk = form.validate();
    setAgreeError(agreed ? '' : t('account.agreeRequired'));
    if (!fieldsOk || !agreed) return;
    const channelCode = getChannelCode();
    const ok = await completeLogin(
      loginForSms({
        mobile: form.mobile,
        code: form.code,
        ...(channelCode ? { channelCode } : {}),
      }),
    );
    if (!ok) return;
    // The ticked box is the user's agreement to these two texts: record it on this brand. If it
    // fails, the app-wide prompt asks again, so the login itself stands.
    useConsents.getState().reset();
    await useConsents.getState().agree(['privacy_policy', 'user_agreement']);
    onLoggedIn();
  };

  const toggleAgreed = () => {
    setAgreed(!agreed);
    setAgreeError('');
  };
  // A link inside the agreement's text opens its document and leaves the box as it is.
  const openDocument = (event: { stopPropagation: () => void }, url: string) => {
    event.stopPropagation();
    void openPage(url);
  };

  return (
    <View className="sms-login">
      <SmsCodeField form={form} mobileLabel={t('account.mobile')} />
      <View className="sms-login__agreement">
        <View
          className="sms-login__check"
          role="checkbox"
          aria-checked={agreed}
          aria-label={t('account.agreeLabel')}
          onClick={toggleAgreed}
        >
          <View className={`sms-login__box${agreed ? ' sms-login__box--on' : ''}`}>
            {agreed && <Text className="sms-login__tick">✓</Text>}
          </View>
        </View>
        {/* The text is the box's label: tapping it (but for its links) ticks the box too. */}
        <Text className="sms-login__agreement-text" onClick={toggleAgreed}>
          {t('account.agreePrefix')}
          <Text
            className="sms-login__link"
            role="link"
            onClick={(event) => openDocument(event, '/pages/text/register')}
          >
            {t('account.registerAgreement')}
          </Text>
          {t('account.and')}
          <Text
            className="sms-login__link"
            role="link"
            onClick={(event) => openDocument(event, '/pages/text/user')}
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
