import { Image, Text, Textarea, View } from '@tarojs/components';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { fetchComplaintTypes, submitComplaint, uploadFile } from '../../api/client';
import { FormField, SubmitButton, TextField } from '../../components/form';
import { useTranslation } from '../../i18n';
import { loginPageUrl, reLaunch } from '../../platform/navigation';
import { openPage } from '../../platform/open-page';
import { isOk } from '../../platform/request';
import { chooseImages, showMessage } from '../../platform/ui';
import { useSession } from '../../stores/session';
import {
  CONTENT_MAX,
  MAX_IMAGES,
  contentLength,
  imagesBlocker,
  imagesReducer,
  validateContent,
  validateMobile,
  validateType,
  type FieldError,
} from './feedbackForm';
import { ErrorBlock, LoadingBlock } from './StateViews';
import { useRemote } from './useRemote';
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

let nextImageKey = 0;

/** Feedback: a type, what happened (5-500 characters), up to three images, a contact mobile. */
export function Feedback() {
  const { t } = useTranslation();
  const loggedIn = useSession((state) => state.status === 'loggedIn');
  const types = useRemote(fetchComplaintTypes);
  const [type, setType] = useState<string>();
  const [content, setContent] = useState('');
  const [mobile, setMobile] = useState('');
  const [images, dispatch] = useReducer(imagesReducer, []);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Feedback is tied to an account: without one, log in first and come back here.
  useEffect(() => {
    if (!loggedIn) void reLaunch(loginPageUrl(FEEDBACK_PAGE));
  }, [loggedIn]);

  const upload = useCallback(async (key: string, localPath: string) => {
    const reply = await uploadFile(localPath);
    if (!mounted.current) return;
    if (isOk(reply) && reply.data) dispatch({ type: 'uploaded', key, uploadId: reply.data.id });
    else dispatch({ type: 'failed', key, message: reply.msg });
  }, []);

  const addImages = async () => {
    const paths = await chooseImages(MAX_IMAGES - images.length, ['album', 'camera']);
    const added = paths.slice(0, MAX_IMAGES - images.length).map((localPath) => {
      nextImageKey += 1;
      return { key: `image-${nextImageKey}`, localPath };
    });
    if (added.length === 0) return;
    dispatch({ type: 'add', images: added });
    setErrors((previous) => ({ ...previous, images: undefined }));
    added.forEach((image) => void upload(image.key, image.localPath));
  };

  const retryImage = (key: string, localPath: string) => {
    dispatch({ type: 'retry', key });
    void upload(key, localPath);
  };

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
    dispatch({ type: 'clear' });
    setErrors({});
    setDone(false);
  };

  const say = (error?: FieldError) => (error ? t(error.key, error.params) : undefined);

  if (done) {
    return (
      <View className="service feedback-done" role="status">
        <Text className="feedback-done__title">{t('service.feedback.successTitle')}</Text>
        <Text className="feedback-done__body">{t('service.feedback.successBody')}</Text>
        <View className="feedback-done__actions">
          <View className="service-button" role="button" onClick={startOver}>
            <Text>{t('service.feedback.again')}</Text>
          </View>
          <View
            className="service-button service-button--plain"
            role="button"
            onClick={() => void openPage('/pages/customer-service/customerService')}
          >
            <Text>{t('service.faqEntry')}</Text>
          </View>
        </View>
      </View>
    );
  }

  const length = contentLength(content);
  return (
    <View className="service feedback">
      <FormField label={t('service.feedback.type')} required error={say(errors.type)}>
        {types.state.status === 'loading' && <LoadingBlock />}
        {types.state.status === 'error' && (
          <ErrorBlock message={types.state.message} onRetry={() => void types.reload()} />
        )}
        {types.state.status === 'ready' && (
          <View
            className="feedback-types"
            role="radiogroup"
            aria-label={t('service.feedback.type')}
          >
            {types.state.data.map((item) => (
              <View
                key={item.value}
                className={`feedback-types__item${item.value === type ? ' feedback-types__item--on' : ''}`}
                role="radio"
                aria-checked={item.value === type}
                onClick={() => {
                  setType(item.value);
                  setErrors((previous) => ({ ...previous, type: undefined }));
                }}
              >
                <Text>{item.label}</Text>
              </View>
            ))}
          </View>
        )}
      </FormField>

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

      <FormField
        label={t('service.feedback.images', { max: MAX_IMAGES })}
        error={say(errors.images)}
      >
        <View className="feedback-images">
          {images.map((image, index) => (
            <View key={image.key} className="feedback-images__cell">
              <Image
                className="feedback-images__image"
                src={image.localPath}
                mode="aspectFill"
                aria-label={t('service.feedback.imageAlt', { index: index + 1 })}
              />
              {image.status === 'uploading' && (
                <View className="feedback-images__status" role="status">
                  <Text>{t('service.feedback.uploading')}</Text>
                </View>
              )}
              {image.status === 'failed' && (
                <View
                  className="feedback-images__status feedback-images__status--failed"
                  role="button"
                  aria-label={t('service.feedback.uploadFailed')}
                  onClick={() => retryImage(image.key, image.localPath)}
                >
                  <Text>{t('service.feedback.uploadFailed')}</Text>
                </View>
              )}
              <View
                className="feedback-images__remove"
                role="button"
                aria-label={t('service.feedback.removeImage', { index: index + 1 })}
                onClick={() => dispatch({ type: 'remove', key: image.key })}
              >
                <Text aria-hidden>×</Text>
              </View>
            </View>
          ))}
          {images.length < MAX_IMAGES && (
            <View
              className="feedback-images__add"
              role="button"
              aria-label={t('service.feedback.addImage')}
              onClick={() => void addImages()}
            >
              <Text className="feedback-images__plus" aria-hidden>
                +
              </Text>
              <Text className="feedback-images__add-text">{t('service.feedback.addImage')}</Text>
            </View>
          )}
        </View>
        {images.map((image, index) =>
          image.status === 'failed' && image.message ? (
            <Text key={image.key} className="feedback-images__error" role="alert">
              {t('service.feedback.imageError', { index: index + 1, message: image.message })}
            </Text>
          ) : null,
        )}
      </FormField>

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
    </View>
  );
}
