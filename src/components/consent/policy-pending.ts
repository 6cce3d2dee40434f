import { useEffect } from 'react';
import type { ConsentState } from '../../api/privacy';
import { pendingOf, useConsents } from '../../stores/consent';
import { useSession } from '../../stores/session';
import { BASE_KINDS, UNCOVERED } from './policy-routes';

export { BASE_KINDS, type BaseKind } from './policy-routes';

/**
 * The privacy policy and user agreement the logged-in user still has to agree to on this page
 * (loaded once the page is covered); empty for a visitor and on the pages the prompt never covers.
 * Apart from the dialog, so a page's first route does not carry the dialog's code (H5).
 */
export function usePendingPolicies(route: string): ConsentState[] {
  const loggedIn = useSession((s) => s.status === 'loggedIn');
  const states = useConsents((s) => s.states);
  const load = useConsents((s) => s.load);
  const covered = loggedIn && !UNCOVERED.includes(route.replace(/^\//, ''));

  useEffect(() => {
    if (covered) void load();
  }, [covered, load]);

  return covered ? pendingOf(states, BASE_KINDS) : [];
}
