/**
 * Shared browser-journey steps: SMS login in the browser (the code read from the sandbox SMS
 * provider) and API calls made with the browser's own session, for setting things up and for
 * checking what the server holds.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  DEFAULT_CLIENT_ID,
  DEFAULT_CLIENT_SECRET,
  HEADER_CLIENT_AUTHORIZATION,
  HEADER_PLATFORM,
} from '../../contract/http';

export const CLIENT_HEADERS = {
  [HEADER_CLIENT_AUTHORIZATION]: `Basic ${Buffer.from(`${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`).toString('base64')}`,
  [HEADER_PLATFORM]: '1',
};

export async function lastSmsCode(baseUrl: string, mobile: string): Promise<string> {
  const res = await fetch(`${baseUrl}/dev/sms/last?mobile=${mobile}`);
  const body = (await res.json()) as { code: number; data: { code: string } };
  assert.equal(body.code, 200, 'the sandbox knows the last code');
  return body.data.code;
}

/**
 * Log in on the SMS login page and land on `hashPath` (e.g. `/pages/order/order?goodsId=1…`).
 * Waits until the app is on that page. `platform` opens the brand first (`?platform=N`).
 */
export async function loginBySms(
  page: Page,
  baseUrl: string,
  mobile: string,
  hashPath: string,
  platform?: number,
): Promise<void> {
  const brand = platform === undefined ? '' : `?platform=${platform}`;
  await page.goto(
    `${baseUrl}/${brand}#/pages/loginNew/loginNew?redirect=${encodeURIComponent(hashPath)}`,
  );
  await page.locator('input[placeholder="请输入手机号"]').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByText(/\d+秒后重发/).waitFor();
  await page
    .locator('input[placeholder="请输入6位验证码"]')
    .fill(await lastSmsCode(baseUrl, mobile));
  await page.getByRole('checkbox', { name: '同意协议' }).click();
  await page.locator('.form-submit').click();
  await page.waitForURL((url) => url.hash.startsWith(`#${hashPath.split('?')[0]}`));
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The API as the logged-in browser user on a brand (its token from the app's storage). */
export async function apiAs(page: Page, baseUrl: string, platform = 1) {
  const token = await page.evaluate((brand) => {
    const raw = localStorage.getItem(`token:${brand}`);
    return raw ? (JSON.parse(raw) as { data: string }).data : '';
  }, platform);
  assert.ok(token, 'the browser holds a session');
  return async function call<T>(
    path: string,
    body?: unknown,
    method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST',
  ): Promise<Envelope<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...CLIENT_HEADERS,
        [HEADER_PLATFORM]: String(platform),
        token,
        authorization: `Bearer ${token}`,
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    return (await res.json()) as Envelope<T>;
  };
}

export type Api = Awaited<ReturnType<typeof apiAs>>;

/** Taro's H5 modal: press one of its buttons. */
export async function answerModal(page: Page, label: string): Promise<void> {
  const modal = page.locator('.taro-modal__content');
  await modal.waitFor();
  await modal.getByText(label, { exact: true }).click();
}

/** Taro's H5 action sheet: tap one of its items. */
export async function pickFromSheet(page: Page, label: string): Promise<void> {
  const item = page.locator('.taro__actionSheet .taro-actionsheet__cell', { hasText: label });
  await item.waitFor();
  await page.waitForTimeout(250); // the sheet's slide-in
  await item.click();
}

/**
 * The code the sandbox bank "texted" to a reserved mobile when binding a card:
 * `GET /dev/bankcard/last?mobile=…` (the bank-card sibling of /dev/sms/last). Undefined when the
 * server has no such route.
 */
export async function lastBankCode(baseUrl: string, mobile: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/dev/bankcard/last?mobile=${mobile}`);
  if (!res.ok) return undefined;
  const body = (await res.json()) as { code: number; data: { code: string } | null };
  return body.code === 200 && body.data ? body.data.code : undefined;
}
