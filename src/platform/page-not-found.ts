import Taro from '@tarojs/taro';
import { isTaroInternalParam } from './page-route';

/**
 * A path that is no page (an old link, a mistyped one) is sent on to `destination(path, query)`
 * instead of a blank page (H5) or the host's own notice. The redirect is made inside the callback:
 * WeChat and Alipay act only on a redirect made synchronously there. Alipay can redirect only to
 * a page already loaded, so a subpackage page it has not loaded yet leaves its own 页面不存在 page.
 */
export function redirectMissingPages(
  destination: (path: string, query: Record<string, string>) => string,
): void {
  // Taro passes the host's own listener through: an older host without one keeps its notice.
  if (typeof Taro.onPageNotFound !== 'function') return;
  Taro.onPageNotFound(({ path, query }) => {
    const own: Record<string, string> = {};
    for (const [key, value] of Object.entries(query ?? {})) {
      if (!isTaroInternalParam(key) && typeof value === 'string') own[key] = value;
    }
    void Taro.redirectTo({ url: destination(path, own) }).catch(() => undefined);
  });
}
