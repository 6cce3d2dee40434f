/**
 * Why the user cancels, asked wherever an order can be cancelled (order detail, a verification
 * step): the merchant's `cancel_reason` dictionary in the user's language, as an action sheet.
 */
import { fetchReasons } from '../../api/order';
import type { MessageKey, MessageParams } from '../../i18n';
import { reasonText } from '../../i18n/reasons';
import { pickOne } from '../../platform/action-sheet';

/**
 * The reason chosen (`reason` is its dictionary value; undefined when the reasons could not be
 * loaded, so the order can still be cancelled), or undefined when the user dismissed the sheet.
 */
export async function askCancelReason(
  t: (key: MessageKey, params?: MessageParams) => string,
): Promise<{ reason: string | undefined } | undefined> {
  const reply = await fetchReasons('cancel_reason');
  const offered = reply.code === 200 && reply.data ? reply.data : [];
  if (offered.length === 0) return { reason: undefined };
  const picked = await pickOne(offered.map((item) => reasonText(t, item)));
  if (picked === undefined) return undefined;
  return { reason: offered[picked]?.value };
}
