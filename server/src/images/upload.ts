/**
 * A console upload: the bytes must be a JPEG, PNG or WebP by what sharp reads in them (the name
 * and the declared type count for nothing), within the size limit; the picture is cut to the size
 * the storefront shows for its use and stored twice, as PNG (the mini-programs) and WebP (browsers,
 * contract/media.ts), under its content hash. A refused file writes nothing.
 */
import { createHash } from 'node:crypto';
import type sharp from 'sharp';
import {
  IMAGE_PURPOSES,
  type ImagePurpose,
  type UploadedImage,
} from '../../../contract/admin/images.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import type { ImageStore } from './storage.ts';

/** Where uploaded pictures are served: `<prefix><hash>.png` and `.webp`. */
export const UPLOADED_IMAGES_PATH = '/assets/u/';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Bigger pictures are refused rather than decoded (a decompression bomb stays small on disk). */
const MAX_PIXELS = 40_000_000;

/**
 * sharp, loaded with the first upload: with its native binding it took ~0.03 s of CPU to import
 * (profile of a test server's start, 28 Nov), paid by every server and test process although only
 * the console's image upload uses it.
 */
async function loadSharp(): Promise<typeof sharp> {
  return (await import('sharp')).default;
}

/** The upload's bytes from base64, with the size limit applied to the decoded file. */
export function decodeUpload(base64: string, maxBytes: number): Buffer {
  // Four base64 characters carry three bytes: look before decoding a huge string.
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2)
    throw new ApiError(413, `data: 文件超过 ${Math.floor(maxBytes / 1024)} KB 上限`, 413);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes)
    throw new ApiError(413, `data: 文件超过 ${Math.floor(maxBytes / 1024)} KB 上限`, 413);
  if (bytes.length === 0) throw badRequest('data: 文件为空');
  return bytes;
}

async function formatOf(bytes: Buffer): Promise<string> {
  const notImage = () => new ApiError(415, 'data: 不是 JPEG、PNG 或 WebP 图片', 415);
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw notImage();
    return meta.format;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw notImage();
  }
}

/** Checks, resizes and stores one picture; the stored PNG's path and its WebP's. */
export async function storeUploadedImage(
  store: ImageStore,
  bytes: Buffer,
  purpose: ImagePurpose,
): Promise<UploadedImage> {
  const sourceFormat = await formatOf(bytes);
  const { width, height } = IMAGE_PURPOSES[purpose];
  const sharp = await loadSharp();
  let resized: sharp.Sharp;
  let png: Buffer;
  let webp: Buffer;
  try {
    // `rotate()`: a phone photo's EXIF orientation applied, then dropped with the rest of its
    // metadata (location included).
    resized = sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'cover', position: 'attention' });
    [png, webp] = await Promise.all([
      resized.clone().png({ palette: true, quality: 90, effort: 7 }).toBuffer(),
      resized.clone().webp({ quality: 82 }).toBuffer(),
    ]);
  } catch {
    // Metadata read, but the pixels are broken (a truncated file).
    throw new ApiError(415, 'data: 图片已损坏，无法读取', 415);
  }
  const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
  await store.put(`${hash}.png`, png, 'image/png');
  await store.put(`${hash}.webp`, webp, 'image/webp');
  return {
    url: `${UPLOADED_IMAGES_PATH}${hash}.png`,
    webpUrl: `${UPLOADED_IMAGES_PATH}${hash}.webp`,
    width,
    height,
    sourceFormat,
  };
}
