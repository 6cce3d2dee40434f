import { appOrigin, isOwnPage } from '../../platform/web-origin';
import { webViewHosts } from '../../platform/config';
import { isAllowedWebUrl } from '../../platform/navigation';

/** What a web page link may do: open, or not at all (and why, for the error page). */
export type WebUrlDecision =
  { open: true; url: string } | { open: false; reason: 'missing' | 'blocked' };

/**
 * What opens: an https URL whose host is on the configured allowlist, and on H5 a page of the
 * app's own origin (the sandbox's signing page on `npm start`'s http://localhost, say); nothing
 * else. The mini-programs have no origin of their own and keep to https hosts.
 */
export function decideWebUrl(
  raw: unknown,
  hosts: readonly string[] = webViewHosts(),
  ownOrigin: string | undefined = appOrigin(),
): WebUrlDecision {
  if (typeof raw !== 'string' || raw.trim() === '') return { open: false, reason: 'missing' };
  return isOwnPage(raw, ownOrigin) || isAllowedWebUrl(raw, hosts)
    ? { open: true, url: raw }
    : { open: false, reason: 'blocked' };
}
