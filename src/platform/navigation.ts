import Taro from '@tarojs/taro';
import { LOGIN_PAGE, WEB_VIEW_PAGE } from '../constants';
import { isTaroInternalParam } from './page-route';
import { settled } from './settled';

/** Page navigation: where the user is, where a screen sends them, and guarding a page against leaving. */

interface PageLike {
  route?: string;
  options?: Record<string, string | undefined>;
  $taroPath?: string;
}

function pathOnly(path: string): string {
  return `/${path.replace(/^\/+/, '').split('?')[0]}`;
}

/** The open page as `/pages/x/x?a=1`, or '' before any page exists. */
export function currentPageUrl(): string {
  let pages: PageLike[] = [];
  try {
    pages = Taro.getCurrentPages() as unknown as PageLike[];
  } catch {
    return '';
  }
  const page = pages[pages.length - 1];
  if (!page?.route) return '';
  // NOTE(h5): H5 page objects carry no `options`; the router's params for the current page are
  // the same on every target.
  const params = Taro.getCurrentInstance()?.router?.params ?? page.options ?? {};
  const query = Object.entries(params)
    // Taro adds its own bookkeeping parameters ($taroTimestamp, H5's stamp): not the page's.
    .filter(([key, value]) => !isTaroInternalParam(key) && value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return pathOnly(page.route) + (query ? `?${query}` : '');
}

/**
 * A `redirect` value is only followed when it names one of our own pages: anything else (an
 * absolute URL, `//host`, `javascript:`) could send the user off the app after login.
 */
export function safeInternalPage(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  return /^\/pages\/[\w-]+(\/[\w-]+)*(\?[^#\s\\]*)?$/.test(decoded) ? decoded : undefined;
}

export function reLaunch(url: string): Promise<void> {
  return Promise.resolve(Taro.reLaunch({ url })).then(
    () => undefined,
    () => undefined,
  );
}

/** The login page, told where to return: the page that was open when the session ended. */
export function loginPageUrl(returnTo: string): string {
  const back = safeInternalPage(returnTo);
  return back ? `${LOGIN_PAGE}?redirect=${encodeURIComponent(back)}` : LOGIN_PAGE;
}

export function isLoginPage(url: string): boolean {
  return pathOnly(url) === LOGIN_PAGE;
}

/** After login: back to the page the user was on, else home. */
export function returnAfterLogin(redirect: unknown): Promise<void> {
  return reLaunch(safeInternalPage(redirect) ?? '/pages/home/home');
}

/**
 * Whether a web page may be shown in the web-view: https only, no credentials or port, and the
 * host exactly one of the allowed hosts, as WHATWG URL parsing reads it (so
 * `https://good.example.com@evil.test` is evil.test).
 */
export function isAllowedWebUrl(url: unknown, allowedHosts: readonly string[]): boolean {
  if (typeof url !== 'string') return false;
  const hostname = httpsHostname(url);
  return hostname !== undefined && allowedHosts.some((host) => host.toLowerCase() === hostname);
}

function httpsHostname(url: string): string | undefined {
  // NOTE(weapp/alipay): `typeof`, not globalThis: older base libraries have neither URL nor globalThis.
  const UrlParser = typeof URL === 'function' ? URL : undefined;
  if (UrlParser) {
    try {
      const parsed = new UrlParser(url);
      if (parsed.protocol !== 'https:' || parsed.username || parsed.password || parsed.port) {
        return undefined;
      }
      return parsed.hostname.toLowerCase();
    } catch {
      return undefined;
    }
  }
  // NOTE(weapp/alipay): no URL global in the mini-program runtimes. Accept only a plain
  // `https://host[/...]` with an ASCII host: stricter than WHATWG, never looser.
  const match = /^https:\/\/([a-z0-9.-]+)(?:[/?#][^\s\\]*)?$/i.exec(url);
  return match ? match[1].toLowerCase() : undefined;
}

/** Open an allowed https page in the web-view page; returns false (and stays) otherwise. */
export function openWebView(
  url: string,
  allowedHosts: readonly string[],
  title?: string,
): Promise<boolean> {
  if (!isAllowedWebUrl(url, allowedHosts)) return Promise.resolve(false);
  const query = `url=${encodeURIComponent(url)}${title ? `&title=${encodeURIComponent(title)}` : ''}`;
  return Promise.resolve(Taro.navigateTo({ url: `${WEB_VIEW_PAGE}?${query}` })).then(
    () => true,
    () => false,
  );
}

/**
 * Replace the open page (redirectTo): a finished step or form hands over to the next page, and a
 * payment's waiting and result pages do not stack up under the back button. Resolves false when
 * the target refuses.
 */
export function replacePage(url: string): Promise<boolean> {
  return settled(() => Taro.redirectTo({ url }));
}

/** Back one page, or to the given page when this one was opened directly. */
export function goBackOr(fallbackUrl: string): Promise<boolean> {
  const depth = Taro.getCurrentPages().length;
  return settled(
    depth > 1 ? () => Taro.navigateBack({ delta: 1 }) : () => Taro.reLaunch({ url: fallbackUrl }),
  );
}

/**
 * Replace the current page by the login page, which returns here afterwards: for pages that
 * mean nothing without a login, before they call the server (no 401 round trip).
 */
export function redirectToLogin(returnTo: string): Promise<boolean> {
  return settled(() => Taro.redirectTo({ url: loginPageUrl(returnTo) }));
}
