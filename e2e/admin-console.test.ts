/**
 * The merchant console (admin/, served at /admin/) in Chromium at 1280×800, on the server npm
 * start runs: the demo owner logs in and creates an operator for brand 2; a storefront order paid
 * on brand 2 waits under 待审核 beside one paid on brand 1; the owner approves the brand-2 one;
 * the operator logs in (changing the first password), sees nothing of brand 1 (neither in the
 * queue nor by the address of its order), and ships with a serial number; the owner's audit log
 * shows both steps with their authors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';
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
import { confirmAndSign, defaultAddress, ok, placeOrder, until, verifyUser } from './steps/setup';

const OPERATOR = {
  login: 'op-brand2',
  name: '二号运营',
  first: 'first-pass-12345',
  next: 'ops-brand2-pass-9',
};
const SERIAL = 'SN-E2E-000361';

let server: RunningServer;
let browser: Browser;

before(async () => {
  assertConsoleBuilt();
  server = await startServer({ h5: false });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** A storefront order on `platform`, verified, signed and paid at the sandbox cashier: 待审核. */
async function paidOrder(platform: 1 | 2, mobile: string, seq: number) {
  const shopper = await loginOnBrand(server.baseUrl, mobile, platform);
  await verifyUser(shopper.api, server.baseUrl, seq);
  const id = await placeOrder(shopper.api, await defaultAddress(shopper.api, mobile), 'paid');
  await confirmAndSign(shopper.api, server.baseUrl, id, 'PENDING_PAY');
  const pay = ok(await shopper.api<{ cashierUrl: string }>('/api/order/pay', { orderId: id }));
  const cashier = new URL(pay.cashierUrl, server.baseUrl);
  const paid = await fetch(`${server.baseUrl}${cashier.pathname}/pay${cashier.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.ok(paid.status < 400, `the cashier answered ${paid.status}`);
  let orderNo = '';
  await until(async () => {
    const detail = await shopper.api<{ status: string; orderNo: string }>(
      `/api/order/detail/${id}`,
    );
    orderNo = detail.data?.orderNo ?? '';
    return detail.data?.status === 'PENDING_REVIEW';
  }, 'the payment notification');
  return { id, orderNo };
}

/** The queue under `tab`, searched for `keyword` ('' clears it): the rows' text once answered. */
async function queueRows(page: Page, tab: string, keyword?: string): Promise<string[]> {
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  if (keyword !== undefined) {
    await page.getByLabel('关键词').fill(keyword);
    await page.getByLabel('关键词').press('Enter');
  }
  await page.waitForURL((url) => {
    const query = url.searchParams;
    return (
      (query.get('tab') ?? 'review') === TAB_KEYS[tab] &&
      (keyword === undefined || (query.get('keyword') ?? '') === keyword)
    );
  });
  await page.locator('section[aria-label="订单队列"][aria-busy="false"]').waitFor();
  return page.locator('.ant-table-tbody tr.ant-table-row').allInnerTexts();
}

const TAB_KEYS: Record<string, string> = { 待审核: 'review', 待发货: 'ship' };

async function tabCount(page: Page, label: string): Promise<number> {
  // The label carries its count once the queue has answered.
  const tab = page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) });
  await tab.waitFor();
  const text = await tab.innerText();
  return Number(/(\d+)\s*$/.exec(text)?.[1] ?? 'NaN');
}

describe('merchant console (admin/)', () => {
  it('owner creates a brand-2 operator and approves; the operator ships; the audit log names both', async () => {
    const [brand2, brand1] = await Promise.all([
      paidOrder(2, '13800136102', 402),
      paidOrder(1, '13800136101', 401),
    ]);
    const password = demoOwnerPassword(server);
    const { page, errors } = await consolePage(browser);

    // The owner: the queue shows both brands' paid orders under 待审核.
    await consoleLogIn(page, server.baseUrl, 'demo-owner', password);
    await page.waitForURL(/\/admin\/orders/);
    assert.ok((await tabCount(page, '待审核')) >= 2, 'the owner counts both paid orders');
    assert.equal((await queueRows(page, '待审核', brand2.orderNo)).length, 1);
    const ownerRow = (await queueRows(page, '待审核', brand2.orderNo))[0] ?? '';
    assert.match(ownerRow, /品牌 2/);
    assert.equal((await queueRows(page, '待审核', brand1.orderNo)).length, 1, 'brand 1 too');
    await screenshot(page, 'admin-owner-queue');

    // Staff: a new operator for brand 2.
    await createStaffInDialog(page, { ...OPERATOR, role: '运营', brand: 2 });
    const staffRow = page.locator('tr', { hasText: OPERATOR.login });
    await staffRow.waitFor();
    assert.match(await staffRow.innerText(), /运营[\s\S]*2[\s\S]*待改密码/);

    // Approve the brand-2 order from its page.
    await page.getByRole('menuitem', { name: '订单' }).click();
    await queueRows(page, '待审核', brand2.orderNo);
    await page.getByRole('link', { name: brand2.orderNo }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${brand2.id}$`));
    await page.getByRole('button', { name: '审核通过' }).click();
    await page.getByRole('dialog').getByLabel('备注 / 理由').fill('资料齐全，信用通过');
    await page.getByRole('dialog').getByRole('button', { name: '确认审核通过' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '审核通过' }).waitFor({ state: 'detached' });
    await screenshot(page, 'admin-owner-approved');
    await consoleLogOut(page);

    // The operator: first login asks for a new password.
    await consoleLogIn(page, server.baseUrl, OPERATOR.login, OPERATOR.first);
    await changeFirstPassword(page, OPERATOR.first, OPERATOR.next);
    await page.getByTestId('signed-in-as').getByText(OPERATOR.login).waitFor();
    // Nothing of brand 1: not in 待审核 (brand 2's was approved), not by keyword, not by address.
    assert.equal(await tabCount(page, '待审核'), 0);
    assert.equal((await queueRows(page, '待审核', brand1.orderNo)).length, 0);
    const shipRows = await queueRows(page, '待发货', '');
    assert.ok(shipRows.length >= 1);
    for (const row of shipRows) assert.match(row, /品牌 2/);
    assert.ok(shipRows.some((row) => row.includes(brand2.orderNo)));
    assert.equal(await page.getByRole('menuitem', { name: '操作日志' }).count(), 0);
    await page.goto(`${server.baseUrl}/admin/orders/${brand1.id}`);
    // The server's own refusal is what the screen says.
    const refusal = page.getByText(/^订单加载失败：/);
    await refusal.waitFor();
    assert.match(await refusal.innerText(), /^订单加载失败：\S+/);
    await screenshot(page, 'admin-operator-brand1-refused');

    // Ship the brand-2 order: courier, waybill, serial. No review buttons for this role.
    await page.goto(`${server.baseUrl}/admin/orders/${brand2.id}`);
    await page.getByRole('button', { name: '发货' }).click();
    assert.equal(await page.getByRole('button', { name: '审核通过' }).count(), 0);
    const ship = page.getByRole('dialog');
    await ship.getByLabel('快递公司').fill('顺丰');
    await ship.getByLabel('运单号').fill('SF1234567890361');
    await ship.getByLabel('序列号 / IMEI').fill(SERIAL);
    await ship.getByRole('button', { name: '确认发货' }).click();
    await ship.waitFor({ state: 'detached' });
    await page.getByText(SERIAL).waitFor();
    await screenshot(page, 'admin-operator-shipped');
    await consoleLogOut(page);

    // The owner's audit log of that order: the approval by the owner, the shipment by the operator.
    await consoleLogIn(page, server.baseUrl, 'demo-owner', password);
    await page.waitForURL(/\/admin\/orders/);
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByLabel('对象编号').fill(String(brand2.id));
    await page.getByLabel('对象编号').press('Enter');
    const approved = page.locator('tr', { hasText: 'order.approve' });
    const shipped = page.locator('tr', { hasText: 'order.ship' });
    await approved.waitFor();
    await shipped.waitFor();
    assert.match(await approved.innerText(), /demo-owner/);
    assert.match(await shipped.innerText(), new RegExp(OPERATOR.login));
    await screenshot(page, 'admin-audit');

    // A tablet held upright: the queue fits its width (the menu folds away, the table scrolls).
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`${server.baseUrl}/admin/orders?tab=ship`);
    await page.locator('section[aria-label="订单队列"][aria-busy="false"]').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 768 wide`);
    await screenshot(page, 'admin-tablet-queue');

    assert.deepEqual(errors, [], 'no console errors (a CSP refusal would be one)');
    await page.close();
  });
});
