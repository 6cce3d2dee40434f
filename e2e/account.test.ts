/**
 * Account journeys in a real browser against the real server: SMS login (the code read from the
 * sandbox SMS provider) and logout, a session ended server-side mid-visit, addresses (add with
 * the region picker, edit, delete), claiming a coupon and switching language.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  HEADER_CLIENT_AUTHORIZATION,
  HEADER_PLATFORM,
  HEADER_USER_TYPE,
  USER_TYPE_APP,
} from '../contract/http';
import {
  openAfresh,
  phonePage,
  type RunningServer,
  screenshot,
  useServerAndBrowser,
} from './harness';

let server: RunningServer;
let browser: Browser;

// One user logs in from two places within a minute here; production allows one code a minute.
useServerAndBrowser(
  (started, opened) => {
    server = started;
    browser = opened;
  },
  { SMS_PER_MINUTE: '5' },
);

async function lastCode(mobile: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/dev/sms/last?mobile=${mobile}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  assert.equal(body.code, 200, 'the sandbox knows the last code');
  return body.data.code;
}

/** Logs the same user in from elsewhere (brand 1): that replaces, so ends, the browser's session. */
async function loginElsewhere(mobile: string): Promise<void> {
  const headers = {
    'content-type': 'application/json',
    [HEADER_CLIENT_AUTHORIZATION]: `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
    [HEADER_PLATFORM]: '1',
    [HEADER_USER_TYPE]: USER_TYPE_APP,
  };
  const sent = await fetch(`${server.baseUrl}/api/login/sendCode`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile }),
  });
  assert.equal(((await sent.json()) as { code: number }).code, 200);
  const code = await lastCode(mobile);
  const login = await fetch(`${server.baseUrl}/api/login/loginForSms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile, code }),
  });
  assert.equal(((await login.json()) as { code: number }).code, 200);
}

/** On the SMS login page: number, code from the sandbox, agreement, 登录. */
async function smsLogin(page: Page, mobile: string): Promise<void> {
  await page.locator('input[placeholder="请输入手机号"]').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/\d+秒后重发/).waitFor();
  await page.locator('input[placeholder="请输入6位验证码"]').fill(await lastCode(mobile));
  await page.getByRole('checkbox', { name: '同意协议' }).click();
  await page.locator('.form-submit').click();
}

/** Taro's H5 modal: press one of its buttons. */
async function answerModal(page: Page, label: string): Promise<void> {
  // The wrapper has no box of its own (its children are fixed): wait for the dialog itself.
  const modal = page.locator('.taro-modal__content');
  await modal.waitFor();
  await modal.getByText(label, { exact: true }).click();
}

async function loggedInPage(mobile: string, hashPath: string) {
  const opened = await phonePage(browser);
  await opened.page.goto(
    `${server.baseUrl}/#/pages/loginNew/loginNew?redirect=${encodeURIComponent(hashPath)}`,
  );
  await smsLogin(opened.page, mobile);
  await opened.page.waitForURL((url) => url.hash.startsWith(`#${hashPath.split('?')[0]}`));
  return opened;
}

describe('account', () => {
  it('logs in by SMS from the user centre, comes back to it, and logs out', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/user/user`);
    await page.getByText('登录/注册').click();
    await page.waitForURL(/loginNew\?redirect=/);
    await page.getByText('欢迎登录').waitFor();
    await screenshot(page, 'account-login');

    // Errors under their fields, nothing sent, what was typed kept.
    await page.locator('input[placeholder="请输入手机号"]').fill('1380013');
    await page.locator('input[placeholder="请输入手机号"]').blur();
    await page.locator('.form-submit').click();
    await page.getByText('请输入正确的手机号').waitFor();
    await page.getByText('请先阅读并同意注册协议和隐私政策').waitFor();
    assert.equal(await page.locator('input[placeholder="请输入手机号"]').inputValue(), '1380013');
    await screenshot(page, 'account-login-errors');

    const mobile = '13800138001';
    await page.locator('input[placeholder="请输入手机号"]').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/\d+秒后重发/).waitFor();
    // A slip of the finger on the number does not restart or cancel the countdown.
    await page.locator('input[placeholder="请输入手机号"]').fill('1380013800');
    await page.locator('input[placeholder="请输入手机号"]').fill(mobile);
    await page.getByText(/\d+秒后重发/).waitFor();
    await page.locator('input[placeholder="请输入6位验证码"]').fill(await lastCode(mobile));
    await page.getByRole('checkbox', { name: '同意协议' }).click();
    await screenshot(page, 'account-login-filled');
    await page.locator('.form-submit').click();

    await page.waitForURL(/#\/pages\/user\/user/);
    await page.getByText('138****8001').first().waitFor();
    await page.getByRole('button', { name: '退出登录', exact: true }).waitFor();
    await screenshot(page, 'account-user-logged-in');

    await page.getByRole('button', { name: '退出登录', exact: true }).click();
    await answerModal(page, '确定');
    await page.getByText('登录/注册').waitFor();
    // Taro's H5 router keeps earlier pages in the DOM, hidden: count only what shows.
    assert.equal(await page.locator('.user-centre__logout:visible').count(), 0);
    await screenshot(page, 'account-user-logged-out');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('switches language with a dictionary from the server, shown at once on the next visit', async () => {
    const { page, errors } = await phonePage(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/i18n/messages')) asked.push(request.url());
    });
    await page.goto(`${server.baseUrl}/#/pages/user/user`);
    await page.getByText('语言设置').click();
    await page.getByRole('radio', { name: 'English' }).click();
    await page.getByText('Log in / Sign up').waitFor();
    // Only zh-Hans is in the app: English came from the server, by the version the build expects.
    assert.equal(asked.length, 1);
    assert.match(asked[0], /[?&]language=en&v=[0-9a-f]{8}$/);
    await screenshot(page, 'account-language-en');

    // The next visit shows English at once, from storage, without asking again.
    await page.reload();
    await page.getByText('Log in / Sign up').waitFor();
    assert.equal(asked.length, 1);

    // The server out of reach: English stays, and the user is told.
    await page.route('**/api/i18n/messages**', (route) => route.abort());
    await page.getByText('Language').click();
    await page.getByRole('radio', { name: 'Français' }).click();
    await page.getByText('Could not load Français, please try again later').waitFor();
    await page.getByText('Log in / Sign up').waitFor();

    // Back to Simplified Chinese needs no network.
    await page.getByText('Language').click();
    await page.getByRole('radio', { name: '简体中文' }).click();
    await page.getByText('登录/注册').waitFor();
    // The aborted requests are the only console errors.
    assert.deepEqual(
      errors.filter((error) => !/Failed to load resource|ERR_FAILED/.test(error)),
      [],
    );
    await page.close();
  });

  it('sends a user whose session ended elsewhere to login, and back to the page after', async () => {
    const mobile = '13800138002';
    const { page, errors } = await phonePage(browser);
    // The user centre asks for its five order counts when it shows: let them finish with the
    // good token first, so the 401 comes from the page we open next.
    let counted = 0;
    page.on('response', (response) => {
      if (response.url().includes('/api/order/list')) counted += 1;
    });
    await page.goto(
      `${server.baseUrl}/#/pages/loginNew/loginNew?redirect=${encodeURIComponent('/pages/user/user')}`,
    );
    await smsLogin(page, mobile);
    await page.waitForURL(/#\/pages\/user\/user/);
    for (let waited = 0; counted < 5 && waited < 100; waited += 1) await page.waitForTimeout(100);
    assert.equal(counted, 5, 'the user centre asked for its order counts');
    await loginElsewhere(mobile);
    // The address list asks the server with the old token: 401.
    await page.locator('.user-centre__row:visible', { hasText: '收货地址' }).click();
    await page.waitForURL(/loginNew\?redirect=/);
    assert.match(decodeURIComponent(page.url()), /redirect=\/pages\/addressList\/addressList$/);
    await screenshot(page, 'account-session-ended-login');
    // The first login's resend countdown (60 s, kept in memory) is still running; a reload
    // clears it without losing where to return, which is in the URL.
    await page.reload();
    await smsLogin(page, mobile);
    await page.waitForURL(/#\/pages\/addressList\/addressList/);
    await page.getByText('还没有收货地址').waitFor();
    await screenshot(page, 'account-session-back-on-addresses');
    // Only the rejected call itself may be logged (the browser reports the 401 response).
    assert.deepEqual(
      errors.filter((error) => !/status of 401/.test(error)),
      [],
    );
    await page.close();
  });

  it('adds an address with the region picker, edits it and deletes it', async () => {
    const { page, errors } = await loggedInPage('13800138003', '/pages/addressList/addressList');
    await page.getByText('还没有收货地址').waitFor();
    await screenshot(page, 'account-addresses-empty');

    await page.getByText('新增收货地址').click();
    await page.waitForURL(/shipToAddress/);
    await page.locator('.form-submit').click();
    await page.getByText('请选择所在地区').waitFor();
    await screenshot(page, 'account-address-form-errors');

    await page.locator('input[placeholder="请输入收货人姓名"]').fill('张三');
    await page.locator('input[placeholder="请输入手机号"]').fill('13912345678');
    await page.getByRole('button', { name: '所在地区' }).click();
    await page.getByRole('option', { name: '广东省' }).click();
    await page.getByRole('option', { name: '深圳市' }).click();
    await screenshot(page, 'account-region-picker');
    await page.getByRole('option', { name: '南山区' }).click();
    await page.getByText('广东省 深圳市 南山区').waitFor();
    await page.locator('input[placeholder="街道、楼牌号等"]').fill('科技园路 1 号');
    // The switch is found by its label, as a screen reader names it.
    await page.getByRole('checkbox', { name: '设为默认地址' }).check();
    await screenshot(page, 'account-address-form-filled');
    await page.locator('.form-submit').click();

    await page.waitForURL(/addressList/);
    await page.getByText('广东省 深圳市 南山区 科技园路 1 号').waitFor();
    await page.locator('.address-card__default').waitFor();
    await screenshot(page, 'account-addresses-one');

    await page.getByRole('button', { name: '编辑' }).click();
    await page.waitForURL(/shipToAddress\?id=/);
    const detail = page.locator('input[placeholder="街道、楼牌号等"]');
    await detail.waitFor();
    assert.equal(await detail.inputValue(), '科技园路 1 号');
    await detail.fill('科技园路 2 号 3 栋');
    await screenshot(page, 'account-address-edit');
    await page.locator('.form-submit').click();
    await page.waitForURL(/addressList/);
    await page.getByText('广东省 深圳市 南山区 科技园路 2 号 3 栋').waitFor();

    await page.getByRole('button', { name: '删除' }).click();
    await answerModal(page, '删除');
    await page.getByText('还没有收货地址').waitFor();
    await screenshot(page, 'account-addresses-after-delete');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('claims a coupon and finds it under my unused coupons', async () => {
    const { page, errors } = await loggedInPage('13800138004', '/pages/coupon/coupon');
    const first = page.locator('.coupon').first();
    await first.waitFor();
    const title = (await first.locator('.coupon__title').textContent()) ?? '';
    assert.ok(title);
    await screenshot(page, 'account-coupons-claimable');
    await first.getByRole('button', { name: '立即领取' }).click();
    await first.getByRole('button', { name: '已领取' }).waitFor();
    await page.getByRole('tab', { name: '未使用' }).click();
    await page.locator('.coupon__title', { hasText: title }).waitFor();
    await screenshot(page, 'account-coupons-mine');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens the other login pages and the change-mobile page on H5', async () => {
    const { page, errors } = await loggedInPage('13800138005', '/pages/user/user');
    await page.goto(`${server.baseUrl}/#/pages/login/login`);
    await page.locator('input[placeholder="请输入手机号"]').waitFor();
    await screenshot(page, 'account-phone-login-h5');
    await page.goto(`${server.baseUrl}/#/pages/alipay/aliLogin`);
    await page.getByText('当前环境不支持支付宝授权，请使用短信验证码登录').waitFor();
    await screenshot(page, 'account-alipay-login-h5');
    await page.goto(`${server.baseUrl}/#/pages/bindMobileNumber/bindMobileNumber`);
    await page.getByText('当前手机号：138****8005').waitFor();
    await screenshot(page, 'account-bind-mobile');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens every account route for a visitor without a console error', async () => {
    const { page, errors } = await phonePage(browser);
    const needLogin = [
      'pages/addressList/addressList',
      'pages/shipToAddress/shipToAddress',
      'pages/bindMobileNumber/bindMobileNumber',
    ];
    for (const route of needLogin) {
      await openAfresh(page, `${server.baseUrl}/#/${route}?from=e2e`);
      await page.waitForURL(/loginNew\?redirect=/);
      assert.match(
        decodeURIComponent(page.url()),
        new RegExp(`redirect=/${route}\\?from=e2e$`),
        route,
      );
    }
    const open = [
      'pages/loginNew/loginNew',
      'pages/login/login',
      'pages/alipay/aliLogin',
      'pages/user/user',
      'pages/coupon/coupon',
    ];
    for (const route of open) {
      await openAfresh(page, `${server.baseUrl}/#/${route}`);
      await page.locator('.nav-bar:visible').waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok(page.url().includes(route), route);
    }
    // A visitor's "my coupons" offers login instead of asking the server.
    await page.getByRole('tab', { name: '未使用' }).click();
    await page.getByText('登录/注册').waitFor();
    await screenshot(page, 'account-coupons-visitor');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
