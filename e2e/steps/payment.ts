/**
 * Payment steps: the deposit freeze (pages/alipay/aliSign), paying on a pay screen (pay/pay,
 * confirmPayment, billpay/pay) through the server's sandbox cashier with its pay / fail / cancel
 * buttons, and the screens that follow (orderSuccess, paymentResult, orderFailed and its retry).
 * Each step waits for the page it drives and leaves the browser on the next one.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../harness';

export type CashierOutcome = 'pay' | 'fail' | 'cancel';

const CASHIER_BUTTON: Record<CashierOutcome, string> = {
  pay: '支付',
  fail: '模拟失败',
  cancel: '取消',
};

/** The visible primary button of the open screen (pages stay mounted under H5's router). */
function submitButton(page: Page, text: string | RegExp) {
  return page.locator('.form-submit:visible', { hasText: text });
}

/** aliSign: authorise the deposit, wait for the notification, then go on to pay the first bill. */
export async function freezeDeposit(page: Page, shotPrefix: string): Promise<void> {
  await page.waitForURL(/pages\/alipay\/aliSign\?orderId=\d+/);
  await submitButton(page, '授权冻结押金').waitFor();
  await screenshot(page, `${shotPrefix}-freeze`);
  await submitButton(page, '授权冻结押金').click();
  await page.locator('.pay-freeze__done-text:visible', { hasText: '押金已冻结' }).waitFor();
  await screenshot(page, `${shotPrefix}-freeze-done`);
  await submitButton(page, '去支付').click();
  await page.waitForURL(/pages\/pay\/pay\?orderId=\d+/);
}

/**
 * On a pay screen: check the total, pay at the sandbox cashier with the given outcome. Returns the
 * trade number the cashier showed. The browser ends on the page the cashier returns to (or the
 * one that page forwards to).
 */
export async function payAtCashier(
  page: Page,
  outcome: CashierOutcome,
  shotPrefix: string,
  expectTotal?: string,
): Promise<string> {
  const pay = submitButton(page, /立即支付/);
  await pay.waitFor();
  if (expectTotal) {
    await page.locator('.pay-total__amount:visible', { hasText: expectTotal }).waitFor();
  }
  await screenshot(page, `${shotPrefix}-pay`);
  await pay.click();
  await page.waitForURL(/\/pay\/cashier\/[A-Z0-9]+/);
  const outTradeNo = /\/pay\/cashier\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  assert.ok(outTradeNo, 'the cashier names the trade');
  await screenshot(page, `${shotPrefix}-cashier-${outcome}`);
  await page.getByRole('button', { name: CASHIER_BUTTON[outcome], exact: true }).click();
  await page.waitForURL(/#\/pages\/(paymentResult|loading|orderSuccess|orderFailed)\//);
  return outTradeNo;
}

/** After a first payment: orderSuccess with the server's state headline (审核中). */
export async function expectOrderSuccess(page: Page, shotPrefix: string): Promise<void> {
  await page.waitForURL(/pages\/orderSuccess\/orderSuccess\?orderId=\d+/);
  await page.locator('.pay-status__headline:visible', { hasText: '审核中' }).waitFor();
  await screenshot(page, `${shotPrefix}-order-success`);
}

/** After paying bills: paymentResult says paid (only once the server has the notification). */
export async function expectPaymentResult(
  page: Page,
  shotPrefix: string,
  expectAmount?: string,
): Promise<void> {
  await page.waitForURL(/pages\/paymentResult\/paymentResult\?/);
  await page.locator('.pay-status__title:visible', { hasText: '支付成功' }).waitFor();
  if (expectAmount) {
    await page.locator('.pay-status__amount:visible', { hasText: expectAmount }).waitFor();
  }
  await screenshot(page, `${shotPrefix}-payment-result`);
}

/** orderFailed: the reason is shown; `retry` opens a new payment at the cashier. */
export async function expectOrderFailed(
  page: Page,
  reason: RegExp,
  shotPrefix: string,
): Promise<void> {
  await page.waitForURL(/pages\/orderFailed\/orderFailed\?/);
  await page.locator('.pay-status__text:visible', { hasText: reason }).waitFor();
  await screenshot(page, `${shotPrefix}-order-failed`);
}

/** On orderFailed: 重新支付 → the cashier for a new trade (not `failedTrade`) → pay. */
export async function retryPayment(
  page: Page,
  failedTrade: string,
  shotPrefix: string,
): Promise<string> {
  await submitButton(page, '重新支付').click();
  await page.waitForURL(/\/pay\/cashier\/[A-Z0-9]+/);
  const outTradeNo = /\/pay\/cashier\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  assert.notEqual(outTradeNo, failedTrade, 'a retry is a new payment');
  await screenshot(page, `${shotPrefix}-cashier-retry`);
  await page.getByRole('button', { name: '支付', exact: true }).click();
  await page.waitForURL(/#\/pages\/(paymentResult|loading|orderSuccess)\//);
  return outTradeNo;
}
