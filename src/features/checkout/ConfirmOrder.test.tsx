/**
 * The confirm-order page says what stands between the user and 提交订单 (a greyed button alone
 * did not), and offers a coupon waiting in 领券中心 right where it says which coupon applies,
 * claiming and using it in one tap (it said 暂无可用优惠券 while a ¥20 新人券 waited).
 */
import TestUtils from '@tarojs/test-utils-react';
import type { GoodsInfo } from '@contract/api/goods';
import type { Coupon, MyCoupon } from '../../api/coupon';
import { useSession } from '../../stores/session';
import { formatMoney } from '../../utils';

const mockClaim = jest.fn();
/** The user's coupons (none unless a test gives some). */
let mockMine: MyCoupon[] = [];
const NEWCOMER: Coupon = {
  id: 31,
  title: '新人券',
  description: '首期立减',
  amount: 2000,
  minAmount: 0,
  validDays: 30,
  claimed: false,
};
const CLAIMED: MyCoupon = {
  id: 501,
  couponId: 31,
  title: '新人券',
  description: '首期立减',
  amount: 2000,
  minAmount: 0,
  status: 'unused',
  claimedAt: '2026-11-28T02:00:00.000Z',
  expiresAt: '2026-12-28T02:00:00.000Z',
};
const GOODS: GoodsInfo = {
  id: 1,
  categoryId: 1,
  name: 'Apple iPhone 16 Pro Max',
  subtitle: '',
  brandName: 'Apple',
  cover: '',
  tags: [],
  minRent: 91700,
  marketPrice: 999900,
  sales: 0,
  isEnjoy: false,
  categoryName: '手机',
  images: [],
  detailImages: [],
  skus: [
    {
      id: 2,
      color: '黑色',
      capacity: '256G',
      condition: '全新',
      price: 999900,
      stock: 5,
      image: '',
    },
  ],
  plans: [
    {
      id: 3,
      skuId: 2,
      termUnit: 'month',
      term: 12,
      rentPerPeriod: 91700,
      firstPayment: 91700,
      deposit: 300000,
      totalRent: 1100400,
      buyoutPrices: [],
    },
  ],
  services: [],
};

jest.mock('../../api/goods', () => ({
  getGoodsInfo: () => Promise.resolve({ code: 200, msg: 'ok', data: GOODS }),
}));
jest.mock('../../api/coupon', () => ({
  fetchMyCoupons: () => Promise.resolve({ code: 200, msg: 'ok', data: mockMine }),
  fetchClaimableCoupons: () => Promise.resolve({ code: 200, msg: 'ok', data: [NEWCOMER] }),
  claimCoupon: (id: number) => mockClaim(id),
}));
jest.mock('../../api/address', () => ({
  fetchAddresses: () => Promise.resolve({ code: 200, msg: 'ok', data: [] }),
}));
jest.mock('../../stores/reminders', () => ({
  askBillReminders: () => Promise.resolve(),
  prefetchReminderTemplates: () => Promise.resolve(),
}));
jest.mock('../../platform/ui', () => ({
  ...jest.requireActual('../../platform/ui'),
  showToast: () => Promise.resolve(true),
}));

import { ConfirmOrder, missingBeforeSubmit } from './ConfirmOrder';

const testUtils = new TestUtils();
beforeEach(() => {
  useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
  mockClaim.mockResolvedValue({ code: 200, msg: 'ok', data: CLAIMED });
});
afterEach(() => {
  testUtils.unmout();
  mockClaim.mockReset();
  mockMine = [];
  useSession.setState({ status: 'loggedOut', userInfo: undefined });
});

const mount = () =>
  testUtils.mount(() => (
    <ConfirmOrder route="pages/order/order" params={{ goodsId: '1', skuId: '2', planId: '3' }} />
  ));
const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((done) => setTimeout(done, 10));
}

describe('ConfirmOrder', () => {
  it('says what is missing while 提交订单 is off, and nothing once it is on', async () => {
    await mount();
    await testUtils.queries.waitForQuerySelector('.checkout-bar');
    expect(document.querySelector('.checkout-bar .form-submit--disabled')).not.toBeNull();
    expect(text('.checkout-bar__missing')).toBe('提交前请先：勾选同意《租赁及服务协议》');
    testUtils.fireEvent.click(document.querySelector('.checkout-agree__check') as HTMLElement);
    await until(() => document.querySelector('.checkout-bar__missing') === null);
    expect(document.querySelector('.checkout-bar__missing')).toBeNull();
    expect(document.querySelector('.checkout-bar .form-submit--disabled')).toBeNull();
  });

  it('names every missing step: the address first, then the agreement', () => {
    expect(missingBeforeSubmit(true, false)).toEqual([
      'checkout.missing.address',
      'checkout.missing.agreement',
    ]);
    // Addresses still loading are not missing.
    expect(missingBeforeSubmit(false, true)).toEqual([]);
  });

  it('offers the unclaimed coupon where it says none is usable, and uses it once claimed', async () => {
    await mount();
    await until(() => text('.checkout-coupon__chosen').includes('可领取'));
    expect(text('.checkout-coupon__chosen')).toBe(`有可领取的优惠券，最高减 ¥${formatMoney(2000)}`);
    testUtils.fireEvent.click(document.querySelector('.checkout-row--tap') as HTMLElement);
    await testUtils.queries.waitForQuerySelector('.checkout-coupon-offer__claim');
    testUtils.fireEvent.click(
      document.querySelector('.checkout-coupon-offer__claim') as HTMLElement,
    );
    await until(() => text('.checkout-coupon__chosen').startsWith('新人券'));
    expect(mockClaim).toHaveBeenCalledWith(31);
    expect(text('.checkout-coupon__chosen')).toBe(`新人券 -¥${formatMoney(2000)}`);
    // The sum to pay now is the first payment less the coupon.
    expect(text('.checkout-bar__amount')).toBe(`¥${formatMoney(91700 - 2000)}`);
  });

  it('shows a percentage coupon as 8.5折 and takes 15% of the first payment', async () => {
    mockMine = [{ ...CLAIMED, title: '折扣券', amount: 0, kind: 'percent', percentOff: 15 }];
    await mount();
    await until(() => text('.checkout-coupon__chosen').startsWith('折扣券'));
    // 15% of ¥917.00 is ¥137.55, not ¥0.
    expect(text('.checkout-coupon__chosen')).toBe(`折扣券 8.5折 -¥${formatMoney(13755)}`);
    expect(text('.checkout-bar__amount')).toBe(`¥${formatMoney(91700 - 13755)}`);
  });

  it('shows a first-month-free coupon as 首月免租 and takes the first month off', async () => {
    mockMine = [{ ...CLAIMED, title: '免租券', amount: 0, kind: 'first_month_free' }];
    await mount();
    await until(() => text('.checkout-coupon__chosen').startsWith('免租券'));
    expect(text('.checkout-coupon__chosen')).toBe(`免租券 首月免租 -¥${formatMoney(91700)}`);
    expect(text('.checkout-bar__amount')).toBe(`¥${formatMoney(0)}`);
  });
});
