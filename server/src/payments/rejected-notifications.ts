/**
 * What is kept of a notification that failed verification. Anyone can post anything to the
 * notify URLs: storing such a body whole let ten unsigned 930 KB posts grow the data directory by
 * 26 MB. Kept instead: its size, its SHA-256 (to match it with the sender's logs) and the names of
 * its first fields, under 1 KB whatever arrived; never a value.
 */
import { createHash } from 'node:crypto';

const MAX_FIELDS = 16;
const MAX_FIELD_NAME = 40;

/** The bounded digest stored as `payment_notifications.payload` of a refused notification. */
export function rejectedNotificationDigest(body: string | Record<string, string>): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return JSON.stringify({
    rejected: 'unverified: digest only',
    bytes: Buffer.byteLength(text),
    sha256: createHash('sha256').update(text).digest('hex'),
    fields: fieldNames(body)
      .slice(0, MAX_FIELDS)
      .map((name) => name.slice(0, MAX_FIELD_NAME)),
  });
}

function fieldNames(body: string | Record<string, string>): string[] {
  if (typeof body !== 'string') return Object.keys(body);
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? Object.keys(parsed)
      : [];
  } catch {
    return [];
  }
}
