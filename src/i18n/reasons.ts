/**
 * A cancel or return reason in the user's language. The screens offer the merchant's
 * `cancel_reason` / `return_reason` dictionaries, whose labels are Chinese; the catalogues name
 * the reasons the product ships with (`order.reason.<value>`, in the always-present shared area,
 * since both the order and the return screens show them), and any other shows its own label.
 */
import type { MessageKey, MessageParams } from './index';

const KNOWN_REASONS = new Set([
  'term_end',
  'no_longer_needed',
  'faulty',
  'not_as_described',
  'wrong_info',
  'cheaper_elsewhere',
  'review_too_slow',
  'other',
]);

export function reasonText(
  t: (key: MessageKey, params?: MessageParams) => string,
  reason: { value: string; label: string },
): string {
  return KNOWN_REASONS.has(reason.value)
    ? t(`order.reason.${reason.value}` as MessageKey)
    : reason.label;
}
