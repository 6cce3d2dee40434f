/**
 * The merchant console's desk in Chromium (admin/, served at /admin/ by the server npm start
 * runs), the steps admin-console.test.ts does not take: rejecting with a reason code, showing a
 * customer's full mobile (and finding it in the audit log), the English switch, receiving a
 * return and inspecting it with damage (the customer then sees the damage bill in the H5 app:
 * the order's state and hint, and the bill's label and amount on its bills page),
 * refunding part of a bill, an account with a TOTP second factor (codes from otplib) signing in,
 * and an owner disabling it while its session is open. At 1280×800 and a tablet's 820×1180 the
 * queue, an order and the staff page fit the width.
 *
 * The customer's side is driven through the storefront API, and read where the customer reads it
 * in the H5 app (dist/h5, `npm run build:h5`) in the same browser.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';
import {
  assertConsoleBuilt,
  changeFirstPassword,
  chooseOption,
  consoleLogIn,
  consolePage,
  demoOwnerPassword,
  tick,
} from './steps/console';
import { loginOnBrand, openAppAs, type BrandSession } from './steps/brand-session';
import { earlyReturnQuote, openOrderDetail, opsStep } from './steps/orders';
import { appPhonePage } from './steps/rent';
import {
  confirmAndSign,
  defaultAddress,
  ok,
  placeOrder,
  until,
  verifyUser,
  type ApiCall,
} from './steps/setup';

let server: RunningServer;
let browser: Browser;
let ownerPassword: string;

before(async () => {
  assertConsoleBuilt();
  server = await startServer();
  browser = await launchBrowser();
  ownerPassword = demoOwnerPassword(server);
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Pays a cashier URL the storefront handed out, at the sandbox cashier. */
async function payCashier(cashierUrl: string) {
  const cashier = new URL(cashierUrl, server.baseUrl);
  const paid = await fetch(`${server.baseUrl}${cashier.pathname}/pay${cashier.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.ok(paid.status < 400, `the cashier answered ${paid.status}`);
}

interface Detail {
  status: string;
  orderNo: string;
  bills: { id: number; kind: string; status: string }[];
}

/** A storefront order on `platform`, verified, signed and paid: 待审核. */
async function paidOrder(platform: 1 | 2 | 3, mobile: string, seq: number) {
  const shopper = await loginOnBrand(server.baseUrl, mobile, platform);
  await verifyUser(shopper.api, server.baseUrl, seq);
  const id = await placeOrder(shopper.api, await defaultAddress(shopper.api, mobile), 'paid');
  await confirmAndSign(shopper.api, server.baseUrl, id, 'PENDING_PAY');
  const pay = ok(await shopper.api<{ cashierUrl: string }>('/api/order/pay', { orderId: id }));
  await payCashier(pay.cashierUrl);
  let orderNo = '';
  await until(async () => {
    const detail = await shopper.api<Detail>(`/api/order/detail/${id}`);
    orderNo = detail.data?.orderNo ?? '';
    return detail.data?.status === 'PENDING_REVIEW';
  }, 'the payment notification');
  return { id, orderNo, api: shopper.api, shopper };
}

/** A paid order approved, shipped, received, returned early and sent back: 归还中. */
async function returningOrder(mobile: string, seq: number) {
  const order = await paidOrder(1, mobile, seq);
  const { id, api } = order;
  assert.equal(await opsStep(server.baseUrl, id, 'approve'), 'PENDING_SHIP');
  assert.equal(await opsStep(server.baseUrl, id, 'ship', { waybill: 'SF5550001111' }), 'SHIPPED');
  await opsStep(server.baseUrl, id, 'deliver');
  ok(await api('/api/order/confirmReceive', { orderId: id }));
  const quote = await earlyReturnQuote(api, id);
  ok(await api('/api/order/apply/earlyReturn', { orderId: id, total: quote.total }));
  await payOpenBills(api, id, 'EARLY_RETURN');
  ok(await api('/api/order/apply/return', { orderId: id }));
  ok(
    await api('/api/order/confirm/return', { orderId: id, expressCode: 'sf', waybill: 'SF777888' }),
  );
  const detail = ok(await api<Detail>(`/api/order/detail/${id}`));
  assert.equal(detail.status, 'RETURNING');
  return order;
}

/** Pays the order's unpaid bills of `kind` at the cashier, and waits until they are paid. */
async function payOpenBills(api: ApiCall, id: number, kind: string) {
  const open = () =>
    api<Detail>(`/api/order/detail/${id}`).then((reply) =>
      (reply.data?.bills ?? []).filter((b) => b.kind === kind && b.status === 'unpaid'),
    );
  const bills = await open();
  if (bills.length === 0) return;
  const pay = ok(
    await api<{ cashierUrl: string }>('/api/order/footPay', {
      orderId: id,
      billIds: bills.map((b) => b.id),
    }),
  );
  await payCashier(pay.cashierUrl);
  await until(async () => (await open()).length === 0, `the ${kind} payment`);
}

/**
 * What the customer sees in the H5 app once the desk found damage: the order waiting for the
 * compensation with its hint, and on the bills page (the order's 查看账单) the ¥50.00 赔偿款, due,
 * all that is owed and ticked to pay.
 */
async function customerSeesDamageBill(shopper: BrandSession, orderId: number) {
  const { page, errors } = await appPhonePage(browser);
  await openAppAs(page, server.baseUrl, shopper);
  await openOrderDetail(page, server.baseUrl, orderId);
  assert.equal((await page.locator('.order-detail__status:visible').innerText()).trim(), '待赔付');
  assert.equal(
    (await page.locator('.order-detail__hint:visible').innerText()).trim(),
    '验机发现损坏，请支付赔偿',
  );
  await page.locator('.order-actions:visible .order-button', { hasText: '查看账单' }).click();
  await page.waitForURL(/pages\/billDetail\/billDetail\?orderId=\d+/);
  const damage = page.locator('.bill-row:visible', {
    has: page.locator('.bill-row__title', { hasText: '赔偿款' }),
  });
  await damage.waitFor();
  assert.equal(await damage.count(), 1);
  assert.equal((await damage.locator('.bill-row__amount').innerText()).trim(), '¥50.00');
  assert.equal((await damage.locator('.bill-row__status').innerText()).trim(), '待支付');
  // It is all the customer owes, and what the page has ticked to pay.
  assert.equal(
    (await page.locator('.bill-plan__figure:visible .bill-plan__value').first().innerText()).trim(),
    '¥50.00',
  );
  assert.equal(await damage.getByRole('checkbox').getAttribute('aria-checked'), 'true');
  assert.equal((await page.locator('.bill-bar__money:visible').innerText()).trim(), '¥50.00');
  // The early return before it: its fee by name, paid; the periods it waived by their number.
  const fee = page.locator('.bill-row:visible', {
    has: page.locator('.bill-row__title', { hasText: '提前归还手续费' }),
  });
  assert.equal((await fee.locator('.bill-row__status').innerText()).trim(), '已支付');
  const titles = await page.locator('.bill-row__title:visible').allInnerTexts();
  assert.ok(titles.includes('第12期'), JSON.stringify(titles));
  assert.deepEqual(
    titles.filter((title) => /^第\d+\/\d+期$/.test(title)),
    ['第1/1期'],
  );
  assert.ok(!titles.includes('其他费用'), JSON.stringify(titles));
  await damage.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-desk-customer-damage-bill');
  assert.deepEqual(errors, []);
  await page.close();
}

async function openOrder(page: Page, id: number) {
  await page.goto(`${server.baseUrl}/admin/orders/${id}`);
  await page.getByTestId('order-status').waitFor();
}

/** Confirms the open action dialog with `button`, and waits for it to close. */
async function confirmDialog(page: Page, button: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
}

describe('merchant console desk (admin/)', () => {
  it('rejects with a reason code, shows a full mobile (logged), and speaks English', async () => {
    const mobile = '13800136201';
    const order = await paidOrder(3, mobile, 411);
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, 'demo-owner', ownerPassword);
    await page.waitForURL(/\/admin\/orders/);
    await openOrder(page, order.id);
    assert.equal(await page.getByTestId('order-status').innerText(), '审核中');

    // The full mobile, after a reason.
    await page.getByRole('button', { name: '查看完整号码' }).click();
    await page.getByRole('dialog').getByLabel('查看理由').fill('客户来电核对身份');
    await confirmDialog(page, '确认查看');
    assert.equal(await page.getByTestId('full-mobile').innerText(), mobile);

    // Reject with a reason from the list.
    await page.getByRole('button', { name: '拒绝' }).click();
    await chooseOption(page, page.getByRole('dialog'), '拒绝原因', '疑似欺诈');
    await confirmDialog(page, '确认拒绝');
    await page.getByTestId('order-status').getByText('审核拒绝').waitFor();
    // The latest event on the timeline: the rejection, its reason code by name.
    const rejected = page.getByTestId('timeline-event').last();
    assert.match(await rejected.innerText(), /审核拒绝（审核中 → 审核拒绝）[\s\S]*疑似欺诈/);
    await screenshot(page, 'admin-desk-rejected');

    // English: the same screen, every text and every code's name.
    await page.getByText('English', { exact: true }).click();
    await page.getByTestId('order-status').getByText('Rejected').waitFor();
    assert.match(await rejected.innerText(), /Rejected[\s\S]*Suspected fraud/);
    // Only the recorded note (data, as the desk wrote it) stays in Chinese.
    assert.doesNotMatch(await rejected.innerText(), /审核/);
    await page.getByText('Timeline', { exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Orders' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await screenshot(page, 'admin-desk-english');
    await page.getByRole('menuitem', { name: 'Audit log' }).click();
    await page.getByLabel('Target id').fill(String(order.id));
    await page.getByLabel('Target id').press('Enter');
    const reveal = page.locator('tr', { hasText: 'customer.reveal' });
    await reveal.waitFor();
    assert.match(await reveal.innerText(), /demo-owner[\s\S]*客户来电核对身份/);
    await page.locator('tr', { hasText: 'order.reject' }).waitFor();
    await page.getByText('中文', { exact: true }).click();
    await page.getByRole('menuitem', { name: '操作日志' }).waitFor();

    assert.deepEqual(errors, []);
    await page.close();
  });

  it('receives a return, inspects it with damage (the customer owes it), refunds part of a bill', async () => {
    const order = await returningOrder('13800136202', 412);
    const { page, errors } = await consolePage(browser);
    await consoleLogIn(page, server.baseUrl, 'demo-owner', ownerPassword);
    await page.waitForURL(/\/admin\/orders/);
    await openOrder(page, order.id);
    assert.equal(await page.getByTestId('order-status').innerText(), '归还中');

    await page.getByRole('button', { name: '收到归还' }).click();
    await confirmDialog(page, '确认收到归还');
    await page.getByTestId('order-status').getByText('检测中').waitFor();

    await page.getByRole('button', { name: '质检' }).click();
    const inspect = page.getByRole('dialog');
    // On a loaded machine the first click can land while the dialog still zooms in: ticked off
    // until it shows unticked.
    const screenBox = inspect.getByLabel('屏幕正常');
    await until(async () => {
      if (await screenBox.isChecked()) await screenBox.click();
      return !(await screenBox.isChecked());
    }, 'the 屏幕正常 box unticked');
    await inspect.getByLabel(/损坏金额/).fill('50');
    await inspect.getByLabel('备注 / 理由').fill('屏幕有裂痕');
    await confirmDialog(page, '确认质检');
    await page.getByTestId('order-status').getByText('待赔付').waitFor();
    await page.getByText(/质检（demo-owner.*损坏 ¥50\.00/).waitFor();
    await page.locator('tr', { hasText: '赔偿款' }).waitFor();

    await customerSeesDamageBill(order.shopper, order.id);

    // Refund ¥1.00 of the first bill.
    const first = page.locator('tr', { hasText: '首期' });
    await first.getByRole('button', { name: '退款' }).click();
    const refund = page.getByRole('dialog');
    await refund.getByLabel('退款金额（元）').fill('1');
    await refund.getByLabel('退款理由').fill('商品降价补差');
    await confirmDialog(page, '确认退款');
    const refundRow = page.locator('tr', { hasText: '商品降价补差' });
    await refundRow.waitFor();
    assert.match(await refundRow.innerText(), /¥1\.00[\s\S]*(退款中|已退款)/);
    await until(async () => /¥1\.00/.test(await first.innerText()), 'the refunded column');
    await screenshot(page, 'admin-desk-inspected-refunded');

    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 820, height: 1180 },
    ]) {
      await page.setViewportSize(viewport);
      await openOrder(page, order.id);
      await noSidewaysScroll(page, `the order at ${viewport.width} wide`);
      await page.goto(`${server.baseUrl}/admin/orders?tab=inspecting`);
      await page.locator('section[aria-label="订单队列"][aria-busy="false"]').waitFor();
      await noSidewaysScroll(page, `the queue at ${viewport.width} wide`);
      await page.goto(`${server.baseUrl}/admin/staff`);
      await page.locator('section[aria-label="员工"] .ant-table-row').first().waitFor();
      await noSidewaysScroll(page, `the staff page at ${viewport.width} wide`);
    }
    await screenshot(page, 'admin-desk-tablet-staff');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('an account with a TOTP second factor signs in with its code; disabled, its session stops', async () => {
    const login = 'totp-viewer';
    const first = 'first-pass-totp-1';
    const next = 'viewer-totp-pass-2';
    const owner = await consolePage(browser);
    await consoleLogIn(owner.page, server.baseUrl, 'demo-owner', ownerPassword);
    await owner.page.waitForURL(/\/admin\/orders/);
    await owner.page.getByRole('menuitem', { name: '员工' }).click();
    await owner.page.getByRole('button', { name: '新建员工' }).click();
    const create = owner.page.getByRole('dialog');
    await create.getByLabel('账号').fill(login);
    await create.getByLabel('姓名').fill('两步验证只读');
    await chooseOption(owner.page, create, '角色', '只读');
    await create.getByLabel('全部品牌').check();
    await create.getByLabel(/初始密码/).fill(first);
    await create.getByLabel(/两步验证/).check();
    await create.getByRole('button', { name: '创建' }).click();
    // Enrolment: the otpauth address, shown once.
    const uri = await owner.page.getByTestId('totp-uri').innerText();
    const secret = new URL(uri.trim()).searchParams.get('secret');
    assert.ok(secret, uri);
    await owner.page
      .getByRole('dialog')
      .getByRole('button', { name: /OK|确\s?定/ })
      .click();
    const row = owner.page.locator('tr', { hasText: login });
    assert.match(await row.innerText(), /只读[\s\S]*全部[\s\S]*已开启[\s\S]*待改密码/);

    const member = await consolePage(browser);
    // Without the code: refused, in the server's words.
    await consoleLogIn(member.page, server.baseUrl, login, first);
    await member.page
      .getByRole('alert')
      .getByText(/动态验证码/)
      .waitFor();
    await consoleLogIn(member.page, server.baseUrl, login, first, await generate({ secret }));
    await changeFirstPassword(member.page, first, next);
    await member.page.getByTestId('signed-in-as').getByText(login).waitFor();
    await screenshot(member.page, 'admin-desk-totp-signed-in');

    // Its role and brands, in the same fields as when it was made: every brand, then brand 2.
    await owner.page.reload();
    await row.getByRole('button', { name: '角色与品牌' }).click();
    const access = owner.page.getByRole('dialog', { name: /^修改角色与品牌：/ });
    assert.equal(await access.getByLabel('全部品牌').isChecked(), true);
    await access.getByTitle('只读').waitFor();
    await access.getByLabel('全部品牌').uncheck();
    await tick(access.getByLabel('品牌 2'));
    await access.getByLabel('修改理由').fill('只看品牌 2');
    await access.getByRole('button', { name: '保存' }).click();
    await owner.page.getByRole('dialog', { name: '确认修改角色与品牌？' }).waitFor();
    await owner.page.getByRole('button', { name: '确认修改' }).click();
    await access.waitFor({ state: 'detached' });
    await until(async () => /只读\s+品牌 2\s/.test(await row.innerText()), 'the row with brand 2');

    // The owner disables it while its session is open: its next step lands on the login page.
    await row.getByRole('button', { name: '停用' }).click();
    await owner.page.getByRole('dialog').getByLabel('停用理由').fill('离职');
    await confirmDialog(owner.page, '确认停用');
    await row.getByText('已停用').waitFor();
    await member.page.getByRole('tab', { name: /^待发货/ }).click();
    await member.page.waitForURL(/\/admin\/login$/);
    await member.page.getByRole('button', { name: '登录' }).waitFor();

    // The log has both, by the owner.
    await owner.page.getByRole('menuitem', { name: '操作日志' }).click();
    await owner.page.getByLabel('操作', { exact: true }).fill('staff.disable');
    await owner.page.getByLabel('操作', { exact: true }).press('Enter');
    const disabled = owner.page.locator('tr', { hasText: '离职' });
    await disabled.waitFor();
    assert.match(await disabled.innerText(), /demo-owner/);

    assert.deepEqual([...owner.errors, ...member.errors], []);
    await owner.page.close();
    await member.page.close();
  });
});
