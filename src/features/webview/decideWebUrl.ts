import { webViewHosts } from '../../platform/config';
import { isAllowedWebUrl } from '../../platform/navigation';

/** What a web page link may do: open, or not at all (and why, for the error page). */
export type WebUrlDecision =
  { open: true; url: string } | { open: false; reason: 'missing' | 'blocked' };

/** Only an https URL whose host is on the configured allowlist opens; nothing else does. */
export function decideWebUrl(
  raw: unknown,
  hosts: readonly string[] = webViewHosts(),
): WebUrlDecision {
  if (typeof raw !== 'string' || raw.trim() === '') return { open: false, reason: 'missing' };
  return isAllowedWebUrl(raw, hosts)
    ? { open: true, url: raw }
    : { open: false, reason: 'blocked' };
}
