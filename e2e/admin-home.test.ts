/**
 * The console's home-page editor and coupons (issue 37) in Chromium, on the server npm start
 * runs: the demo owner makes an operator of brand 3; the operator (changing the first password)
 * adds a home banner with a picture uploaded from disk and sees its preview; brand 3's storefront
 * home (H5) shows the new banner with the uploaded picture, brand 1's does not; a coupon the
 * operator creates in the console is in brand 3's coupon centre.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness';
import {
  assertConsoleBuilt,
  changeFirstPassword,
  consoleApi,
  consoleLogIn,
  consolePage,
  demoOwnerPassword,
  staffAccount,
} from './steps/console';

const OPERATOR = { login: 'op-brand3', first: 'first-pass-12345', next: 'ops-brand3-pass-9' };
const BANNER_TITLE = '三号品牌双十二';
const COUPON_TITLE = '三号品牌开业立减';

let server: RunningServer;
let browser: Browser;
let pictureFile: string;

before(async () => {
  assertConsoleBuilt();
  server = await startServer();
  browser = await launchBrowser();
  // A photo-sized JPEG on disk, as the operator would pick one.
  pictureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-banner-')), 'promo.jpg');
  const width = 1500;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    pixels[i] = 230;
    pixels[i + 1] = (x * 200) / width;
    pixels[i + 2] = 60;
  }
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toFile(pictureFile);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (pictureFile) fs.rmSync(path.dirname(pictureFile), { recursive: true, force: true });
});

/** The banners' titles on a brand's storefront home, once they are drawn. */
async function storefrontBanners(
  platform: number,
): Promise<{ titles: string[]; images: string[] }> {
  const { page, errors } = await phonePage(browser);
  await page.goto(`${server.baseUrl}/?platform=${platform}`);
  const region = page.getByRole('region', { name: /轮播|banner/i });
  await region.waitFor();
  const titles = await region
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
  const images = await region
    .locator('img')
    .evaluateAll((imgs) =>
      imgs.map((img) => (img as HTMLImageElement).currentSrc || img.getAttribute('src') || ''),
    );
  await screenshot(page, `admin-home-storefront-brand${platform}`);
  await page.close();
  assert.deepEqual(errors, []);
  return { titles, images };
}

describe('home page and coupons in the console (issue 37)', () => {
  it("an operator's banner and coupon reach brand 3's storefront, not brand 1's", async () => {
    const owner = await consoleApi(server.baseUrl, 'demo-owner', demoOwnerPassword(server));
    // An operator of brand 3 with a first password, which it changes at its first login.
    await staffAccount(server.baseUrl, owner, {
      login: OPERATOR.login,
      displayName: '三号运营',
      role: 'operator',
      brands: [3],
      first: OPERATOR.first,
    });
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, OPERATOR.login, OPERATOR.first);
    await changeFirstPassword(page, OPERATOR.first, OPERATOR.next);

    // The home page editor, on the operator's only brand.
    await page.getByRole('menuitem', { name: '首页装修' }).click();
    await page.waitForURL(/\/admin\/home$/);
    await page.getByRole('button', { name: '新增轮播图' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('标题').fill(BANNER_TITLE);
    await dialog.locator('input[type=file]').setInputFiles(pictureFile);
    const preview = dialog.locator('img[src^="/assets/u/"]');
    await preview.waitFor();
    const uploaded = (await preview.getAttribute('src')) ?? '';
    assert.match(uploaded, /^\/assets\/u\/[a-f0-9]{32}\.png$/);
    await screenshot(page, 'admin-home-banner-dialog');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: BANNER_TITLE }).waitFor();

    // A coupon for brand 3.
    await page.getByRole('menuitem', { name: '优惠券' }).click();
    await page.waitForURL(/\/admin\/coupons$/);
    await page.getByRole('button', { name: '新建优惠券' }).click();
    const couponDialog = page.getByRole('dialog');
    await couponDialog.getByLabel('名称').fill(COUPON_TITLE);
    await couponDialog.getByLabel('减免金额（元）').fill('18');
    await couponDialog.getByRole('button', { name: '创建' }).click();
    await couponDialog.waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: COUPON_TITLE }).waitFor();
    await screenshot(page, 'admin-coupons-list');
    assert.deepEqual(errors, []);
    await page.close();

    // The storefronts: brand 3 shows the banner with the uploaded picture, brand 1 does not.
    const brand3 = await storefrontBanners(3);
    assert.ok(brand3.titles.includes(BANNER_TITLE), brand3.titles.join(', '));
    const hash = /([a-f0-9]{32})\.png$/.exec(uploaded)?.[1] ?? '';
    assert.ok(
      brand3.images.some((src) => src.includes(hash)),
      brand3.images.join(', '),
    );
    const brand1 = await storefrontBanners(1);
    assert.ok(!brand1.titles.includes(BANNER_TITLE));
    assert.ok(!brand1.images.some((src) => src.includes(hash)));

    // Brand 3's coupon centre lists the new coupon; brand 1's does not.
    for (const [platform, shown] of [
      [3, true],
      [1, false],
    ] as const) {
      const { page: shop } = await phonePage(browser);
      await shop.goto(`${server.baseUrl}/?platform=${platform}#/pages/coupon/coupon`);
      await shop.getByText('品牌专享', { exact: false }).first().waitFor();
      assert.equal(await shop.getByText(COUPON_TITLE).count(), shown ? 1 : 0, `brand ${platform}`);
      if (shown) await screenshot(shop, 'admin-coupon-in-centre-brand3');
      await shop.close();
    }
  });
});
