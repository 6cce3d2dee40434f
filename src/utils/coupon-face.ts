/**
 * A coupon's face, as the coupon centre and the checkout show it: money off (¥10), a percentage
 * off (Chinese counts what is paid in tenths, 8.5折; the others the share taken off, 15% off), or
 * the first month free. The sums themselves come from couponDiscountFor (contract/lease).
 */
import type { Coupon, MyCoupon } from '../api/coupon';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { registerMessages, type Language, type MessageKey, type MessageParams } from '../i18n';
import { formatMoney } from './index';

registerMessages(accountMessages);

type Face = Pick<Coupon | MyCoupon, 'amount' | 'kind' | 'percentOff'>;

/** The `{rate}` of account.coupon.percentOff: 15 (% off) reads 8.5 in Chinese, 15 elsewhere. */
export function couponRate(percentOff: number, language: Language): string {
  return language.startsWith('zh') ? String((100 - percentOff) / 10) : String(percentOff);
}

/** What a coupon is worth, on its own: "¥10", "8.5折" / "15% off", "首月免租" / "First month free". */
export function couponFace(
  coupon: Face,
  t: (key: MessageKey, params?: MessageParams) => string,
  language: Language,
): string {
  if (coupon.kind === 'percent')
    return t('account.coupon.percentOff', { rate: couponRate(coupon.percentOff ?? 0, language) });
  if (coupon.kind === 'first_month_free') return t('account.coupon.firstMonthFree');
  return `¥${formatMoney(coupon.amount)}`;
}
