import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro';

/**
 * The page-level hooks a paged list needs. The page's own pull-down (enable it with
 * `pageConfig(route, { enablePullDownRefresh: true })`) works on the mini-programs and, through
 * Taro's pull-to-refresh wrapper, on H5. Reach-bottom follows the page's scroll: the window on
 * H5, the page on the mini-programs.
 */
// NOTE(h5): wrapped, not re-exported: Taro's H5 babel plugin rewrites the imported hooks to
// `Taro.usePullDownRefresh`, and an `export { … as … }` of a member expression does not compile.
export function usePagePullDownRefresh(callback: () => void): void {
  usePullDownRefresh(callback);
}

export function usePageReachBottom(callback: () => void): void {
  useReachBottom(callback);
}

/** Ends the pull-down animation; harmless when none is running. */
export function stopPullDownRefresh(): void {
  try {
    void Promise.resolve(Taro.stopPullDownRefresh()).catch(() => undefined);
  } catch {
    // Not in a page (tests) or the target has no pull-down: nothing to stop.
  }
}

/**
 * Whether the element with this id is within the window. A short first page never scrolls, so
 * reach-bottom would never fire: the list asks this after each page and loads on while its
 * footer is still visible.
 */
export function isInWindow(elementId: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const windowHeight = Taro.getWindowInfo().windowHeight;
      Taro.createSelectorQuery()
        .select(`#${elementId}`)
        .boundingClientRect((rect) => {
          const box = Array.isArray(rect) ? rect[0] : rect;
          // No box means the element is gone (page left): nothing more to load.
          resolve(Boolean(box) && box.height >= 0 && box.top < windowHeight && box.bottom >= 0);
        })
        .exec();
    } catch {
      resolve(false);
    }
  });
}
