import type { OrderTab } from '../../api/user';
import { registerMessages, type MessageKey } from '../../i18n';
import { userMessages } from '@contract/i18n/zh-Hans/user';
import receiveIcon from '../../assets/icons/order-receive.png';
import rentingIcon from '../../assets/icons/order-renting.png';
import reviewIcon from '../../assets/icons/order-review.png';
import shipIcon from '../../assets/icons/order-ship.png';
import unpaidIcon from '../../assets/icons/order-unpaid.png';

registerMessages(userMessages);

/** The order shortcuts of the user centre: My orders' tab keys (contract/api/order ORDER_TABS). */
/** Each with its icon (scripts/generate-assets.ts draws them). */
export const ORDER_SHORTCUTS: readonly { tab: OrderTab; label: MessageKey; icon: string }[] = [
  { tab: 'unpaid', label: 'account.order.pendingPay', icon: unpaidIcon },
  { tab: 'review', label: 'account.order.pendingReview', icon: reviewIcon },
  { tab: 'ship', label: 'account.order.pendingShip', icon: shipIcon },
  { tab: 'receive', label: 'account.order.pendingReceive', icon: receiveIcon },
  { tab: 'renting', label: 'account.order.renting', icon: rentingIcon },
];

export function myOrderUrl(tab: OrderTab): string {
  return `/pages/myOrder/myOrder?tab=${encodeURIComponent(tab)}`;
}

/** A badge's text: nothing for 0, "99+" past 99. */
export function badgeText(count: number | undefined): string {
  if (!count || count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}
