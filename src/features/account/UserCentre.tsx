import { Text, View } from '@tarojs/components';
import { useCallback, useState } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { useTranslation } from '../../i18n';
import { fetchPersonalData } from '../../api/privacy';
import { fetchOrderCount, logoutOnServer } from '../../api/user';
import { loginPageUrl } from '../../platform/navigation';
import { usePageShow } from '../../platform/page-route';
import { saveTextFile } from '../../platform/save-file';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import { useSession } from '../../stores/session';
import { AccountMenu } from './AccountMenu';
import { ORDER_SHORTCUTS } from './orderShortcuts';
import { OrdersCard, PrivacyCard, ProfileHeader } from './UserCentreParts';
import './account.scss';
import { openPage } from '../../platform/open-page';

/** The "我的" tab: who is logged in, order shortcuts, account pages, language and logout. */
export function UserCentre(_props: PageBodyProps) {
  const { t } = useTranslation();
  const status = useSession((state) => state.status);
  const userInfo = useSession((state) => state.userInfo);
  const logout = useSession((state) => state.logout);
  const loggedIn = status === 'loggedIn';
  const [counts, setCounts] = useState<Record<string, number>>({});

  const open = (url: string, needsLogin = false) =>
    void openPage(needsLogin && !loggedIn ? loginPageUrl(url) : url);

  const loadCounts = useCallback(async () => {
    if (useSession.getState().status !== 'loggedIn') {
      setCounts({});
      return;
    }
    const entries = await Promise.all(
      ORDER_SHORTCUTS.map(async ({ tab }) => [tab, await fetchOrderCount(tab)] as const),
    );
    const known: Record<string, number> = {};
    for (const [tab, count] of entries) if (count !== undefined) known[tab] = count;
    setCounts(known);
  }, []);
  // Counts change while the user is elsewhere (an order placed, a bill paid): reload on show.
  usePageShow(() => void loadCounts());

  const confirmLogout = async () => {
    const sure = await confirmAction(t('account.logoutConfirm'), {
      confirm: t('common.ok'),
      cancel: t('common.cancel'),
      confirmColor: useBrandStore.getState().brand.themeColor,
    });
    if (!sure) return;
    // End the server session too; the local one ends whatever the network says.
    await logoutOnServer();
    logout();
    setCounts({});
  };

  /** PIPL art. 45: the user's personal data, as one JSON document. */
  const exportData = async () => {
    const reply = await fetchPersonalData();
    if (reply.code !== 200 || !reply.data) {
      void showMessage(reply.msg);
      return;
    }
    const day = new Date().toISOString().slice(0, 10);
    const saved = await saveTextFile(
      `personal-data-${day}.json`,
      JSON.stringify(reply.data, null, 2),
    );
    if (saved === 'failed') return;
    void showToast(t(saved === 'copied' ? 'privacy.export.copied' : 'privacy.export.done'), {
      icon: 'none',
    });
  };

  return (
    <View className="user-centre">
      <ProfileHeader loggedIn={loggedIn} userInfo={userInfo} />
      <OrdersCard counts={counts} open={open} />
      <AccountMenu loggedIn={loggedIn} open={open} />
      {loggedIn && <PrivacyCard open={open} onExport={() => void exportData()} />}

      {loggedIn && (
        <View className="user-centre__logout" role="button" onClick={() => void confirmLogout()}>
          <Text>{t('account.logout')}</Text>
        </View>
      )}
    </View>
  );
}
