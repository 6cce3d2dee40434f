import fs from 'node:fs';
import path from 'node:path';
import Taro from '@tarojs/taro';
import {
  currentPageUrl,
  isAllowedWebUrl,
  isLoginPage,
  loginPageUrl,
  openWebView,
  safeInternalPage,
} from '../navigation';

const fuzzDir = path.resolve(__dirname, '../../../../shared/fuzz');
const edgeCases = JSON.parse(
  fs.readFileSync(path.join(fuzzDir, 'cn-form-edge-cases.json'), 'utf8'),
) as {
  url_cases: {
    input: string;
    expected_allowed_if_allowlist_is_exact_https_host_good_example_com: boolean;
  }[];
};
const openRedirects = fs
  .readFileSync(path.join(fuzzDir, 'open-redirect-payloads.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0);

describe('the page to return to after login', () => {
  test.each([
    '/pages/user/user',
    '/pages/orderDetail/orderDetail?id=42',
    '/pages/orderDetail/orderDetail?id=42&from=bill',
    encodeURIComponent('/pages/orderDetail/orderDetail?id=42'),
  ])('follows our own page %p', (value) => {
    expect(safeInternalPage(value)).toBe(decodeURIComponent(value));
  });

  test.each([
    'https://evil.test/',
    '//evil.test',
    '/\\evil.test',
    'javascript:alert(1)',
    '/pages/../../evil',
    '',
    '%E0%A4%A',
  ])('refuses %p', (value) => expect(safeInternalPage(value)).toBeUndefined());

  test('refuses every open-redirect payload', () => {
    const followed = openRedirects.filter((payload) => safeInternalPage(payload) !== undefined);
    expect(followed).toEqual([]);
  });

  test('login page URL carries the way back', () => {
    expect(loginPageUrl('/pages/user/user')).toBe(
      '/pages/loginNew/loginNew?redirect=%2Fpages%2Fuser%2Fuser',
    );
    expect(loginPageUrl('https://evil.test')).toBe('/pages/loginNew/loginNew');
    expect(loginPageUrl('')).toBe('/pages/loginNew/loginNew');
    expect(isLoginPage('/pages/loginNew/loginNew?redirect=x')).toBe(true);
    expect(isLoginPage('pages/loginNew/loginNew')).toBe(true);
    expect(isLoginPage('/pages/login/login')).toBe(false);
  });

  test('the current page is read from the page stack, without Taro’s own parameters', () => {
    const pages = jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([
        { route: 'pages/orderDetail/orderDetail', options: { id: '42', $taroTimestamp: '1' } },
      ] as never);
    expect(currentPageUrl()).toBe('/pages/orderDetail/orderDetail?id=42');
    pages.mockReturnValue([] as never);
    expect(currentPageUrl()).toBe('');
    pages.mockRestore();
  });
});

describe('web-view allowlist (exact https host)', () => {
  test.each(
    edgeCases.url_cases.map(
      (row) =>
        [
          row.input,
          row.expected_allowed_if_allowlist_is_exact_https_host_good_example_com,
        ] as const,
    ),
  )('%j allowed: %p', (input, allowed) => {
    expect(isAllowedWebUrl(input, ['good.example.com'])).toBe(allowed);
  });

  test('no open-redirect payload passes an allowlist of good.example.com', () => {
    const passed = openRedirects.filter((payload) =>
      isAllowedWebUrl(payload, ['good.example.com']),
    );
    expect(passed).toEqual([]);
  });

  test('without a URL global (mini-programs) only plain https URLs of an allowed host pass', () => {
    const saved = globalThis.URL;
    // The mini-program runtimes have no URL: take it away to exercise the fallback.
    delete (globalThis as { URL?: unknown }).URL;
    try {
      expect(isAllowedWebUrl('https://good.example.com/contract/1', ['good.example.com'])).toBe(
        true,
      );
      expect(isAllowedWebUrl('HTTPS://GOOD.EXAMPLE.COM/', ['good.example.com'])).toBe(true);
      const wronglyAllowed = edgeCases.url_cases
        .filter((row) => !row.expected_allowed_if_allowlist_is_exact_https_host_good_example_com)
        .map((row) => row.input)
        .concat(openRedirects)
        .filter((input) => isAllowedWebUrl(input, ['good.example.com']));
      expect(wronglyAllowed).toEqual([]);
    } finally {
      globalThis.URL = saved;
    }
  });

  test('openWebView opens only allowed pages', async () => {
    const opened: string[] = [];
    const navigate = jest.spyOn(Taro, 'navigateTo').mockImplementation((options) => {
      opened.push(options.url);
      return Promise.resolve({ errMsg: 'navigateTo:ok' });
    });
    try {
      expect(await openWebView('https://evil.test/', ['good.example.com'])).toBe(false);
      expect(
        await openWebView('https://good.example.com/c?id=1', ['good.example.com'], '合同'),
      ).toBe(true);
      expect(opened).toEqual([
        `/pages/webView/webView?url=${encodeURIComponent('https://good.example.com/c?id=1')}&title=${encodeURIComponent('合同')}`,
      ]);
    } finally {
      navigate.mockRestore();
    }
  });
});
