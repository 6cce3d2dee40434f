import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import { LANGUAGES, useTranslation, type MessageKey } from '../../i18n';
import { chooseLanguage } from '../../i18n/load';
import { reLaunch } from '../../platform/navigation';
import { myOrderUrl } from './orderShortcuts';
import { MenuRow, type OpenAccountPage } from './UserCentreParts';

const MENU: readonly { label: MessageKey; url: string; needsLogin?: boolean }[] = [
  // Every order a bill still owes on, whatever its state (overdue, due, returning …).
  { label: 'account.billsDue', url: myOrderUrl('owing'), needsLogin: true },
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

/** The account pages, and the language chooser. */
export function AccountMenu({ loggedIn, open }: { loggedIn: boolean; open: OpenAccountPage }) {
  const { t, language } = useTranslation();
  const [languageOpen, setLanguageOpen] = useState(false);
  return (
    <View className="user-centre__card">
      <Text className="user-centre__card-title user-centre__card-title--pad">
        {t('account.services')}
      </Text>
      {MENU.map(({ label, url, needsLogin }) =>
        !loggedIn && label === 'account.bindMobile' ? null : (
          <MenuRow key={label} label={t(label)} onClick={() => open(url, needsLogin)} />
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
                // Then the app starts again on this page: what the server sent (categories,
                // questions, …) comes again in the new language.
                if (code === language) return;
                void chooseLanguage(code).then((shown) => {
                  if (shown) void reLaunch('/pages/user/user');
                });
              }}
            >
              <Text>{t(`language.${code}`)}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  );
}
