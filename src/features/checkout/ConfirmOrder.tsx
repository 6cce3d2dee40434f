/**
 * Confirm order (pages/order/order). Query from the product page's "rent now":
 * `goodsId`, `skuId`, `planId`, `serviceIds` (comma-separated value-added service ids).
 *
 * Goods, SKU and plan; the address (the default one, or chosen in the address list's choose
 * mode, or added); the coupon (the best one by default, none allowed); services; the deposit
 * method with what it means; the price breakdown; the agreements; submit with one idempotency
 * key per set of choices, so a double tap places one order. Then the verification steps.
 */
import { useRequireLogin } from '../../stores/require-login';
import { Image, Text, View } from '@tarojs/components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchAddresses, type Address } from '../../api/address';
import { placeOrder, type DepositMethod } from '../../api/checkout';
import { askBillReminders, prefetchReminderTemplates } from '../../stores/reminders';
import { fetchMyCoupons, type MyCoupon } from '../../api/coupon';
import { getGoodsInfo } from '../../api/goods';
import { SubmitButton } from '../../components/form';
import type { PageBodyProps } from '../../components/page-frame';
import { EmptyState, ErrorState, Skeleton } from '../../components/states';
import { useTranslation, type MessageKey } from '../../i18n';
import { usePageShow } from '../../platform/page-route';
import { newIdempotencyKey } from '../../platform/request';
import { showMessage } from '../../platform/ui';
import { takeChosenAddress } from '../../stores/address-choice';
import { formatMoney, idParam, maskMobile } from '../../utils';
import type { GoodsInfo } from '@contract/api/goods';
import { bestCoupon, checkoutPrice, depositMethodsFor, parseIds } from './pricing';
import './checkout.scss';
import { openPage } from '../../platform/open-page';
import { mediaUrl } from '../../api/media';
import { canFreezeDeposit, canWithholdFromCard } from '../../platform/pay-target';
import { replacePage } from '../../platform/navigation';

const DEPOSIT_LABELS: Record<DepositMethod, { name: MessageKey; explain: MessageKey }> = {
  freeze: { name: 'checkout.deposit.freeze', explain: 'checkout.deposit.freezeExplain' },
  card: { name: 'checkout.deposit.card', explain: 'checkout.deposit.cardExplain' },
  paid: { name: 'checkout.deposit.paid', explain: 'checkout.deposit.paidExplain' },
  waived: { name: 'checkout.deposit.waived', explain: 'checkout.deposit.waivedExplain' },
};

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; goods: GoodsInfo; coupons: MyCoupon[] };

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
  const goodsId = idParam(params.goodsId);
  const skuId = idParam(params.skuId);
  const planId = idParam(params.planId);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [address, setAddress] = useState<Address | null>(null);
  /** undefined: not chosen yet (the best one applies); null: the user chose none. */
  const [couponId, setCouponId] = useState<number | null | undefined>(undefined);
  const [couponsOpen, setCouponsOpen] = useState(false);
  const [serviceIds, setServiceIds] = useState<number[]>(() => parseIds(params.serviceIds));
  const methods = depositMethodsFor(canFreezeDeposit, canWithholdFromCard);
  const [depositMethod, setDepositMethod] = useState<DepositMethod>(methods[0]);
  const [agreed, setAgreed] = useState(false);
  const [addressError, setAddressError] = useState('');

  const loadAll = useCallback(async () => {
    setLoad({ state: 'loading' });
    const [goods, coupons] = await Promise.all([getGoodsInfo(goodsId), fetchMyCoupons('unused')]);
    if (goods.code !== 200) {
      setLoad({ state: 'error', message: goods.msg });
      return;
    }
    setLoad({
      state: 'ready',
      goods: goods.data,
      coupons: coupons.code === 200 ? coupons.data : [],
    });
  }, [goodsId]);

  const loadAddresses = useCallback(async () => {
    const reply = await fetchAddresses();
    if (reply.code !== 200) return;
    setAddresses(reply.data);
    // The default address comes first; keep the user's pick when it still exists.
    setAddress((current) => reply.data.find((a) => a.id === current?.id) ?? reply.data[0] ?? null);
  }, []);

  useEffect(() => {
    void loadAll();
  }, [loadAll]);

  usePageShow(() => {
    const chosen = takeChosenAddress();
    if (chosen) {
      setAddress(chosen);
      setAddressError('');
    }
    void loadAddresses();
  });

  // One key per set of choices: a double tap repeats the key (one order); a changed choice
  // after a refusal is a new intent with a new key (the server refuses another body under a key).
  const intent = useRef<{ body: string; key: string } | null>(null);

  const ready = load.state === 'ready' ? load : null;
  const sku = ready?.goods.skus.find((s) => s.id === skuId);
  const plan = ready?.goods.plans.find((p) => p.id === planId && p.skuId === skuId);
  const services = useMemo(
    () => (ready?.goods.services ?? []).filter((s) => s.required || serviceIds.includes(s.id)),
    [ready, serviceIds],
  );
  const firstBefore = plan ? checkoutPrice(plan, services, depositMethod, null).firstPayment : 0;
  const coupons = ready?.coupons ?? [];
  const coupon =
    couponId === undefined
      ? bestCoupon(coupons, firstBefore)
      : (coupons.find((c) => c.couponId === couponId) ?? null);
  const price = plan ? checkoutPrice(plan, services, depositMethod, coupon) : null;

  // The host asks for reminders only from a tap: have the template ids ready before it.
  useEffect(() => void prefetchReminderTemplates(), []);

  if (load.state === 'loading') return <Skeleton rows={6} media="square" />;
  if (load.state === 'error' || !sku || !plan || !price) {
    return (
      <ErrorState
        message={load.state === 'error' ? load.message : t('checkout.choiceGone')}
        onRetry={() => void loadAll()}
      />
    );
  }
  const goods = load.goods;

  const submit = async () => {
    if (!address) {
      setAddressError(t('checkout.addressRequired'));
      return;
    }
    const body = {
      goodsId,
      skuId,
      planId,
      addressId: address.id,
      serviceIds: services.map((s) => s.id),
      depositMethod,
      ...(coupon ? { couponId: coupon.couponId } : {}),
    };
    const bodyText = JSON.stringify(body);
    if (intent.current?.body !== bodyText) {
      intent.current = { body: bodyText, key: newIdempotencyKey() };
    }
    // Mini-programs: reminders as service messages, asked from this tap (SMS goes anyway).
    await askBillReminders();
    const reply = await placeOrder(body, intent.current.key);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    await replacePage(`/pages/perfectIdCard/perfectIdCard?orderId=${reply.data.id}`);
  };

  const unit = t(plan.termUnit === 'day' ? 'checkout.perDay' : 'checkout.perMonth');
  const usable = coupons.filter((c) => c.minAmount <= price.firstPayment);

  return (
    <View className="checkout">
      <View
        className={`checkout-card checkout-address${addressError ? ' checkout-address--invalid' : ''}`}
        role="button"
        aria-label={t('checkout.address')}
        onClick={() =>
          void openPage(
            addresses && addresses.length === 0
              ? '/pages/shipToAddress/shipToAddress'
              : '/pages/addressList/addressList?mode=choose',
          )
        }
      >
        {address ? (
          <View className="checkout-address__body">
            <Text className="checkout-address__who">
              {address.name} {maskMobile(address.mobile)}
            </Text>
            <Text className="checkout-address__where">
              {address.province}
              {address.city}
              {address.district}
              {address.detail}
            </Text>
          </View>
        ) : (
          <Text className="checkout-address__add">{t('checkout.addAddress')}</Text>
        )}
        <Text className="checkout-card__arrow" aria-hidden>
          ›
        </Text>
      </View>
      {addressError && (
        <Text className="checkout-error" role="alert">
          {addressError}
        </Text>
      )}

      <View className="checkout-card checkout-goods">
        <Image
          className="checkout-goods__cover"
          src={mediaUrl(sku.image || goods.cover)}
          mode="aspectFill"
          aria-label={goods.name}
        />
        <View className="checkout-goods__body">
          <Text className="checkout-goods__name">{goods.name}</Text>
          <Text className="checkout-goods__sku">
            {[sku.color, sku.capacity, sku.condition].filter(Boolean).join(' / ')}
          </Text>
          <Text className="checkout-goods__plan">
            {t('checkout.plan', {
              term: plan.term,
              unit: t(plan.termUnit === 'day' ? 'checkout.days' : 'checkout.months'),
            })}
          </Text>
          <Text className="checkout-goods__rent">
            ¥{formatMoney(price.rentPerPeriod)}
            {unit}
          </Text>
        </View>
      </View>

      {goods.services.length > 0 && (
        <View className="checkout-card">
          <Text className="checkout-card__title">{t('checkout.services')}</Text>
          {goods.services.map((service) => {
            const on = service.required || serviceIds.includes(service.id);
            return (
              <View
                key={service.id}
                className="checkout-row checkout-row--tap"
                role="checkbox"
                aria-checked={on}
                aria-disabled={service.required}
                onClick={() => {
                  if (service.required) return;
                  setServiceIds((ids) =>
                    on ? ids.filter((id) => id !== service.id) : [...ids, service.id],
                  );
                }}
              >
                <Text className={`checkout-check${on ? ' checkout-check--on' : ''}`}>
                  {on ? '✓' : ''}
                </Text>
                <Text className="checkout-row__label">
                  {service.name}
                  {service.required ? ` (${t('checkout.required')})` : ''}
                </Text>
                <Text className="checkout-row__value">
                  ¥{formatMoney(service.price)}
                  {service.priceUnit === 'period' ? unit : t('checkout.once')}
                </Text>
              </View>
            );
          })}
        </View>
      )}

      <View className="checkout-card">
        <View
          className="checkout-row checkout-row--tap"
          role="button"
          aria-expanded={couponsOpen}
          onClick={() => setCouponsOpen((open) => !open)}
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
        {couponsOpen && (
          <View className="checkout-coupons" role="radiogroup" aria-label={t('checkout.coupon')}>
            {usable.map((c) => (
              <View
                key={c.id}
                className="checkout-row checkout-row--tap"
                role="radio"
                aria-checked={coupon?.id === c.id}
                onClick={() => {
                  setCouponId(c.couponId);
                  setCouponsOpen(false);
                }}
              >
                <Text
                  className={`checkout-check${coupon?.id === c.id ? ' checkout-check--on' : ''}`}
                >
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
              onClick={() => {
                setCouponId(null);
                setCouponsOpen(false);
              }}
            >
              <Text className={`checkout-check${!coupon ? ' checkout-check--on' : ''}`}>
                {!coupon ? '✓' : ''}
              </Text>
              <Text className="checkout-row__label">{t('checkout.couponNone')}</Text>
            </View>
          </View>
        )}
      </View>

      <View className="checkout-card">
        <Text className="checkout-card__title">{t('checkout.deposit.title')}</Text>
        <View
          className="checkout-methods"
          role="radiogroup"
          aria-label={t('checkout.deposit.title')}
        >
          {methods.map((method) => (
            <View
              key={method}
              className={`checkout-method${method === depositMethod ? ' checkout-method--on' : ''}`}
              role="radio"
              aria-checked={method === depositMethod}
              onClick={() => setDepositMethod(method)}
            >
              <Text>{t(DEPOSIT_LABELS[method].name)}</Text>
            </View>
          ))}
        </View>
        <Text className="checkout-explain">
          {t(DEPOSIT_LABELS[depositMethod].explain, { deposit: formatMoney(plan.deposit) })}
        </Text>
      </View>

      <View className="checkout-card" aria-label={t('checkout.breakdown')}>
        <Text className="checkout-card__title">{t('checkout.breakdown')}</Text>
        <PriceRow
          label={t('checkout.rent')}
          value={`¥${formatMoney(price.rentPerPeriod)}${unit}`}
        />
        <PriceRow label={t('checkout.totalRent')} value={`¥${formatMoney(price.totalRent)}`} />
        <PriceRow
          label={t('checkout.firstPayment')}
          value={`¥${formatMoney(price.firstPayment)}`}
        />
        {price.couponDiscount > 0 && (
          <PriceRow
            label={t('checkout.couponDiscount')}
            value={`-¥${formatMoney(price.couponDiscount)}`}
          />
        )}
        <PriceRow
          label={t('checkout.depositAmount')}
          value={
            depositMethod === 'waived'
              ? t('checkout.deposit.waivedShort')
              : `¥${formatMoney(price.deposit)} (${t(DEPOSIT_LABELS[depositMethod].name)})`
          }
        />
        <PriceRow label={t('checkout.payNow')} value={`¥${formatMoney(price.payNow)}`} strong />
      </View>

      <View className="checkout-agree">
        <View
          className="checkout-agree__check"
          role="checkbox"
          aria-checked={agreed}
          aria-label={t('checkout.agree')}
          onClick={() => setAgreed((a) => !a)}
        >
          <Text className={`checkout-check${agreed ? ' checkout-check--on' : ''}`}>
            {agreed ? '✓' : ''}
          </Text>
          <Text className="checkout-agree__text">{t('checkout.agree')}</Text>
        </View>
        <Text
          className="checkout-agree__link"
          role="link"
          onClick={() => void openPage('/pages/agreement/agreement')}
        >
          {t('checkout.agreementLink')}
        </Text>
      </View>

      <View className="checkout-bar">
        <View className="checkout-bar__sum">
          <Text className="checkout-bar__label">{t('checkout.payNow')}</Text>
          <Text className="checkout-bar__amount">¥{formatMoney(price.payNow)}</Text>
        </View>
        <SubmitButton
          className="checkout-bar__submit"
          onSubmit={submit}
          disabled={!agreed}
          pendingText={t('checkout.submitting')}
        >
          {t('checkout.submit')}
        </SubmitButton>
      </View>
    </View>
  );
}

function PriceRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <View className={`checkout-row${strong ? ' checkout-row--strong' : ''}`}>
      <Text className="checkout-row__label">{label}</Text>
      <Text className="checkout-row__value">{value}</Text>
    </View>
  );
}
