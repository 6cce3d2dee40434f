import { Text, View } from '@tarojs/components';
import { Picture } from '../../components/picture';
import { mediaUrl } from '../../api/media';
import { useTranslation } from '../../i18n';
import { loginPageUrl } from '../../platform/navigation';
import { openPage } from '../../platform/open-page';
import { maskMobile } from '../../utils';
import { ORDER_SHORTCUTS, badgeText, myOrderUrl } from './orderShortcuts';

const USER_PAGE = '/pages/user/user';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Opens an account page; `needsLogin` sends a visitor through login first. */
export type OpenAccountPage = (url: string, needsLogin?: boolean) => void;

/** Who is logged in (avatar, name, masked mobile), or the way to log in. */
export function ProfileHeader({
  loggedIn,
  userInfo,
}: {
  loggedIn: boolean;
  userInfo: Record<string, unknown> | undefined;
}) {
  const { t } = useTranslation();
  const mobile = text(userInfo?.mobile);
  const nickname = text(userInfo?.nickname);
  const avatar = text(userInfo?.avatar);
  const masked = mobile ? maskMobile(mobile) : t('account.noMobile');
  const displayName = nickname || masked;
  // The server names a new user after the masked mobile: say it once.
  const secondLine = displayName === masked ? '' : masked;
  return loggedIn ? (
    <View className="user-centre__profile">
      {avatar ? (
        <Picture
          className="user-centre__avatar"
          src={mediaUrl(avatar)}
          mode="aspectFill"
          alt={t('account.avatarLabel')}
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
  );
}

/** The orders card: all orders, and a shortcut per order tab with its count. */
export function OrdersCard({
  counts,
  open,
}: {
  counts: Record<string, number>;
  open: OpenAccountPage;
}) {
  const { t } = useTranslation();
  return (
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
        {ORDER_SHORTCUTS.map(({ tab, label, icon }) => {
          const badge = badgeText(counts[tab]);
          return (
            <View
              key={tab}
              className="user-centre__shortcut"
              role="button"
              onClick={() => open(myOrderUrl(tab), true)}
            >
              <View className="user-centre__icon" aria-hidden>
                {/* The label under it names the shortcut. */}
                <Picture className="user-centre__glyph" src={icon} alt="" />
                {badge && <Text className="user-centre__badge">{badge}</Text>}
              </View>
              <Text className="user-centre__shortcut-label">{t(label)}</Text>
            </View>
          );
        })}
      </View>
    </View>
  );
}

/** One row of an account card: its label and a chevron; the whole row is the button. */
export function MenuRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <View className="user-centre__row" role="button" onClick={onClick}>
      <Text>{label}</Text>
      <Text className="user-centre__chevron" aria-hidden>
        ›
      </Text>
    </View>
  );
}

/** The user's rights over their data (PIPL): export, withholding agreements, cancel account. */
export function PrivacyCard({ open, onExport }: { open: OpenAccountPage; onExport: () => void }) {
  const { t } = useTranslation();
  return (
    <View className="user-centre__card">
      <MenuRow label={t('privacy.export.entry')} onClick={onExport} />
      <MenuRow
        label={t('privacy.withholding.entry')}
        onClick={() => open('/pages/privacy/withholding', true)}
      />
      <MenuRow
        label={t('privacy.cancel.entry')}
        onClick={() => open('/pages/privacy/cancelAccount', true)}
      />
    </View>
  );
}
