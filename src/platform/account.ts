import Taro from '@tarojs/taro';
import { loginPageUrl } from './navigation';

/** Device calls of the account screens: confirmations and moving between pages. */

export { confirmAction } from './ui';

export { openPage as goToPage } from './open-page';

/** Back one page, or to the given page when this one was opened directly. */
export function goBackOr(fallbackUrl: string): Promise<boolean> {
  const depth = Taro.getCurrentPages().length;
  const call =
    depth > 1 ? () => Taro.navigateBack({ delta: 1 }) : () => Taro.reLaunch({ url: fallbackUrl });
  try {
    return Promise.resolve(call()).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

/**
 * Replace the current page by the login page, which returns here afterwards: for pages that
 * mean nothing without a login, before they call the server (no 401 round trip).
 */
export function redirectToLogin(returnTo: string): Promise<boolean> {
  try {
    return Promise.resolve(Taro.redirectTo({ url: loginPageUrl(returnTo) })).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}
