import { Text, View } from '@tarojs/components';
import { useEffect, useState } from 'react';
import { claimCoupon, fetchClaimableCoupons, type Coupon, type MyCoupon } from '../../api/coupon';
import { registerMessages, useTranslation } from '../../i18n';
import { checkoutMessages } from '@contract/i18n/zh-Hans/checkout';
import { showMessage, showToast } from '../../platform/ui';
import { formatMoney } from '../../utils';
import { couponFace } from '../../utils/coupon-face';
import { couponValue, type CheckoutPrice } from './pricing';

registerMessages(checkoutMessages);

/**
 * The chosen coupon; opens into the coupons usable on this first payment, the brand's coupons not
 * claimed yet that would apply (claimed and used right here, rather than "no coupon available"
 * while one waits in 领券中心), and none.
 */
export function CouponCard({
  coupons,
  coupon,
  price,
  onChoose,
  onClaimed,
}: {
  coupons: MyCoupon[];
  coupon: MyCoupon | null;
  price: CheckoutPrice;
  onChoose: (couponId: number | null) => void;
  /** A coupon claimed here: it joins the user's coupons and is used on this order. */
  onClaimed: (claimed: MyCoupon) => void;
}) {
  const { t, language } = useTranslation();
  const [open, setOpen] = useState(false);
  const [offers, setOffers] = useState<Coupon[]>([]);
  const [claiming, setClaiming] = useState<number | undefined>();
  useEffect(() => {
    void fetchClaimableCoupons().then((reply) => {
      if (reply.code === 200 && reply.data) setOffers(reply.data.filter((offer) => !offer.claimed));
    });
  }, []);
  const usable = coupons.filter((c) => c.minAmount <= price.firstPayment);
  const claimable = offers.filter((offer) => offer.minAmount <= price.firstPayment);
  const best = claimable.reduce((most, offer) => Math.max(most, couponValue(offer, price)), 0);
  /**
   * What a coupon comes to on this order: "-¥10.00"; a percentage or a free month says what it is
   * too ("8.5折 -¥54.60", "首月免租 -¥300.00").
   */
  const worth = (c: Coupon | MyCoupon) => {
    const off = `-¥${formatMoney(couponValue(c, price))}`;
    return c.kind === 'percent' || c.kind === 'first_month_free'
      ? `${couponFace(c, t, language)} ${off}`
      : off;
  };
  const choose = (couponId: number | null) => {
    onChoose(couponId);
    setOpen(false);
  };
  const claim = async (offer: Coupon) => {
    if (claiming !== undefined) return;
    setClaiming(offer.id);
    const reply = await claimCoupon(offer.id);
    setClaiming(undefined);
    if (reply.code !== 200 || !reply.data) {
      void showMessage(reply.msg);
      return;
    }
    setOffers((list) => list.filter((item) => item.id !== offer.id));
    onClaimed(reply.data);
    setOpen(false);
    void showToast(t('checkout.couponClaimedNow'), { icon: 'success' });
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
            ? `${coupon.title} ${worth(coupon)}`
            : usable.length > 0
              ? t('checkout.couponNone')
              : claimable.length > 0
                ? t('checkout.couponClaimable', { amount: formatMoney(best) })
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
              <Text className="checkout-row__value">{worth(c)}</Text>
            </View>
          ))}
          {claimable.map((offer) => (
            <View key={`offer-${offer.id}`} className="checkout-row checkout-coupon-offer">
              <Text className="checkout-coupon-offer__tag">{t('checkout.couponToClaim')}</Text>
              <Text className="checkout-row__label">{offer.title}</Text>
              <Text className="checkout-row__value">{worth(offer)}</Text>
              <View
                className="checkout-coupon-offer__claim"
                role="button"
                aria-disabled={claiming === offer.id}
                onClick={() => void claim(offer)}
              >
                <Text>{t('checkout.couponClaimAndUse')}</Text>
              </View>
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
