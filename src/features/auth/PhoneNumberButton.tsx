import { Button } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { registerMessages, useTranslation } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { loginForUni } from '../../api/login';
import { authGrantType, getAuthCode, getPhoneNumber, loginMethod } from '../../platform/auth';
import { getChannelCode } from '../../platform/storage';
import { showMessage } from '../../platform/ui';
import { useBrandStore } from '../../stores/brand';
import { ensurePrivacyNotice } from '../../stores/privacy-popup';
import { useSession } from '../../stores/session';

registerMessages(accountMessages);

/**
 * Whether this page offers the host's one-tap phone-number login: on the mini-programs (H5 has
 * no such button), for brands whose record says so (`phoneLogin`). Alipay asks for its privacy
 * notice first; declining leaves SMS login, and so does a target or brand without the button.
 */
export function usePhoneLoginOffered(): boolean {
  const brandOffers = useBrandStore((state) => state.brand.phoneLogin);
  const hostOffers = loginMethod !== 'sms' && brandOffers;
  const [declined, setDeclined] = useState(false);
  useEffect(() => {
    if (!hostOffers || process.env.TARO_ENV !== 'alipay') return;
    void ensurePrivacyNotice().then((agreed) => {
      if (!agreed) setDeclined(true);
    });
  }, [hostOffers]);
  return hostOffers && !declined;
}

/**
 * The host's phone-number button (WeChat's getPhoneNumber, Alipay's getAuthorize with the
 * phoneNumber scope): the number and a login code go to the server, which logs the user in.
 */
export function PhoneNumberButton({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const completeLogin = useSession((state) => state.completeLogin);
  const [busy, setBusy] = useState(false);

  const onPhoneAuthorised = async (detail: unknown) => {
    if (busy || (authGrantType !== 'wechat' && authGrantType !== 'alipay')) return;
    setBusy(true);
    try {
      const phone = await getPhoneNumber(detail);
      if (!phone.ok) {
        void showMessage(t('account.phoneDenied'));
        return;
      }
      // The login code binds this brand's open id, so the next visit can log in silently.
      const login = await getAuthCode();
      const channelCode = getChannelCode();
      const ok = await completeLogin(
        loginForUni({
          provider: authGrantType,
          phoneCode: phone.payload,
          ...(login.ok ? { loginCode: login.code } : {}),
          ...(channelCode ? { channelCode } : {}),
        }),
      );
      if (ok) onLoggedIn();
    } finally {
      setBusy(false);
    }
  };

  return process.env.TARO_ENV === 'alipay' ? (
    <Button
      className="form-submit"
      openType="getAuthorize"
      scope="phoneNumber"
      disabled={busy}
      onGetAuthorize={() => void onPhoneAuthorised(undefined)}
    >
      {t('account.phoneLogin')}
    </Button>
  ) : (
    <Button
      className="form-submit"
      openType="getPhoneNumber"
      disabled={busy}
      onGetPhoneNumber={(event) => void onPhoneAuthorised(event.detail)}
    >
      {t('account.phoneLogin')}
    </Button>
  );
}
