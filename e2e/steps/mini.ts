/**
 * Steps of the mini-program journeys in the headless host (e2e/mini-host.ts): following where the
 * app asked to go, the order's pay page and its bills, as the user reaches them.
 */
import assert from 'node:assert/strict';
import { textsOf, type FakeHost, type MiniPage } from '../mini-host';
import { confirmPageUrl, rentChoice } from './checkout';
import { defaultAddress, type ApiCall } from './setup';

/** The last page the app asked to go to (navigateTo / redirectTo …) matching `kind`, as its url. */
export function lastNavigation(host: FakeHost, kind: RegExp): string {
  const found = [...host.navigations].reverse().find((n) => kind.test(n));
  assert.ok(found, `no navigation matching ${String(kind)}: ${host.navigations.join(', ')}`);
  return found.slice(found.indexOf(' ') + 1);
}

/**
 * Follows the app's redirectTo calls made since `page` opened (each target opened in its place,
 * as the host does) until the open page draws `text`.
 */
export async function followRedirects(
  host: FakeHost,
  page: MiniPage,
  text: string,
): Promise<MiniPage> {
  const deadline = Date.now() + 10_000;
  let seen = page.openedAt;
  let open = page;
  while (!open.texts().some((t) => t.includes(text))) {
    assert.ok(
      Date.now() < deadline,
      `never reached a page drawing ${text}: ${host.navigations.slice(-3).join(', ')}`,
    );
    const next = host.navigations.slice(seen).find((n) => n.startsWith('redirectTo '));
    seen = host.navigations.length;
    if (next) open = await host.show(next.slice('redirectTo '.length), { replace: true });
    else await new Promise((r) => setTimeout(r, 100));
  }
  return open;
}

/**
 * Opens the page the app last redirected to (matching `where`) in place of the open one, and
 * follows on until a page draws `text`; `meanwhile` runs once it is open (a notification let in).
 */
export async function followTo(
  host: FakeHost,
  where: RegExp,
  text: string,
  meanwhile?: () => Promise<void>,
): Promise<MiniPage> {
  const page = await host.show(lastNavigation(host, where), { replace: true });
  await meanwhile?.();
  return followRedirects(host, page, text);
}

/**
 * The confirm page as the product page's 立即租用 link opens it (goods 1, a monthly plan), with a
 * default address on file (the address screens have their own journey: it goes through their API).
 */
export async function openConfirmPage(
  host: FakeHost,
  api: ApiCall,
  mobile: string,
): Promise<MiniPage> {
  await defaultAddress(api, mobile);
  return host.show(confirmPageUrl(await rentChoice(api, 1)));
}

/** The confirm page's agreement ticked and the order submitted: the new order's id. */
export async function submitOrder(host: FakeHost, checkout: MiniPage): Promise<number> {
  await checkout.tap('checkout-agree__check');
  await checkout.tap('checkout-bar__submit', '提交订单');
  const next = lastNavigation(host, /redirectTo .*perfectIdCard/);
  const orderId = Number(/orderId=(\d+)/.exec(next)?.[1]);
  assert.ok(orderId > 0, next);
  return orderId;
}

/** Order page → 去支付 → the pay page (as navigateTo opens it). */
export async function openPayPage(host: FakeHost, orderId: number): Promise<MiniPage> {
  const detail = await host.show(`/pages/orderDetail/orderDetail?orderId=${orderId}`);
  await detail.waitForText('请尽快支付首期租金');
  const before = host.navigations.length;
  await detail.tap('order-button', '去支付');
  assert.ok(host.navigations.length > before, 'tapping 去支付 went nowhere');
  const payPage = await host.show(
    lastNavigation(host, /pages\/(pay\/pay|confirmPayment\/confirmPayment)/),
  );
  await payPage.waitForText(/立即支付 ¥/);
  return payPage;
}

/** Order page → 去支付 → 立即支付 (the pay page showing `owed` when given): the wallet is asked. */
export async function payFromOrderPage(
  host: FakeHost,
  orderId: number,
  owed?: number,
): Promise<void> {
  const payPage = await openPayPage(host, orderId);
  if (owed !== undefined) await payPage.waitForText(`立即支付 ¥${(owed / 100).toFixed(2)}`);
  await payPage.tap('form-submit', '立即支付');
}

/** The bill rows the bills page (订单 → 账单) draws: each row's texts and whether it is paid. */
export async function billRows(
  host: FakeHost,
  orderId: number,
): Promise<{ texts: string; paid: boolean }[]> {
  const page = await host.show(`/pages/billDetail/billDetail?orderId=${orderId}`);
  await page.waitFor('bill-row');
  const rows = page.findAll('bill-row').map((row) => ({
    texts: textsOf(row).join(' '),
    paid: (row.cl ?? '').includes('bill-row--paid'),
  }));
  await host.back();
  return rows;
}

/**
 * A payment the wallet turned down (cancel or failure): the app is on orderFailed with `reason`,
 * which says `message` and that the order still waits for payment. Returns the trade's number.
 */
export async function expectPaymentFailed(
  host: FakeHost,
  reason: 'cancel' | 'fail',
  message: string,
): Promise<string> {
  const failedUrl = lastNavigation(host, /redirectTo .*orderFailed/);
  const query = new URLSearchParams(failedUrl.split('?')[1]);
  assert.equal(query.get('reason'), reason, failedUrl);
  const failed = await host.show(failedUrl, { replace: true });
  await failed.waitForText(message);
  await failed.waitForText('订单状态：待支付');
  return query.get('outTradeNo') ?? '';
}

/**
 * A user whose session the server has ended (the token the app keeps is refused) opens their
 * orders: the app clears the session and sends them to the login page, told to come back
 * (pages/loginNew/loginNew?redirect=…), which is opened in its place and returned, its one-tap
 * phone-number button drawn first and SMS login below it.
 */
export async function loginAfterRejectedSession(host: FakeHost): Promise<MiniPage> {
  const since = host.navigations.length;
  await host.show('/pages/myOrder/myOrder?tab=0');
  const deadline = Date.now() + 10_000;
  let sent: string | undefined;
  while (
    !(sent = host.navigations.slice(since).find((n) => /\/pages\/loginNew\/loginNew/.test(n)))
  ) {
    assert.ok(Date.now() < deadline, `not sent to log in: ${host.navigations.join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.match(
    sent,
    /^reLaunch \/pages\/loginNew\/loginNew\?redirect=%2Fpages%2FmyOrder%2FmyOrder/,
  );
  const login = await host.show(sent.slice(sent.indexOf(' ') + 1), { replace: true });
  await login.waitFor('form-submit', '手机号快捷登录');
  await login.waitForText('获取验证码');
  const texts = login.texts();
  assert.ok(
    texts.indexOf('手机号快捷登录') < texts.indexOf('短信验证码登录') &&
      texts.indexOf('短信验证码登录') < texts.indexOf('获取验证码'),
    `the phone-number button first, SMS login below it: ${texts.join(' | ')}`,
  );
  return login;
}

/**
 * The session a login stored in place of `ended`, once the app has stored it. The host's
 * `settle` returns after 200 ms with nothing pending, which on a loaded machine can fall between
 * the login's steps (a fresh-clone run of 29 Nov at load 11 found the old token still stored).
 */
export async function newSessionStored(host: FakeHost, ended: string): Promise<string> {
  const fresh = () => {
    const token = host.stored('token:1');
    return typeof token === 'string' && token !== '' && token !== ended ? token : undefined;
  };
  const deadline = Date.now() + 10_000;
  while (!fresh() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const token = fresh();
  assert.ok(token, `no session stored: ${host.messages.join(' | ')} ${host.errors.join(' | ')}`);
  return token;
}
