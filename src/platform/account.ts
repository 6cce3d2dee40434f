import Taro from '@tarojs/taro';
import { isTabPath } from '../routes';
import { loginPageUrl } from './navigation';

/** Device calls of the account screens: confirmations and moving between pages. */

/** Ask before something that cannot be undone; resolves true only on the confirm button. */
export async function confirmAction(
  content: string,
  labels: { confirm: string; cancel: string; title?: string; confirmColor?: string },
): Promise<boolean> {
  try {
    const result = await Taro.showModal({
      title: labels.title ?? '',
      content,
      confirmText: labels.confirm,
      cancelText: labels.cancel,
      ...(labels.confirmColor ? { confirmColor: labels.confirmColor } : {}),
    });
    return Boolean(result.confirm);
  } catch {
    return false;
  }
}

/** Open one of our pages: tab pages by switchTab (navigateTo refuses them), others on top. */
export function goToPage(url: string): Promise<boolean> {
  const call = isTabPath(url)
    ? () => Taro.switchTab({ url: url.split('?')[0] })
    : () => Taro.navigateTo({ url });
  try {
    return Promise.resolve(call()).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

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
