/**
 * emergencyContact — the emergency contact: name, mobile (never the user's own), relation from
 * the `contact_relation` dictionary. Query: `orderId`.
 */
import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { getDictionary } from '../../api/common';
import { submitEmergencyContact } from '../../api/kyc';
import { FormField, SubmitButton, TextField } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState } from '../../components/states';
import { useTranslation } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { useSession } from '../../stores/session';
import { isMobile } from '@contract/validation';
import { StepFrame } from './StepFrame';
import { useVerificationStep } from './useVerificationStep';
import { idParam } from '../../utils';

export function ContactStep({ params }: PageBodyProps) {
  const orderId = idParam(params.orderId);
  const { load, refresh, advance } = useVerificationStep('contact', orderId);
  return (
    <StepFrame step="contact" load={load} onRetry={() => void refresh()}>
      <ContactForm onSaved={advance} />
    </StepFrame>
  );
}

export function ContactForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const ownMobile = useSession((state) => {
    const own = state.userInfo?.mobile;
    return typeof own === 'string' ? own : '';
  });
  const [relations, setRelations] = useState<string[] | null>(null);
  const [relationsFailed, setRelationsFailed] = useState(false);
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [relation, setRelation] = useState('');
  const [errors, setErrors] = useState<{ name?: string; mobile?: string; relation?: string }>({});

  const loadRelations = async () => {
    setRelationsFailed(false);
    const reply = await getDictionary('contact_relation');
    if (reply.code !== 200) {
      setRelationsFailed(true);
      return;
    }
    setRelations(reply.data.map((item) => item.label));
  };
  useEffect(() => {
    void loadRelations();
  }, []);

  const checkName = (value: string) => (value.trim() ? '' : t('verify.contact.nameRequired'));
  const checkMobile = (value: string) =>
    !isMobile(value)
      ? t('verify.contact.mobileInvalid')
      : value === ownMobile
        ? t('verify.contact.notOwn')
        : '';

  const submit = async () => {
    const next = {
      name: checkName(name),
      mobile: checkMobile(mobile),
      relation: relation ? '' : t('verify.contact.relationRequired'),
    };
    setErrors(next);
    if (next.name || next.mobile || next.relation) return;
    const reply = await submitEmergencyContact({ name: name.trim(), mobile, relation });
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    await onSaved();
  };

  return (
    <View className="verify-card">
      <Text className="verify-card__title">{t('verify.contact.title')}</Text>
      <Text className="verify-card__hint">{t('verify.contact.hint')}</Text>
      <TextField
        label={t('verify.contact.name')}
        name="contactName"
        value={name}
        onChange={setName}
        onBlur={(value) => setErrors((e) => ({ ...e, name: checkName(value) }))}
        error={errors.name}
        placeholder={t('verify.contact.namePlaceholder')}
        maxlength={20}
      />
      <TextField
        label={t('verify.contact.mobile')}
        name="contactMobile"
        type="number"
        value={mobile}
        onChange={setMobile}
        onBlur={(value) => setErrors((e) => ({ ...e, mobile: checkMobile(value) }))}
        error={errors.mobile}
        placeholder={t('verify.contact.mobilePlaceholder')}
        maxlength={11}
      />
      <FormField label={t('verify.contact.relation')} error={errors.relation}>
        {relationsFailed ? (
          <ErrorState
            compact
            message={t('verify.loadFailed')}
            onRetry={() => void loadRelations()}
          />
        ) : (
          <View
            className="verify-chips"
            role="radiogroup"
            aria-label={t('verify.contact.relation')}
          >
            {(relations ?? []).map((label) => (
              <View
                key={label}
                className={`verify-chip${label === relation ? ' verify-chip--on' : ''}`}
                role="radio"
                aria-checked={label === relation}
                onClick={() => {
                  setRelation(label);
                  setErrors((e) => ({ ...e, relation: '' }));
                }}
              >
                <Text>{label}</Text>
              </View>
            ))}
          </View>
        )}
      </FormField>
      <SubmitButton onSubmit={submit} pendingText={t('verify.sending')}>
        {t('verify.contact.submit')}
      </SubmitButton>
    </View>
  );
}
