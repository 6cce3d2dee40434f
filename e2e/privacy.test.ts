/**
 * Privacy journeys in a real browser against the real server: account cancellation refused
 * while an order runs (the screen names it) and allowed once it is cancelled; the export of the
 * user's data as a JSON download; and the prompt for a new privacy-policy version.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { phonePage, type RunningServer, screenshot, useServerAndBrowser } from './harness';
import { addAddress, rentChoice } from './steps/checkout';
import { answerModal, apiAs, lastSmsCode, loginBySms } from './steps/session';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser(
  (started, opened) => {
    server = started;
    browser = opened;
  },
  // One user logs in again after cancelling, within the minute.
  { SMS_PER_MINUTE: '5' },
);

describe('account cancellation (注销账户)', () => {
  it('is refused while an order runs, naming it, and allowed once it is cancelled', async () => {
    const mobile = '13800138601';
    const { page, errors } = await phonePage(browser);
    await loginBySms(page, server.baseUrl, mobile, '/pages/user/user');
    const api = await apiAs(page, server.baseUrl);
    await addAddress(api);
    const choice = await rentChoice(api, 1);
    const addresses = await api<{ id: number }[]>('/api/user/userAddress');
    const placed = await api<{ id: number }>('/api/order/place', {
      goodsId: choice.goodsId,
      skuId: choice.skuId,
      planId: choice.planId,
      addressId: addresses.data[0].id,
      serviceIds: choice.serviceIds,
      depositMethod: 'freeze',
    });
    assert.equal(placed.code, 200, placed.msg);
    const orderId = placed.data.id;

    await page.getByText('注销账户', { exact: true }).click();
    await page.getByText('暂时无法注销，请先处理：').waitFor();
    await page.getByText(new RegExp(`订单 ${orderId}：.*（待认证）`)).waitFor();
    // What goes and what the law keeps, with how long.
    await page
      .getByText('实名信息、身份证照片、人脸认证记录与信用评分', { exact: false })
      .waitFor();
    await page.getByText(/订单、账单、支付与退款记录.*保留3年/).waitFor();
    const confirm = page.locator('.form-submit', { hasText: '确认注销' });
    assert.equal(await confirm.getAttribute('aria-disabled'), 'true');
    await screenshot(page, 'privacy-cancel-blocked');
    await confirm.click({ force: true });
    assert.equal(
      (await api('/api/user/info')).code,
      200,
      'a tap on the refused button changes nothing',
    );

    const cancelled = await api(`/api/order/cancel`, { orderId });
    assert.equal(cancelled.code, 200, cancelled.msg);
    await page.reload();
    await page.getByText('注销后，您将无法再登录此账户', { exact: false }).waitFor();
    assert.equal(await page.getByText('暂时无法注销，请先处理：').count(), 0);
    await confirm.click();
    await answerModal(page, '确认注销');
    await page.waitForURL((url) => url.hash.startsWith('#/pages/home/home'));
    await screenshot(page, 'privacy-cancel-done');

    // The old session is over; the same mobile registers afresh, with nothing of the old account.
    assert.equal((await api('/api/user/info')).code, 60002);
    const headers = {
      'content-type': 'application/json',
      'x-client-authorization': `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
      'x-platform': '1',
      'x-user-type': 'app',
    };
    await fetch(`${server.baseUrl}/api/login/sendCode`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile }),
    });
    const login = await fetch(`${server.baseUrl}/api/login/loginForSms`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ mobile, code: await lastSmsCode(server.baseUrl, mobile) }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const orders = await fetch(
      `${server.baseUrl}/api/order/list?status=all&pageNum=1&pageSize=10`,
      {
        headers: { ...headers, token, authorization: `Bearer ${token}` },
      },
    );
    assert.equal(((await orders.json()) as { data: { total: number } }).data.total, 0);
    assert.deepEqual(errors, []);
  });
});

describe('data export', () => {
  it('downloads the user’s personal data as a JSON file', async () => {
    const mobile = '13800138602';
    const { page, errors } = await phonePage(browser);
    await loginBySms(page, server.baseUrl, mobile, '/pages/user/user');
    await addAddress(await apiAs(page, server.baseUrl));
    const download = page.waitForEvent('download');
    await page.getByText('导出我的数据', { exact: true }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
      account: { mobile: string };
      addresses: { detail: string }[];
      consents: { kind: string; channel: string }[];
    };
    assert.equal(data.account.mobile, mobile);
    assert.equal(data.addresses[0].detail, '文三路 100 号');
    // The login page's agreement box was recorded, from the browser.
    assert.deepEqual(
      data.consents.map((c) => [c.kind, c.channel]),
      [
        ['privacy_policy', 'h5'],
        ['user_agreement', 'h5'],
      ],
    );
    await page.getByText('个人数据已导出').waitFor();
    assert.deepEqual(errors, []);
  });
});

describe('a new privacy-policy version', () => {
  it('asks the logged-in user again, over the page, and records the new version', async () => {
    const mobile = '13800138603';
    const { page, errors } = await phonePage(browser);
    await loginBySms(page, server.baseUrl, mobile, '/pages/user/user');
    await page.getByText('导出我的数据', { exact: true }).waitFor();
    assert.equal(await page.locator('.consent-dialog').count(), 0);

    // A new version is published: what the user agreed to is now the older text.
    const outdated = await fetch(`${server.baseUrl}/dev/privacy/outdate?mobile=${mobile}`, {
      method: 'POST',
    });
    assert.equal(outdated.status, 200);
    const consentReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().endsWith('/api/privacy/consents'))
        consentReads.push(request.url());
    });
    await page.reload();
    const dialog = page.locator('.consent-dialog');
    await dialog.getByText('隐私政策与用户协议更新').waitFor();
    // index.html asked for the consents beside the app's scripts and, one being pending, fetched
    // the dialog's chunk straight away (not once the page had drawn and asked); the page took that
    // reply rather than asking again.
    assert.equal(consentReads.length, 1);
    assert.equal(
      await page.locator('head link[rel="preload"][href*="/frame-dialogs."]').count(),
      2,
    );
    await dialog.getByText('《隐私政策》').waitFor();
    await screenshot(page, 'privacy-policy-updated');
    await dialog.locator('.form-submit', { hasText: '同意' }).click();
    await dialog.waitFor({ state: 'detached' });

    const api = await apiAs(page, server.baseUrl);
    const states =
      await api<{ kind: string; pending: boolean; agreedVersion: string }[]>(
        '/api/privacy/consents',
      );
    const privacy = states.data.find((s) => s.kind === 'privacy_policy');
    assert.equal(privacy?.pending, false);
    assert.notEqual(privacy?.agreedVersion, '2000-01-01');
    assert.deepEqual(errors, []);
  });
});
