/**
 * The route list and tab bar are part of the product's contract with every link, QR code and
 * mini-program card already out there: they must be exactly these.
 */
import { ROUTES, TABS, missingPageUrl, splitPackages } from '@/routes';

type AppConfig = {
  pages: string[];
  subPackages: { root: string; pages: string[] }[];
  tabBar: {
    color: string;
    selectedColor: string;
    backgroundColor: string;
    list: { pagePath: string; text: string; iconPath: string; selectedIconPath: string }[];
  };
};

/** The app config as Taro reads it when building for `target` (the tab bar differs on H5). */
function loadAppConfig(target: 'weapp' | 'alipay' | 'h5' = 'weapp'): AppConfig {
  (globalThis as unknown as { defineAppConfig: (c: unknown) => unknown }).defineAppConfig = (c) =>
    c;
  let config: AppConfig | undefined;
  const taroEnv = process.env.TARO_ENV;
  process.env.TARO_ENV = target;
  try {
    jest.isolateModules(() => {
      config = require('@/app.config').default as AppConfig;
    });
  } finally {
    process.env.TARO_ENV = taroEnv;
  }
  return config as AppConfig;
}

// Issue #2, item 2, in the order given there.
const EXPECTED_TAB_PAGES = [
  'pages/home/home',
  'pages/classify/classify',
  'pages/customer-service/customerService',
  'pages/user/user',
];
const EXPECTED_OTHER_PAGES = [
  'pages/perfectIdCard/perfectIdCard',
  'pages/myOrder/myOrder',
  'pages/emergencyContact/emergencyContact',
  'pages/returnApplication/returnApplication',
  'pages/orderDetail/orderDetail',
  'pages/billDetail/billDetail',
  'pages/billingDetails/billingDetails',
  'pages/confirmShipment/confirmShipment',
  'pages/shipToAddress/shipToAddress',
  'pages/addressList/addressList',
  'pages/contractPreview/contractPreview',
  'pages/agreement/agreement',
  'pages/text/user',
  'pages/text/register',
  'pages/confirmPayment/confirmPayment',
  'pages/payment/payment',
  'pages/loading/loading',
  'pages/paymentResult/paymentResult',
  'pages/coupon/coupon',
  'pages/commodityDetails/commodityDetails',
  'pages/login/login',
  'pages/loginNew/loginNew',
  'pages/bindCard/bindCard',
  'pages/orderFailed/orderFailed',
  'pages/orderSuccess/orderSuccess',
  'pages/testAuth/testAuth',
  'pages/feedBack/feedBack',
  'pages/search/search',
  'pages/bindMobileNumber/bindMobileNumber',
  'pages/commonProblem/commonProblem',
  'pages/valueAddedServices/valueAddedServices',
  'pages/order/order',
  'pages/webView/webView',
  'pages/webView/webh5',
  'pages/alipay/aliLogin',
  'pages/alipay/aliSign',
  'pages/alipay/aliPay',
  'pages/enjoy/enjoy',
  'pages/logisticsDetails/logisticsDetails',
  'pages/pay/pay',
  'pages/billpay/pay',
  'pages/zhima/zhima',
  // Issue 20: account cancellation, the about page (ICP filing number), automatic-deduction authorisation.
  'pages/privacy/cancelAccount',
  'pages/privacy/about',
  'pages/privacy/withholding',
  'pages/notFound/notFound',
];

function declaredPages(config: AppConfig): string[] {
  return [
    ...config.pages,
    ...config.subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`)),
  ];
}

describe('a path that is no page', () => {
  it('opens the page it moved to, with its query: the brief’s pages/testAuth', () => {
    expect(missingPageUrl('pages/testAuth', { orderId: '7' })).toBe(
      '/pages/testAuth/testAuth?orderId=7',
    );
    expect(missingPageUrl('/pages/testAuth/')).toBe('/pages/testAuth/testAuth');
  });

  it('opens the not-found page, told what was asked for', () => {
    expect(missingPageUrl('/pages/nowhere/nowhere', { a: '1' })).toBe(
      '/pages/notFound/notFound?path=%2Fpages%2Fnowhere%2Fnowhere',
    );
    expect(ROUTES.some((route) => route.path === 'pages/notFound/notFound')).toBe(true);
  });
});

describe('app.config', () => {
  const config = loadAppConfig();

  it('declares exactly the 49 product routes and the not-found page', () => {
    const declared = declaredPages(config);
    expect(declared).toHaveLength(50);
    expect([...declared].sort()).toEqual([...EXPECTED_TAB_PAGES, ...EXPECTED_OTHER_PAGES].sort());
  });

  it('opens home first, so `/` is home', () => {
    expect(config.pages[0]).toBe('pages/home/home');
  });

  it('keeps the main package to the tab pages', () => {
    expect(config.pages).toEqual(EXPECTED_TAB_PAGES);
    for (const sub of config.subPackages) {
      expect(sub.root).toMatch(/^pages\/[^/]+$/);
      for (const page of sub.pages) expect(page).not.toContain('/');
    }
    // A subpackage root must not contain another package's pages.
    const roots = config.subPackages.map((s) => s.root);
    expect(new Set(roots).size).toBe(roots.length);
    for (const main of config.pages)
      expect(roots.some((r) => main.startsWith(`${r}/`))).toBe(false);
  });

  it('has the tab bar of the brief, in order, with PNG icons that exist', () => {
    const fs = require('node:fs') as typeof import('node:fs');
    const path = require('node:path') as typeof import('node:path');
    expect(config.tabBar.list.map((t) => [t.text, t.pagePath])).toEqual([
      ['首页', 'pages/home/home'],
      ['分类', 'pages/classify/classify'],
      ['客服', 'pages/customer-service/customerService'],
      ['我的', 'pages/user/user'],
    ]);
    expect(config.tabBar.color).toBe('#646A73');
    expect(config.tabBar.backgroundColor).toBe('#ffffff');
    for (const tab of config.tabBar.list) {
      for (const icon of [tab.iconPath, tab.selectedIconPath]) {
        expect(icon).toMatch(/\.png$/);
        expect(fs.existsSync(path.join(__dirname, '..', 'src', icon))).toBe(true);
      }
    }
  });

  it('lets H5 draw its own tab bar over the same four pages', () => {
    const h5 = loadAppConfig('h5') as AppConfig & { tabBar: { custom?: boolean } };
    expect(h5.tabBar.custom).toBe(true);
    expect(h5.tabBar.list.map((t) => t.pagePath)).toEqual(
      config.tabBar.list.map((t) => t.pagePath),
    );
  });

  it('gives every page a Chinese title, except the blank loading page', () => {
    for (const route of ROUTES) {
      if (route.path === 'pages/loading/loading') expect(route.title).toBe('');
      else expect(route.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('uses the custom navigation bar on the tab pages and the three Alipay pages only', () => {
    expect(
      ROUTES.filter((r) => r.customNav)
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        ...EXPECTED_TAB_PAGES,
        'pages/alipay/aliLogin',
        'pages/alipay/aliPay',
        'pages/alipay/aliSign',
      ].sort(),
    );
  });

  it('has a page module and a page config for every route', () => {
    const fs = require('node:fs') as typeof import('node:fs');
    const path = require('node:path') as typeof import('node:path');
    for (const route of ROUTES) {
      const base = path.join(__dirname, '..', 'src', route.path);
      expect([route.path, fs.existsSync(`${base}.tsx`)]).toEqual([route.path, true]);
      expect([route.path, fs.existsSync(`${base}.config.ts`)]).toEqual([route.path, true]);
    }
  });

  it('splits packages from the same table the tab bar uses', () => {
    expect(TABS.map((t) => t.path)).toEqual(EXPECTED_TAB_PAGES);
    expect(splitPackages().mainPages).toEqual(config.pages);
  });
});
