/** Keeps secrets and personal data out of logs: masks mobiles, drops token/code values. */

// Not inside an identifier: a trade number such as PTMX0UP719B15864099602 ends in eleven digits
// that look like a mobile, and masking them made the access log lose the trade it names.
const MOBILE = /(?<![\dA-Za-z])(1[3-9]\d)\d{4}(\d{4})(?![\dA-Za-z])/g;

/** 13812341234 → 138****1234; anything that is not a mobile comes back masked entirely. */
export function maskMobile(mobile: string): string {
  return /^1[3-9]\d{9}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '***';
}

/** Masks every mobile-looking run of digits in free text (error messages, URLs). */
export function maskMobilesIn(text: string): string {
  return text.replace(MOBILE, '$1****$2');
}

/** Query keys whose values never reach a log: codes of every kind, tokens, phone numbers. */
// `card` and `idno` cover cardNo/bankCard and idNo: full card and ID numbers never reach a log;
// `sig` covers the sandbox cashier's `sig` (a link that pays) and any sign/signature.
const SECRET_QUERY_KEY = /code|token|mobile|phone|secret|password|ticket|card|idno|sig/i;

/** A URL for the access log: secret query values replaced, mobiles masked. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return maskMobilesIn(url);
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEY.test(key)) params.set(key, '***');
  }
  return maskMobilesIn(`${url.slice(0, queryStart)}?${params.toString()}`);
}
