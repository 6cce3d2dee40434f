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
