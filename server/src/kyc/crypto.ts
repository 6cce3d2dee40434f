/**
 * Personal numbers at rest: a keyed hash (to find the same ID or card again) and a masked form
 * (to show). The full numbers are never stored, logged or returned.
 */
import { createHmac, randomBytes } from 'node:crypto';

/**
 * The keyed hash of a personal number. An 18-digit ID number has little entropy, so an unkeyed
 * hash could be reversed by enumeration; the key keeps a leaked table useless. The key is
 * `config.kycHashKey` (KYC_HASH_KEY; config.ts refuses to start production without it).
 */
export function keyedHash(key: string, kind: 'id' | 'card', value: string): string {
  return createHmac('sha256', key).update(`${kind}:${value}`).digest('hex');
}

/** 11010519491231002X → 1101**********002X */
export function maskIdNumber(idNo: string): string {
  return `${idNo.slice(0, 4)}${'*'.repeat(idNo.length - 8)}${idNo.slice(-4)}`;
}

/** First 6 and last 4 with the middle hidden: 622202******0123. */
export function maskCard(first6: string, last4: string): string {
  return `${first6}******${last4}`;
}

/** 13812341234 → 138****1234 */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

/** A name with all but its last character hidden: 张三丰 → **丰. */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return `${'*'.repeat(chars.length - 1)}${chars[chars.length - 1] ?? ''}`;
}

export function randomRef(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex')}`;
}
