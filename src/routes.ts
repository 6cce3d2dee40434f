/**
 * Every page of the storefront, at the exact paths the product uses, with its Chinese title.
 * app.config.ts, each page's config and the page frame all read this one table.
 * Pure data: it is evaluated at build time by the Taro CLI as well as bundled.
 */

export interface RouteMeta {
  /** Page path without a leading slash, e.g. `pages/myOrder/myOrder`. */
  path: string;
  title: string;
  /** Pages that draw their own navigation bar (the shared NavBar component). */
  customNav?: boolean;
}

export interface TabMeta {
  path: string;
  text: string;
  /** Icon base name under src/assets/tabbar/ (`<icon>.png`, `<icon>-active.png`). */
  icon: string;
}

/** The tab bar, in order. */
export const TABS: readonly TabMeta[] = [
  { path: 'pages/home/home', text: '首页', icon: 'home' },
  { path: 'pages/classify/classify', text: '分类', icon: 'classify' },
  { path: 'pages/customer-service/customerService', text: '客服', icon: 'service' },
  { path: 'pages/user/user', text: '我的', icon: 'user' },
];

export const TAB_BAR_STYLE = {
  // Unselected tab labels: 5.4:1 on white (WCAG AA for their 10 px text).
  color: '#646A73',
  backgroundColor: '#ffffff',
  borderStyle: 'white',
} as const;

export const HOME_PATH = 'pages/home/home';
export const LOGIN_PATH = 'pages/loginNew/loginNew';

export const ROUTES: readonly RouteMeta[] = [
  { path: 'pages/home/home', title: '首页', customNav: true },
  { path: 'pages/classify/classify', title: '分类', customNav: true },
  { path: 'pages/customer-service/customerService', title: '客服', customNav: true },
  { path: 'pages/user/user', title: '我的', customNav: true },
  { path: 'pages/perfectIdCard/perfectIdCard', title: '实名认证' },
  { path: 'pages/myOrder/myOrder', title: '我的订单' },
  { path: 'pages/emergencyContact/emergencyContact', title: '紧急联系人' },
  { path: 'pages/returnApplication/returnApplication', title: '归还申请' },
  { path: 'pages/orderDetail/orderDetail', title: '订单详情' },
  { path: 'pages/billDetail/billDetail', title: '账单详情' },
  { path: 'pages/billingDetails/billingDetails', title: '账单明细' },
  { path: 'pages/confirmShipment/confirmShipment', title: '确认寄回' },
  { path: 'pages/shipToAddress/shipToAddress', title: '编辑收货地址' },
  { path: 'pages/addressList/addressList', title: '收货地址' },
  { path: 'pages/contractPreview/contractPreview', title: '合同预览' },
  { path: 'pages/agreement/agreement', title: '租赁及服务协议' },
  { path: 'pages/text/user', title: '隐私政策' },
  { path: 'pages/text/register', title: '注册协议' },
  { path: 'pages/confirmPayment/confirmPayment', title: '确认支付' },
  { path: 'pages/payment/payment', title: '收银台' },
  { path: 'pages/loading/loading', title: '' },
  { path: 'pages/paymentResult/paymentResult', title: '支付结果' },
  { path: 'pages/coupon/coupon', title: '优惠券' },
  { path: 'pages/commodityDetails/commodityDetails', title: '商品详情' },
  { path: 'pages/login/login', title: '手机号登录' },
  { path: 'pages/loginNew/loginNew', title: '登录' },
  { path: 'pages/bindCard/bindCard', title: '绑定银行卡' },
  { path: 'pages/orderFailed/orderFailed', title: '支付未完成' },
  { path: 'pages/orderSuccess/orderSuccess', title: '下单成功' },
  { path: 'pages/testAuth/testAuth', title: '测试预授权' },
  { path: 'pages/feedBack/feedBack', title: '意见反馈' },
  { path: 'pages/search/search', title: '搜索' },
  { path: 'pages/bindMobileNumber/bindMobileNumber', title: '更换手机号' },
  { path: 'pages/commonProblem/commonProblem', title: '常见问题' },
  { path: 'pages/valueAddedServices/valueAddedServices', title: '增值服务' },
  { path: 'pages/order/order', title: '确认订单' },
  { path: 'pages/webView/webView', title: '签署合同' },
  { path: 'pages/webView/webh5', title: '外部页面' },
  { path: 'pages/alipay/aliLogin', title: '支付宝登录', customNav: true },
  { path: 'pages/alipay/aliSign', title: '押金冻结授权', customNav: true },
  { path: 'pages/alipay/aliPay', title: '支付宝支付', customNav: true },
  { path: 'pages/enjoy/enjoy', title: '优享好物' },
  { path: 'pages/logisticsDetails/logisticsDetails', title: '物流详情' },
  { path: 'pages/pay/pay', title: '订单支付' },
  { path: 'pages/billpay/pay', title: '账单支付' },
  { path: 'pages/zhima/zhima', title: '芝麻信用' },
  { path: 'pages/privacy/cancelAccount', title: '注销账户' },
  { path: 'pages/privacy/about', title: '关于我们' },
  { path: 'pages/privacy/withholding', title: '自动扣款授权' },
];

const routesByPath = new Map(ROUTES.map((route) => [route.path, route]));

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
