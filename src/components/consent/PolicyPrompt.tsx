import { Text, View } from '@tarojs/components';
import { useEffect } from 'react';
import { logoutOnServer } from '../../api/user';
import { useTranslation } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { pendingOf, useConsents } from '../../stores/consent';
import { useSession } from '../../stores/session';
import { SubmitButton } from '../form';
import { ConsentLine } from './index';
import './index.scss';

/** Pages the prompt never covers: the texts it links to, and the login pages. */
const UNCOVERED = [
  'pages/text/user',
  'pages/text/register',
  'pages/agreement/agreement',
  'pages/loginNew/loginNew',
  'pages/login/login',
];

const BASE_KINDS = ['privacy_policy', 'user_agreement'] as const;

/**
 * The logged-in user has not agreed, on this brand, to the current privacy policy and user
 * agreement (a new version was published, or a wallet login that had no checkbox): a dialog over
 * the page asks for them. Declining ends the session; nothing else can be done without them.
 */
export function PolicyPrompt({ route }: { route: string }) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.status === 'loggedIn');
  const states = useConsents((s) => s.states);
  const load = useConsents((s) => s.load);
  const agree = useConsents((s) => s.agree);
  const covered = loggedIn && !UNCOVERED.includes(route.replace(/^\//, ''));

  useEffect(() => {
    if (covered) void load();
  }, [covered, load]);

  const pending = covered ? pendingOf(states, BASE_KINDS) : [];
  if (pending.length === 0) return null;
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
        <Text className="consent-dialog__title" role="heading">
          {title}
        </Text>
        <Text className="consent-dialog__hint">{t('privacy.update.hint')}</Text>
        {pending.map((s) => (
          <ConsentLine key={s.kind} kind={s.kind as (typeof BASE_KINDS)[number]} />
        ))}
        <SubmitButton
          onSubmit={async () => {
            const result = await agree(pending.map((s) => s.kind as (typeof BASE_KINDS)[number]));
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
