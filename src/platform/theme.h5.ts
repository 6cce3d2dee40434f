import type { Brand } from '../brands';
import { setAccentColor } from './accent';

/**
 * NOTE(h5): one H5 build serves all nine brands. The brand colour is a custom property on the
 * root element, set before the first render; dialogs confirm in it (./accent).
 */
export function applyBrandTheme(brand: Brand): void {
  setAccentColor(brand.themeColor);
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
