import { ROUTES, TABS, TAB_BAR_STYLE, splitPackages } from './routes';
import { BRAND_COLOR_PLACEHOLDER } from '../scripts/brand-tokens';

const { mainPages, subPackages } = splitPackages(ROUTES);

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
    // Rewritten per brand in each mini-program artifact; on H5 it follows the run-time brand
    // colour (one H5 build serves all nine brands).
    selectedColor:
      process.env.TARO_ENV === 'h5' ? 'var(--brand-color, #C2410C)' : BRAND_COLOR_PLACEHOLDER,
    list: TABS.map((tab) => ({
      pagePath: tab.path,
      text: tab.text,
      iconPath: `assets/tabbar/${tab.icon}.png`,
      selectedIconPath: `assets/tabbar/${tab.icon}-active.png`,
    })),
  },
  // WeChat: let pages of other subpackages download in the background after launch.
  preloadRule: {
    'pages/home/home': { network: 'all', packages: ['pages/commodityDetails', 'pages/search'] },
  },
  animation: false,
});
