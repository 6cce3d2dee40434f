/**
 * Journey 3: a failed payment shows orderFailed, and the retry succeeds. A new user logs in by
 * SMS in the browser; the verification the order needs (real name, face, credit, emergency
 * contact) and the order itself are set up through the API as that user (journey 1 walks those
 * screens); the contract is signed on the e-sign sandbox page. From the deposit freeze on, the
 * user is on the payment screens: freeze, pay at the sandbox cashier, press 模拟失败, see why on
 * orderFailed (nothing paid on the server), retry (a new trade), pay, and see 审核中.
 * A cancel at the cashier of a second order shows the cancel reason, and the order still waits.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { HEADER_OPS_TOKEN } from '../contract/api/ops';
import { phonePage, type RunningServer, screenshot, useServerAndBrowser } from './harness';
import {
  expectOrderFailed,
  expectOrderSuccess,
  expectPaymentResult,
  freezeDeposit,
  payAtCashier,
  retryPayment,
} from './steps/payment';
import {
  apiWithToken,
  confirmAndSign,
  defaultAddress,
  ok,
  placeOrder,
  verifyUser,
} from './steps/setup';

let server: RunningServer;
let browser: Browser;

// The ops API approves and ships (a test credential, registered by the server at start).
useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface BillView {
  id: number;
  kind: string;
  status: string;
  outTradeNo: string | null;
  paid: number;
  outstanding: number;
}

/**
 * A phone-sized page whose `errors` are the app's: the sandbox cashier is a bare server page
 * without an icon, so the browser's request for /favicon.ico there (a 404) is not the app's.
 */
async function appPage(): Promise<{ page: Page; errors: string[] }> {
  const { page } = await phonePage(browser);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

async function smsLogin(page: Page, mobile: string): Promise<void> {
  await page.goto(`${server.baseUrl}/#/pages/loginNew/loginNew`);
  await page.locator('input[placeholder="请输入手机号"]').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/\d+秒后重发/).waitFor();
  const res = await fetch(`${server.baseUrl}/dev/sms/last?mobile=${mobile}`);
  const sms = (await res.json()) as Envelope<{ code: string }>;
  assert.equal(sms.code, 200, 'the sandbox knows the last code');
  await page.locator('input[placeholder="请输入6位验证码"]').fill(sms.data.code);
  await page.getByRole('checkbox', { name: '同意协议' }).click();
  await page.locator('.form-submit').click();
  await page.waitForURL((url) => !url.hash.includes('loginNew'));
}

/** The API as the browser's logged-in user (the token the app keeps in storage). */
async function apiAs(page: Page) {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('token:1');
    return raw ? (JSON.parse(raw) as { data: string }).data : '';
  });
  assert.ok(token, 'the browser holds a session');
  return apiWithToken(server.baseUrl, token);
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A freeze-deposit order of goods 1's first SKU and plan, confirmed and signed: PENDING_FREEZE. */
async function signedOrder(api: Api): Promise<number> {
  const orderId = await placeOrder(api, await defaultAddress(api), 'freeze');
  await confirmAndSign(api, server.baseUrl, orderId, 'PENDING_FREEZE');
  return orderId;
}

async function ops(orderId: number, step: string, body: object = {}): Promise<void> {
  const res = await fetch(`${server.baseUrl}/ops/orders/${orderId}/${step}`, {
    method: 'POST',
    headers: { [HEADER_OPS_TOKEN]: server.opsToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as Envelope<unknown>;
  assert.equal(reply.code, 200, reply.msg);
}

async function bills(api: Api, orderId: number): Promise<BillView[]> {
  return ok(await api<{ bills: BillView[] }>(`/api/order/detail/${orderId}`)).bills;
}

describe('a failed payment and its retry', () => {
  it('shows orderFailed after the cashier fails, and a retry pays with a new trade', async () => {
    const { page, errors } = await appPage();
    await smsLogin(page, '13800138301');
    const api = await apiAs(page);
    await verifyUser(api, server.baseUrl, 700);
    const orderId = await signedOrder(api);

    await page.goto(`${server.baseUrl}/#/pages/alipay/aliSign?orderId=${orderId}`);
    await freezeDeposit(page, 'payfail');
    const detail = ok(await api<{ status: string }>(`/api/order/detail/${orderId}`));
    assert.equal(detail.status, 'PENDING_PAY', 'the freeze notification moved the order on');

    const firstBills = (await bills(api, orderId)).filter((b) => b.kind === 'FIRST');
    const due = firstBills.reduce((sum, b) => sum + b.outstanding, 0);
    const failedTrade = await payAtCashier(page, 'fail', 'payfail', `¥${(due / 100).toFixed(2)}`);
    await expectOrderFailed(page, /支付平台未能完成扣款/, 'payfail');
    await page.locator('.pay-status__headline:visible', { hasText: '待支付' }).waitFor();
    // Nothing is paid, on screen or on the server.
    assert.equal(await page.getByText('支付成功').count(), 0);
    assert.ok((await bills(api, orderId)).every((b) => b.status === 'unpaid'));

    const paidTrade = await retryPayment(page, failedTrade, 'payfail');
    await expectOrderSuccess(page, 'payfail');
    const after = ok(
      await api<{ status: string; bills: BillView[] }>(`/api/order/detail/${orderId}`),
    );
    assert.equal(after.status, 'PENDING_REVIEW');
    const first = after.bills.find((b) => b.kind === 'FIRST');
    assert.equal(first?.status, 'paid');
    assert.equal(first?.outTradeNo, paidTrade, 'the retry, not the failed trade, paid the bill');
    assert.equal(first?.paid, due, 'charged once, the amount the pay screen showed');

    // 查看订单 leads on to the order.
    await page.locator('.pay-actions__button:visible', { hasText: '查看订单' }).click();
    await page.waitForURL(/pages\/orderDetail\/orderDetail\?orderId=\d+/);
    assert.deepEqual(errors, []);
  });

  it('a cancel at the cashier says so and leaves the order waiting for payment', async () => {
    const { page, errors } = await appPage();
    await smsLogin(page, '13800138302');
    const api = await apiAs(page);
    await verifyUser(api, server.baseUrl, 701);
    const orderId = await signedOrder(api);
    await page.goto(`${server.baseUrl}/#/pages/alipay/aliSign?orderId=${orderId}`);
    await freezeDeposit(page, 'paycancel');
    await payAtCashier(page, 'cancel', 'paycancel');
    await expectOrderFailed(page, /您已取消支付/, 'paycancel');
    await screenshot(page, 'paycancel-order-failed-reason');
    const detail = ok(
      await api<{ status: string; bills: BillView[] }>(`/api/order/detail/${orderId}`),
    );
    assert.equal(detail.status, 'PENDING_PAY');
    assert.ok(detail.bills.every((b) => b.status === 'unpaid'));
    assert.deepEqual(errors, []);
  });

  it('pays an instalment on billpay: the result shows paid once the server has it', async () => {
    const { page, errors } = await appPage();
    await smsLogin(page, '13800138303');
    const api = await apiAs(page);
    await verifyUser(api, server.baseUrl, 702);
    const orderId = await signedOrder(api);
    await page.goto(`${server.baseUrl}/#/pages/alipay/aliSign?orderId=${orderId}`);
    await freezeDeposit(page, 'billpay');
    await payAtCashier(page, 'pay', 'billpay-first');
    await expectOrderSuccess(page, 'billpay');
    await ops(orderId, 'approve');
    await ops(orderId, 'ship', { waybill: 'SF1234567890' });
    ok(await api('/api/order/received', { orderId }));

    // Every unpaid bill to choose from; the next one is chosen, nothing due yet.
    const unpaid = (await bills(api, orderId)).filter((b) => b.status === 'unpaid');
    const next = unpaid[0];
    assert.equal(next.kind, 'INSTALMENT');
    await page.goto(`${server.baseUrl}/#/pages/billpay/pay?orderId=${orderId}`);
    await page.locator('.pay-bill:visible').nth(unpaid.length).waitFor();
    assert.equal(await page.locator('[role="checkbox"][aria-checked="true"]:visible').count(), 1);
    const amount = `¥${(next.outstanding / 100).toFixed(2)}`;
    const trade = await payAtCashier(page, 'pay', 'billpay', amount);
    await expectPaymentResult(page, 'billpay', amount);
    const paid = (await bills(api, orderId)).find((b) => b.id === next.id);
    assert.equal(paid?.status, 'paid');
    assert.equal(paid?.outTradeNo, trade);
    assert.deepEqual(errors, []);
  });

  it('waits for a notification that never comes, then says so; the test authorisation', async () => {
    const { page, errors } = await appPage();
    await smsLogin(page, '13800138304');
    const api = await apiAs(page);
    await verifyUser(api, server.baseUrl, 703);
    const orderId = await signedOrder(api);

    // A trade the server never confirms: the wait ends with a clear message, nothing paid.
    // The page's clock, not the test, waits out the screen's 30 s (POLL_TIMEOUT_MS in
    // src/features/payment/payment-state.ts): time runs as usual until the waiting screen
    // shows, then jumps past the deadline; the poll that follows is a real request.
    await page.clock.install();
    await page.goto(
      `${server.baseUrl}/#/pages/loading/loading?orderId=${orderId}&outTradeNo=PTNEVERPAID0001`,
    );
    await page.locator('.pay-status__title:visible', { hasText: '正在确认支付结果' }).waitFor();
    await screenshot(page, 'paywait-waiting');
    await page.clock.fastForward(31_000);
    await page.locator('.pay-status__title:visible', { hasText: '暂未确认支付结果' }).waitFor();
    await page.getByText('暂未收到支付结果', { exact: false }).first().waitFor();
    assert.equal(await page.getByText('支付成功').count(), 0);
    await screenshot(page, 'paywait-timeout');

    await page.goto(`${server.baseUrl}/#/pages/testAuth/testAuth`);
    await page.locator('.form-submit:visible', { hasText: '发起测试授权' }).click();
    await page.locator('.pay-card__sub:visible', { hasText: '金额 ¥0.01' }).waitFor();
    await screenshot(page, 'paytest-auth');
    assert.deepEqual(errors, []);
  });
});
