/**
 * A new user rents a phone up to the merchant's shipment, through every screen: SMS login, the
 * confirm page with an address and the best coupon, real name and face, credit, emergency
 * contact, a bank card when the flow asks for one (the issuer shows as the number is typed), the
 * contract, the deposit freeze and the first bill at the sandbox cashier (审核中); then the
 * merchant approves, ships and the courier delivers. Shared by journeys 1 and 2.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { phonePage, screenshot, type RunningServer } from '../harness';
import {
  addAddress,
  claimCoupons,
  confirmPageUrl,
  placeOrderOnConfirmPage,
  rentChoice,
} from './checkout';
import { approveAndShip } from './orders';
import { expectOrderSuccess, freezeDeposit, payAtCashier } from './payment';
import { apiAs, lastBankCode, loginBySms, type Api } from './session';
import {
  fillEmergencyContact,
  idNumber,
  passCredit,
  passRealNameAndFace,
  SANDBOX_CARD,
  signContract,
} from './verification';

/**
 * The card page with the number entered in one go (pasted); typing it key by key is
 * e2e/card-number.test.ts. The issuer still shows from the number.
 */
async function bindCardByPaste(page: Page, baseUrl: string, shot: string): Promise<void> {
  const cardInput = page.locator('input[name="cardNo"]:visible');
  await cardInput.waitFor();
  await cardInput.fill(SANDBOX_CARD.number);
  await page.getByText('中国工商银行 · 储蓄卡').waitFor();
  const mobile = SANDBOX_CARD.reservedMobile;
  await page.locator('input[name="reservedMobile"]:visible').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/\d+秒后重发/).waitFor();
  const code = await lastBankCode(baseUrl, mobile);
  assert.ok(code, 'the sandbox bank tells its code (GET /dev/bankcard/last)');
  await page.locator('input[name="bindCode"]:visible').fill(code);
  await screenshot(page, `${shot}-verify-card`);
  await page.locator('.form-submit:visible', { hasText: '确认绑定' }).click();
}

export interface RentedOrder {
  orderId: number;
  api: Api;
}

export async function rentUntilShipped(
  page: Page,
  server: RunningServer,
  person: { mobile: string; name: string; idSeq: number; waybill: string },
  shot: string,
): Promise<RentedOrder> {
  const { baseUrl } = server;
  await loginBySms(page, baseUrl, person.mobile, '/pages/user/user');
  const api = await apiAs(page, baseUrl);
  await addAddress(api);
  const choice = await rentChoice(api, 1);
  const couponTitle = await claimCoupons(api, choice.firstPayment);

  await page.goto(`${baseUrl}/#${confirmPageUrl(choice)}`);
  const orderId = await placeOrderOnConfirmPage(page, couponTitle, shot);

  await passRealNameAndFace(page, { name: person.name, idNo: idNumber(person.idSeq) }, shot);
  // The credit page shows when the score is not known yet; a known one is skipped.
  await page.waitForURL(/pages\/(zhima\/zhima|emergencyContact\/emergencyContact)/);
  if (/zhima/.test(page.url())) await passCredit(page, shot);
  await fillEmergencyContact(page, shot);
  // The card step comes when the verification flow asks for it (deposit methods that withhold
  // instalments from a card); the step pages skip what the order does not need.
  await page.waitForURL(/pages\/(contractPreview\/contractPreview|bindCard\/bindCard)/);
  if (/bindCard/.test(page.url())) await bindCardByPaste(page, baseUrl, shot);
  await signContract(page, baseUrl, shot);
  await freezeDeposit(page, shot);
  await payAtCashier(page, 'pay', shot);
  await expectOrderSuccess(page, shot);

  await approveAndShip(baseUrl, orderId, person.waybill);
  return { orderId, api };
}

/**
 * A phone-sized page whose `errors` are the app's: the sandbox cashier and e-sign pages are bare
 * server pages without an icon, so the browser's /favicon.ico request there (a 404) is not ours.
 */
export async function appPhonePage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
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
