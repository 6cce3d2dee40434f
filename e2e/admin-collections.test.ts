/**
 * Collections in the merchant console (issue 38), in Chromium at 1280×800 on the server npm
 * start runs: a storefront order whose second rent is five days late (the scheduled jobs run at
 * that clock through the ops API, as `npm run ops -- run-jobs --at` does) is in the overdue queue
 * under 1-7天; a collector (客服) logs a call with a promise to pay; finance records the customer's
 * bank transfer as an offline repayment; the customer's repayment plan shows the bill 已线下还款
 * and the order leaves the queue; the report page shows the money: today's 实收款 (payments
 * received) and the late bill's 已收租金 (rent collected, on its due day) each up by the
 * repayment's amount; the owner's audit log names who did what.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { HEADER_OPS_TOKEN } from '../contract/api/ops';
import { launchBrowser, opsTokenOf, screenshot, startServer, type RunningServer } from './harness';
import {
  assertConsoleBuilt,
  chooseOption,
  consoleApi,
  consoleLogIn,
  consoleLogOut,
  consolePage,
  demoOwnerPassword,
  staffAccount,
} from './steps/console';
import { loginOnBrand, openAppAs } from './steps/brand-session';
import { approveAndShip } from './steps/orders';
import { confirmAndSign, defaultAddress, ok, placeOrder, until, verifyUser } from './steps/setup';

const COLLECTOR = {
  login: 'collector1',
  displayName: '催收一号',
  role: 'service',
  first: 'first-pass-12345',
  next: 'collect-pass-9876',
};
const FINANCE = {
  login: 'finance1',
  displayName: '财务一号',
  role: 'finance',
  first: 'first-pass-12345',
  next: 'finance-pass-9876',
};
const MOBILE = '13800138038';

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

/** A renting order on brand 1 whose second rent is `days` late at the jobs' clock: OVERDUE. */
async function overdueOrder(days: number) {
  const shopper = await loginOnBrand(server.baseUrl, MOBILE, 1);
  await verifyUser(shopper.api, server.baseUrl, 438);
  const id = await placeOrder(shopper.api, await defaultAddress(shopper.api, MOBILE), 'paid');
  await confirmAndSign(shopper.api, server.baseUrl, id, 'PENDING_PAY');
  const pay = ok(await shopper.api<{ cashierUrl: string }>('/api/order/pay', { orderId: id }));
  const cashier = new URL(pay.cashierUrl, server.baseUrl);
  const paid = await fetch(`${server.baseUrl}${cashier.pathname}/pay${cashier.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.ok(paid.status < 400, `the cashier answered ${paid.status}`);
  await until(
    async () =>
      (await shopper.api<{ status: string }>(`/api/order/detail/${id}`)).data?.status ===
      'PENDING_REVIEW',
    'the payment notification',
  );
  await approveAndShip(server.baseUrl, id, 'SF1234567890438');
  ok(await shopper.api('/api/order/received', { orderId: id }));
  const detail = ok(
    await shopper.api<{ orderNo: string; bills: { id: number; kind: string; dueDate: string }[] }>(
      `/api/order/detail/${id}`,
    ),
  );
  const second = detail.bills.find((b) => b.kind === 'INSTALMENT')!;
  // The scheduled jobs at noon, Beijing time, `days` days after the bill fell due.
  const at = new Date(`${second.dueDate}T12:00:00+08:00`);
  at.setUTCDate(at.getUTCDate() + days);
  const run = await fetch(`${server.baseUrl}/ops/jobs/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER_OPS_TOKEN]: opsTokenOf(server.baseUrl) },
    body: JSON.stringify({ at: at.toISOString() }),
  });
  assert.equal(((await run.json()) as { code: number }).code, 200);
  await until(
    async () =>
      (await shopper.api<{ status: string }>(`/api/order/detail/${id}`)).data?.status === 'OVERDUE',
    'the overdue sweep',
  );
  return { id, orderNo: detail.orderNo, billId: second.id, dueDate: second.dueDate, shopper };
}

const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const yuanOf = (text: string) => Number(text.replace(/[¥,]/g, ''));

/**
 * The report page's overall line for one day, as the console shows it (its cells' text):
 * period, brand, placed, approved, rejected, shipped, approval rate, contracted, due,
 * collected (9), overdue rate, payments received (11), …
 */
async function reportLine(page: Page, day: string): Promise<string[]> {
  await page.getByRole('menuitem', { name: '报表' }).click();
  await page.waitForURL(/\/admin\/reports$/);
  await page.getByLabel('结束日期').fill(day);
  await page.getByLabel('开始日期').fill(day);
  const row = page.locator('[data-testid="report-summary"] tr.ant-table-row', { hasText: day });
  await row.waitFor();
  await page.waitForLoadState('networkidle');
  const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
  assert.equal(cells[1], '合计');
  return cells;
}

describe('collections in the merchant console', () => {
  it('an overdue order is worked: a promise, an offline repayment, the customer sees it paid', async () => {
    const order = await overdueOrder(5);
    const ownerPassword = demoOwnerPassword(server);
    const owner = await consoleApi(server.baseUrl, 'demo-owner', ownerPassword);
    await staffAccount(server.baseUrl, owner, COLLECTOR);
    await staffAccount(server.baseUrl, owner, FINANCE);
    const { page, errors } = await consolePage(browser);

    // The collector: the order is in the queue under 1-7天.
    await consoleLogIn(page, server.baseUrl, COLLECTOR.login, COLLECTOR.next);
    await page.waitForURL(/\/admin\/orders/);
    await page.getByRole('menuitem', { name: '逾期催收' }).click();
    await page.waitForURL(/\/admin\/collections/);
    await page.getByTestId('bucket-d1_7').click();
    const row = page.locator('tr', { hasText: order.orderNo });
    await row.waitFor();
    assert.match(await row.innerText(), /\b5\b/);
    await screenshot(page, 'admin-collections-queue');

    // A call: the customer promises to pay in two days.
    await row.getByRole('link', { name: order.orderNo }).click();
    await page.waitForURL(new RegExp(`/admin/collections/${order.id}$`));
    await chooseOption(page, page, '结果', '承诺还款');
    const promised = new Date(Date.now() + 2 * 86_400_000 + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    await page.getByLabel('承诺日期').fill(promised);
    await page.getByLabel('承诺日期').press('Enter');
    await page.getByLabel('承诺金额（元）').fill('100');
    await page.getByLabel('备注').fill('客户说发工资后转账');
    await page.getByRole('button', { name: '添加记录' }).click();
    const entry = page.getByTestId('contact-entry').filter({ hasText: '承诺' });
    await entry.waitFor();
    assert.match(await entry.innerText(), new RegExp(`${COLLECTOR.login}.*电话.*承诺 ${promised}`));
    // No money actions for a collector.
    assert.equal(await page.getByRole('button', { name: '登记线下还款' }).count(), 0);
    await screenshot(page, 'admin-collections-promise');
    await consoleLogOut(page);

    // Finance: the report before, for today and for the late bill's due day.
    await consoleLogIn(page, server.baseUrl, FINANCE.login, FINANCE.next);
    await page.waitForURL(/\/admin\/orders/);
    const today = shanghaiToday();
    const todayBefore = await reportLine(page, today);
    const dueDayBefore = await reportLine(page, order.dueDate);

    // The bank transfer arrived; recorded against the late bill.
    await page.goto(`${server.baseUrl}/admin/collections/${order.id}`);
    await page.getByRole('checkbox', { name: '选择第 2 期' }).check();
    await page.getByRole('button', { name: '登记线下还款' }).click();
    const dialog = page.getByRole('dialog');
    const repaid = Number(await dialog.getByLabel('金额（元）').inputValue());
    assert.ok(repaid > 0, `the amount the dialog proposes: ${repaid}`);
    await dialog.getByLabel(/付款凭证号/).fill('ICBC-20261128-0438');
    await dialog.getByLabel('原因').fill('客户银行转账');
    await dialog.getByRole('button', { name: '确认' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr', { hasText: '已线下还款' }).waitFor();
    await page.getByTestId('order-status').filter({ hasText: '租用中' }).waitFor();
    await screenshot(page, 'admin-collections-repaid');

    // The report: today's payments received and the bill's rent collected, up by the amount.
    const todayAfter = await reportLine(page, today);
    assert.equal(
      Math.round((yuanOf(todayAfter[11]!) - yuanOf(todayBefore[11]!)) * 100),
      Math.round(repaid * 100),
      `实收款 on ${today}: ${todayBefore[11]} → ${todayAfter[11]}`,
    );
    await screenshot(page, 'admin-collections-report');
    const dueDayAfter = await reportLine(page, order.dueDate);
    assert.equal(
      Math.round((yuanOf(dueDayAfter[9]!) - yuanOf(dueDayBefore[9]!)) * 100),
      Math.round(repaid * 100),
      `已收租金 on ${order.dueDate}: ${dueDayBefore[9]} → ${dueDayAfter[9]}`,
    );

    // The queue no longer lists it.
    await page.goto(`${server.baseUrl}/admin/collections`);
    await page.locator('.ant-table-tbody').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('tr', { hasText: order.orderNo }).count(), 0);
    await consoleLogOut(page);

    // The owner's audit log: the call by the collector, the repayment by finance.
    await consoleLogIn(page, server.baseUrl, 'demo-owner', ownerPassword);
    await page.waitForURL(/\/admin\/orders/);
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByLabel('对象编号').fill(String(order.id));
    await page.getByLabel('对象编号').press('Enter');
    const call = page.locator('tr', { hasText: 'collections.contact' });
    const repayment = page.locator('tr', { hasText: 'bill.offline_repayment' });
    await call.waitFor();
    await repayment.waitFor();
    assert.match(await call.innerText(), new RegExp(COLLECTOR.login));
    assert.match(await repayment.innerText(), new RegExp(FINANCE.login));
    assert.deepEqual(errors, [], 'no console errors');
    await page.close();

    // The customer's repayment plan: the bill paid, offline; the order no longer overdue.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openAppAs(phone, server.baseUrl, order.shopper);
    await phone.goto(`${server.baseUrl}/#/pages/billDetail/billDetail?orderId=${order.id}`);
    const bill = phone.locator(`.bill-row:visible[data-bill-id="${order.billId}"]`);
    await bill.locator('.bill-row__status', { hasText: '已线下还款' }).waitFor();
    await screenshot(phone, 'collections-customer-bills');
    const detail = ok(await order.shopper.api<{ status: string }>(`/api/order/detail/${order.id}`));
    assert.equal(detail.status, 'RENTING');
    await phone.close();
  });
});
