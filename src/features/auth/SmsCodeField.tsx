import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { sendSmsCode } from '../../api/login';
import { TextField } from '../../components/form';
import { registerMessages, useTranslation, type MessageKey } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { showMessage, showToast } from '../../platform/ui';
import { isCode, isMobile } from '@contract/validation';
import { startCountdown, useCountdown } from './countdown';

registerMessages(accountMessages);

const SEND_INTERVAL_SECONDS = 60;

/** A mobile number and the SMS code sent to it, with their errors (shown once checked). */
export interface SmsCodeForm {
  mobile: string;
  code: string;
  mobileError: string;
  codeError: string;
  setMobile: (value: string) => void;
  setCode: (value: string) => void;
  checkMobile: (value: string) => boolean;
  checkCode: (value: string) => boolean;
  /** Checks both fields (each shows its own error); true when both are fine. */
  validate: () => boolean;
}

/**
 * The state behind `SmsCodeField`. `mobileProblem` adds a form's own rule on a well-formed
 * number (the number being changed must differ from the current one).
 */
export function useSmsCodeForm(mobileProblem?: (mobile: string) => MessageKey | ''): SmsCodeForm {
  const { t } = useTranslation();
  const [mobile, setMobileValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [mobileError, setMobileError] = useState('');
  const [codeError, setCodeError] = useState('');

  const checkMobile = (value: string) => {
    const problem = isMobile(value) ? mobileProblem?.(value) : 'account.mobileInvalid';
    const error = problem ? t(problem) : '';
    setMobileError(error);
    return !error;
  };
  const checkCode = (value: string) => {
    const error = isCode(value) ? '' : t('account.codeInvalid');
    setCodeError(error);
    return !error;
  };
  return {
    mobile,
    code,
    mobileError,
    codeError,
    setMobile: (value) => {
      setMobileValue(value);
      if (mobileError && isMobile(value)) setMobileError('');
    },
    setCode: (value) => {
      setCodeValue(value);
      if (codeError && isCode(value)) setCodeError('');
    },
    checkMobile,
    checkCode,
    validate: () => {
      const mobileOk = checkMobile(mobile);
      const codeOk = checkCode(code);
      return mobileOk && codeOk;
    },
  };
}

/**
 * The mobile field and the code field with its send button: the send checks the number first,
 * then shows "resend in N s" until the server allows another code (the countdown outlives the
 * form; see `countdown.ts`).
 */
export function SmsCodeField({ form, mobileLabel }: { form: SmsCodeForm; mobileLabel: string }) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown();

  const sendCode = async () => {
    if (sending || secondsLeft > 0 || !form.checkMobile(form.mobile)) return;
    setSending(true);
    const reply = await sendSmsCode(form.mobile);
    setSending(false);
    if (reply.code === 200 && reply.data) {
      startCountdown(reply.data.retryAfter || SEND_INTERVAL_SECONDS);
      void showToast(t('account.codeSent'));
    } else {
      void showMessage(reply.msg);
    }
  };

  return (
    <>
      <TextField
        label={mobileLabel}
        name="mobile"
        type="number"
        maxlength={11}
        value={form.mobile}
        placeholder={t('account.mobilePlaceholder')}
        error={form.mobileError}
        onChange={form.setMobile}
        onBlur={(value) => value && form.checkMobile(value)}
      />
      <TextField
        label={t('account.code')}
        name="code"
        type="number"
        maxlength={6}
        value={form.code}
        placeholder={t('account.codePlaceholder')}
        error={form.codeError}
        onChange={form.setCode}
        onBlur={(value) => value && form.checkCode(value)}
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
    </>
  );
}
