/**
 * An order's state in the user's language. The server's `statusText` is Simplified Chinese; the
 * catalogues name every state (`order.status.<STATE>`, in the always-present shared area), so the
 * screens show that, and the server's words only for a state this build does not know yet.
 */
import { isOrderStatus } from '../../contract/order-status';
import type { MessageKey, MessageParams } from './index';

export function orderStatusText(
  t: (key: MessageKey, params?: MessageParams) => string,
  order: { status: string; statusText: string },
): string {
  return isOrderStatus(order.status) ? t(`order.status.${order.status}`) : order.statusText;
}
