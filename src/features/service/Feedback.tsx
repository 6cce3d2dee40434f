import { Text, Textarea, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { fetchComplaintTypes, submitComplaint } from '../../api/client';
import { FormField, SubmitButton, TextField } from '../../components/form';
import { useTranslation } from '../../i18n';
import { loginPageUrl, reLaunch } from '../../platform/navigation';
import { isOk } from '../../platform/request';
import { showMessage } from '../../platform/ui';
import { useSession } from '../../stores/session';
import {
  CONTENT_MAX,
  contentLength,
  imagesBlocker,
  validateContent,
  validateMobile,
  validateType,
  type FieldError,
} from './feedbackForm';
import { FeedbackDone, FeedbackImages, FeedbackTypes } from './FeedbackParts';
import { MyFeedback } from './MyFeedback';
import { useFeedbackImages, useMountedRef } from './useFeedbackImages';
import { useEnvelope } from '../../components/states/useEnvelope';
import './service.scss';
import './feedback.scss';

const FEEDBACK_PAGE = '/pages/feedBack/feedBack';

interface Errors {
  type?: FieldError;
  content?: FieldError;
  mobile?: FieldError;
  images?: FieldError;
  /** The server's refusal of the whole submit. */
  form?: string;
}

/** Feedback: a type, what happened (5-500 characters), up to three images, a contact mobile. */
export function Feedback() {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.status === 'loggedIn');
  const types = useEnvelope(null, fetchComplaintTypes);
  const [type, setType] = useState<string>();
  const [content, setContent] = useState('');
  const [mobile, setMobile] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const mounted = useMountedRef();
  const { images, addImages, retryImage, removeImage, clearImages } = useFeedbackImages(() =>
    setErrors((previous) => ({ ...previous, images: undefined })),
  );

  // Feedback is tied to an account: without one, log in first and come back here.
  useEffect(() => {
    if (!loggedIn) void reLaunch(loginPageUrl(FEEDBACK_PAGE));
  }, [loggedIn]);
  const submit = async () => {
    const next: Errors = {
      type: validateType(type),
      content: validateContent(content),
      mobile: validateMobile(mobile),
      images: imagesBlocker(images),
    };
    setErrors(next);
    if (next.type || next.content || next.mobile || next.images || !type) return;
    const uploadIds = images.flatMap((image) => (image.uploadId ? [image.uploadId] : []));
    const reply = await submitComplaint({
      type,
      content: content.trim(),
      ...(mobile.trim() ? { contactMobile: mobile.trim() } : {}),
      ...(uploadIds.length > 0 ? { images: uploadIds } : {}),
    });
    if (!mounted.current) return;
    if (isOk(reply)) {
      setDone(true);
      return;
    }
    // Everything typed stays; the message says what to change.
    const message = reply.msg || t('service.feedback.submitFailed');
    setErrors((previous) => ({ ...previous, form: message }));
    void showMessage(message);
  };

  const startOver = () => {
    setType(undefined);
    setContent('');
    setMobile('');
    clearImages();
    setErrors({});
    setDone(false);
  };

  const say = (error?: FieldError) => (error ? t(error.key, error.params) : undefined);

  if (done)
    return (
      <View>
        <FeedbackDone onStartOver={startOver} />
        <View className="service">
          <MyFeedback />
        </View>
      </View>
    );

  const length = contentLength(content);
  return (
    <View className="service feedback">
      <FeedbackTypes
        status={types.status}
        types={types.data}
        onRetry={types.retry}
        type={type}
        error={say(errors.type)}
        onChoose={(value) => {
          setType(value);
          setErrors((previous) => ({ ...previous, type: undefined }));
        }}
      />

      <FormField label={t('service.feedback.content')} required error={say(errors.content)}>
        <View className="feedback-content">
          <Textarea
            className="feedback-content__input"
            value={content}
            maxlength={-1}
            placeholder={t('service.feedback.contentPlaceholder')}
            aria-label={t('service.feedback.content')}
            onInput={(event) => {
              const value = String(event.detail.value ?? '');
              setContent(value);
              // A shown error follows the typing, so it goes away once the text is right.
              if (errors.content)
                setErrors((previous) => ({ ...previous, content: validateContent(value) }));
            }}
            onBlur={() =>
              setErrors((previous) => ({ ...previous, content: validateContent(content) }))
            }
          />
          <Text
            className={`feedback-content__counter${length > CONTENT_MAX ? ' feedback-content__counter--over' : ''}`}
          >
            {t('service.feedback.counter', { count: length, max: CONTENT_MAX })}
          </Text>
        </View>
      </FormField>

      <FeedbackImages
        images={images}
        error={say(errors.images)}
        onAdd={() => void addImages()}
        onRetry={retryImage}
        onRemove={removeImage}
      />

      <TextField
        label={t('service.feedback.mobile')}
        name="contactMobile"
        type="number"
        maxlength={11}
        value={mobile}
        placeholder={t('service.feedback.mobilePlaceholder')}
        error={say(errors.mobile)}
        onChange={(value) => {
          setMobile(value);
          if (errors.mobile)
            setErrors((previous) => ({ ...previous, mobile: validateMobile(value) }));
        }}
        onBlur={(value) =>
          setErrors((previous) => ({ ...previous, mobile: validateMobile(value) }))
        }
      />

      {errors.form && (
        <Text className="feedback__form-error" role="alert">
          {errors.form}
        </Text>
      )}
      <View className="feedback__submit">
        <SubmitButton onSubmit={submit} pendingText={t('service.feedback.submitting')}>
          {t('service.feedback.submit')}
        </SubmitButton>
      </View>
      {/* What was sent before, with the merchant's replies; only for a signed-in user. */}
      {loggedIn && <MyFeedback />}
    </View>
  );
}
