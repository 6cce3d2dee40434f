/**
 * emergencyContact — the emergency contact: name, mobile (never the user's own), relation from
 * the `contact_relation` dictionary. Query: `orderId`.
 */
import { Text, View } from '@tarojs/components';
import { useCallback, useEffect, useState } from 'react';
import { getDictionary } from '../../api/reference-data';
import { submitEmergencyContact } from '../../api/kyc';
import { FormField, SubmitButton, TextField } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { ErrorState } from '../../components/states';
import { useTranslation } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { useSession } from '../../stores/session';
import { isMobile } from '@contract/validation';
import { StepFrame } from './StepFrame';
import { useVerificationStep, type StepLoad } from './useVerificationStep';
import { idParam } from '../../utils';

export function ContactStep({ params }: PageBodyProps) {
  const orderId = idParam(params.orderId);
  const { load, refresh, advance } = useVerificationStep('contact', orderId);
  const relations = useRelations();
  // The relations are asked for beside the step, and the form drawn once both are in: the
  // chips arriving after it pushed the submit button down (Lighthouse CLS 0.046).
  const shown: StepLoad = load.state === 'ready' && relations.pending ? { state: 'loading' } : load;
  return (
    <StepFrame step="contact" load={shown} onRetry={() => void refresh()}>
      <ContactForm relations={relations} onSaved={advance} />
    </StepFrame>
  );
}

interface Relations {
  /** The `contact_relation` dictionary's labels; null until they are in. */
  labels: string[] | null;
  /** The first read has not answered yet (a retry after a failure keeps the form up). */
  pending: boolean;
  failed: boolean;
  retry: () => void;
}

function useRelations(): Relations {
  const [labels, setLabels] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [answered, setAnswered] = useState(false);
  const load = useCallback(async () => {
    setFailed(false);
    const reply = await getDictionary('contact_relation');
    if (reply.code !== 200) setFailed(true);
    else setLabels(reply.data.map((item) => item.label));
    setAnswered(true);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { labels, pending: !answered, failed, retry: () => void load() };
}

export function ContactForm({
  relations,
  onSaved,
}: {
  relations: Relations;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const ownMobile = useSession((state) => {
    const own = state.userInfo?.mobile;
    return typeof own === 'string' ? own : '';
  });
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [relation, setRelation] = useState('');
  const [errors, setErrors] = useState<{ name?: string; mobile?: string; relation?: string }>({});

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
        {relations.failed ? (
          <ErrorState compact message={t('verify.loadFailed')} onRetry={relations.retry} />
        ) : (
          <View
            className="verify-chips"
            role="radiogroup"
            aria-label={t('verify.contact.relation')}
          >
            {(relations.labels ?? []).map((label) => (
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
