import { lazy, Suspense } from 'react';
import { usePrivacyPopup } from '../../stores/privacy-popup';
import { usePendingPolicies } from './policy-pending';

/**
 * NOTE(h5): the dialogs every page frame may show, with their code loaded when one opens. Few
 * loads open either (a logged-in user with a policy to agree to; a call waiting for the privacy
 * notice), yet the dialogs, the form button, Taro's Input and Button came with every page's first
 * route (~4 KB gzip). Whether one is open is decided here, with the light stores; the dialog
 * follows its chunk (a few tens of milliseconds, once).
 */
const PolicyDialog = lazy(() =>
  import(/* webpackChunkName: "frame-dialogs" */ './PolicyPrompt').then((module) => ({
    default: module.PolicyDialog,
  })),
);
const PrivacyDialog = lazy(() =>
  import(/* webpackChunkName: "frame-dialogs" */ './PrivacyPopup').then((module) => ({
    default: module.PrivacyDialog,
  })),
);

export function PolicyPrompt({ route }: { route: string }) {
  const pending = usePendingPolicies(route);
  if (pending.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PolicyDialog pending={pending} />
    </Suspense>
  );
}

export function PrivacyPopup() {
  const open = usePrivacyPopup((s) => s.waiting.length > 0);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PrivacyDialog />
    </Suspense>
  );
}
