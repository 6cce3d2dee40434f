/**
 * Confirm order (pages/order/order). Query from the product page's "rent now":
 * `goodsId`, `skuId`, `planId`, `serviceIds` (comma-separated value-added service ids).
 *
 * Goods, SKU and plan; the address (the default one, or chosen in the address list's choose
 * mode, or added); the coupon (the best one by default, none allowed); services; the deposit
 * method with what it means; the price breakdown; the agreements; submit with one idempotency
 * key per set of choices, so a double tap places one order. Then the verification steps.
 */
import { View } from '@tarojs/components';
import { useState } from 'react';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation, type MessageKey } from '../../i18n';
import { useRequireLogin } from '../../stores/require-login';
import { AddressCard, GoodsCard, ServicesCard } from './CheckoutChoices';
import { AgreeAndSubmit, BreakdownCard, DepositCard } from './CheckoutSummary';
import { CouponCard } from './CouponCard';
import { useCheckout } from './useCheckout';
import './checkout.scss';

/** What the order still needs before it can be submitted (addresses still loading: nothing). */
export function missingBeforeSubmit(noAddress: boolean, agreed: boolean): MessageKey[] {
  const missing: MessageKey[] = [];
  if (noAddress) missing.push('checkout.missing.address');
  if (!agreed) missing.push('checkout.missing.agreement');
  return missing;
}

/**
 * The confirm-order page: a visitor logs in first (and comes back here), and a link without a
 * goods, SKU and plan choice says so instead of asking the server about nothing.
 */
export function ConfirmOrder(props: PageBodyProps) {
  const { t } = useTranslation();
  const loggedIn = useRequireLogin(props.route, props.params);
  if (!loggedIn) return null;
  const ids = [props.params.goodsId, props.params.skuId, props.params.planId].map(Number);
  if (!ids.every((id) => Number.isInteger(id) && id > 0)) {
    return <EmptyState title={t('checkout.choiceGone')} />;
  }
  return <ConfirmOrderBody {...props} />;
}

function ConfirmOrderBody({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const checkout = useCheckout(params);
  const { status, goods, sku, plan, price, depositMethod } = checkout;
  const [agreed, setAgreed] = useState(false);

  if (status.state === 'loading') return <Skeleton rows={6} media="square" />;
  if (status.state === 'error' || !goods || !sku || !plan || !price) {
    return (
      <ErrorState
        message={status.state === 'error' ? status.message : t('checkout.choiceGone')}
        onRetry={checkout.retry}
      />
    );
  }
  const unit = t(plan.termUnit === 'day' ? 'checkout.perDay' : 'checkout.perMonth');

  return (
    <View className="checkout">
      <AddressCard
        addresses={checkout.addresses}
        address={checkout.address}
        addressError={checkout.addressError}
      />
      <GoodsCard goods={goods} sku={sku} plan={plan} price={price} unit={unit} />
      {goods.services.length > 0 && (
        <ServicesCard
          goods={goods}
          serviceIds={checkout.serviceIds}
          onChange={checkout.setServiceIds}
          unit={unit}
        />
      )}
      <CouponCard
        coupons={checkout.coupons}
        coupon={checkout.coupon}
        price={price}
        onChoose={checkout.setCouponId}
        onClaimed={checkout.addClaimedCoupon}
      />
      <DepositCard
        methods={checkout.methods}
        depositMethod={depositMethod}
        onChoose={checkout.setDepositMethod}
        plan={plan}
      />
      <BreakdownCard price={price} unit={unit} depositMethod={depositMethod} />
      <AgreeAndSubmit
        agreed={agreed}
        onToggleAgreed={() => setAgreed((a) => !a)}
        payNow={price.payNow}
        onSubmit={checkout.submit}
        missing={missingBeforeSubmit(checkout.addresses !== null && !checkout.address, agreed)}
      />
    </View>
  );
}
