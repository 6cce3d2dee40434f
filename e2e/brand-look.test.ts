/**
 * The look of the brands in a real browser: on the orange and red brands nothing the app draws
 * is blue or green (it follows the brand's theme colour), the status pages' done mark included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BRAND_RECORDS } from '../contract/brands/records';
import type { PlatformId } from '../contract/http';
import { phonePage, screenshot, useServerAndBrowser, type RunningServer } from './harness';
import { loginOnBrand, openAppAs } from './steps/brand-session';
import { defaultAddress, placeOrder, verifyUser } from './steps/setup';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

/**
 * Every visible element's colours (text, background, borders, outline) whose hue is green or blue
 * (80°-270°) and that are saturated enough to read as an accent, as "element colour".
 */
async function blueOrGreenAccents(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const found = new Set();
    function accentHue(value) {
      const m = value.match(/rgba?\\(([\\d.]+), ([\\d.]+), ([\\d.]+)(?:, ([\\d.]+))?/);
      if (!m || (m[4] !== undefined && Number(m[4]) < 0.2)) return undefined;
      const [r, g, b] = [m[1], m[2], m[3]].map((v) => Number(v) / 255);
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      if (max - min < 0.2) return undefined;
      let h = max === r ? ((g - b) / (max - min)) % 6 : max === g ? (b - r) / (max - min) + 2 : (r - g) / (max - min) + 4;
      h *= 60;
      return h < 0 ? h + 360 : h;
    }
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      for (const property of ['color', 'background-color', 'border-top-color', 'border-bottom-color', 'outline-color']) {
        if (property.startsWith('border') && style.getPropertyValue(property.replace('color', 'width')) === '0px') continue;
        if (property === 'outline-color' && style.outlineStyle === 'none') continue;
        const value = style.getPropertyValue(property);
        const hue = accentHue(value);
        if (hue !== undefined && hue > 80 && hue < 270) {
          found.add(element.tagName.toLowerCase() + '.' + String(element.className).split(' ')[0] + ' ' + property + ' ' + value);
        }
      }
    }
    return [...found];
  })()`);
}

describe('brands whose theme is orange or red', () => {
  const warm: PlatformId[] = [1, 5];
  for (const platform of warm) {
    const brand = BRAND_RECORDS[platform - 1];
    it(`brand ${platform} (${brand.themeColor}): the order-success mark and a dialog's confirm button follow the theme`, async () => {
      const session = await loginOnBrand(server.baseUrl, `1380013${8500 + platform}`, platform);
      await verifyUser(session.api, server.baseUrl, 840 + platform);
      const orderId = await placeOrder(session.api, await defaultAddress(session.api), 'paid');
      const { page, errors } = await phonePage(browser);
      await openAppAs(page, server.baseUrl, session);

      await page.goto(
        `${server.baseUrl}/?platform=${platform}#/pages/orderSuccess/orderSuccess?orderId=${orderId}`,
      );
      await page.locator('.pay-status__icon').waitFor();
      assert.deepEqual(await blueOrGreenAccents(page), []);
      await screenshot(page, `brand-look-${platform}-order-success`);

      // A confirm dialog: clearing the search history.
      await page.goto(`${server.baseUrl}/?platform=${platform}#/pages/search/search`);
      const box = page.locator('input').first();
      await box.fill('相机');
      await box.press('Enter');
      await page.goto(`${server.baseUrl}/?platform=${platform}#/pages/search/search`);
      await page.getByRole('button', { name: '清空', exact: true }).click();
      await page.locator('.taro-modal__foot').waitFor();
      assert.deepEqual(await blueOrGreenAccents(page), []);
      await screenshot(page, `brand-look-${platform}-dialog`);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
