/**
 * NOTE(h5): `query-string` as Taro's router uses it (config/index.ts swaps this module in for the
 * router's imports): `queryString.parse(search, { decode: false })` for a page's query
 * (router/page.js). The package's default export is its whole namespace, so every one of its
 * functions reached the first route (~3 KB gzip) for this one call. `parse` here gives the same
 * results for the package's default options (query-string.test.ts checks them against it):
 * a key without `=` is null, a repeated key an array, the keys sorted. With `decode`, a malformed
 * escape stays as written (the package repairs what it can).
 */

export type ParsedQuery = Record<string, string | null | (string | null)[]>;

export interface ParseOptions {
  decode?: boolean;
}

function decodeText(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function parse(query: unknown, options: ParseOptions = {}): ParsedQuery {
  const decode = options.decode ?? true;
  const found: ParsedQuery = Object.create(null) as ParsedQuery;
  if (typeof query !== 'string') return found;
  for (const raw of query
    .trim()
    .replace(/^[?#&]/, '')
    .split('&')) {
    if (raw === '') continue;
    const parameter = decode ? raw.replaceAll('+', ' ') : raw;
    const equals = parameter.indexOf('=');
    const rawKey = equals === -1 ? parameter : parameter.slice(0, equals);
    const key = decode ? decodeText(rawKey) : rawKey;
    const rawValue = equals === -1 ? null : parameter.slice(equals + 1);
    const value = rawValue !== null && decode ? decodeText(rawValue) : rawValue;
    const previous = found[key];
    if (previous === undefined) found[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else found[key] = [previous, value];
  }
  const sorted: ParsedQuery = Object.create(null) as ParsedQuery;
  for (const key of Object.keys(found).sort()) sorted[key] = found[key];
  return sorted;
}

export default { parse };
