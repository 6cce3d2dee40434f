import { Text, View } from '@tarojs/components';
import { useRef, useState } from 'react';
import type { Envelope } from '@contract/http';
import { ErrorState, Skeleton } from '../../components/states';
import { useEnvelope } from '../../components/states/useEnvelope';
import { FormField, SubmitButton, TextField } from '../../components/form';
import { SwitchField } from '../../components/form/switch-field';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { createAddress, fetchAddresses, updateAddress, type Address } from '../../api/address';
import { showMessage, showToast } from '../../platform/ui';
import { useRequireLogin } from '../../stores/require-login';
import { RegionPicker } from './RegionPicker';
import {
  EMPTY,
  toBody,
  validateAddress,
  type AddressDraft,
  type Errors,
  type Field,
} from './addressDraft';
import './address.scss';
import { idParam } from '../../utils';
import { goBackOr } from '../../platform/navigation';

/** Add (no `id`) or edit (`?id=`) an address, with the province/city/district picker. */
export function AddressForm(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <AddressFormBody {...props} /> : null;
}

/**
 * The address being edited. There is no read-one route: the list (at most 20) holds it; not in
 * it is the error state with its default text.
 */
async function loadAddress(id: number): Promise<Envelope<Address | null>> {
  const reply = await fetchAddresses();
  if (reply.code !== 200) return { ...reply, data: null };
  const found = reply.data?.find((item) => item.id === id);
  return found ? { ...reply, data: found } : { ...reply, msg: '', data: null };
}

function AddressFormBody({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const id = idParam(params.id);
  const editing = Number.isInteger(id) && id > 0;
  const [draft, setDraft] = useState<AddressDraft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [picking, setPicking] = useState(false);
  // The address is filled in once: a later read (the language changed) keeps what was typed.
  const filled = useRef(false);
  const { status, retry } = useEnvelope(
    editing ? id : null,
    () => (editing ? loadAddress(id) : ''),
    ({ name, mobile, province, city, district, detail, isDefault }) => {
      if (filled.current) return;
      filled.current = true;
      setDraft({ name, mobile, region: { province, city, district }, detail, isDefault });
    },
  );

  const update = (patch: Partial<AddressDraft>, field?: Field) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Clear a shown error as soon as the field is right; new errors wait for blur or submit.
    if (field && errors[field] && !validateAddress(next, field)[field]) {
      setErrors({ ...errors, [field]: undefined });
    }
  };
  const check = (field: Field) =>
    setErrors({ ...errors, [field]: validateAddress(draft, field)[field] });

  const save = async () => {
    const found = validateAddress(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean) || !draft.region) return;
    const body = toBody(draft, draft.region);
    const reply = editing ? await updateAddress({ id, ...body }) : await createAddress(body);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    void showToast(t('account.address.saved'), { icon: 'success' });
    await goBackOr('/pages/addressList/addressList');
  };

  if (editing && status.state === 'loading') return <Skeleton rows={5} />;
  if (editing && status.state === 'error') {
    return <ErrorState message={status.message} onRetry={retry} />;
  }

  const message = (field: Field) => {
    const key = errors[field];
    return key ? t(key) : '';
  };
  const region = draft.region;
  return (
    <View className="address-form">
      <TextField
        label={t('account.address.name')}
        name="name"
        maxlength={20}
        value={draft.name}
        placeholder={t('account.address.namePlaceholder')}
        error={message('name')}
        onChange={(name) => update({ name }, 'name')}
        onBlur={() => check('name')}
      />
      <TextField
        label={t('account.mobile')}
        name="mobile"
        type="number"
        maxlength={11}
        value={draft.mobile}
        placeholder={t('account.mobilePlaceholder')}
        error={message('mobile')}
        onChange={(mobile) => update({ mobile }, 'mobile')}
        onBlur={() => check('mobile')}
      />
      <FormField label={t('account.address.region')} error={message('region')}>
        <View
          className={`address-form__region${region ? '' : ' address-form__region--empty'}`}
          role="button"
          aria-label={t('account.address.region')}
          onClick={() => setPicking(true)}
        >
          <Text>
            {region
              ? `${region.province} ${region.city} ${region.district}`
              : t('account.address.regionPlaceholder')}
          </Text>
          <Text className="address-form__chevron" aria-hidden>
            ›
          </Text>
        </View>
      </FormField>
      <TextField
        label={t('account.address.detail')}
        name="detail"
        maxlength={100}
        value={draft.detail}
        placeholder={t('account.address.detailPlaceholder')}
        error={message('detail')}
        onChange={(detail) => update({ detail }, 'detail')}
        onBlur={() => check('detail')}
      />
      <SwitchField
        label={t('account.address.isDefault')}
        checked={draft.isDefault}
        color="var(--brand-color)"
        onChange={(isDefault) => update({ isDefault })}
      />
      <View className="address-form__submit">
        <SubmitButton onSubmit={save}>{t('account.address.save')}</SubmitButton>
      </View>
      {picking && (
        <RegionPicker
          value={region}
          onClose={() => setPicking(false)}
          onChange={(next) => {
            setPicking(false);
            const updated = { ...draft, region: next };
            setDraft(updated);
            setErrors({ ...errors, region: undefined });
          }}
        />
      )}
    </View>
  );
}
