/**
 * H5: the origin the app is served from (scheme, host and port). Its pages are the app's own —
 * the API's sandbox signing and face pages are served beside the app — so the web-view opens
 * them over http on `npm start`'s localhost as well as over https in production; no other
 * origin is allowed by this.
 */
export function appOrigin(): string | undefined {
  // NOTE(h5): `typeof`, not globalThis: a prerender or test without a window has no location.
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return undefined;
  return location.origin;
}

/**
 * A page of `origin` itself (the app's own): written out in full as `<origin>/…`, and parsing to
 * that origin (so `<origin>@evil`, `<origin>.evil` and the like are not).
 */
export function isOwnPage(url: string, origin: string | undefined): boolean {
  if (origin === undefined) return false;
  if (!/^https?:\/\/[^/]+$/i.test(origin) || !url.startsWith(`${origin}/`)) return false;
  // Whitespace and control characters are dropped by the parser: a URL that needs that is not one.
  if (Array.from(url).some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f))
    return false;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin && !parsed.username && !parsed.password;
  } catch {
    return false;
  }
}
