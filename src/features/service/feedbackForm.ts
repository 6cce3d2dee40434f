import { registerMessages, type MessageKey, type MessageParams } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';

registerMessages(serviceMessages);

/** The feedback form's rules, the server's (`ComplaintBody`) seen from the user's side. */
export const CONTENT_MIN = 5;
export const CONTENT_MAX = 500;
export const MAX_IMAGES = 3;

export interface FieldError {
  key: MessageKey;
  params?: MessageParams;
}

/** Characters as the server counts them (code points, so an emoji is one). */
export function contentLength(text: string): number {
  return Array.from(text).length;
}

/** What the server refuses in free text: NUL, unpaired surrogates, a leading BOM. */
const UNREADABLE =
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
  /\u0000|^\uFEFF|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function validateContent(text: string): FieldError | undefined {
  const length = contentLength(text.trim());
  if (length === 0) return { key: 'service.feedback.contentRequired' };
  if (UNREADABLE.test(text)) return { key: 'service.feedback.contentInvalid' };
  if (length < CONTENT_MIN)
    return { key: 'service.feedback.contentTooShort', params: { min: CONTENT_MIN } };
  if (length > CONTENT_MAX) {
    return { key: 'service.feedback.contentTooLong', params: { max: CONTENT_MAX } };
  }
  return undefined;
}

/** Optional; when given, the contract's mainland mobile pattern. */
export function validateMobile(text: string): FieldError | undefined {
  if (text.trim() === '') return undefined;
  return /^1[3-9]\d{9}$/.test(text.trim()) ? undefined : { key: 'service.feedback.mobileInvalid' };
}

export function validateType(type: string | undefined): FieldError | undefined {
  return type ? undefined : { key: 'service.feedback.typeRequired' };
}

/** An image the user picked: its local path, and how its upload is going. */
export interface FeedbackImage {
  key: string;
  localPath: string;
  status: 'uploading' | 'done' | 'failed';
  /** Set once uploaded: what the complaint refers to. */
  uploadId?: string;
  /** The server's message when the upload failed. */
  message?: string;
}

export type ImageAction =
  | { type: 'add'; images: { key: string; localPath: string }[] }
  | { type: 'uploaded'; key: string; uploadId: string }
  | { type: 'failed'; key: string; message: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

/** Picked images, never more than MAX_IMAGES; answers for a removed image are ignored. */
export function imagesReducer(images: FeedbackImage[], action: ImageAction): FeedbackImage[] {
  switch (action.type) {
    case 'add': {
      const room = Math.max(0, MAX_IMAGES - images.length);
      const added = action.images
        .slice(0, room)
        .map((image) => ({ ...image, status: 'uploading' as const }));
      return [...images, ...added];
    }
    case 'uploaded':
      return images.map((image) =>
        image.key === action.key
          ? { ...image, status: 'done', uploadId: action.uploadId, message: undefined }
          : image,
      );
    case 'failed':
      return images.map((image) =>
        image.key === action.key ? { ...image, status: 'failed', message: action.message } : image,
      );
    case 'retry':
      return images.map((image) =>
        image.key === action.key ? { ...image, status: 'uploading', message: undefined } : image,
      );
    case 'remove':
      return images.filter((image) => image.key !== action.key);
    case 'clear':
      return [];
  }
}

/** What stops a submit because of the images, if anything. */
export function imagesBlocker(images: readonly FeedbackImage[]): FieldError | undefined {
  if (images.some((image) => image.status === 'uploading'))
    return { key: 'service.feedback.waitUploads' };
  if (images.some((image) => image.status === 'failed'))
    return { key: 'service.feedback.fixUploads' };
  return undefined;
}
