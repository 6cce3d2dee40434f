import { Image, Text, View } from '@tarojs/components';
import { useCallback, useState } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { LANGUAGES, useTranslation, type MessageKey } from '../../i18n';
import { chooseLanguage } from '../../i18n/load';
import { fetchPersonalData } from '../../api/privacy';
import { fetchOrderCount, logoutOnServer } from '../../api/user';
import { loginPageUrl } from '../../platform/navigation';
import { usePageShow } from '../../platform/page-route';
import { saveTextFile } from '../../platform/save-file';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import { useSession } from '../../stores/session';
import { maskMobile } from '../../utils';
import { ORDER_SHORTCUTS, badgeText, myOrderUrl } from './orderShortcuts';
import './account.scss';
import { openPage } from '../../platform/open-page';

const USER_PAGE = '/pages/user/user';

const MENU: readonly { label: MessageKey; url: string; needsLogin?: boolean }[] = [
  { label: 'account.billsDue', url: myOrderUrl('renting'), needsLogin: true },
  { label: 'account.coupons', url: '/pages/coupon/coupon' },
  { label: 'account.addresses', url: '/pages/addressList/addressList', needsLogin: true },
  { label: 'account.customerService', url: '/pages/customer-service/customerService' },
  { label: 'account.commonProblems', url: '/pages/commonProblem/commonProblem' },
  { label: 'account.feedback', url: '/pages/feedBack/feedBack', needsLogin: true },
  { label: 'account.agreements', url: '/pages/agreement/agreement' },
  { label: 'privacy.about.entry', url: '/pages/privacy/about' },
  {
    label: 'account.bindMobile',
    url: '/pages/bindMobileNumber/bindMobileNumber',
    needsLogin: true,
  },
];

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The "我的" tab: who is logged in, order shortcuts, account pages, language and logout. */
export function UserCentre(_props: PageBodyProps) {
  const { t, language } = useTranslation();
  const status = useSession((state) => state.status);
  const userInfo = useSession((state) => state.userInfo);
  const logout = useSession((state) => state.logout);
  const loggedIn = status === 'loggedIn';
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [languageOpen, setLanguageOpen] = useState(false);

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

  const mobile = text(userInfo?.mobile);
  const nickname = text(userInfo?.nickname);
  const avatar = text(userInfo?.avatar);
  const masked = mobile ? maskMobile(mobile) : t('account.noMobile');
  const displayName = nickname || masked;
  // The server names a new user after the masked mobile: say it once.
  const secondLine = displayName === masked ? '' : masked;

  return (
    <View className="user-centre">
      {loggedIn ? (
        <View className="user-centre__profile">
          {avatar ? (
            <Image
              className="user-centre__avatar"
              src={avatar}
              mode="aspectFill"
              aria-label={t('account.avatarLabel')}
            />
          ) : (
            <View className="user-centre__avatar" aria-label={t('account.avatarLabel')} />
          )}
          <View className="user-centre__who">
            <Text className="user-centre__name">{displayName}</Text>
            {secondLine && <Text className="user-centre__mobile">{secondLine}</Text>}
          </View>
        </View>
      ) : (
        <View
          className="user-centre__profile"
          role="button"
          onClick={() => void openPage(loginPageUrl(USER_PAGE))}
        >
          <View className="user-centre__avatar" aria-label={t('account.avatarLabel')} />
          <View className="user-centre__who">
            <Text className="user-centre__name">{t('account.loginPrompt')}</Text>
            <Text className="user-centre__mobile">{t('account.loginPromptHint')}</Text>
          </View>
        </View>
      )}

      <View className="user-centre__card">
        <View
          className="user-centre__card-head"
          role="button"
          onClick={() => open(myOrderUrl('all'), true)}
        >
          <Text className="user-centre__card-title">{t('account.orders')}</Text>
          <Text className="user-centre__more">{t('account.allOrders')} ›</Text>
        </View>
        <View className="user-centre__shortcuts">
          {ORDER_SHORTCUTS.map(({ tab, label }) => {
            const badge = badgeText(counts[tab]);
            return (
              <View
                key={tab}
                className="user-centre__shortcut"
                role="button"
                onClick={() => open(myOrderUrl(tab), true)}
              >
                <View className={`user-centre__icon user-centre__icon--${tab}`} aria-hidden>
                  {badge && <Text className="user-centre__badge">{badge}</Text>}
                </View>
                <Text className="user-centre__shortcut-label">{t(label)}</Text>
              </View>
            );
          })}
        </View>
      </View>

      <View className="user-centre__card">
        <Text className="user-centre__card-title user-centre__card-title--pad">
          {t('account.services')}
        </Text>
        {MENU.map(({ label, url, needsLogin }) =>
          !loggedIn && label === 'account.bindMobile' ? null : (
            <View
              key={label}
              className="user-centre__row"
              role="button"
              onClick={() => open(url, needsLogin)}
            >
              <Text>{t(label)}</Text>
              <Text className="user-centre__chevron" aria-hidden>
                ›
              </Text>
            </View>
          ),
        )}
        <View
          className="user-centre__row"
          role="button"
          aria-expanded={languageOpen}
          onClick={() => setLanguageOpen(!languageOpen)}
        >
          <Text>{t('account.language')}</Text>
          <Text className="user-centre__value">{t(`language.${language}`)}</Text>
        </View>
        {languageOpen && (
          <View className="user-centre__languages" role="radiogroup">
            {LANGUAGES.map((code) => (
              <View
                key={code}
                className={`user-centre__language${code === language ? ' user-centre__language--on' : ''}`}
                role="radio"
                aria-checked={code === language}
                onClick={() => {
                  setLanguageOpen(false);
                  // Shown once its dictionary is here; a failed fetch keeps this one and says so.
                  void chooseLanguage(code);
                }}
              >
                <Text>{t(`language.${code}`)}</Text>
              </View>
            ))}
          </View>
        )}
      </View>

      {loggedIn && (
        <View className="user-centre__card">
          <View className="user-centre__row" role="button" onClick={() => void exportData()}>
            <Text>{t('privacy.export.entry')}</Text>
            <Text className="user-centre__chevron" aria-hidden>
              ›
            </Text>
          </View>
          <View
            className="user-centre__row"
            role="button"
            onClick={() => open('/pages/privacy/withholding', true)}
          >
            <Text>{t('privacy.withholding.entry')}</Text>
            <Text className="user-centre__chevron" aria-hidden>
              ›
            </Text>
          </View>
          <View
            className="user-centre__row"
            role="button"
            onClick={() => open('/pages/privacy/cancelAccount', true)}
          >
            <Text>{t('privacy.cancel.entry')}</Text>
            <Text className="user-centre__chevron" aria-hidden>
              ›
            </Text>
          </View>
        </View>
      )}

      {loggedIn && (
        <View className="user-centre__logout" role="button" onClick={() => void confirmLogout()}>
          <Text>{t('account.logout')}</Text>
        </View>
      )}
    </View>
  );
}
