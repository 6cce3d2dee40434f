import type { ReactNode } from 'react';

/**
 * NOTE(h5): what Taro's generated app entry gets for `import { PullDownRefresh } from
 * '@tarojs/components'` (config/index.ts). Taro's router wraps a page in it only when the page
 * enables pull-down refresh, which no H5 page does (routes.ts `pageConfig` leaves the option out:
 * the app draws its own, platform/pull-refresh.h5.ts), yet the entry imported the component for
 * every load (~2 KB gzip of the first route). Should a page ever be wrapped, it renders the page.
 */
export function PullDownRefresh({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
