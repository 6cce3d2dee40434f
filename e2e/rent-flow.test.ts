/**
 * Journey 1: a new user rents a phone from start to finish — SMS login, confirm order with an
 * address and a coupon, real name and face, credit, emergency contact, a bank card, signing, the
 * deposit freeze, the first bill at the sandbox cashier (审核中); the merchant approves and ships;
 * the user sees the order in My orders, checks the logistics, confirms receipt (租用中), pays the
 * next instalment from the repayment plan, and buys the phone out (已买断, then completed as the
 * deposit is released).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { type RunningServer, screenshot, useServerAndBrowser } from './harness';
import {
  checkLogistics,
  confirmReceipt,
  expectOrderHeadline,
  openBillsAndPayPicked,
  openMyOrders,
  openOrderDetail,
  openOrderFromList,
  peekRenewal,
  startBuyout,
} from './steps/orders';
import { expectPaymentResult, payAtCashier } from './steps/payment';
import { appPhonePage, rentUntilShipped } from './steps/rent';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

interface Detail {
  status: string;
  bills: { kind: string; period: number; status: string }[];
  events: { action: string }[];
}

describe('rent a phone from start to finish', () => {
  it('rents, receives, pays an instalment and buys out', async () => {
    const { page, errors } = await appPhonePage(browser);
    const waybill = 'SF1234567890';
    const { orderId, api } = await rentUntilShipped(
      page,
      server,
      { mobile: '13800138101', name: '王小明', idSeq: 720, waybill },
      'rent',
    );

    // My orders → 待收货 → the order → logistics → confirm receipt.
    await openMyOrders(page, server.baseUrl, 'receive', '待收货', '待收货', 'rent-my-orders');
    await openOrderFromList(page, orderId);
    await expectOrderHeadline(page, '待收货');
    await checkLogistics(page, waybill, 'rent-logistics');
    await confirmReceipt(page, 'rent-received');
    await peekRenewal(page, 'rent-renew-quote');
    await page.locator('.event-timeline:visible').scrollIntoViewIfNeeded();
    await screenshot(page, 'rent-detail-bottom');

    // The next instalment from the repayment plan.
    await openBillsAndPayPicked(page, 'rent-bills');
    await payAtCashier(page, 'pay', 'rent-instalment');
    await expectPaymentResult(page, 'rent-instalment');
    const afterInstalment = await api<Detail>(`/api/order/detail/${orderId}`);
    assert.equal(afterInstalment.code, 200, afterInstalment.msg);
    const paid = afterInstalment.data.bills.filter(
      (b) => b.kind === 'INSTALMENT' && b.status === 'paid',
    );
    assert.deepEqual(
      paid.map((b) => b.period),
      [2],
      'period 2 is paid',
    );

    // Buy out: quote, irreversible-step dialog, pay the BUYOUT bill.
    await openOrderDetail(page, server.baseUrl, orderId);
    await expectOrderHeadline(page, '租用中');
    await startBuyout(page, 'rent-buyout');
    await payAtCashier(page, 'pay', 'rent-buyout');
    await expectPaymentResult(page, 'rent-buyout');
    const done = await api<Detail>(`/api/order/detail/${orderId}`);
    assert.ok(
      done.data.events.some((e) => e.action === 'buyout_paid'),
      'the order was bought out',
    );
    assert.equal(done.data.status, 'COMPLETED', 'the deposit is released after the buy-out');
    await openOrderDetail(page, server.baseUrl, orderId);
    await page.locator('.event-timeline__text:visible', { hasText: '已买断' }).waitFor();
    await page.locator('.event-timeline:visible').scrollIntoViewIfNeeded();
    await screenshot(page, 'rent-bought-out');
    await openMyOrders(page, server.baseUrl, 'done', '已完成', '已完成', 'rent-my-orders-done');
    // The refused renewal term is the server's 409 by design (the browser logs any 4xx).
    assert.deepEqual(
      errors.filter((e) => !e.includes('409 (Conflict)')),
      [],
    );
    await page.close();
  });
});
