import Taro, { useRouter } from '@tarojs/taro';
import { HOME_PATH } from '../routes';

export type RouteParams = Record<string, string>;

// Added by Taro itself (H5 adds `stamp` to keep page instances apart), never by our links.
const TARO_INTERNAL_PARAMS = new Set(['$taroTimestamp', 'stamp']);

export function isTaroInternalParam(key: string): boolean {
  return TARO_INTERNAL_PARAMS.has(key) || key.startsWith('$taro');
}

/** The current page's query parameters, decoded, on every target. */
export function useRouteParams(): RouteParams {
  // Taro can render a page before its router info is set (seen on Alipay under load): no params yet.
  const router: { params?: Record<string, string | undefined> } | null = useRouter();
  const params = router?.params;
  const decoded: RouteParams = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (isTaroInternalParam(key) || typeof value !== 'string') continue;
    try {
      decoded[key] = decodeURIComponent(value);
    } catch {
      // A malformed escape is kept as typed rather than dropped.
      decoded[key] = value;
    }
  }
  return decoded;
}

/** How many pages are in the history stack (1 when the page was opened directly). */
export function pageStackDepth(): number {
  return Taro.getCurrentPages().length;
}

/**
 * Back if there is somewhere to go back to; otherwise to home, so a page opened from a shared
 * link never strands the user.
 */
export function navigateBackOrHome(): void {
  if (leaveGuard) {
    const guard = leaveGuard;
    void guard().then((leave) => {
      if (leave) goBackOrHome();
    });
    return;
  }
  goBackOrHome();
}

type LeaveGuard = () => Promise<boolean>;
let leaveGuard: LeaveGuard | undefined;

/**
 * A page that should not be left by accident (a verification step midway) asks first: the nav
 * bar's back waits for `guard` and goes only on true. Returns the function that removes it.
 */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  leaveGuard = guard;
  return () => {
    if (leaveGuard === guard) leaveGuard = undefined;
  };
}

function goBackOrHome(): void {
  if (pageStackDepth() > 1) {
    void Taro.navigateBack({ delta: 1 });
  } else {
    void Taro.reLaunch({ url: `/${HOME_PATH}` });
  }
}

export { statusBarHeight } from './window-info';

/** Runs on every show of the page (first open, and coming back to it). */
export { useDidShow as usePageShow } from '@tarojs/taro';

/** Runs each time the page is hidden (another page opened over it, or the app sent away). */
export { useDidHide as usePageHide } from '@tarojs/taro';
