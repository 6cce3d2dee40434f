import { View } from '@tarojs/components';
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { buildBrandId } from '../../brands';
import { DEFAULT_LANGUAGE, useTranslation } from '../../i18n';
import { routeTitle } from '../../i18n/route-titles';
import { TABS, isTabPath, routeMeta } from '../../routes';
import { dismissAppShell } from '../../platform/app-launch';
import { usePageShow, useRouteParams, type RouteParams } from '../../platform/page-route';
import { showPageTitles } from '../../platform/page-title';
import { applyTabBarTheme } from '../../platform/theme';
import { useBrandStore } from '../../stores/brand';
import { NavBar } from '../nav-bar';
import { PolicyPrompt, PrivacyPopup } from '../consent/frame-dialogs';
import { TabBar } from '../tab-bar';
import './index.scss';
import { inlineStyle } from '../../platform/inline-style';
// H5: the page's first render waits for the task after its chunk's evaluation (the module says why).
import '../../platform/page-break';

export interface PageFrameProps {
  /** The page's route path, e.g. `pages/myOrder/myOrder`. */
  route: string;
  children?: ReactNode;
}

/**
 * Every page renders inside this frame: the brand colour as a custom property, the custom
 * navigation bar where the page has one, and content limited to a readable width and centred
 * on wide screens.
 */
export function PageFrame({ route, children }: PageFrameProps) {
  const { t, language } = useTranslation();
  const brand = useBrandStore((state) => state.brand);
  const meta = routeMeta(route);
  const isTab = isTabPath(route);
  const title = meta ? routeTitle(t, meta.path) : '';
  // NOTE: H5 has no native navigation bar, so every H5 page draws ours (title and back).
  const showNavBar = Boolean(meta?.customNav) || process.env.TARO_ENV === 'h5';
  usePageShow(() => {
    if (isTab) applyTabBarTheme(brand, buildBrandId());
    // The native bars were compiled in Simplified Chinese; another language sets its own.
    if (language !== DEFAULT_LANGUAGE || process.env.TARO_ENV === 'h5') {
      showPageTitles(title, isTab ? TABS.map((tab) => routeTitle(t, tab.path)) : undefined);
    }
  });
  // The page is on screen: the shell drawn before the JavaScript (H5) has done its job.
  useEffect(dismissAppShell, []);
  return (
    <View
      className={`page-frame${isTab ? ' page-frame--tab' : ''}`}
      style={inlineStyle({
        '--brand-color': brand.themeColor,
        '--brand-rgb': brand.themeColorNumber.join(', '),
      })}
    >
      {showNavBar && <NavBar title={title} showBack={!isTab} />}
      {/* The page's own content, after the navigation bar: the main landmark. */}
      <View className="page-frame__content" role="main">
        {children}
      </View>
      {isTab && <TabBar current={route} />}
      <PolicyPrompt route={route} />
      <PrivacyPopup />
    </View>
  );
}

export interface PageBodyProps {
  /** The page's route path. */
  route: string;
  /** The route's query parameters, decoded. */
  params: RouteParams;
}

/**
 * Makes a page component: the body receives the route's query parameters as props and is drawn
 * inside the page frame, so no page repeats that wiring.
 */
export function definePage(route: string, Body: ComponentType<PageBodyProps>) {
  function Page() {
    const params = useRouteParams();
    return (
      <PageFrame route={route}>
        <Body route={route} params={params} />
      </PageFrame>
    );
  }
  Page.displayName = `Page(${route})`;
  return Page;
}
