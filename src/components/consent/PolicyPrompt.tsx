import { Text, View } from '@tarojs/components';
import type { ConsentState } from '../../api/privacy';
import { logoutOnServer } from '../../api/user';
import { useTranslation } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { useConsents } from '../../stores/consent';
import { useSession } from '../../stores/session';
import { SubmitButton } from '../form/submit';
import { ConsentLine } from './index';
import { usePendingPolicies, type BaseKind } from './policy-pending';
import './index.scss';

/**
 * The logged-in user has not agreed, on this brand, to the current privacy policy and user
 * agreement (a new version was published, or a wallet login that had no checkbox): a dialog over
 * the page asks for them. Declining ends the session; nothing else can be done without them.
 */
export function PolicyPrompt({ route }: { route: string }) {
  const pending = usePendingPolicies(route);
  return pending.length === 0 ? null : <PolicyDialog pending={pending} />;
}

/** The dialog itself, for the policies still pending. */
export function PolicyDialog({ pending }: { pending: readonly ConsentState[] }) {
  const { t } = useTranslation();
  const agree = useConsents((s) => s.agree);
  const updated = pending.some((s) => s.updated);
  const title = updated ? t('privacy.update.title') : t('privacy.first.title');

  const decline = async () => {
    await logoutOnServer();
    useSession.getState().logout();
    useConsents.getState().reset();
  };

  return (
    <View className="consent-dialog" role="dialog" aria-modal="true" aria-label={title}>
      <View className="consent-dialog__panel">
        <Text className="consent-dialog__title" role="heading" aria-level={2}>
          {title}
        </Text>
        <Text className="consent-dialog__hint">{t('privacy.update.hint')}</Text>
        {pending.map((s) => (
          <ConsentLine key={s.kind} kind={s.kind as BaseKind} />
        ))}
        <SubmitButton
          onSubmit={async () => {
            const result = await agree(pending.map((s) => s.kind as BaseKind));
            if (!result.ok) void showMessage(result.msg || t('privacy.gate.failed'));
          }}
        >
          {t('privacy.update.agree')}
        </SubmitButton>
        <View className="consent-dialog__decline" role="button" onClick={() => void decline()}>
          <Text>{t('privacy.update.decline')}</Text>
        </View>
      </View>
    </View>
  );
}
