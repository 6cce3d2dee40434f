/**
 * Order steps: the merchant's side through the ops API (with the development server's own
 * credential, as `npm run ops` uses it on the README's run),
 * and the user's order screens — My orders, order detail (receipt, logistics, buy-out), the
 * repayment plan, return application and shipment. Each step waits for what the user would see
 * and leaves the browser where the next step starts. `:visible` everywhere: H5 keeps earlier
 * pages of the stack mounted (hidden).
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { HEADER_OPS_TOKEN } from '../../contract/api/ops';
import { formatMoney } from '../../contract/money';
import { layoutShiftsSince, opsTokenOf, screenshot, timelineMark } from '../harness';
import { answerModal, type Api } from './session';

export type OpsStepName = 'approve' | 'ship' | 'deliver' | 'receive-return' | 'inspect';

/** One merchant step on an order; asserts the server took it and returns the new state. */
export async function opsStep(
  baseUrl: string,
  orderId: number,
  step: OpsStepName,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await fetch(`${baseUrl}/ops/orders/${orderId}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER_OPS_TOKEN]: opsTokenOf(baseUrl) },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as { code: number; msg: string; data: { to: string } };
  assert.equal(reply.code, 200, `ops ${step}: ${reply.msg}`);
  return reply.data.to;
}

/** Review passed, shipped with a waybill, delivered: the order waits for the user's receipt. */
export async function approveAndShip(baseUrl: string, orderId: number, waybill: string) {
  assert.equal(await opsStep(baseUrl, orderId, 'approve'), 'PENDING_SHIP');
  assert.equal(await opsStep(baseUrl, orderId, 'ship', { waybill }), 'SHIPPED');
  assert.equal(await opsStep(baseUrl, orderId, 'deliver'), 'SHIPPED');
}

/** The order page's headline, once it says `status`. */
export async function expectOrderHeadline(page: Page, status: string): Promise<void> {
  await page.locator('.order-detail__status:visible', { hasText: status }).waitFor();
}

/** My orders on a tab: the order's card shows the state's headline, drawn where it stays. */
export async function openMyOrders(
  page: Page,
  baseUrl: string,
  tab: string,
  tabLabel: string,
  status: string,
  shot: string,
): Promise<void> {
  const opened = await timelineMark(page);
  await page.goto(`${baseUrl}/#/pages/myOrder/myOrder?tab=${tab}`);
  await page.locator('.my-orders__tab--on:visible', { hasText: tabLabel }).waitFor();
  await page.locator('.order-card:visible .order-card__status', { hasText: status }).waitFor();
  // Cards first drawn at a guessed height and then at their own pushed the list footer down.
  assert.deepEqual(await layoutShiftsSince(page, opened), []);
  await screenshot(page, shot);
}

/** From a My orders card to its detail page. */
export async function openOrderFromList(page: Page, orderId: number): Promise<void> {
  // The goods area: the card's buttons (查看物流, 确认收货) act on their own. The number shown
  // is the day placed and the id (20261128000001).
  const number = new RegExp(`订单号 \\d{8}${String(orderId).padStart(6, '0')}$`);
  await page
    .locator('.order-card:visible', { has: page.locator('.order-card__no', { hasText: number }) })
    .locator('.order-card__goods')
    .click();
  await page.waitForURL(new RegExp(`pages/orderDetail/orderDetail\\?orderId=${orderId}`));
}

export async function openOrderDetail(page: Page, baseUrl: string, orderId: number) {
  await page.goto(`${baseUrl}/#/pages/orderDetail/orderDetail?orderId=${orderId}`);
  await page.locator('.order-detail__status:visible').waitFor();
}

function actionButton(page: Page, label: string | RegExp) {
  return page.locator('.order-actions:visible .order-button', { hasText: label });
}

/** 查看物流: the waybill and the merchant's trace; back to the order. */
export async function checkLogistics(page: Page, waybill: string, shot: string): Promise<void> {
  await actionButton(page, '查看物流').click();
  await page.waitForURL(/pages\/logisticsDetails\/logisticsDetails\?orderId=\d+/);
  await page.locator('.aftersale-row__value:visible', { hasText: waybill }).waitFor();
  await page.locator('.trace__text:visible', { hasText: '快件已签收' }).waitFor();
  await screenshot(page, shot);
  await page.goBack();
  await page.locator('.order-detail__status:visible').waitFor();
}

/** 确认收货 on the order page, confirmed in the dialog: the order is 租用中. */
export async function confirmReceipt(page: Page, shot: string): Promise<void> {
  await expectOrderHeadline(page, '待收货');
  await screenshot(page, `${shot}-before`);
  await actionButton(page, '确认收货').click();
  await answerModal(page, '确认收货');
  await expectOrderHeadline(page, '租用中');
  await page.locator('.rental-timeline__point--on:visible', { hasText: '签收' }).waitFor();
  await screenshot(page, shot);
}

/**
 * The repayment plan from the order page: the next bill is picked already; 去支付 opens the bill
 * payment screen for it.
 */
export async function openBillsAndPayPicked(page: Page, shot: string): Promise<void> {
  await page.locator('.order-section--link:visible', { hasText: '全部账单' }).click();
  await page.waitForURL(/pages\/billDetail\/billDetail\?orderId=\d+/);
  await page.locator('.bill-row:visible').first().waitFor();
  await page
    .locator('.bill-row:visible .bill-row__status', { hasText: '已支付' })
    .first()
    .waitFor();
  const picked = page.locator('.bill-row__check:visible[aria-checked="true"]');
  assert.equal(await picked.count(), 1, 'the next bill is picked');
  await screenshot(page, shot);
  await peekBill(page, `${shot}-one`);
  await page.locator('.bill-bar__button:visible').click();
  await page.waitForURL(/pages\/billpay\/pay\?orderId=\d+&billIds=\d+/);
}

/**
 * 买断 on the order page: the quote's breakdown and total, 确认买断, the irreversible-step
 * dialog, then the bill payment screen for the BUYOUT bill.
 */
export async function startBuyout(page: Page, shot: string): Promise<void> {
  await actionButton(page, '买断').click();
  const sheet = page.locator('.quote-sheet:visible');
  await sheet.locator('.quote-sheet__total').waitFor();
  assert.ok((await sheet.locator('.quote-sheet__lines .order-row').count()) >= 2, 'a breakdown');
  await screenshot(page, shot);
  await sheet.locator('.form-submit', { hasText: '确认买断' }).click();
  await page.locator('.taro-modal__content', { hasText: '无法撤销' }).waitFor();
  await screenshot(page, `${shot}-confirm`);
  await answerModal(page, '确认买断');
  await page.waitForURL(/pages\/billpay\/pay\?orderId=\d+&billIds=\d+/);
}

export interface OrderQuote {
  lines: { label: string; amount: number }[];
  total: number;
}

/** An amount as the screens show it. */
const shown = (fen: number) => `${fen < 0 ? '-' : ''}¥${formatMoney(Math.abs(fen))}`;

/** The order engine's early-return quote for the order now. */
export async function earlyReturnQuote(api: Api, orderId: number): Promise<OrderQuote> {
  const reply = await api<OrderQuote>(`/api/order/earlyReturnQuote/${orderId}`);
  assert.equal(reply.code, 200, reply.msg);
  return reply.data;
}

/** The open quote sheet shows `quote`: every line and the total. */
export async function expectQuoteSheet(page: Page, quote: OrderQuote): Promise<void> {
  const sheet = page.locator('.quote-sheet:visible');
  await sheet.locator('.quote-sheet__total', { hasText: shown(quote.total) }).waitFor();
  for (const line of quote.lines) {
    await sheet
      .locator('.quote-sheet__lines .order-row', { hasText: line.label })
      .filter({ hasText: shown(line.amount) })
      .waitFor();
  }
}

/**
 * 提前归还 on the order page: before anything is confirmed, the sheet shows the fee and the
 * rest exactly as the order engine computes them. Returns that quote.
 */
export async function openEarlyReturn(
  page: Page,
  api: Api,
  orderId: number,
  shot: string,
): Promise<OrderQuote> {
  const quote = await earlyReturnQuote(api, orderId);
  await actionButton(page, '提前归还').click();
  await expectQuoteSheet(page, quote);
  await screenshot(page, shot);
  return quote;
}

/** 确认提前归还 on the sheet: the dialog asks again, naming the amount. */
export async function askEarlyReturn(page: Page, total: number): Promise<void> {
  await page.locator('.quote-sheet:visible .form-submit', { hasText: '确认提前归还' }).click();
  await page
    .locator('.taro-modal__content', { hasText: `提前归还需支付 ¥${formatMoney(total)}` })
    .waitFor();
}

/**
 * 申请归还 (寄回商品 once an early return has started the return) → reason, method, the return
 * address → confirmShipment → courier and waybill.
 */
export async function returnByCourier(page: Page, waybill: string, shot: string): Promise<void> {
  await actionButton(page, /^(申请归还|寄回商品)$/).click();
  await page.waitForURL(/pages\/returnApplication\/returnApplication\?orderId=\d+/);
  await page.getByRole('radio', { name: '租期已到' }).waitFor();
  // Submitting without a reason says so inline.
  await page.locator('.form-submit:visible', { hasText: '提交归还申请' }).click();
  await page.locator('.form-field__error:visible', { hasText: '请选择归还原因' }).waitFor();
  await page.getByRole('radio', { name: '不想租了' }).click();
  await screenshot(page, shot);
  await page.locator('.form-submit:visible', { hasText: '提交归还申请' }).click();
  await page.waitForURL(/pages\/confirmShipment\/confirmShipment\?orderId=\d+/);
  await page.getByRole('radio', { name: '顺丰速运' }).waitFor();
  await page.getByRole('radio', { name: '顺丰速运' }).click();
  const input = page.locator('input[name="waybill"]:visible');
  // A bad number is refused inline and kept as typed.
  await input.fill('SF-1');
  await page.locator('.form-submit:visible', { hasText: '确认寄回' }).click();
  await page.locator('.form-field__error:visible', { hasText: '6-30位' }).waitFor();
  assert.equal(await input.inputValue(), 'SF-1');
  await input.fill(waybill);
  await screenshot(page, `${shot}-shipment`);
  await page.locator('.form-submit:visible', { hasText: '确认寄回' }).click();
  await page.waitForURL(/pages\/orderDetail\/orderDetail\?orderId=\d+/);
  await expectOrderHeadline(page, '归还中');
}

/** 续租 on the order page: the term picker re-quotes; the sheet closes without paying. */
export async function peekRenewal(page: Page, shot: string): Promise<void> {
  await actionButton(page, '续租').click();
  const sheet = page.locator('.quote-sheet:visible');
  await sheet.locator('.quote-sheet__total').waitFor();
  // Past the deposit authorisation's validity the server refuses the term, and says why.
  await sheet.getByRole('radio', { name: '共3月' }).click();
  await sheet.getByText('续租期限超出押金授权有效期').waitFor();
  assert.equal(await sheet.locator('.form-submit--disabled').count(), 1, 'nothing to pay');
  await screenshot(page, `${shot}-refused`);
  await sheet.getByRole('radio', { name: '共1月' }).click();
  await sheet.locator('.term-picker__option--on', { hasText: '共1月' }).waitFor();
  await sheet.locator('.quote-sheet__total').waitFor();
  await screenshot(page, shot);
  await sheet.locator('.quote-sheet__close').click();
  await sheet.waitFor({ state: 'detached' });
}

/** On the repayment plan: one bill's breakdown, and back. */
export async function peekBill(page: Page, shot: string): Promise<void> {
  await page.locator('.bill-row:visible .bill-row__more').first().click();
  await page.waitForURL(/pages\/billingDetails\/billingDetails\?orderId=\d+&billId=\d+/);
  await page.locator('.bill-item__row:visible', { hasText: '账单类型' }).waitFor();
  await screenshot(page, shot);
  await page.goBack();
  await page.waitForURL(/pages\/billDetail\/billDetail\?orderId=\d+/);
}
