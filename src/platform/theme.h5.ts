import Taro from '@tarojs/taro';
import type { Brand } from '../brands';
import { TABS } from '../routes';

/**
 * NOTE(h5): one H5 build serves all nine brands. The brand colour is a custom property on the
 * root element, set before the first render; the tab bar's selectedColor reads it too.
 */
export function applyBrandTheme(brand: Brand): void {
  const rootStyle = document.documentElement.style;
  rootStyle.setProperty('--brand-color', brand.themeColor);
  rootStyle.setProperty('--brand-rgb', brand.themeColorNumber.join(', '));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
}

/**
 * NOTE(h5): the selected tab icons are swapped for the brand's own when a tab page shows (the
 * tab bar does not exist at launch, and it drops changes made before it mounts).
 */
export function applyTabBarTheme(brand: Brand, _buildBrandId?: number): void {
  TABS.forEach((tab, index) => {
    Taro.setTabBarItem({
      index,
      selectedIconPath: `/static/brands/${brand.id}/tabbar/${tab.icon}-active.png`,
    }).catch(() => {
      // Not a tab page after all: nothing to update.
    });
  });
}

const CHAT_SCRIPT_ID = 'online-service-chat';

/** Loads the brand's online customer-service chat once; a second call does nothing. */
export function injectChatScript(url: string): void {
  if (document.getElementById(CHAT_SCRIPT_ID)) return;
  const script = document.createElement('script');
  script.id = CHAT_SCRIPT_ID;
  script.src = url;
  script.async = true;
  document.body.appendChild(script);
}
