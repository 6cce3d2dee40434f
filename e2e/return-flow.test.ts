/**
 * Journey 2: an order rented to the user (the same screens as journey 1) goes back: the user
 * applies to return it (reason, method, the return address), enters the courier and waybill
 * (归还中); the merchant receives it and passes the inspection; the order is 已完成.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type RunningServer, screenshot, useServerAndBrowser } from './harness';
import {
  confirmReceipt,
  E2E_OPS_TOKEN,
  expectOrderHeadline,
  openMyOrders,
  openOrderDetail,
  opsStep,
  returnByCourier,
} from './steps/orders';
import { appPhonePage, rentUntilShipped } from './steps/rent';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (started, opened) => {
    server = started;
    browser = opened;
  },
  { OPS_TOKEN: E2E_OPS_TOKEN },
);

describe('return a rented phone', () => {
  it('returns, is inspected and completes', async () => {
    const { page, errors } = await appPhonePage(browser);
    const { orderId, api } = await rentUntilShipped(
      page,
      server,
      { mobile: '13800138201', name: '赵小红', idSeq: 730, waybill: 'SF2234567890' },
      'return',
    );
    await openOrderDetail(page, server.baseUrl, orderId);
    await confirmReceipt(page, 'return-received');

    await returnByCourier(page, 'SF9876543210', 'return-apply');
    await screenshot(page, 'return-returning');
    await openMyOrders(page, server.baseUrl, 'return', '待归还', '归还中', 'return-my-orders');

    // The merchant receives the phone and passes the inspection.
    assert.equal(await opsStep(server.baseUrl, orderId, 'receive-return'), 'INSPECTING');
    await openOrderDetail(page, server.baseUrl, orderId);
    await expectOrderHeadline(page, '检测中');
    await screenshot(page, 'return-inspecting');
    await opsStep(server.baseUrl, orderId, 'inspect');

    const detail = await api<{ status: string; returnWaybill: string | null }>(
      `/api/order/detail/${orderId}`,
    );
    assert.equal(detail.data.status, 'COMPLETED');
    assert.equal(detail.data.returnWaybill, 'sf:SF9876543210');
    await openOrderDetail(page, server.baseUrl, orderId);
    await expectOrderHeadline(page, '已完成');
    await page.locator('.event-timeline__text:visible', { hasText: '验机通过' }).waitFor();
    await screenshot(page, 'return-completed');
    await openMyOrders(page, server.baseUrl, 'done', '已完成', '已完成', 'return-my-orders-done');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
