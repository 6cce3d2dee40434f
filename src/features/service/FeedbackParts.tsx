import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import type { DictionaryItem } from '../../api/client';
import { FormField } from '../../components/form';
import { useTranslation } from '../../i18n';
import { openPage } from '../../platform/open-page';
import { MAX_IMAGES, type FeedbackImage } from './feedbackForm';
import { ErrorBlock, LoadingBlock } from './StateViews';
import type { EnvelopeStatus } from '../../components/states/useEnvelope';

/** After a sent feedback: send another, or read the common questions. */
export function FeedbackDone({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <View className="service feedback-done" role="status">
      <Text className="feedback-done__title">{t('service.feedback.successTitle')}</Text>
      <Text className="feedback-done__body">{t('service.feedback.successBody')}</Text>
      <View className="feedback-done__actions">
        <View className="service-button" role="button" onClick={onStartOver}>
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

export function FeedbackTypes({
  status,
  types,
  onRetry,
  type,
  error,
  onChoose,
}: {
  status: EnvelopeStatus;
  /** The types, once read. */
  types: DictionaryItem[] | undefined;
  onRetry: () => void;
  type: string | undefined;
  error: string | undefined;
  onChoose: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t('service.feedback.type')} required error={error}>
      {status.state === 'loading' && (
        // As tall as the chips it waits for, so the fields below stay where they are (CLS).
        <View className="feedback-types-pending">
          <LoadingBlock />
        </View>
      )}
      {status.state === 'error' && <ErrorBlock message={status.message} onRetry={onRetry} />}
      {status.state === 'ready' && types && (
        <View className="feedback-types" role="radiogroup" aria-label={t('service.feedback.type')}>
          {types.map((item) => (
            <View
              key={item.value}
              className={`feedback-types__item${item.value === type ? ' feedback-types__item--on' : ''}`}
              role="radio"
              aria-checked={item.value === type}
              onClick={() => onChoose(item.value)}
            >
              <Text>{item.label}</Text>
            </View>
          ))}
        </View>
      )}
    </FormField>
  );
}

/** The chosen pictures with their upload state, and the add button while fewer than the most. */
export function FeedbackImages({
  images,
  error,
  onAdd,
  onRetry,
  onRemove,
}: {
  images: FeedbackImage[];
  error: string | undefined;
  onAdd: () => void;
  onRetry: (key: string, localPath: string) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormField label={t('service.feedback.images', { max: MAX_IMAGES })} error={error}>
      <View className="feedback-images">
        {images.map((image, index) => (
          <View key={image.key} className="feedback-images__cell">
            <Picture
              className="feedback-images__image"
              src={image.localPath}
              mode="aspectFill"
              alt={t('service.feedback.imageAlt', { index: index + 1 })}
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
                onClick={() => onRetry(image.key, image.localPath)}
              >
                <Text>{t('service.feedback.uploadFailed')}</Text>
              </View>
            )}
            <View
              className="feedback-images__remove"
              role="button"
              aria-label={t('service.feedback.removeImage', { index: index + 1 })}
              onClick={() => onRemove(image.key)}
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
            onClick={onAdd}
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
  );
}
