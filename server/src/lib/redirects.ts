/**
 * Where the server may send a browser back to (an OAuth login's return, a mobile cashier's
 * return): an allow-listed host only, or those pages would become open redirects. Used by the
 * OAuth route and by the payments, so it lives with neither.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The redirect URL if it is https (http only on local hosts) on an allow-listed host. */
export function allowedRedirect(raw: string, allowedHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  if (!secure || url.username || url.password) return undefined;
  return allowedHosts.includes(url.hostname) ? url.toString() : undefined;
}
