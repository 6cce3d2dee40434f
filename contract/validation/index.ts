/**
 * Form validators. Each takes anything (form state can hold null, numbers or objects), returns a
 * boolean (or the issuer / null) and never throws. They check the exact string that would be sent:
 * no trimming and no full-width conversion, except where a function says so. Only lookupBankCard
 * normalises (spaces, full-width digits), because card fields are typed in groups of four.
 * Every pattern is linear (no nested quantifiers), and long inputs are refused before matching.
 */
import { isIdCardNumber } from './idCard';
import { isPlate } from './plateNumber';

export { lookupBankCard } from './bankCard';
export type { BankCardInfo, BankCardType } from './bankCard';

/**
 * Longest text the character-class checks accept. They guard short fields (names, codes); a value
 * of 256+ characters is not a legitimate one (the fuzz list of names to reject has 1,000 a's).
 */
const MAX_TEXT_LENGTH = 255;

const str = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= maxLength;

/** 11 digits, first 1, second 2–9 (every mainland mobile range, 13x to 19x). */
export function isMobile(value: unknown): boolean {
  return str(value, 11) && /^1[2-9]\d{9}$/.test(value);
}

/** 18-character resident ID number: real region, real past birth date, MOD 11-2 check; x or X. */
export function isIdCard(value: unknown): boolean {
  return isIdCardNumber(value);
}

/**
 * Money in yuan as typed: digits, at most two decimals, no leading zero except "0" and "0.x".
 * No sign, exponent, separators or spaces. At most 10 integer digits, so the amount in fen stays
 * an exact JavaScript integer.
 */
export function isAmount(value: unknown): boolean {
  return str(value, 13) && /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(value);
}

/** Exactly `length` ASCII digits (an SMS or verification code). */
export function isCode(value: unknown, length: number = 6): boolean {
  if (!Number.isInteger(length) || length < 1 || length > 32) return false;
  return str(value, length) && value.length === length && /^\d+$/.test(value);
}

/**
 * Practical e-mail check (ASCII only): local part of letters, digits and . _ % + - without
 * leading, trailing or doubled dots; dotted domain of letter/digit/hyphen labels, alphabetic TLD.
 */
export function isEmail(value: unknown): boolean {
  if (!str(value, 254)) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > 64) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return (
    /^[A-Za-z0-9_%+-]+(\.[A-Za-z0-9_%+-]+)*$/.test(local) &&
    /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(domain)
  );
}

/**
 * Absolute http(s) URL, ASCII only: a host name (dotted labels) or dotted IPv4 or localhost, an
 * optional port, then an optional path/query/fragment without spaces, quotes, angle brackets or
 * backslashes. No user-info (`user@host` is a classic phishing disguise).
 */
export function isUrl(value: unknown): boolean {
  if (!str(value, 2048)) return false;
  const m = /^https?:\/\/([^/?#]+)([/?#][\x21-\x7e]*)?$/i.exec(value);
  if (!m) return false;
  const authority = m[1];
  const rest = m[2] ?? '';
  if (/["'<>\\^`{|}]/.test(rest)) return false;
  const hostPort = /^([A-Za-z0-9.-]+)(:(\d{1,5}))?$/.exec(authority);
  if (!hostPort) return false;
  const host = hostPort[1];
  if (hostPort[3] !== undefined && (Number(hostPort[3]) < 1 || Number(hostPort[3]) > 65535)) {
    return false;
  }
  if (host.toLowerCase() === 'localhost') return true;
  if (/^\d+(\.\d+){3}$/.test(host)) return host.split('.').every((part) => Number(part) <= 255);
  return /^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/.test(host);
}

/**
 * Mainland landline: optional area code (010, 02x, or 0 + three digits) with an optional hyphen,
 * a 7- or 8-digit local number not starting 0 or 1, an optional "-extension" of 1–6 digits.
 * 400/800 service numbers and mobiles are not landlines.
 */
export function isLandline(value: unknown): boolean {
  return str(value, 20) && /^(0(10|2\d|[3-9]\d{2})-?)?[2-9]\d{6,7}(-\d{1,6})?$/.test(value);
}

/** Vehicle plate: 7 characters ordinary, 8 new energy (see plateNumber.ts for what is accepted). */
export function isPlateNumber(value: unknown): boolean {
  return isPlate(value);
}

/**
 * Chinese characters only: CJK unified ideographs, extension A, compatibility ideographs, and the
 * supplementary-plane extensions (B onwards, e.g. 𠮷) as surrogate pairs. Punctuation such as the
 * name dot · is not a Chinese character. At most 255 UTF-16 units. Written without the `u` flag,
 * which older mini-program engines lack.
 */
export function isChinese(value: unknown): boolean {
  return (
    str(value, MAX_TEXT_LENGTH) &&
    /^([\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\ud840-\ud884][\udc00-\udfff])+$/.test(value)
  );
}

/** ASCII letters only, 1–255 of them. */
export function isLetters(value: unknown): boolean {
  return str(value, MAX_TEXT_LENGTH) && /^[A-Za-z]+$/.test(value);
}

/** ASCII letters and digits only, 1–255 of them. */
export function isLettersOrDigits(value: unknown): boolean {
  return str(value, MAX_TEXT_LENGTH) && /^[A-Za-z0-9]+$/.test(value);
}
