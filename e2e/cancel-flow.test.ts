/**
 * Journey 4: a new user confirms an order with an address and the best coupon (a double tap
 * places one order), starts verification (the step bar shows where they are; leaving asks
 * first), cancels before paying with a reason (kept on the order and shown on it), and finds the
 * coupon back among their unused coupons.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, type RunningServer, screenshot, useServerAndBrowser } from './harness';
import {
  addAddress,
  claimCoupons,
  confirmPageUrl,
  placeOrderOnConfirmPage,
  rentChoice,
} from './steps/checkout';
import { answerModal, apiAs, loginBySms, pickFromSheet } from './steps/session';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

describe('cancel before payment', () => {
  it('gives the coupon back when an order is cancelled before payment', async () => {
    const { page, errors } = await phonePage(browser);
    await loginBySms(page, server.baseUrl, '13800138401', '/pages/user/user');
    const api = await apiAs(page, server.baseUrl);
    await addAddress(api);
    const choice = await rentChoice(api, 1);
    const couponTitle = await claimCoupons(api, choice.firstPayment);

    await page.goto(`${server.baseUrl}/#${confirmPageUrl(choice)}`);
    const orderId = await placeOrderOnConfirmPage(page, couponTitle, 'cancel');

    const orders = await api<{ total: number; list: { id: number; status: string }[] }>(
      '/api/order/list?status=all&pageNum=1&pageSize=10',
    );
    assert.equal(orders.code, 200, orders.msg);
    assert.equal(orders.data.total, 1, 'a double tap on submit placed one order');
    assert.equal(orders.data.list[0].id, orderId);
    assert.equal(orders.data.list[0].status, 'PENDING_VERIFY');
    const unusedWhilePlaced = await api<{ title: string }[]>('/api/coupon/my/list?status=unused');
    assert.ok(
      !unusedWhilePlaced.data.some((c) => c.title === couponTitle),
      'the order holds the coupon',
    );

    // The step bar: real name is the current step, nothing done yet.
    const current = page.locator('.verify-bar__item--current:visible');
    await current.waitFor();
    assert.equal((await current.textContent())?.includes('实名认证'), true);
    await screenshot(page, 'cancel-verify-step');

    // Leaving midway asks; staying keeps the step open.
    await page.locator('.nav-bar__back:visible').click();
    await answerModal(page, '继续认证');
    assert.match(page.url(), /perfectIdCard/);

    // Why: the merchant's reasons, then the dialog.
    await page.locator('.verify__cancel:visible').click();
    await pickFromSheet(page, '找到更便宜的');
    await page.locator('.taro-modal__content').waitFor();
    await page.waitForTimeout(400); // the dialog's fade-in
    await screenshot(page, 'cancel-confirm-dialog');
    await answerModal(page, '取消订单');
    await page.waitForURL(/pages\/orderDetail\/orderDetail\?orderId=/);
    const detail = await api<{ status: string; cancelReason: { value: string } | null }>(
      `/api/order/detail/${orderId}`,
    );
    assert.equal(detail.data.status, 'CANCELLED');
    assert.equal(detail.data.cancelReason?.value, 'cheaper_elsewhere', 'the reason was sent');
    // The cancelled order says why.
    await page.locator('.order-row:visible', { hasText: '取消原因' }).waitFor();
    assert.match(
      (await page.locator('.order-row:visible', { hasText: '取消原因' }).textContent()) ?? '',
      /找到更便宜的/,
    );

    // The coupon is back under 未使用.
    await page.goto(`${server.baseUrl}/#/pages/coupon/coupon`);
    await page.getByRole('tab', { name: '未使用' }).click();
    await page.locator('.coupon__title:visible', { hasText: couponTitle }).first().waitFor();
    await screenshot(page, 'cancel-coupon-back');
    const unused = await api<{ title: string }[]>('/api/coupon/my/list?status=unused');
    assert.ok(
      unused.data.some((c) => c.title === couponTitle),
      'the coupon came back',
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});
