import Taro from '@tarojs/taro';
import { CATALOG_ASSETS_PATH, webpPath } from '../../contract/media';
import { apiUrl } from './config';
import { confirmAction } from './ui';

/** Device calls of the browse screens (home, classify, search, product). */

/** An image path from the API (`/assets/…`) as a URL the image component can load. */
export function mediaUrl(path: string): string {
  return path ? apiUrl(path) : '';
}

/** The WebP twin of a catalogue picture's URL (contract/media.ts); undefined for any other. */
export function catalogWebpUrl(url: string | undefined): string | undefined {
  if (!url?.endsWith('.png') || !url.startsWith(apiUrl(CATALOG_ASSETS_PATH))) return undefined;
  return webpPath(url);
}

export { openPage as openCatalogPage } from './open-page';

/** Ask before clearing something; resolves true only on the confirm button. */
export function confirmCatalogAction(
  content: string,
  labels: { confirm: string; cancel: string },
): Promise<boolean> {
  return confirmAction(content, labels);
}

export { previewImages } from './catalog-media';

/** Back to the top of the page (a new category's goods start from their first row). */
export function scrollPageToTop(): void {
  try {
    void Promise.resolve(Taro.pageScrollTo({ scrollTop: 0, duration: 0 })).catch(() => undefined);
  } catch {
    // No page to scroll (tests).
  }
}
