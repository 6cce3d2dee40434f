import { Text, View } from '@tarojs/components';
import { useState } from 'react';
import type { MyCoupon } from '../../api/coupon';
import { registerMessages, useTranslation } from '../../i18n';
import { checkoutMessages } from '@contract/i18n/zh-Hans/checkout';
import { formatMoney } from '../../utils';
import type { CheckoutPrice } from './pricing';

registerMessages(checkoutMessages);

/** The chosen coupon; opens into the coupons usable on this first payment, and none. */
export function CouponCard({
  coupons,
  coupon,
  price,
  onChoose,
}: {
  coupons: MyCoupon[];
  coupon: MyCoupon | null;
  price: CheckoutPrice;
  onChoose: (couponId: number | null) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const usable = coupons.filter((c) => c.minAmount <= price.firstPayment);
  const choose = (couponId: number | null) => {
    onChoose(couponId);
    setOpen(false);
  };
  return (
    <View className="checkout-card">
      <View
        className="checkout-row checkout-row--tap"
        role="button"
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <Text className="checkout-row__label">{t('checkout.coupon')}</Text>
        <Text className="checkout-row__value checkout-coupon__chosen">
          {coupon
            ? `${coupon.title} -¥${formatMoney(price.couponDiscount)}`
            : usable.length > 0
              ? t('checkout.couponNone')
              : t('checkout.couponNoneAvailable')}
        </Text>
      </View>
      {open && (
        <View className="checkout-coupons" role="radiogroup" aria-label={t('checkout.coupon')}>
          {usable.map((c) => (
            <View
              key={c.id}
              className="checkout-row checkout-row--tap"
              role="radio"
              aria-checked={coupon?.id === c.id}
              onClick={() => choose(c.couponId)}
            >
              <Text className={`checkout-check${coupon?.id === c.id ? ' checkout-check--on' : ''}`}>
                {coupon?.id === c.id ? '✓' : ''}
              </Text>
              <Text className="checkout-row__label">{c.title}</Text>
              <Text className="checkout-row__value">-¥{formatMoney(c.amount)}</Text>
            </View>
          ))}
          <View
            className="checkout-row checkout-row--tap"
            role="radio"
            aria-checked={!coupon}
            onClick={() => choose(null)}
          >
            <Text className={`checkout-check${!coupon ? ' checkout-check--on' : ''}`}>
              {!coupon ? '✓' : ''}
            </Text>
            <Text className="checkout-row__label">{t('checkout.couponNone')}</Text>
          </View>
        </View>
      )}
    </View>
  );
}
