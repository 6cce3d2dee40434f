/**
 * perfectIdCard — real name then face. Query: `orderId` (the placed order).
 * Photo of the ID card's front → OCR → confirm what was read, or type name and number → face
 * (H5: a selfie; mini-programs: the provider's face page in the web view, verdict polled).
 */
import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { useState } from 'react';
import { uploadFile } from '../../api/client';
import { recogniseIdCard, submitRealName, type OcrResult } from '../../api/kyc';
import { ConsentGate } from '../../components/consent/ConsentGate';
import { SubmitButton, TextField } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { chooseImages, showMessage } from '../../platform/ui';
import { ensurePrivacyNotice } from '../../stores/privacy-popup';
import { isIdCard } from '@contract/validation';
import { StepFrame } from './StepFrame';
import { useVerificationStep } from './useVerificationStep';
import { idParam } from '../../utils';
import { goBackOr } from '../../platform/navigation';
import { FaceCheck } from './FaceCheck';
import { IdentityRows } from './IdentityRows';
import { isRealName } from './real-name';

export function RealNameStep({ params }: PageBodyProps) {
  const orderId = idParam(params.orderId);
  const { load, refresh, advance } = useVerificationStep('realName', orderId);
  return (
    <StepFrame step="realName" load={load} onRetry={() => void refresh()}>
      {load.state === 'ready' && (
        // ID number, ID photos and face are sensitive data: their own consent first (PIPL art.
        // 29), and the credit query real-name submit runs with them.
        <ConsentGate
          kinds={['identity_and_face', 'credit_query']}
          onDecline={() => void goBackOr('/pages/myOrder/myOrder')}
        >
          {load.data.status.realName ? (
            <FaceCheck
              name={load.data.identity?.name ?? ''}
              idNoMasked={load.data.identity?.idNoMasked ?? ''}
              onPassed={advance}
            />
          ) : (
            <IdentityForm onSaved={advance} />
          )}
        </ConsentGate>
      )}
    </StepFrame>
  );
}

/** Upload → OCR → confirm, or manual entry (also when the photo is not recognised). */
export function IdentityForm({ onSaved }: { onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState('');
  const [ocr, setOcr] = useState<OcrResult | null>(null);
  const [manual, setManual] = useState(false);
  const [name, setName] = useState('');
  const [idNo, setIdNo] = useState('');
  const [errors, setErrors] = useState<{ name?: string; idNo?: string; photo?: string }>({});
  const [reading, setReading] = useState(false);

  const pickPhoto = async () => {
    if (!(await ensurePrivacyNotice())) return;
    const [path] = await chooseImages(1);
    if (!path) return;
    setPhoto(path);
    setReading(true);
    setErrors({});
    try {
      const uploaded = await uploadFile(path);
      if (uploaded.code !== 200) {
        setErrors({ photo: uploaded.msg || t('verify.id.uploadFailed') });
        return;
      }
      const read = await recogniseIdCard(uploaded.data.id, 'front');
      if (read.code !== 200) {
        setErrors({ photo: read.msg || t('verify.id.ocrFailed') });
        setManual(true);
        return;
      }
      setOcr(read.data);
      if (!read.data.recognised) {
        setErrors({ photo: t('verify.id.notRecognised') });
        setManual(true);
      } else {
        setName(read.data.name ?? '');
        setManual(false);
      }
    } finally {
      setReading(false);
    }
  };

  const validName = (value: string) => (isRealName(value) ? '' : t('verify.id.nameInvalid'));
  const validId = (value: string) => (isIdCard(value) ? '' : t('verify.id.idInvalid'));

  const submit = async () => {
    let body: { ocrId: number } | { name: string; idNo: string };
    if (!manual && ocr?.recognised) {
      body = { ocrId: ocr.ocrId };
    } else {
      const next = { name: validName(name.trim()), idNo: validId(idNo.trim().toUpperCase()) };
      setErrors(next);
      if (next.name || next.idNo) return;
      body = { name: name.trim(), idNo: idNo.trim().toUpperCase() };
    }
    const reply = await submitRealName(body);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    await onSaved();
  };

  const recognised = !manual && ocr?.recognised;
  return (
    <View className="verify-card">
      <Text className="verify-card__title">{t('verify.id.title')}</Text>
      <Text className="verify-card__hint">{t('verify.id.hint')}</Text>
      <View
        className="verify-upload"
        role="button"
        aria-label={t('verify.id.upload')}
        onClick={() => void pickPhoto()}
      >
        {photo ? (
          <Picture
            className="verify-upload__image"
            src={photo}
            mode="aspectFit"
            alt={t('verify.id.photoAlt')}
          />
        ) : (
          <Text className="verify-upload__text">{t('verify.id.upload')}</Text>
        )}
        {reading && <Text className="verify-upload__status">{t('verify.id.reading')}</Text>}
      </View>
      {errors.photo && (
        <Text className="verify-card__error" role="alert">
          {errors.photo}
        </Text>
      )}
      {recognised && (
        <View className="verify-read">
          <IdentityRows name={ocr?.name} number={ocr?.idNoMasked} />
          <View className="verify-link" role="button" onClick={() => setManual(true)}>
            <Text>{t('verify.id.edit')}</Text>
          </View>
        </View>
      )}
      {!recognised && (
        <View className="verify-manual">
          {!manual && !ocr && (
            <View className="verify-link" role="button" onClick={() => setManual(true)}>
              <Text>{t('verify.id.typeInstead')}</Text>
            </View>
          )}
          {manual && (
            <>
              <TextField
                label={t('verify.id.name')}
                name="realName"
                value={name}
                onChange={setName}
                onBlur={(value) => setErrors((e) => ({ ...e, name: validName(value.trim()) }))}
                error={errors.name}
                placeholder={t('verify.id.namePlaceholder')}
                maxlength={20}
              />
              <TextField
                label={t('verify.id.number')}
                name="idNo"
                type="idcard"
                value={idNo}
                onChange={setIdNo}
                onBlur={(value) =>
                  setErrors((e) => ({ ...e, idNo: validId(value.trim().toUpperCase()) }))
                }
                error={errors.idNo}
                placeholder={t('verify.id.numberPlaceholder')}
                maxlength={18}
              />
            </>
          )}
        </View>
      )}
      <SubmitButton
        onSubmit={submit}
        disabled={reading || (!recognised && !manual)}
        pendingText={t('verify.sending')}
      >
        {t('verify.id.submit')}
      </SubmitButton>
    </View>
  );
}
