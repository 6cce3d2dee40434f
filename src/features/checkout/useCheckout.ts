import type { GoodsInfo } from '@contract/api/goods';
import type { Envelope } from '@contract/http';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { fetchAddresses, type Address } from '../../api/address';
import { placeOrder, type DepositMethod } from '../../api/checkout';
import { fetchMyCoupons, type MyCoupon } from '../../api/coupon';
import { getGoodsInfo } from '../../api/goods';
import type { PageBodyProps } from '../../components/page-frame';
import { useEnvelope } from '../../components/states/useEnvelope';
import { registerMessages, useTranslation } from '../../i18n';
import { checkoutMessages } from '@contract/i18n/zh-Hans/checkout';
import { replacePage } from '../../platform/navigation';
import { usePageShow } from '../../platform/page-route';
import { canFreezeDeposit, canUsePayScore, canWithholdFromCard } from '../../platform/pay-target';
import { fetchPayScoreOffer } from '../../api/pay';
import { newIdempotencyKey } from '../../platform/request';
import { getChannelCode, getDeviceId } from '../../platform/storage';
import { showMessage } from '../../platform/ui';
import { takeChosenAddress } from '../../stores/address-choice';
import { askBillReminders, prefetchReminderTemplates } from '../../stores/reminders';
import { idParam } from '../../utils';
import { bestCoupon, checkoutPrice, depositMethodsFor, parseIds } from './pricing';

registerMessages(checkoutMessages);

/**
 * The goods and the user's unused coupons, read together: the goods' failure is the page's; the
 * coupons', none to choose from.
 */
async function loadGoods(
  goodsId: number,
): Promise<Envelope<{ goods: GoodsInfo; coupons: MyCoupon[] } | null>> {
  const [goods, coupons] = await Promise.all([getGoodsInfo(goodsId), fetchMyCoupons('unused')]);
  if (goods.code !== 200 || !goods.data) return { ...goods, data: null };
  return {
    ...goods,
    data: { goods: goods.data, coupons: coupons.code === 200 ? coupons.data : [] },
  };
}

/**
 * What the order keeps of where it came from: the device id (the merchant's risk review links
 * orders from one device) and the launch query's channel (the console's reports by channel).
 */
function withOrigin<T extends object>(body: T) {
  const channelCode = getChannelCode();
  return {
    ...body,
    deviceId: getDeviceId(newIdempotencyKey),
    ...(channelCode ? { channelCode } : {}),
  };
}

/**
 * The confirm-order page's state: goods and coupons, the addresses (the one chosen in the address
 * list on coming back), the user's choices, the price they make, and the submit.
 */

export function useCheckout(params: PageBodyProps['params']) {
  const { t } = useTranslation();
  const goodsId = idParam(params.goodsId);
  const skuId = idParam(params.skuId);
  const planId = idParam(params.planId);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [address, setAddress] = useState<Address | null>(null);
  /** undefined: not chosen yet (the best one applies); null: the user chose none. */
  const [couponId, setCouponId] = useState<number | null | undefined>(undefined);
  const [serviceIds, setServiceIds] = useState<number[]>(() => parseIds(params.serviceIds));
  // Pay Score (WeChat): offered when the server says so for this user on this brand.
  const [payScore, setPayScore] = useState(false);
  const methods = useMemo(
    () => depositMethodsFor(canFreezeDeposit, canWithholdFromCard, payScore),
    [payScore],
  );
  const [depositMethod, setDepositMethod] = useState<DepositMethod>(methods[0]);
  useEffect(() => {
    if (!canUsePayScore) return;
    void fetchPayScoreOffer().then((reply) => {
      if (reply.code !== 200 || !reply.data.offered) return;
      setPayScore(true);
      setDepositMethod('payscore');
    });
  }, []);
  const [addressError, setAddressError] = useState('');

  const {
    status,
    data: loaded,
    setData: setLoaded,
    retry,
  } = useEnvelope(goodsId, () => loadGoods(goodsId));

  const loadAddresses = useCallback(async () => {
    const reply = await fetchAddresses();
    if (reply.code !== 200) return;
    setAddresses(reply.data);
    // The default address comes first; keep the user's pick when it still exists.
    setAddress((current) => reply.data.find((a) => a.id === current?.id) ?? reply.data[0] ?? null);
  }, []);

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

  const ready = status.state === 'ready' ? loaded : undefined;
  const sku = ready?.goods.skus.find((s) => s.id === skuId);
  const plan = ready?.goods.plans.find((p) => p.id === planId && p.skuId === skuId);
  const services = useMemo(
    () => (ready?.goods.services ?? []).filter((s) => s.required || serviceIds.includes(s.id)),
    [ready, serviceIds],
  );
  const marketPrice = sku?.price ?? 0;
  const before = plan
    ? checkoutPrice(plan, services, depositMethod, null, marketPrice)
    : { firstPayment: 0, planRent: 0 };
  const coupons = ready?.coupons ?? [];
  const coupon =
    couponId === undefined
      ? bestCoupon(coupons, before)
      : (coupons.find((c) => c.couponId === couponId) ?? null);
  const price = plan ? checkoutPrice(plan, services, depositMethod, coupon, marketPrice) : null;

  /** A coupon claimed on this page: one of the user's now, and the one this order uses. */
  const addClaimedCoupon = (claimed: MyCoupon) => {
    setLoaded((current) =>
      current
        ? {
            ...current,
            coupons: [...current.coupons.filter((c) => c.id !== claimed.id), claimed],
          }
        : current,
    );
    setCouponId(claimed.couponId);
  };

  // The host asks for reminders only from a tap: have the template ids ready before it.
  useEffect(() => void prefetchReminderTemplates(), []);

  const submit = async () => {
    if (!address) {
      setAddressError(t('checkout.addressRequired'));
      return;
    }
    const body = withOrigin({
      goodsId,
      skuId,
      planId,
      addressId: address.id,
      serviceIds: services.map((s) => s.id),
      depositMethod,
      ...(coupon ? { couponId: coupon.couponId } : {}),
    });
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

  return {
    status,
    goods: ready?.goods,
    retry,
    addresses,
    address,
    addressError,
    sku,
    plan,
    serviceIds,
    setServiceIds,
    coupons,
    coupon,
    setCouponId,
    addClaimedCoupon,
    methods,
    depositMethod,
    setDepositMethod,
    price,
    submit,
  };
}
