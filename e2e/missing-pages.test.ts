/**
 * Paths that are no page, opened as a link or a QR code would open them: the brief's
 * `pages/testAuth` (moved to `pages/testAuth/testAuth`) still opens the test authorisation, and
 * any other unknown path shows the not-found page with a way home, never a blank page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, screenshot, useServerAndBrowser, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

describe('a path that is no page', () => {
  it('pages/testAuth, the old path, opens the test authorisation at its new path', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/testAuth?from=qr`);
    await page.waitForFunction(() => location.hash.startsWith('#/pages/testAuth/testAuth'));
    assert.match(await page.evaluate(() => location.hash), /[?&]from=qr/);
    await page.locator('.nav-bar__title:visible', { hasText: '测试预授权' }).waitFor();
    await page.locator('.page-frame__content:visible').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('an unknown path shows the not-found page, which goes home', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/nowhere/nowhere?x=1`);
    await page.locator('.nav-bar__title:visible', { hasText: '页面不存在' }).waitFor();
    await page.getByText('找不到这个页面').waitFor();
    await page.getByText('/pages/nowhere/nowhere 不存在或已移走').waitFor();
    await screenshot(page, 'missing-page');
    await page.getByRole('button', { name: '回到首页' }).click();
    await page.waitForFunction(
      () => location.hash === '#/' || location.hash.startsWith('#/pages/home/home'),
    );
    await page.getByRole('link', { name: '分类' }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
