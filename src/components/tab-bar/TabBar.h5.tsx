import { Image, Text, View } from '@tarojs/components';
import { brandTabIconUrl } from '../../platform/brand-assets';
import { openPage } from '../../platform/open-page';
import { useTranslation } from '../../i18n';
import { routeTitle } from '../../i18n/route-titles';
import { TABS, TAB_BAR_STYLE } from '../../routes';
import { useBrandStore } from '../../stores/brand';
import classifyIcon from '../../assets/tabbar/classify.png';
import homeIcon from '../../assets/tabbar/home.png';
import serviceIcon from '../../assets/tabbar/service.png';
import userIcon from '../../assets/tabbar/user.png';
import './index.scss';

const IDLE_ICONS: Record<string, string> = {
  home: homeIcon,
  classify: classifyIcon,
  service: serviceIcon,
  user: userIcon,
};

/**
 * NOTE(h5): the tab bar of the four tab pages. Taro's own H5 tab bar is a Stencil web component
 * whose runtime alone is ~14 KB gzip on the first route; this one is a few lines of React, and it
 * follows the run-time brand (its selected colour and icons) without being patched after mount.
 * The mini-programs keep their native tab bar (TabBar.tsx renders nothing there).
 */
export function TabBar({ current }: { current: string }) {
  const { t } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  return (
    <View className="tab-bar" role="navigation" aria-label={t('nav.main')}>
      {TABS.map((tab) => {
        const selected = tab.path === current;
        return (
          <View
            key={tab.path}
            className={`tab-bar__item${selected ? ' tab-bar__item--selected' : ''}`}
            role="link"
            aria-current={selected ? 'page' : undefined}
            style={{ color: selected ? undefined : TAB_BAR_STYLE.color }}
            onClick={() => {
              if (!selected) void openPage(`/${tab.path}`);
            }}
          >
            <Image
              className="tab-bar__icon"
              src={selected ? brandTabIconUrl(brand, tab.icon) : IDLE_ICONS[tab.icon]}
              aria-hidden
            />
            <Text className="tab-bar__label">{routeTitle(t, tab.path)}</Text>
          </View>
        );
      })}
    </View>
  );
}
