import { CATALOG_ASSETS_PATH, webpPath } from '../../contract/media';
import { apiUrl } from '../platform/config';

/** An image path from the API (`/assets/…`) as a URL the image component can load. */
export function mediaUrl(path: string): string {
  return path ? apiUrl(path) : '';
}

/** The WebP twin of a catalogue picture's URL (contract/media.ts); undefined for any other. */
export function catalogWebpUrl(url: string | undefined): string | undefined {
  if (!url?.endsWith('.png') || !url.startsWith(apiUrl(CATALOG_ASSETS_PATH))) return undefined;
  return webpPath(url);
}
