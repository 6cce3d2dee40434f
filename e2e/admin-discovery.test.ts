/**
 * Issue 37's leftovers in Chromium, on the server npm start runs: brand 3's operator saves the
 * brand's own common problems on the console's 常见问题与商品列表 page, and brand 3's help page
 * (H5) shows them while brand 1's keeps the shared ones; a percentage-off and a first-month-free
 * coupon read 8.5折 and 首月免租 in brand 3's coupon centre (they read ¥0.00 before); the goods
 * description set in the console shows on the product page, without its script.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import {
  CLIENT_AUTH,
  launchBrowser,
  phonePage,
  screenshot,
  startServer,
  type RunningServer,
} from './harness';
import {
  assertConsoleBuilt,
  changeFirstPassword,
  consoleApi,
  consoleLogIn,
  consolePage,
  demoOwnerPassword,
  staffAccount,
} from './steps/console';

const OPERATOR = { login: 'op-discovery3', first: 'first-pass-12345', next: 'ops-discover-pass-9' };
const QUESTION = '三号品牌：押金什么时候退？';
const ANSWER = '归还验机通过后 3 个工作日内原路退回。';

let server: RunningServer;
let browser: Browser;

before(async () => {
  assertConsoleBuilt();
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The demo owner, over the console's API. */
const demoOwner = () => consoleApi(server.baseUrl, 'demo-owner', demoOwnerPassword(server));

const storefrontHeaders = (platform: number) => ({
  'x-client-authorization': CLIENT_AUTH,
  'x-platform': String(platform),
});

/** The help page's questions on a brand's storefront, once drawn. */
async function helpText(platform: number): Promise<string> {
  const { page, errors } = await phonePage(browser);
  await page.goto(`${server.baseUrl}/?platform=${platform}#/pages/commonProblem/commonProblem`);
  await page.locator('.question-list__question-text').first().waitFor();
  const text = (await page.locator('.question-list__question-text').allInnerTexts()).join('\n');
  await screenshot(page, `admin-discovery-help-brand${platform}`);
  await page.close();
  assert.deepEqual(errors, []);
  return text;
}

describe('discovery lists, coupon faces and the goods description (issue 37)', () => {
  it("brand 3's own common problems show on brand 3's help page only", async () => {
    await staffAccount(server.baseUrl, await demoOwner(), {
      login: OPERATOR.login,
      displayName: '三号运营',
      role: 'operator',
      brands: [3],
      first: OPERATOR.first,
    });

    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, OPERATOR.login, OPERATOR.first);
    await changeFirstPassword(page, OPERATOR.first, OPERATOR.next);

    await page.getByRole('menuitem', { name: '常见问题与商品列表' }).click();
    await page.waitForURL(/\/admin\/discovery$/);
    // It starts from the shared questions the brand shows now.
    await page.getByText('共享（各品牌通用）').first().waitFor();
    await page.getByRole('button', { name: '添加问题' }).click();
    await page.getByLabel('问题').last().fill(QUESTION);
    await page.getByLabel('回答').last().fill(ANSWER);
    await page.getByRole('button', { name: '保存为本品牌的常见问题' }).click();
    await page.getByText('本品牌自有').first().waitFor();
    await screenshot(page, 'admin-discovery-faq');
    assert.deepEqual(errors, []);
    await page.close();

    assert.ok((await helpText(3)).includes(QUESTION), "brand 3's help page has its question");
    assert.ok(!(await helpText(1)).includes(QUESTION), "brand 1's does not");
  });

  it('a percentage-off and a first-month-free coupon read 8.5折 and 首月免租, not ¥0.00', async () => {
    const owner = await demoOwner();
    for (const body of [
      { title: '三号八五折券', kind: 'percent', percentOff: 15 },
      { title: '三号免首月券', kind: 'first_month_free' },
    ]) {
      const created = await owner('POST', '/coupons', { platform: 3, validDays: 10, ...body });
      assert.equal(created.code, 200, created.msg);
    }
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/?platform=3#/pages/coupon/coupon`);
    const percent = page.locator('.coupon', { hasText: '三号八五折券' });
    await percent.waitFor();
    assert.equal((await percent.locator('.coupon__money').innerText()).trim(), '8.5折');
    const free = page.locator('.coupon', { hasText: '三号免首月券' });
    assert.equal((await free.locator('.coupon__money').innerText()).trim(), '首月免租');
    await screenshot(page, 'admin-discovery-coupon-faces');
    await page.close();
    assert.deepEqual(errors, []);
  });

  it('the goods description set in the console shows on the product page, without its script', async () => {
    const owner = await demoOwner();
    // A seeded goods' pictures (the page loads them).
    const seeded = (await (
      await fetch(`${server.baseUrl}/api/goods/info/1`, { headers: storefrontHeaders(3) })
    ).json()) as { data: { cover: string; images: string[] } };
    const goods = await owner<{ id: number }>('POST', '/goods', {
      name: '描述测试手机',
      brandName: 'TestBrand',
      categoryId: 1,
      cover: seeded.data.cover,
      images: seeded.data.images.slice(0, 1),
      description:
        '<p>超清<strong>护眼屏幕</strong></p><ul><li>续航一整天</li></ul><script>document.title="x"</script>',
      tags: [],
      marketPrice: 599900,
      skus: [{ code: 'DESC-A', color: '黑色', capacity: '128G', condition: '全新', price: 599900 }],
      plans: [
        { skuCode: 'DESC-A', termUnit: 'month', term: 12, rentPerPeriod: 29900, deposit: 100000 },
      ],
      serviceIds: [],
      brands: [3],
    });
    assert.equal(goods.code, 200, goods.msg);
    const published = await owner('POST', `/goods/${goods.data.id}/published`, {
      published: true,
    });
    assert.equal(published.code, 200, published.msg);

    const { page, errors } = await phonePage(browser);
    await page.goto(
      `${server.baseUrl}/?platform=3#/pages/commodityDetails/commodityDetails?goodsId=${goods.data.id}`,
    );
    const section = page.locator('.product__description');
    await section.waitFor();
    assert.ok((await section.innerText()).includes('商品介绍'));
    await section.locator('strong', { hasText: '护眼屏幕' }).waitFor();
    await section.locator('li', { hasText: '续航一整天' }).waitFor();
    assert.equal(await section.locator('script').count(), 0);
    assert.notEqual(await page.title(), 'x');
    await screenshot(page, 'admin-discovery-description');
    await page.close();
    assert.deepEqual(errors, []);
  });
});
