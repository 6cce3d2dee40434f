import type { OrderTab } from '../../api/user';
import { registerMessages, type MessageKey } from '../../i18n';
import { userMessages } from '@contract/i18n/zh-Hans/user';

registerMessages(userMessages);

/** The order shortcuts of the user centre: My orders' tab keys (contract/api/order ORDER_TABS). */
export const ORDER_SHORTCUTS: readonly { tab: OrderTab; label: MessageKey }[] = [
  { tab: 'unpaid', label: 'account.order.pendingPay' },
  { tab: 'review', label: 'account.order.pendingReview' },
  { tab: 'ship', label: 'account.order.pendingShip' },
  { tab: 'receive', label: 'account.order.pendingReceive' },
  { tab: 'renting', label: 'account.order.renting' },
];

export function myOrderUrl(tab: OrderTab): string {
  return `/pages/myOrder/myOrder?tab=${encodeURIComponent(tab)}`;
}

/** A badge's text: nothing for 0, "99+" past 99. */
export function badgeText(count: number | undefined): string {
  if (!count || count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
