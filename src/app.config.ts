import { ROUTES, TABS, TAB_BAR_STYLE, splitPackages } from './routes';
import { BRAND_COLOR_PLACEHOLDER } from './brands/tokens';
import { BRAND_RECORDS } from '../contract/brands/records';

const { mainPages, subPackages } = splitPackages(ROUTES);

/**
 * H5 follows the run-time brand colour (one build serves all nine brands); a brand build writes
 * each brand's colour over the placeholder; a dev build uses BRAND's. Read at build time only.
 */
const isH5 = process.env.TARO_ENV === 'h5';

function selectedTabColor(): string {
  if (isH5) return `var(--brand-color, ${BRAND_RECORDS[0].themeColor})`;
  if (process.env.TARO_BRAND_STAMP === '1') return BRAND_COLOR_PLACEHOLDER;
  return (BRAND_RECORDS[Number(process.env.BRAND ?? 1) - 1] ?? BRAND_RECORDS[0]).themeColor;
}

export default defineAppConfig({
  // The first page is the launch page: `/` opens home on H5.
  pages: mainPages,
  subPackages,
  window: {
    backgroundTextStyle: 'light',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTitleText: '',
    navigationBarTextStyle: 'black',
    backgroundColor: '#f5f6f8',
  },
  tabBar: {
    ...TAB_BAR_STYLE,
    selectedColor: selectedTabColor(),
    // H5 draws its own tab bar (components/tab-bar): Taro's is a web component whose runtime
    // would load on the first route. The list still tells Taro's router which pages are tabs.
    ...(isH5 ? { custom: true } : {}),
    list: TABS.map((tab) => ({
      pagePath: tab.path,
      text: tab.text,
      ...(isH5
        ? {}
        : {
            iconPath: `assets/tabbar/${tab.icon}.png`,
            selectedIconPath: `assets/tabbar/${tab.icon}-active.png`,
          }),
    })),
  },
  // WeChat: let pages of other subpackages download in the background after launch.
  preloadRule: {
    'pages/home/home': { network: 'all', packages: ['pages/commodityDetails', 'pages/search'] },
  },
  animation: false,
  // WeChat: privacy APIs (phone number, location, address, photos) wait for the user to agree
  // through the app's popup (wx.onNeedPrivacyAuthorization, see platform/privacy.weapp.ts).
  ...(process.env.TARO_ENV === 'weapp' ? { __usePrivacyCheck__: true } : {}),
});
