import { useEffect } from 'react';
import { useSession } from './session';
import { redirectToLogin } from '../platform/navigation';

/**
 * For pages that need a logged-in user: a visitor is sent to the login page (which brings them
 * back to this page, query included) before the page asks the server anything. Returns whether
 * the page may render its content.
 */
export function useRequireLogin(route: string, params: Record<string, string>): boolean {
  const loggedIn = useSession((state) => state.status === 'loggedIn');
  const query = Object.entries(params)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  const here = `/${route}${query ? `?${query}` : ''}`;
  useEffect(() => {
    if (!loggedIn) void redirectToLogin(here);
  }, [loggedIn, here]);
  return loggedIn;
}
