/**
 * bindCard — bind a bank card: card number (issuer and type shown as it is typed, from the
 * offline issuer table), reserved mobile, SMS code, bind. Query: `orderId`. Once bound the card
 * shows masked (first 6, last 4).
 */
import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { completeBindCard, startBindCard, verifyBindCode, type BankCard } from '../../api/bankcard';
import { SubmitButton, TextField, useSubmit } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { isCode, isMobile, lookupBankCard } from '@contract/validation';
import { StepFrame } from './StepFrame';
import { useVerificationStep } from './useVerificationStep';
import { idParam } from '../../utils';
import { useCardEntry } from './useCardEntry';

const RESEND_SECONDS = 60;

export function BindCardStep({ params }: PageBodyProps) {
  const orderId = idParam(params.orderId);
  const { load, refresh, advance } = useVerificationStep('bankCard', orderId);
  return (
    <StepFrame step="bankCard" load={load} onRetry={() => void refresh()}>
      <BindCardForm onBound={advance} />
    </StepFrame>
  );
}

/** Groups of four ("6222 0200 …"): easier to check against the card. */
export function groupCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The card form. What was typed survives a reload (bindCardDraft: session storage only), and the
 * card and mobile stay editable while the code's countdown runs: a code belongs to the card and
 * mobile it was sent for, so editing either asks for a new one rather than lock a typo in.
 */
export function BindCardForm({ onBound }: { onBound: () => Promise<void> }) {
  const { t } = useTranslation();
  const entry = useCardEntry(RESEND_SECONDS);
  const { cardNo, setCardNo, mobile, setMobile, digits, bindId, waiting, countdown } = entry;
  const [code, setCode] = useState('');
  const [bound, setBound] = useState<BankCard | null>(null);
  const [errors, setErrors] = useState<{ cardNo?: string; mobile?: string; code?: string }>({});
  const issuer = lookupBankCard(digits);

  const checkCard = (value: string) =>
    lookupBankCard(value.replace(/\D/g, '')) ? '' : t('verify.card.numberInvalid');
  const checkMobile = (value: string) => (isMobile(value) ? '' : t('verify.card.mobileInvalid'));

  const sendCode = useSubmit(async () => {
    const next = { cardNo: checkCard(cardNo), mobile: checkMobile(mobile) };
    setErrors(next);
    if (next.cardNo || next.mobile) return;
    const reply = await startBindCard(digits, mobile);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    entry.codeSent(reply.data.bindId);
    setCode('');
  });

  const bind = async () => {
    if (!isCode(code)) {
      setErrors((e) => ({ ...e, code: t('verify.card.codeInvalid') }));
      return;
    }
    const verified = await verifyBindCode(bindId, code);
    if (verified.code !== 200 || !verified.data.verified) {
      setErrors((e) => ({
        ...e,
        code: verified.code === 200 ? t('verify.card.codeWrong') : verified.msg,
      }));
      return;
    }
    const card = await completeBindCard(bindId);
    if (card.code !== 200) {
      void showMessage(card.msg);
      return;
    }
    entry.finish();
    setBound(card.data);
    await onBound();
  };

  if (bound) {
    return (
      <View className="verify-card" role="status">
        <Text className="verify-card__title">{t('verify.card.bound')}</Text>
        <Text className="verify-card__value">
          {bound.bankName} {bound.cardTypeName} {bound.cardNoMasked}
        </Text>
      </View>
    );
  }

  return (
    <View className="verify-card">
      <Text className="verify-card__title">{t('verify.card.title')}</Text>
      <TextField
        label={t('verify.card.number')}
        name="cardNo"
        // Text, not number: a number input refuses the spaces between the groups of four.
        type="text"
        value={cardNo}
        // Kept as typed and grouped once the field is left: rewriting the value under the caret
        // at every key raced with fast typing (keys typed before the rewrite landed were lost).
        onChange={(value) => setCardNo(value.replace(/[^\d ]/g, ''))}
        onBlur={(value) => {
          setCardNo(groupCardNumber(value));
          setErrors((e) => ({ ...e, cardNo: checkCard(value) }));
        }}
        error={errors.cardNo}
        placeholder={t('verify.card.numberPlaceholder')}
        maxlength={23}
      />
      <View className="verify-issuer" aria-live="polite">
        <Text className="verify-issuer__text">
          {issuer
            ? `${issuer.bankName} · ${issuer.cardTypeName}`
            : digits.length > 0
              ? t('verify.card.issuerUnknown')
              : t('verify.card.issuerHint')}
        </Text>
      </View>
      <TextField
        label={t('verify.card.mobile')}
        name="reservedMobile"
        type="number"
        value={mobile}
        onChange={setMobile}
        onBlur={(value) => setErrors((e) => ({ ...e, mobile: checkMobile(value) }))}
        error={errors.mobile}
        placeholder={t('verify.card.mobilePlaceholder')}
        maxlength={11}
      />
      {entry.edited && (
        <Text className="verify-card__hint" role="status">
          {t('verify.card.resendAfterEdit')}
        </Text>
      )}
      <TextField
        label={t('verify.card.code')}
        name="bindCode"
        type="number"
        value={code}
        onChange={setCode}
        error={errors.code}
        placeholder={t('verify.card.codePlaceholder')}
        maxlength={6}
        suffix={
          <View
            className={`verify-send${waiting || sendCode.pending ? ' verify-send--off' : ''}`}
            role="button"
            aria-disabled={waiting || sendCode.pending}
            onClick={() => {
              if (!waiting && !sendCode.pending) void sendCode.submit();
            }}
          >
            <Text>
              {waiting
                ? t('verify.card.resendIn', { seconds: countdown })
                : t('verify.card.sendCode')}
            </Text>
          </View>
        }
      />
      <SubmitButton onSubmit={bind} disabled={!bindId} pendingText={t('verify.sending')}>
        {t('verify.card.bind')}
      </SubmitButton>
    </View>
  );
}
