import { Text, View } from '@tarojs/components';
import { useEffect, useState, type ReactNode } from 'react';
import type { ConsentKind } from '../../api/privacy';
import { useTranslation, type MessageKey } from '../../i18n';
import { showMessage } from '../../platform/ui';
import { pendingOf, useConsents } from '../../stores/consent';
import { SubmitButton } from '../form/submit';
import { ErrorState, Skeleton } from '../states';
import { ConsentLine } from './index';
import './consent-gate.scss';

// Apart from index.tsx: only the verification steps (subpackage pages) gate on consents, while the
// page frame's policy prompt (every page, the mini-programs' main package) draws ConsentLine.

/** The consents to sensitive personal data (PIPL art. 29): identity, face, credit. */
const SENSITIVE: ReadonlySet<ConsentKind> = new Set(['identity_and_face', 'credit_query']);

/**
 * What the gate says about what it asks: the withholding agreement in its own words (deduction
 * from the card), sensitive data in theirs; anything mixed, plainly.
 */
export function gateHint(kinds: readonly ConsentKind[]): MessageKey {
  if (kinds.length > 0 && kinds.every((kind) => kind === 'withholding'))
    return 'privacy.gate.withholdingHint';
  if (kinds.length > 0 && kinds.every((kind) => SENSITIVE.has(kind))) return 'privacy.gate.hint';
  return 'privacy.gate.generalHint';
}

export interface ConsentGateProps {
  /** What the step needs; each is asked for explicitly, on its own line (PIPL art. 29). */
  kinds: readonly ConsentKind[];
  /** The user declined: leave the step (back, say). */
  onDecline?: () => void;
  /** Runs once the user agreed here (a step that was waiting on the consent goes on). */
  onAgreed?: () => void;
  /** Drawn while the consents load: the step's own placeholder, so the page keeps its shape. */
  loading?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only once the user has agreed, on this brand, to the current version of
 * every consent named; until then asks for them, with links to their texts. The server refuses
 * the step without them anyway: this is the prompt, not the guard.
 */
export function ConsentGate({ kinds, onDecline, onAgreed, loading, children }: ConsentGateProps) {
  const { t } = useTranslation();
  const states = useConsents((s) => s.states);
  const load = useConsents((s) => s.load);
  const agree = useConsents((s) => s.agree);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    // Fresh each time a gated step opens: a new version may have come since the app started.
    void load(true).then((loaded) => setFailed(!loaded));
  }, [load]);

  if (failed && !states) {
    return (
      <ErrorState
        onRetry={() => {
          setFailed(false);
          void load(true).then((loaded) => setFailed(!loaded));
        }}
      />
    );
  }
  if (!states) return <>{loading ?? <Skeleton rows={3} />}</>;
  const pending = pendingOf(states, kinds);
  if (pending.length === 0) return <>{children}</>;
  const updated = pending.some((s) => s.updated);
  return (
    <View className="consent-gate" role="dialog" aria-label={t('privacy.gate.title')}>
      <Text className="consent-gate__title" role="heading" aria-level={2}>
        {t('privacy.gate.title')}
      </Text>
      <Text className="consent-gate__hint">
        {updated
          ? t('privacy.gate.updated')
          : t(gateHint(pending.map((s) => s.kind as ConsentKind)))}
      </Text>
      {pending.map((s) => (
        <ConsentLine key={s.kind} kind={s.kind as ConsentKind} />
      ))}
      <SubmitButton
        onSubmit={async () => {
          const result = await agree(pending.map((s) => s.kind as ConsentKind));
          if (!result.ok) void showMessage(result.msg || t('privacy.gate.failed'));
          else onAgreed?.();
        }}
      >
        {t('privacy.gate.agree')}
      </SubmitButton>
      {onDecline && (
        <View className="consent-gate__decline" role="button" onClick={onDecline}>
          <Text>{t('privacy.gate.decline')}</Text>
        </View>
      )}
    </View>
  );
}
