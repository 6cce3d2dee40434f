import Taro, { usePullDownRefresh } from '@tarojs/taro';

/**
 * The page's own pull-down (enable it with `pageConfig(route, { enablePullDownRefresh: true })`):
 * native on the mini-programs. H5 has its own gesture (pull-refresh.h5.ts).
 */
// NOTE(h5): wrapped, not re-exported: Taro's H5 babel plugin rewrites the imported hooks to
// `Taro.usePullDownRefresh`, and an `export { … as … }` of a member expression does not compile.
export function usePagePullDownRefresh(callback: () => void): void {
  usePullDownRefresh(callback);
}

/** Ends the pull-down animation; harmless when none is running. */
export function stopPullDownRefresh(): void {
  try {
    void Promise.resolve(Taro.stopPullDownRefresh()).catch(() => undefined);
  } catch {
    // Not in a page (tests) or the target has no pull-down: nothing to stop.
  }
}
