export type LaunchQuery = Record<string, string>;

function addParams(target: LaunchQuery, search: string): void {
  // URLSearchParams decodes %XX and '+'; a malformed escape keeps its raw text.
  for (const [key, value] of new URLSearchParams(search)) target[key] = value;
}

/**
 * NOTE(h5): a link may carry the launch query before the `#` (`/?platform=5#/pages/home/home`)
 * or inside the hash route (`/#/pages/home/home?platform=5`). Both are read; where both name a
 * key, the hash's wins, since it belongs to the page being opened.
 */
export function queryFromUrl(href: string): LaunchQuery {
  const result: LaunchQuery = {};
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt === -1 ? href : href.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : href.slice(hashAt + 1);
  const searchAt = beforeHash.indexOf('?');
  if (searchAt !== -1) addParams(result, beforeHash.slice(searchAt + 1));
  const hashQueryAt = hash.indexOf('?');
  if (hashQueryAt !== -1) addParams(result, hash.slice(hashQueryAt + 1));
  return result;
}

export function getLaunchQuery(_launchOptions?: { query?: Record<string, unknown> }): LaunchQuery {
  return queryFromUrl(window.location.href);
}

/**
 * NOTE(h5): removes the app shell index.html draws before the JavaScript runs (its navigation
 * bar, and on home the brand banner, where the page draws its own); the first page calls this
 * once it has rendered. Later calls do nothing.
 */
export function dismissAppShell(): void {
  document.getElementById('app-shell')?.remove();
}
