import Taro from '@tarojs/taro';
import { WEB_VIEW_PAGE } from '../constants';
import { setLeaveGuard } from './page-route';

/** Moving through the checkout and verification steps, and guarding a step against leaving. */

/** Replace this step with the next, so back does not walk through finished steps. */
export function replacePage(url: string): Promise<boolean> {
  try {
    return Promise.resolve(Taro.redirectTo({ url })).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

/** Open the signing page in the app's web view (its allowlist decides whether it opens). */
export function openSigningPage(url: string, title: string): Promise<boolean> {
  const query = `url=${encodeURIComponent(url)}&title=${encodeURIComponent(title)}`;
  try {
    return Promise.resolve(Taro.navigateTo({ url: `${WEB_VIEW_PAGE}?${query}` })).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

/**
 * Ask before leaving a step midway: the in-app nav bar's back asks through `confirm`; the
 * mini-programs' own back button shows the platform's alert with `message`. Returns the undo.
 */
export function guardLeaving(message: string, confirm: () => Promise<boolean>): () => void {
  const removeGuard = setLeaveGuard(confirm);
  let native = false;
  if (process.env.TARO_ENV === 'weapp' || process.env.TARO_ENV === 'alipay') {
    try {
      Taro.enableAlertBeforeUnload({ message });
      native = true;
    } catch {
      // Older base libraries lack it: the in-app nav bar still asks.
    }
  }
  return () => {
    removeGuard();
    if (native) {
      try {
        Taro.disableAlertBeforeUnload();
      } catch {
        // nothing to undo
      }
    }
  };
}

/** Whether this build runs where the Alipay fund authorisation (deposit freeze) exists. */
export const canFreezeDeposit = process.env.TARO_ENV !== 'weapp';
/** WeChat has no fund authorisation: the deposit may be withheld from a bound card instead. */
export const canWithholdFromCard = process.env.TARO_ENV === 'weapp';

/** Runs each time the page is hidden (another page opened over it, or the app sent away). */
export { useDidHide as usePageHide } from '@tarojs/taro';
