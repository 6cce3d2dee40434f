/**
 * `bizId` is "<businessId>,<orderId>". Parts are trimmed; a missing part is ''. Extra parts
 * after the second are ignored (a link with "a,b,c" still opens business a, order b). The value
 * may arrive URL-encoded once more than the query decoding undid ("a%2Cb").
 */
export function parseBizId(raw: string | undefined | null): {
  businessId: string;
  orderId: string;
} {
  if (typeof raw !== 'string') return { businessId: '', orderId: '' };
  let value = raw.trim();
  if (/%2c/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep it as it came
    }
  }
  const [businessId = '', orderId = ''] = value.split(',').map((part) => part.trim());
  return { businessId, orderId };
}

/** Channel codes are short identifiers; anything else is not stored or reported. */
export function parseChannelCode(raw: string | undefined | null): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}
