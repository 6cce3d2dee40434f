/**
 * A logged-in user on any brand, set up over the API (SMS code from the sandbox, the login page's
 * agreements recorded), and put into a page's storage as the app keeps it: for journeys whose
 * subject is not login, on brands other than 1.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { HEADER_PLATFORM, type PlatformId } from '../../contract/http';
import { agreeAllBody } from './privacy';
import { CLIENT_HEADERS, type Envelope } from './session';
import type { ApiCall } from './setup';

export interface BrandSession {
  platform: PlatformId;
  token: string;
  userInfo: unknown;
  /** The API as this user, on this brand. */
  api: ApiCall;
}

export async function loginOnBrand(
  baseUrl: string,
  mobile: string,
  platform: PlatformId,
): Promise<BrandSession> {
  const headers = { ...CLIENT_HEADERS, [HEADER_PLATFORM]: String(platform) };
  const json = { 'content-type': 'application/json' };
  const post = async <T>(path: string, body: unknown, extra: Record<string, string> = {}) =>
    (await (
      await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, ...json, ...extra },
        body: JSON.stringify(body),
      })
    ).json()) as Envelope<T>;
  const asApp = { 'x-user-type': 'app' };
  assert.equal((await post('/api/login/sendCode', { mobile }, asApp)).code, 200);
  const last = (await (await fetch(`${baseUrl}/dev/sms/last?mobile=${mobile}`)).json()) as {
    data: { code: string };
  };
  const login = await post<{ token: string }>(
    '/api/login/loginForSms',
    { mobile, code: last.data.code },
    asApp,
  );
  assert.equal(login.code, 200, login.msg);
  const { token } = login.data;
  const api: ApiCall = async <T>(path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...headers,
        ...(body === undefined ? {} : json),
        token,
        authorization: `Bearer ${token}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  };
  const info = await api<unknown>('/api/user/info');
  assert.equal(info.code, 200, info.msg);
  // The login page's agreement box, as the app records it: no privacy prompt over the pages.
  assert.equal((await api('/api/privacy/consents', agreeAllBody())).code, 200);
  return { platform, token, userInfo: info.data, api };
}

/**
 * Opens the app on the session's brand with the session stored, and starts it again so it reads
 * it (as a user's next visit would).
 */
export async function openAppAs(page: Page, baseUrl: string, session: BrandSession) {
  await page.goto(`${baseUrl}/?platform=${session.platform}`);
  const { platform, token, userInfo } = session;
  await page.evaluate(
    (stored) => {
      localStorage.setItem(`token:${stored.platform}`, JSON.stringify({ data: stored.token }));
      localStorage.setItem('userInfo', JSON.stringify({ data: stored.userInfo }));
    },
    { platform, token, userInfo },
  );
  await page.reload();
}
