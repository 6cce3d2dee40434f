import fs from 'node:fs';
import path from 'node:path';
import Taro from '@tarojs/taro';
import TestUtils from '@tarojs/test-utils-react';
import { webViewHosts } from '../../platform/config';
import { leaveForExternalPage } from '../../platform/service-links';
import { decideWebUrl } from './decideWebUrl';
import { EmbeddedWebPage, ExternalJumpPage } from './WebPages';

// The one boundary replaced: leaving the app (jsdom cannot navigate to another site).
jest.mock('../../platform/service-links', () => ({
  ...jest.requireActual('../../platform/service-links'),
  leaveForExternalPage: jest.fn(() => true),
}));

const fuzzDir = path.resolve(__dirname, '../../../../shared/fuzz');
const urlCases = (
  JSON.parse(fs.readFileSync(path.join(fuzzDir, 'cn-form-edge-cases.json'), 'utf8')) as {
    url_cases: {
      input: string;
      expected_allowed_if_allowlist_is_exact_https_host_good_example_com: boolean;
    }[];
  }
).url_cases.map(
  (row) =>
    [row.input, row.expected_allowed_if_allowlist_is_exact_https_host_good_example_com] as const,
);
const openRedirects = fs
  .readFileSync(path.join(fuzzDir, 'open-redirect-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

// Each corpus test mounts the page once per input (240 payloads).
jest.setTimeout(60_000);

const testUtils = new TestUtils();
const leave = leaveForExternalPage as jest.MockedFunction<typeof leaveForExternalPage>;
const route = (name: string) => `pages/webView/${name}`;

let navigations: jest.SpyInstance[] = [];
beforeEach(() => {
  process.env.TARO_APP_WEBVIEW_HOSTS = 'good.example.com';
  leave.mockClear();
  navigations = (['navigateTo', 'redirectTo', 'reLaunch', 'switchTab'] as const).map((name) =>
    jest.spyOn(Taro, name).mockResolvedValue({ errMsg: 'ok' }),
  );
});
afterEach(() => {
  unmount();
  navigations.forEach((spy) => spy.mockRestore());
  delete process.env.TARO_APP_WEBVIEW_HOSTS;
});

function frames(): string[] {
  // The web-view element, whether or not it has drawn its iframe yet.
  return Array.from(document.querySelectorAll('taro-web-view-core')).map(
    (el) => el.getAttribute('src') ?? '',
  );
}

function blockedShown(): boolean {
  return (
    document.querySelector('.web-blocked[role="alert"]')?.textContent?.includes('无法打开该链接') ??
    false
  );
}

let mounted = false;
function unmount() {
  if (mounted) testUtils.unmout();
  mounted = false;
}

async function open(page: 'webView' | 'webh5', url: string | undefined) {
  unmount();
  const Body = page === 'webView' ? EmbeddedWebPage : ExternalJumpPage;
  const params: Record<string, string> = url === undefined ? {} : { url };
  await testUtils.mount(() => <Body route={route(page)} params={params} />);
  mounted = true;
}

function navigated(): boolean {
  return leave.mock.calls.length > 0 || navigations.some((spy) => spy.mock.calls.length > 0);
}

describe('the allowlist setting', () => {
  test('is read from TARO_APP_WEBVIEW_HOSTS, comma-separated, trimmed and lower-cased', () => {
    process.env.TARO_APP_WEBVIEW_HOSTS = ' Sign.Example.com, ,pay.example.com ';
    expect(webViewHosts()).toEqual(['sign.example.com', 'pay.example.com']);
  });

  test('defaults to the https API host, and never to a plain http one', () => {
    delete process.env.TARO_APP_WEBVIEW_HOSTS;
    process.env.TARO_APP_API_BASE = 'https://api.shop.example/';
    try {
      expect(webViewHosts()).toEqual(['api.shop.example']);
      process.env.TARO_APP_API_BASE = 'http://api.shop.example';
      expect(webViewHosts()).toEqual([]);
    } finally {
      delete process.env.TARO_APP_API_BASE;
    }
  });

  test('a missing or empty link is its own error, not a blocked one', () => {
    expect(decideWebUrl(undefined, ['good.example.com'])).toEqual({
      open: false,
      reason: 'missing',
    });
    expect(decideWebUrl('  ', ['good.example.com'])).toEqual({ open: false, reason: 'missing' });
  });
});

describe('the app’s own origin (H5)', () => {
  // Issue 33: on `npm start` (http://localhost:PORT, no TARO_APP_* settings) the contract's
  // 去签署 opened the sandbox's signing page, served beside the app, and was refused.
  beforeEach(() => {
    delete process.env.TARO_APP_WEBVIEW_HOSTS;
    delete process.env.TARO_APP_API_BASE;
  });

  test('opens the signing page served beside the app, over plain http, with nothing configured', async () => {
    expect(location.protocol).toBe('http:');
    const url = `${location.origin}/sandbox/esign/sbxflow0123456789abcdef`;
    await open('webView', url);
    expect(blockedShown()).toBe(false);
    expect(frames()).toEqual([url]);
  });

  test('is the exact origin: not another port, scheme or host that starts like it', () => {
    const own = 'http://127.0.0.1:8080';
    const refused = [
      'http://127.0.0.1:8081/sandbox/esign/x',
      'https://127.0.0.1:8080/sandbox/esign/x',
      'http://127.0.0.1:8080@evil.test/',
      'http://127.0.0.1:8080.evil.test/',
      'http://127.0.0.1:80800/',
      'http://127.0.0.1',
      '//127.0.0.1:8080/x',
      '/sandbox/esign/x',
      ' http://127.0.0.1:8080/x',
      'http://127.0.0.1:8080/\r\nSet-Cookie:x=1',
      'javascript:http://127.0.0.1:8080/',
    ];
    for (const url of refused) expect([url, decideWebUrl(url, [], own).open]).toEqual([url, false]);
    expect(decideWebUrl(`${own}/sandbox/esign/x?a=1#b`, [], own)).toEqual({
      open: true,
      url: `${own}/sandbox/esign/x?a=1#b`,
    });
  });

  test('the mini-programs have no origin of their own: http stays refused there', async () => {
    const { appOrigin } = jest.requireActual<typeof import('../../platform/web-origin')>(
      '../../platform/web-origin.ts',
    );
    expect(appOrigin()).toBeUndefined();
    expect(decideWebUrl('http://127.0.0.1:8080/sandbox/esign/x', [], appOrigin()).open).toBe(false);
  });
});

describe.each(['webView', 'webh5'] as const)('%s page', (page) => {
  test('opens an allowed https page', async () => {
    const url = 'https://good.example.com/contract/1?sign=abc';
    await open(page, url);
    expect(blockedShown()).toBe(false);
    if (page === 'webView') expect(frames()).toEqual([url]);
    else expect(leave).toHaveBeenCalledWith(url);
  });

  test('shows the error page and goes nowhere without a link', async () => {
    await open(page, undefined);
    expect(blockedShown()).toBe(true);
    expect(document.body.textContent).toContain('缺少要打开的链接');
    expect(frames()).toEqual([]);
    expect(navigated()).toBe(false);
  });

  test('decides every url_cases row as the corpus says', async () => {
    const wrong: string[] = [];
    for (const [input, allowed] of urlCases) {
      leave.mockClear();
      await open(page, input);
      const opened = page === 'webView' ? frames().length === 1 : leave.mock.calls.length === 1;
      if (opened !== allowed || blockedShown() === allowed) wrong.push(input);
      if (!allowed && navigated()) wrong.push(`navigated: ${input}`);
    }
    expect(wrong).toEqual([]);
  });

  test('shows the error page for every open-redirect payload, and goes nowhere', async () => {
    const wrong: string[] = [];
    for (const payload of openRedirects) {
      await open(page, payload);
      if (!blockedShown() || frames().length > 0 || navigated()) wrong.push(payload);
    }
    expect(wrong).toEqual([]);
  });

  test('with the payloads’ own domain allowed, whatever opens is on that domain', async () => {
    process.env.TARO_APP_WEBVIEW_HOSTS = 'www.whitelisteddomain.tld';
    const offHost: string[] = [];
    for (const payload of openRedirects) {
      leave.mockClear();
      await open(page, payload);
      const target = page === 'webView' ? frames()[0] : leave.mock.calls[0]?.[0];
      if (target !== undefined && new URL(target).hostname !== 'www.whitelisteddomain.tld') {
        offHost.push(payload);
      }
      if (target === undefined && !blockedShown()) offHost.push(`no error page: ${payload}`);
    }
    expect(offHost).toEqual([]);
  });
});
