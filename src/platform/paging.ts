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

export { isInWindow } from './window-info';
