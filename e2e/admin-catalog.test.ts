/**
 * The console's catalogue in Chromium, on the server npm start runs (issue 37): a brand-3
 * shopper places an order for goods 1; the demo owner creates an operator for brand 3; the
 * operator opens goods 1 in the goods editor and sets brand 3's own monthly rents; brand 3's
 * storefront (H5) shows the new rent at once, brand 1's still the old one, and the order placed
 * before keeps the rent and bills it agreed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, phonePage, screenshot, startServer, type RunningServer } from './harness';
import {
  assertConsoleBuilt,
  changeFirstPassword,
  consoleLogIn,
  consoleLogOut,
  consolePage,
  createStaffInDialog,
  demoOwnerPassword,
} from './steps/console';
import { loginOnBrand } from './steps/brand-session';
import { defaultAddress, ok, placeOrder } from './steps/setup';

const OPERATOR = {
  login: 'op-brand3',
  name: '三号运营',
  first: 'first-pass-12345',
  next: 'ops-brand3-pass-9',
};
const GOODS_ID = 1;
/** What brand 3's operator adds to every plan's monthly rent, yuan. */
const RAISE = 11;

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

/** The rent the product page shows for its preselected SKU and plan, on a brand's storefront. */
async function shownRent(platform: number): Promise<string> {
  const { page, errors } = await phonePage(browser);
  await page.goto(
    `${server.baseUrl}/?platform=${platform}#/pages/commodityDetails/commodityDetails?goodsId=${GOODS_ID}`,
  );
  const rent = page.locator('.product__rent').first();
  await rent.waitFor();
  const text = (await rent.innerText()).trim();
  await screenshot(page, `admin-catalog-storefront-brand${platform}`);
  assert.deepEqual(errors, [], `brand ${platform}'s product page logged no errors`);
  await page.close();
  return text;
}

const yuanOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('merchant console: catalogue', () => {
  it("brand 3's operator changes a monthly rent: brand 3's storefront shows it, brand 1's does not, an earlier order keeps its rent", async () => {
    // An order on brand 3, placed before the change.
    const shopper = await loginOnBrand(server.baseUrl, '13800137301', 3);
    const orderId = await placeOrder(
      shopper.api,
      await defaultAddress(shopper.api, '13800137301'),
      'paid',
    );
    const orderBefore = ok(
      await shopper.api<{ rentPerPeriod: number }>(`/api/order/detail/${orderId}`),
    );
    const billsOf = async () =>
      JSON.stringify(
        ok(await shopper.api<unknown>(`/api/order/detail/${orderId}`)),
        (key, value: unknown) =>
          key === 'status' || key === 'statusText' || key.endsWith('At') ? undefined : value,
      );
    const detailBefore = await billsOf();

    const oldRent3 = await shownRent(3);
    const oldRent1 = await shownRent(1);
    assert.equal(oldRent3, oldRent1, 'both brands show the plan’s own rent before');

    // The owner creates brand 3's operator.
    const password = demoOwnerPassword(server);
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, 'demo-owner', password);
    await page.waitForURL(/\/admin\/orders/);
    await createStaffInDialog(page, { ...OPERATOR, role: '运营', brand: 3 });
    await consoleLogOut(page);

    // The operator: first password changed, then 商品 → goods 1.
    await consoleLogIn(page, server.baseUrl, OPERATOR.login, OPERATOR.first);
    await changeFirstPassword(page, OPERATOR.first, OPERATOR.next);
    await page.getByRole('menuitem', { name: '商品', exact: true }).click();
    await page.waitForURL(/\/admin\/goods/);
    const goodsName = ok(await shopper.api<{ name: string }>(`/api/goods/info/${GOODS_ID}`)).name;
    await page.getByLabel('商品名称').fill(goodsName);
    await page.getByLabel('商品名称').press('Enter');
    await page.getByRole('link', { name: goodsName, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/admin/goods/${GOODS_ID}$`));
    // Every brand sells goods 1: brand 3's operator may set brand 3's rents only.
    await page.getByText('只能修改本品牌的租金').waitFor();
    await screenshot(page, 'admin-catalog-editor');

    // Brand 3's rent for every monthly plan: the plan's rent plus RAISE yuan.
    const inputs = page.getByLabel(/^品牌 3 .+个月 租金$/);
    const count = await inputs.count();
    assert.ok(count > 0, 'a brand-3 rent box per monthly plan');
    for (let i = 0; i < count; i += 1) {
      const input = inputs.nth(i);
      const base = Number(await input.getAttribute('placeholder'));
      await input.fill((base + RAISE).toFixed(2));
    }
    await page.getByRole('button', { name: '保存品牌租金' }).click();
    await page.getByText('品牌租金已保存').waitFor();
    await screenshot(page, 'admin-catalog-brand-rents-saved');

    // At once: brand 3's storefront shows the new rent; brand 1's the old one.
    const newRent3 = await shownRent(3);
    assert.equal(yuanOf(newRent3), yuanOf(oldRent3) + RAISE, `brand 3 shows ${newRent3}`);
    assert.equal(await shownRent(1), oldRent1, "brand 1's storefront is unchanged");

    // The order placed before keeps its rent and bills.
    const orderAfter = ok(
      await shopper.api<{ rentPerPeriod: number }>(`/api/order/detail/${orderId}`),
    );
    assert.equal(orderAfter.rentPerPeriod, orderBefore.rentPerPeriod);
    assert.equal(await billsOf(), detailBefore);

    assert.deepEqual(errors, [], 'no errors in the console');
    await page.close();
  });
});
