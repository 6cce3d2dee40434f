import Taro from '@tarojs/taro';
import { isTabPath } from '../routes';
import { apiUrl } from './config';

/** Device calls of the browse screens (home, classify, search, product). */

/** An image path from the API (`/assets/…`) as a URL the image component can load. */
export function mediaUrl(path: string): string {
  return path ? apiUrl(path) : '';
}

/** Open one of our pages: tab pages by switchTab (it drops the query), others on the stack. */
export function openCatalogPage(url: string): Promise<boolean> {
  const call = isTabPath(url)
    ? () => Taro.switchTab({ url: url.split('?')[0] })
    : () => Taro.navigateTo({ url });
  try {
    return Promise.resolve(call()).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

/** Ask before clearing something; resolves true only on the confirm button. */
export async function confirmCatalogAction(
  content: string,
  labels: { confirm: string; cancel: string },
): Promise<boolean> {
  try {
    const result = await Taro.showModal({
      title: '',
      content,
      confirmText: labels.confirm,
      cancelText: labels.cancel,
    });
    return Boolean(result.confirm);
  } catch {
    return false;
  }
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
