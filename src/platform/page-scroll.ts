import Taro from '@tarojs/taro';

// Its own module, not page-route.ts (which every page loads): Taro's H5 scroll animation stays
// out of the first route.

/** Back to the top of the page (a new category's goods start from their first row). */
export function scrollPageToTop(): void {
  try {
    void Promise.resolve(Taro.pageScrollTo({ scrollTop: 0, duration: 0 })).catch(() => undefined);
  } catch {
    // No page to scroll (tests).
  }
}
