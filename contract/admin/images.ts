/**
 * Picture uploads from the console (issue 37): JPEG, PNG or WebP by their content, resized to the
 * size the storefront shows for their use, stored as a PNG (mini-programs) and a WebP (browsers)
 * with content-hash names, served from `/assets/u/` with a year's cache.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../api/envelope.ts';
import { BrandId } from './index.ts';

/** The storefront's picture sizes, px (server/src/seed/generate-images.ts draws the same). */
export const IMAGE_PURPOSES = {
  banner: { width: 750, height: 300 },
  goods: { width: 600, height: 600 },
  category: { width: 120, height: 120 },
} as const;
export type ImagePurpose = keyof typeof IMAGE_PURPOSES;

export const UploadImageBody = Type.Object({
  platform: BrandId,
  purpose: Type.Union(
    (Object.keys(IMAGE_PURPOSES) as ImagePurpose[]).map((purpose) => Type.Literal(purpose)),
  ),
  /** The file's bytes, base64 (the console's API takes JSON only). */
  data: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9+/]*={0,2}$' }),
});
export type UploadImageBody = Static<typeof UploadImageBody>;

export const UploadedImage = Type.Object({
  /** The PNG's path (`/assets/u/<hash>.png`): what a banner or goods stores. */
  url: Type.String(),
  /** The WebP beside it (the same path ending in .webp). */
  webpUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  /** What was uploaded: `jpeg`, `png` or `webp`. */
  sourceFormat: Type.String(),
});
export type UploadedImage = Static<typeof UploadedImage>;
export const UploadImageReply = Envelope(UploadedImage);
export type UploadImageReply = Static<typeof UploadImageReply>;
