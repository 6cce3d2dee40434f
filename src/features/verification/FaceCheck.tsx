import { Text, View } from '@tarojs/components';
import { useRef, useState } from 'react';
import { uploadFile } from '../../api/client';
import { fetchFaceResult, putFacePhoto, startFace } from '../../api/kyc';
import { SubmitButton } from '../../components/form';
import { useTranslation } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { chooseImages } from '../../platform/ui';
import { IdentityRows } from './IdentityRows';
import { openSigningPage } from './signing-page';
import { FACE_POLL_MS, FACE_POLL_TRIES, pause } from './timing';

/** Face verification for the identity on file; the verdict arrives a moment later. */
export function FaceCheck(props: {
  name: string;
  idNoMasked: string;
  onPassed: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState('');

  const waitForVerdict = async (certifyId: string): Promise<string> => {
    for (let i = 0; i < FACE_POLL_TRIES; i += 1) {
      const reply = await fetchFaceResult(certifyId);
      if (reply.code === 200 && reply.data.status !== 'pending') return reply.data.status;
      await pause(FACE_POLL_MS);
    }
    return 'pending';
  };

  const checkVerdict = async (certifyId: string) => {
    const verdict = await waitForVerdict(certifyId);
    if (verdict === 'passed') {
      await props.onPassed();
    } else {
      setError(verdict === 'failed' ? t('verify.face.failed') : t('verify.face.pending'));
    }
  };

  // Mini-programs: back from the provider's face page, ask for its verdict (the server asks the
  // provider only when asked; the step's own status read alone would wait forever).
  const atProvider = useRef<string | undefined>(undefined);
  usePageShow(() => {
    const certifyId = atProvider.current;
    atProvider.current = undefined;
    if (certifyId) void checkVerdict(certifyId);
  });

  const start = async () => {
    setError('');
    const session = await startFace();
    if (session.code !== 200) {
      setError(session.msg);
      return;
    }
    if (process.env.TARO_ENV !== 'h5') {
      // Mini-programs: the provider's face page; the verdict is asked for when shown again.
      atProvider.current = session.data.certifyId;
      await openSigningPage(session.data.url, t('verify.face.title'));
      return;
    }
    const [selfie] = await chooseImages(1, ['camera', 'album']);
    if (!selfie) return;
    const uploaded = await uploadFile(selfie);
    if (uploaded.code !== 200) {
      setError(uploaded.msg || t('verify.id.uploadFailed'));
      return;
    }
    const put = await putFacePhoto(session.data.certifyId, uploaded.data.id);
    if (put.code !== 200) {
      setError(put.msg);
      return;
    }
    await checkVerdict(session.data.certifyId);
  };

  return (
    <View className="verify-card">
      <Text className="verify-card__title">{t('verify.face.title')}</Text>
      <View className="verify-read">
        <IdentityRows name={props.name} number={props.idNoMasked} />
      </View>
      <Text className="verify-card__hint">{t('verify.face.hint')}</Text>
      {error && (
        <Text className="verify-card__error" role="alert">
          {error}
        </Text>
      )}
      <SubmitButton onSubmit={start} pendingText={t('verify.face.checking')}>
        {t('verify.face.start')}
      </SubmitButton>
    </View>
  );
}
