import { useReachBottom } from '@tarojs/taro';

/**
 * The page-level hooks a paged list needs. Reach-bottom follows the page's scroll: the window on
 * H5, the page on the mini-programs. Pull-down: pull-refresh.ts.
 */
export { stopPullDownRefresh, usePagePullDownRefresh } from './pull-refresh';

export function usePageReachBottom(callback: () => void): void {
  useReachBottom(callback);
}

export { isInWindow } from './window-info';
