/**
 * Confirm-order steps (pages/order/order): an address and a coupon for the user, open the page
 * as the product page's "rent now" does, check what it shows, submit.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../harness';
import type { Api } from './session';

export interface RentChoice {
  goodsId: number;
  skuId: number;
  planId: number;
  serviceIds: number[];
  firstPayment: number;
}

/** The confirm page's query for a goods' first SKU and its first monthly plan. */
export async function rentChoice(api: Api, goodsId: number): Promise<RentChoice> {
  const info = await api<{
    skus: { id: number }[];
    plans: { id: number; skuId: number; termUnit: string; firstPayment: number }[];
    services: { id: number; required: boolean }[];
  }>(`/api/goods/info/${goodsId}`);
  assert.equal(info.code, 200, info.msg);
  const plan =
    info.data.plans.find((p) => p.termUnit === 'month' && p.skuId === info.data.skus[0].id) ??
    info.data.plans[0];
  return {
    goodsId,
    skuId: plan.skuId,
    planId: plan.id,
    serviceIds: info.data.services.filter((s) => s.required).map((s) => s.id),
    firstPayment: plan.firstPayment,
  };
}

export function confirmPageUrl(choice: RentChoice): string {
  return `/pages/order/order?goodsId=${choice.goodsId}&skuId=${choice.skuId}&planId=${choice.planId}&serviceIds=${choice.serviceIds.join(',')}`;
}

/** A default delivery address through the address API (the address screens have their own journey). */
export async function addAddress(api: Api): Promise<void> {
  const reply = await api('/api/user/userAddress', {
    name: '张三',
    mobile: '13912345678',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 100 号',
    isDefault: true,
  });
  assert.equal(reply.code, 200, reply.msg);
}

/** Claims every coupon the brand offers; returns the title of the one worth most for `first`. */
export async function claimCoupons(api: Api, firstPayment: number): Promise<string> {
  const list =
    await api<{ id: number; title: string; amount: number; minAmount: number; claimed: boolean }[]>(
      '/api/coupon/list',
    );
  assert.equal(list.code, 200, list.msg);
  for (const coupon of list.data) {
    if (!coupon.claimed) await api('/api/coupon/get', { couponId: coupon.id });
  }
  const usable = list.data.filter((c) => c.minAmount <= firstPayment);
  assert.ok(usable.length > 0, 'a seeded coupon applies to this plan');
  usable.sort((a, b) => Math.min(b.amount, firstPayment) - Math.min(a.amount, firstPayment));
  return usable[0].title;
}

/**
 * On the confirm page: the address and the best coupon are chosen, agree, submit (tapped twice:
 * one order). Resolves the new order's id from the verification page's URL.
 */
export async function placeOrderOnConfirmPage(
  page: Page,
  expectCouponTitle: string | null,
  shotPrefix: string,
): Promise<number> {
  await page.locator('.checkout-address__who').waitFor();
  if (expectCouponTitle) {
    await page.locator('.checkout-coupon__chosen', { hasText: expectCouponTitle }).waitFor();
    await page.getByText('优惠券抵扣').waitFor();
  }
  await screenshot(page, `${shotPrefix}-confirm-order`);
  await page.getByRole('checkbox', { name: '我已阅读并同意' }).click();
  await page.locator('.checkout-agree:visible').scrollIntoViewIfNeeded();
  await screenshot(page, `${shotPrefix}-confirm-order-bottom`);
  const submit = page.locator('.checkout-bar__submit');
  await submit.dblclick();
  await page.waitForURL(/pages\/perfectIdCard\/perfectIdCard\?orderId=\d+/);
  const orderId = Number(/orderId=(\d+)/.exec(page.url())?.[1]);
  assert.ok(orderId > 0);
  return orderId;
}
