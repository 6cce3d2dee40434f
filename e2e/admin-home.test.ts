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
import type { Browser, Page } from 'playwright-core';
import {
  launchBrowser,
  phonePage,
  root,
  screenshot,
  startServer,
  type RunningServer,
} from './harness';

const OPERATOR = { login: 'op-brand3', first: 'first-pass-12345', next: 'ops-brand3-pass-9' };
const BANNER_TITLE = '三号品牌双十二';
const COUPON_TITLE = '三号品牌开业立减';

let server: RunningServer;
let browser: Browser;
let pictureFile: string;

before(async () => {
  const built = path.join(root, process.env.DIST_DIR ?? 'dist', 'admin', 'index.html');
  if (!fs.existsSync(built))
    throw new Error('dist/admin is not built: run `npm run build:admin` first');
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

/** The demo owner, over the console's API: an operator of brand 3 with a first password. */
async function createOperator(): Promise<void> {
  const password = fs.readFileSync(path.join(server.dataDir, 'admin-demo-password'), 'utf8').trim();
  const login = await fetch(`${server.baseUrl}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'demo-owner', password }),
  });
  assert.equal(login.status, 200);
  const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  const { data } = (await login.json()) as { data: { csrfToken: string } };
  const created = await fetch(`${server.baseUrl}/admin/api/staff`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': data.csrfToken },
    body: JSON.stringify({
      login: OPERATOR.login,
      displayName: '三号运营',
      role: 'operator',
      brands: [3],
      password: OPERATOR.first,
    }),
  });
  assert.equal(created.status, 200, await created.text());
}

async function consolePage(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { page, errors };
}

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
    await createOperator();
    const { page, errors } = await consolePage();
    await page.goto(`${server.baseUrl}/admin/`);
    await page.waitForURL(/\/admin\/login$/);
    await page.getByLabel('账号').fill(OPERATOR.login);
    await page.getByLabel('密码', { exact: true }).fill(OPERATOR.first);
    await page.getByLabel('密码', { exact: true }).press('Enter');
    await page.getByLabel('当前密码').fill(OPERATOR.first);
    await page.getByLabel('新密码', { exact: true }).fill(OPERATOR.next);
    await page.getByLabel('再次输入新密码').fill(OPERATOR.next);
    await page.getByRole('button', { name: '修改密码' }).click();
    await page.waitForURL(/\/admin\/orders/);

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
