/**
 * H5 pays a bill at Alipay's mobile cashier (alipay.trade.wap.pay), in live mode: the server runs
 * the live Alipay adapter (ALIPAY_PROVIDER=live) against the local Alipay gateway on loopback,
 * reached only through its configured gateway URL, with keys generated here. The user logs in by
 * SMS in the browser; verification, the order and its contract are set up through the API as that
 * user (the verification and checkout journeys walk those screens; here they are not the subject).
 * From the pay screen on, the user is in the browser: 立即支付 leaves for the gateway's signed
 * cashier URL, the cashier's pay button sends the browser back to paymentResult, and the app shows
 * the bill paid only once the gateway's signed, asynchronous notification reached the server (held
 * back at first: the result page waits, nothing is paid on the browser's return alone).
 * Quitting the cashier brings the user back to a page that says so, with the bill still payable.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { OrderDetail } from '../contract/api/order';
import { startLocalAlipay, type LocalAlipay } from '../server/test/alipay-gateway/index';
import { launchBrowser, screenshot, startServer, type RunningServer } from './harness';
import { openOrderDetail } from './steps/orders';
import { expectOrderFailed, expectOrderSuccess } from './steps/payment';
import { appPhonePage } from './steps/rent';
import { apiAs, loginBySms, type Api } from './steps/session';
import { confirmAndSign, defaultAddress, ok, placeOrder, verifyUser } from './steps/setup';

let alipay: LocalAlipay;
let server: RunningServer;
let browser: Browser;

before(async () => {
  alipay = await startLocalAlipay();
  server = await startServer({ env: alipay.env() });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await alipay?.close();
});

/** What the first payment of an order with its deposit paid (not frozen) covers. */
const FIRST_PAYMENT = ['FIRST', 'DEPOSIT'];

const detail = async (api: Api, orderId: number) =>
  ok(await api<OrderDetail>(`/api/order/detail/${orderId}`));

/**
 * Out of band, as the browser's user: verified (real name, face, credit, contact), an order with
 * the deposit paid as a bill (a deposit freeze needs the Alipay app), confirmed and signed:
 * PENDING_PAY, its first bill due.
 */
async function payableOrder(api: Api, seq: number): Promise<number> {
  await verifyUser(api, server.baseUrl, seq);
  const orderId = await placeOrder(api, await defaultAddress(api), 'paid');
  await confirmAndSign(api, server.baseUrl, orderId, 'PENDING_PAY');
  return orderId;
}

/** Every address the main frame goes to (the result page forwards on by itself). */
function visitedUrls(page: Page): string[] {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  return visited;
}

/** The storefront's paymentResult address the cashier sent the browser back to: its query. */
function returnedTo(visited: string[], baseUrl: string): URLSearchParams {
  const returned = visited.find((url) => url.includes('#/pages/paymentResult/paymentResult?'));
  if (!returned?.startsWith(`${baseUrl}/`)) assert.fail(`not back on the storefront: ${returned}`);
  return new URLSearchParams(returned.split('?')[1]);
}

/**
 * On the pay screen: the total, then 立即支付 → the gateway's signed wap.pay cashier, which shows
 * the same amount. Returns the cashier's Alipay trade number.
 */
async function goToAlipayCashier(page: Page, total: string, shot: string): Promise<string> {
  const pay = page.locator('.form-submit:visible', { hasText: /立即支付/ });
  await pay.waitFor();
  await page.locator('.pay-total__amount:visible', { hasText: total }).waitFor();
  await screenshot(page, `${shot}-pay`);
  await pay.click();
  await page.waitForURL((url) => url.href.startsWith(alipay.url));
  const cashier = new URL(page.url());
  assert.equal(cashier.searchParams.get('method'), 'alipay.trade.wap.pay');
  assert.ok(cashier.searchParams.get('sign'), 'a signed cashier URL');
  await page.locator('#amount', { hasText: total.slice(1) }).waitFor();
  await screenshot(page, `${shot}-alipay-cashier`);
  return (await page.locator('#trade_no').textContent()) ?? '';
}

describe("H5 pays at Alipay's mobile cashier (live adapter, local gateway)", () => {
  it('pays the first bill: back on the result page, paid once the notification is in', async () => {
    const { page, errors } = await appPhonePage(browser);
    const visited = visitedUrls(page);
    await loginBySms(page, server.baseUrl, '13800138501', '/pages/index/index');
    const api = await apiAs(page, server.baseUrl);
    const orderId = await payableOrder(api, 710);
    const first = (await detail(api, orderId)).bills.filter((b) => FIRST_PAYMENT.includes(b.kind));
    const due = first.reduce((sum, b) => sum + b.outstanding, 0);
    const total = `¥${(due / 100).toFixed(2)}`;

    await page.goto(`${server.baseUrl}/#/pages/pay/pay?orderId=${orderId}`);
    const tradeNo = await goToAlipayCashier(page, total, 'wap-pay');
    // Alipay's notification is held back: the return to the storefront alone pays nothing.
    alipay.holdNotifications = true;
    try {
      await page.getByRole('button', { name: '确认付款', exact: true }).click();
      await page.locator('.pay-status__title:visible', { hasText: '正在确认支付结果' }).waitFor();
      await screenshot(page, 'wap-pay-confirming');
      assert.equal(await page.getByText('支付成功').count(), 0);
      assert.equal((await detail(api, orderId)).status, 'PENDING_PAY', 'not paid on the return');
    } finally {
      alipay.holdNotifications = false;
      alipay.release();
    }

    // The result page then shows the order once the notification is in.
    await expectOrderSuccess(page, 'wap-pay');
    const query = returnedTo(visited, server.baseUrl);
    assert.equal(query.get('status'), 'success');
    assert.equal(query.get('orderId'), String(orderId));
    const outTradeNo = query.get('outTradeNo');
    assert.equal(alipay.trade(outTradeNo ?? '')?.tradeNo, tradeNo, 'the trade paid at the cashier');

    // The order page: under review; the bills list shows the first rent (and deposit) paid.
    await openOrderDetail(page, server.baseUrl, orderId);
    await page.locator('.order-detail__status:visible', { hasText: '审核中' }).waitFor();
    await page.locator('.order-section--link:visible', { hasText: '全部账单' }).click();
    await page.waitForURL(/pages\/billDetail\/billDetail\?orderId=\d+/);
    const paidRows = page.locator('.bill-row:visible .bill-row__status', { hasText: '已支付' });
    await paidRows.first().waitFor();
    assert.equal(await paidRows.count(), first.length);
    await screenshot(page, 'wap-pay-bills');

    // One payment on the server: every first bill paid by this trade, charged once; the gateway's
    // notification answered `success` once (no retries needed).
    const after = await detail(api, orderId);
    const paid = after.bills.filter((b) => FIRST_PAYMENT.includes(b.kind));
    assert.ok(paid.every((b) => b.status === 'paid' && b.outTradeNo === outTradeNo));
    assert.equal(
      paid.reduce((sum, b) => sum + b.paid, 0),
      due,
    );
    await alipay.settled();
    const notified = alipay.deliveries.filter((d) => d.fields.out_trade_no === outTradeNo);
    assert.deepEqual(
      notified.map((d) => d.answers),
      [['success']],
    );
    assert.deepEqual(errors, []);
  });

  it('quitting the cashier says the payment did not complete; the bill stays payable', async () => {
    const { page, errors } = await appPhonePage(browser);
    const visited = visitedUrls(page);
    await loginBySms(page, server.baseUrl, '13800138502', '/pages/index/index');
    const api = await apiAs(page, server.baseUrl);
    const orderId = await payableOrder(api, 711);
    const due = (await detail(api, orderId)).bills
      .filter((b) => FIRST_PAYMENT.includes(b.kind))
      .reduce((sum, b) => sum + b.outstanding, 0);
    const total = `¥${(due / 100).toFixed(2)}`;

    await page.goto(`${server.baseUrl}/#/pages/pay/pay?orderId=${orderId}`);
    await goToAlipayCashier(page, total, 'wap-quit');
    await page.getByRole('button', { name: '放弃付款', exact: true }).click();
    await expectOrderFailed(page, /您已取消支付/, 'wap-quit');
    const quit = returnedTo(visited, server.baseUrl);
    assert.equal(quit.get('status'), 'cancel');
    const quitTrade = quit.get('outTradeNo') ?? '';
    await page.locator('.pay-status__headline:visible', { hasText: '待支付' }).waitFor();
    assert.equal(await page.getByText('支付成功').count(), 0);
    const waiting = await detail(api, orderId);
    assert.equal(waiting.status, 'PENDING_PAY');
    assert.ok(waiting.bills.every((b) => b.status === 'unpaid'));

    // Paying again: back to the cashier, pay, and the order moves on.
    await page.locator('.form-submit:visible', { hasText: '重新支付' }).click();
    await page.waitForURL((url) => url.href.startsWith(alipay.url));
    await page.locator('#amount', { hasText: total.slice(1) }).waitFor();
    await page.getByRole('button', { name: '确认付款', exact: true }).click();
    await expectOrderSuccess(page, 'wap-quit-retry');
    const paid = (await detail(api, orderId)).bills.filter((b) => FIRST_PAYMENT.includes(b.kind));
    assert.ok(paid.every((b) => b.status === 'paid'));
    assert.equal(
      paid.reduce((sum, b) => sum + b.paid, 0),
      due,
      'charged once',
    );
    // One trade paid, whether the retry reopened the one quit (Alipay keeps it open) or a new one.
    await alipay.settled();
    const tradesPaid = new Set(
      alipay.deliveries
        .filter((d) => d.fields.trade_status === 'TRADE_SUCCESS')
        .map((d) => d.fields.out_trade_no)
        .filter((no) => no === quitTrade || paid.some((b) => b.outTradeNo === no)),
    );
    assert.equal(tradesPaid.size, 1);
    assert.deepEqual(errors, []);
  });
});
