import { routeMessages } from '../contract/i18n/zh-Hans/routes';

/**
 * Every page of the storefront, at the exact paths the product uses, with its Chinese title (the
 * catalogues' routes area: `route.<path>`, translated like any message). app.config.ts, each
 * page's config and the page frame all read this one table.
 * Pure data: it is evaluated at build time by the Taro CLI as well as bundled.
 */

export interface RouteMeta {
  /** Page path without a leading slash, e.g. `pages/myOrder/myOrder`. */
  path: RoutePath;
  title: string;
  /** Pages that draw their own navigation bar (the shared NavBar component). */
  customNav?: boolean;
}

export interface TabMeta {
  path: RoutePath;
  text: string;
  /** Icon base name under src/assets/tabbar/ (`<icon>.png`, `<icon>-active.png`). */
  icon: string;
}

/** The tab bar, in order. */
export const TABS: readonly TabMeta[] = [
  { path: 'pages/home/home', text: routeMessages['route.pages/home/home'], icon: 'home' },
  {
    path: 'pages/classify/classify',
    text: routeMessages['route.pages/classify/classify'],
    icon: 'classify',
  },
  {
    path: 'pages/customer-service/customerService',
    text: routeMessages['route.pages/customer-service/customerService'],
    icon: 'service',
  },
  { path: 'pages/user/user', text: routeMessages['route.pages/user/user'], icon: 'user' },
];

export const TAB_BAR_STYLE = {
  // Unselected tab labels: 5.4:1 on white (WCAG AA for their 10 px text).
  color: '#646A73',
  backgroundColor: '#ffffff',
  borderStyle: 'white',
} as const;

export const HOME_PATH = 'pages/home/home';
export const LOGIN_PATH = 'pages/loginNew/loginNew';

/** A page whose title is `route.<path>` of the routes area (the catalogues translate it). */
export type TitledPath = {
  [Key in keyof typeof routeMessages]: Key extends `route.${infer Path}` ? Path : never;
}[keyof typeof routeMessages];

/** The loading page's title is blank (the brief's), so it has no message. */
export const LOADING_PATH = 'pages/loading/loading';

export type RoutePath = TitledPath | typeof LOADING_PATH;

/** Pages that draw their own navigation bar: the tab pages and the Alipay pages. */
const CUSTOM_NAV: ReadonlySet<string> = new Set(
  [
    ...['home/home', 'classify/classify', 'customer-service/customerService', 'user/user'],
    ...['alipay/aliLogin', 'alipay/aliSign', 'alipay/aliPay'],
  ].map((page) => `pages/${page}`),
);

const TITLE_KEY_PREFIX = 'route.';

/**
 * Every page, in the routes area's order (home first: `/` opens it), with the loading page after
 * the cashier. Built from the area's keys rather than listing each path again: the table is in
 * every package, the mini-programs' main package included.
 */
export const ROUTES: readonly RouteMeta[] = Object.entries(routeMessages).flatMap(
  ([key, title]): RouteMeta[] => {
    const path = key.slice(TITLE_KEY_PREFIX.length) as TitledPath;
    const meta: RouteMeta = { path, title, ...(CUSTOM_NAV.has(path) ? { customNav: true } : {}) };
    return path === 'pages/payment/payment' ? [meta, { path: LOADING_PATH, title: '' }] : [meta];
  },
);

/**
 * The screen behind each page, `<feature>/<module>[.<export>]` under src/features (the export is
 * the module's name unless given): the one place to look up what a URL shows. Each page shell in
 * src/pages composes exactly this screen (test/page-shells.test.ts); a page without a row here does
 * not compile. Only that test reads it, so no bundle carries it.
 */
export const ROUTE_SCREENS: Readonly<Record<RoutePath, `${string}/${string}`>> = {
  'pages/addressList/addressList': 'address/AddressList',
  'pages/agreement/agreement': 'service/LegalText.Agreements',
  'pages/alipay/aliLogin': 'auth/AliLogin',
  'pages/alipay/aliPay': 'payment/PayScreen',
  'pages/alipay/aliSign': 'payment/AliSign',
  'pages/billDetail/billDetail': 'bill/BillPlan',
  'pages/billingDetails/billingDetails': 'bill/BillItem',
  'pages/billpay/pay': 'payment/PayScreen',
  'pages/bindCard/bindCard': 'verification/BindCardStep',
  'pages/bindMobileNumber/bindMobileNumber': 'auth/BindMobile',
  'pages/classify/classify': 'catalog/ClassifyScreen',
  'pages/commodityDetails/commodityDetails': 'catalog/ProductScreen',
  'pages/commonProblem/commonProblem': 'service/CommonProblems',
  'pages/confirmPayment/confirmPayment': 'payment/PayScreen',
  'pages/confirmShipment/confirmShipment': 'aftersale/ConfirmShipment',
  'pages/contractPreview/contractPreview': 'verification/ContractStep',
  'pages/coupon/coupon': 'coupon/CouponCentre',
  'pages/customer-service/customerService': 'service/CustomerService',
  'pages/emergencyContact/emergencyContact': 'verification/ContactStep',
  'pages/enjoy/enjoy': 'catalog/EnjoyScreen',
  'pages/feedBack/feedBack': 'service/Feedback',
  'pages/home/home': 'catalog/HomeScreen',
  'pages/loading/loading': 'payment/PaymentWaiting',
  'pages/login/login': 'auth/PhoneLogin',
  'pages/loginNew/loginNew': 'auth/LoginNew',
  'pages/logisticsDetails/logisticsDetails': 'aftersale/Logistics',
  'pages/myOrder/myOrder': 'order/OrderList',
  'pages/notFound/notFound': 'launch/NotFound',
  'pages/order/order': 'checkout/ConfirmOrder',
  'pages/orderDetail/orderDetail': 'order/OrderDetail.OrderDetailScreen',
  'pages/orderFailed/orderFailed': 'payment/OrderFailed',
  'pages/orderSuccess/orderSuccess': 'payment/OrderSuccess',
  'pages/pay/pay': 'payment/PayScreen',
  'pages/payment/payment': 'payment/PayScreen',
  'pages/paymentResult/paymentResult': 'payment/PaymentResult',
  'pages/perfectIdCard/perfectIdCard': 'verification/RealNameStep',
  'pages/privacy/about': 'brand/About',
  'pages/privacy/cancelAccount': 'account/CancelAccount',
  'pages/privacy/withholding': 'account/Withholding',
  'pages/returnApplication/returnApplication': 'aftersale/ReturnApplication',
  'pages/search/search': 'catalog/SearchScreen',
  'pages/shipToAddress/shipToAddress': 'address/AddressForm',
  'pages/testAuth/testAuth': 'payment/TestAuth',
  'pages/text/register': 'service/LegalText.RegistrationAgreement',
  'pages/text/user': 'service/LegalText.PrivacyPolicy',
  'pages/user/user': 'account/UserCentre',
  'pages/valueAddedServices/valueAddedServices': 'catalog/ValueAddedServicesScreen',
  'pages/webView/webView': 'webview/WebPages.EmbeddedWebPage',
  'pages/webView/webh5': 'webview/WebPages.ExternalJumpPage',
  'pages/zhima/zhima': 'verification/CreditStep',
};

export const NOT_FOUND_PATH = 'pages/notFound/notFound';

/**
 * Pages that moved, old path → new: links and QR codes that carry the old path still arrive.
 * `pages/testAuth` (the brief's) became `pages/testAuth/testAuth` when it left the main package.
 */
export const MOVED_ROUTES: Readonly<Record<string, string>> = {
  'pages/testAuth': 'pages/testAuth/testAuth',
};

/**
 * Where a path that is no page goes: the page it moved to, with its query, or the not-found page
 * told what was asked for.
 */
export function missingPageUrl(path: string, query: Record<string, unknown> = {}): string {
  const clean = path.replace(/^\/+/, '').split('?')[0].replace(/\/+$/, '');
  const moved = MOVED_ROUTES[clean];
  const pairs = Object.entries(query)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  if (moved) return `/${moved}${pairs.length > 0 ? `?${pairs.join('&')}` : ''}`;
  return `/${NOT_FOUND_PATH}?path=${encodeURIComponent(`/${clean}`)}`;
}

const routesByPath = new Map<string, RouteMeta>(ROUTES.map((route) => [route.path, route]));

export function routeMeta(path: string): RouteMeta | undefined {
  return routesByPath.get(path.replace(/^\//, '').split('?')[0]);
}

export function isTabPath(path: string): boolean {
  const clean = path.replace(/^\//, '').split('?')[0];
  return TABS.some((tab) => tab.path === clean);
}

export interface SubPackage {
  root: string;
  pages: string[];
}

/**
 * Main package: the tab pages, plus pages that sit directly in `pages/` (a subpackage root
 * cannot be `pages/`, the parent of the main package's pages). Every other page goes into a
 * subpackage rooted at its own folder, so its path stays exactly the same.
 */
export function splitPackages(routes: readonly RouteMeta[] = ROUTES): {
  mainPages: string[];
  subPackages: SubPackage[];
} {
  const mainPages: string[] = [];
  const byRoot = new Map<string, string[]>();
  for (const { path } of routes) {
    const slash = path.lastIndexOf('/');
    const root = path.slice(0, slash);
    if (isTabPath(path) || root === 'pages') {
      mainPages.push(path);
      continue;
    }
    const pages = byRoot.get(root) ?? [];
    pages.push(path.slice(slash + 1));
    byRoot.set(root, pages);
  }
  return {
    mainPages,
    subPackages: Array.from(byRoot, ([root, pages]) => ({ root, pages })),
  };
}

/**
 * The page config Taro reads from each `<page>.config.ts`: the title (and custom navigation) from
 * this table, plus any page options the page adds, e.g. `{ enablePullDownRefresh: true }`.
 */
export function pageConfig(
  path: string,
  options: Record<string, unknown> = {},
): Record<string, unknown> {
  const meta = routeMeta(path);
  if (!meta) throw new Error(`No route declared for ${path}`);
  const base = meta.customNav
    ? {
        navigationBarTitleText: meta.title,
        navigationStyle: 'custom',
        // NOTE(alipay): Alipay has no navigationStyle; a transparent, penetrable title bar is
        // how its pages draw their own.
        transparentTitle: 'always',
        titlePenetrate: 'YES',
      }
    : { navigationBarTitleText: meta.title };
  if (process.env.TARO_ENV !== 'h5') return { ...base, ...options };
  // NOTE(h5): the app draws its own pull-to-refresh (platform/pull-refresh.h5.ts); Taro's H5
  // wrapper for it never reaches the page's handler.
  const { enablePullDownRefresh: _drawnByTheApp, ...h5Options } = options;
  return { ...base, ...h5Options };
}

/** The bill payment page for `billIds` of order `orderId` (the bill list and the order screen open it). */
export function billPayUrl(orderId: number, billIds: readonly number[]): string {
  return `/pages/billpay/pay?orderId=${orderId}&billIds=${billIds.join(',')}`;
}
