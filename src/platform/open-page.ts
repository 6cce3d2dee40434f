import Taro from '@tarojs/taro';
import { isTabPath } from '../routes';
import { settled } from './settled';

/**
 * Open one of our pages from a screen: tab pages by switchTab (navigateTo refuses them), others
 * on top of the stack. Resolves false when the target refuses (stack full, unknown page).
 */
export function openPage(url: string): Promise<boolean> {
  const call = isTabPath(url)
    ? () => Taro.switchTab({ url: url.split('?')[0] })
    : () => Taro.navigateTo({ url });
  return settled(call);
}

/** Replace the current page (the web-view page's error page sends the user home this way). */
export function goHome(): Promise<boolean> {
  return Promise.resolve(Taro.reLaunch({ url: '/pages/home/home' })).then(
    () => true,
    () => false,
  );
}
