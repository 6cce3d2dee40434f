import { Text, View, WebView } from '@tarojs/components';
import { useEffect } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation } from '../../i18n';
import { serviceMessages } from '@contract/i18n/zh-Hans/service';
import { goHome } from '../../platform/open-page';
import { canLeaveApp, leaveForExternalPage } from '../../platform/service-links';
import { decideWebUrl } from './decideWebUrl';
import './webview.scss';

registerMessages(serviceMessages);

/** Shown instead of any page the allowlist refuses: says so, and offers the way home. */
export function BlockedPage({ reason }: { reason: 'missing' | 'blocked' }) {
  const { t } = useTranslation();
  return (
    <View className="web-blocked" role="alert">
      <Text className="web-blocked__title">{t('service.web.blockedTitle')}</Text>
      <Text className="web-blocked__body">
        {t(reason === 'missing' ? 'service.web.missing' : 'service.web.blockedBody')}
      </Text>
      <View className="web-blocked__home" role="button" onClick={() => void goHome()}>
        <Text>{t('service.web.home')}</Text>
      </View>
    </View>
  );
}

/** webView: an allowed https page (contract signing and the like) inside the app. */
export function EmbeddedWebPage({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const decision = decideWebUrl(params.url);
  if (!decision.open) return <BlockedPage reason={decision.reason} />;
  return (
    <View className="web-page" aria-label={t('service.web.frameTitle')}>
      <WebView className="web-page__frame" src={decision.url} />
    </View>
  );
}

/**
 * webh5: leave for an allowed https page. H5 goes there in this tab; the mini-programs cannot
 * leave the app, so they show it in the web-view.
 */
export function ExternalJumpPage({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const decision = decideWebUrl(params.url);
  const url = decision.open ? decision.url : undefined;
  useEffect(() => {
    if (url !== undefined && canLeaveApp) leaveForExternalPage(url);
  }, [url]);
  if (!decision.open) return <BlockedPage reason={decision.reason} />;
  if (canLeaveApp) {
    return (
      <View className="web-blocked" role="status">
        <Text className="web-blocked__body">{t('service.web.leaving')}</Text>
      </View>
    );
  }
  return (
    <View className="web-page">
      <WebView className="web-page__frame" src={decision.url} />
    </View>
  );
}
