import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '../../contract/http';

/**
 * Build-time configuration, read in one place. Taro inlines `process.env.TARO_APP_*` at build
 * time; tests set them on `process.env`. Both are read on each call so a test can point the
 * client at its own server.
 */

/**
 * NOTE(h5): each read is the literal `process.env.TARO_APP_*` expression, which the build
 * replaces with the setting's value, or undefined when unset (config/index.ts lists them). Taro
 * alone would leave an unset one as written, and there is no `process` in the browser or the
 * mini-program runtimes: this guard keeps such a build working. An expression that threw will
 * always throw, so it is not run again: a thrown exception costs a stack trace, and apiUrl runs
 * for every picture a page draws.
 */
function envReader(read: () => string | undefined): () => string | undefined {
  let unsetAtBuild = false;
  return () => {
    if (unsetAtBuild) return undefined;
    try {
      return read();
    } catch {
      unsetAtBuild = true;
      return undefined;
    }
  };
}

const buildApiBase = envReader(() => process.env.TARO_APP_API_BASE);
const buildClientId = envReader(() => process.env.TARO_APP_CLIENT_ID);
const buildClientSecret = envReader(() => process.env.TARO_APP_CLIENT_SECRET);
const buildWebViewHosts = envReader(() => process.env.TARO_APP_WEBVIEW_HOSTS);

/** API origin without a trailing slash; empty on H5, where `/api/...` is same-origin. */
export function apiBase(): string {
  return (buildApiBase() ?? '').trim().replace(/\/+$/, '');
}

/** An absolute URL for an API path; absolute URLs pass through unchanged. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiBase()}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function clientCredential(): { clientId: string; clientSecret: string } {
  return {
    clientId: buildClientId() || DEFAULT_CLIENT_ID,
    clientSecret: buildClientSecret() || DEFAULT_CLIENT_SECRET,
  };
}

/** The fixed client credential header value: `Basic base64(clientId:clientSecret)`. */
export function clientAuthorization(): string {
  const { clientId, clientSecret } = clientCredential();
  return `Basic ${base64Encode(`${clientId}:${clientSecret}`)}`;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Standard base64 of the UTF-8 bytes; mini-programs have no btoa, so it is done by hand. */
export function base64Encode(text: string): string {
  const utf8 = encodeURIComponent(text).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const bytes = Array.from(utf8, (c) => c.charCodeAt(0));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const triple = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64_ALPHABET[(triple >> 18) & 63] + BASE64_ALPHABET[(triple >> 12) & 63];
    out += b === undefined ? '=' : BASE64_ALPHABET[(triple >> 6) & 63];
    out += c === undefined ? '=' : BASE64_ALPHABET[triple & 63];
  }
  return out;
}

/**
 * Hosts whose https pages the web-view and external-jump pages may open:
 * `TARO_APP_WEBVIEW_HOSTS`, comma-separated. Unset, the API's own host (the server's sandbox
 * pages, e.g. e-sign) when the API is https, and on H5 the app's own host when it is served
 * over https (the API is then same-origin). Nothing over plain http is ever allowed.
 */
export function webViewHosts(): string[] {
  const configured = (buildWebViewHosts() ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  if (configured.length > 0) return configured;
  const hosts: string[] = [];
  const api = /^https:\/\/([a-z0-9.-]+)(?:\/|$)/i.exec(apiBase());
  if (api) hosts.push(api[1].toLowerCase());
  // NOTE(h5): `typeof`, not globalThis: the mini-program runtimes have no location at all.
  if (!apiBase() && typeof location !== 'undefined' && location.protocol === 'https:') {
    if (!location.port) hosts.push(location.hostname.toLowerCase());
  }
  return hosts;
}
