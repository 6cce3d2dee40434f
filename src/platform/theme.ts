import Taro from '@tarojs/taro';
import type { Brand } from '../brands';
import { setAccentColor } from './accent';

/**
 * Mini-programs have no root element: page colours come from the `--brand-color` custom
 * property that the page frame sets on every page. Dialogs confirm in the brand's colour (./accent).
 */
export function applyBrandTheme(brand: Brand): void {
  setAccentColor(brand.themeColor);
}

/**
 * Called when a tab page shows. Each mini-program artifact is built for one brand, whose tab
 * colour and icons are already in its app.json; only a launch with another brand's `platform`
 * changes the colour (that brand's icons are not in the package).
 */
export function applyTabBarTheme(brand: Brand, buildBrandId?: number): void {
  if (brand.id === buildBrandId) return;
  Taro.setTabBarStyle({ selectedColor: brand.themeColor }).catch(() => {
    // No tab bar on this page after all; nothing to colour.
  });
}
