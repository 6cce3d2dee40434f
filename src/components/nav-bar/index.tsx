import { Text, View } from '@tarojs/components';
import { useTranslation } from '../../i18n';
import { navigateBackOrHome, statusBarHeight } from '../../platform/page-route';
import './index.scss';
import { inlineStyle } from '../../platform/inline-style';

export interface NavBarProps {
  title: string;
  /** Tab pages are roots and have no back button. */
  showBack: boolean;
}

/**
 * The custom navigation bar of the tab pages and the Alipay pages: clears the status bar and
 * the notch, shows the title, and a back button that returns, or goes home when this page was
 * opened directly.
 */
export function NavBar({ title, showBack }: NavBarProps) {
  const { t } = useTranslation();
  const top = statusBarHeight();
  return (
    <View className="nav-bar" style={top ? inlineStyle({ 'padding-top': `${top}px` }) : undefined}>
      <View className="nav-bar__inner">
        {showBack && (
          <View
            className="nav-bar__back"
            role="button"
            aria-label={t('nav.back')}
            hoverClass="nav-bar__back--pressed"
            onClick={navigateBackOrHome}
          >
            <Text className="nav-bar__chevron" aria-hidden>
              ‹
            </Text>
          </View>
        )}
        <Text className="nav-bar__title" role="heading" aria-level={1}>
          {title}
        </Text>
      </View>
    </View>
  );
}
