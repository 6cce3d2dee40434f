import Taro from '@tarojs/taro';

/**
 * Mini-programs: the native navigation bar and tab bar show the titles compiled into the app's
 * configuration, which are Simplified Chinese; in another language the page sets its own when it
 * shows. Failures (a page with a custom bar, no tab bar on this page) change nothing visible.
 */
export function showPageTitles(title: string, tabTexts: readonly string[] | undefined): void {
  Taro.setNavigationBarTitle({ title }).catch(() => undefined);
  tabTexts?.forEach((text, index) => {
    Taro.setTabBarItem({ index, text }).catch(() => undefined);
  });
}
