import type { Brand } from '../brands';

/**
 * NOTE(h5): one H5 build serves all nine brands. The brand colour is a custom property on the
 * root element, set before the first render.
 */
export function applyBrandTheme(brand: Brand): void {
  const rootStyle = document.documentElement.style;
  rootStyle.setProperty('--brand-color', brand.themeColor);
  rootStyle.setProperty('--brand-rgb', brand.themeColorNumber.join(', '));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
}

/**
 * NOTE(h5): nothing to do: H5 draws its own tab bar (components/tab-bar), which reads the brand
 * from the store, so its selected colour and icons follow the brand without being patched.
 */
export function applyTabBarTheme(_brand: Brand, _buildBrandId?: number): void {}

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
