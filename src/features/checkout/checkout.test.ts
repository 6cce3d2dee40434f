import type { GoodsPlan, ValueAddedService } from '@contract/api/goods';
import type { MyCoupon } from '../../api/coupon';
import { bestCoupon, checkoutPrice, depositMethodsFor, parseIds } from './pricing';

const monthPlan: GoodsPlan = {
  id: 4,
  skuId: 3,
  termUnit: 'month',
  term: 12,
  rentPerPeriod: 30000,
  firstPayment: 30000,
  deposit: 200000,
  totalRent: 360000,
  buyoutPrices: [],
};
const care: ValueAddedService = {
  id: 7,
  name: '碎屏保',
  description: '',
  price: 1500,
  priceUnit: 'period',
  required: false,
};
const setup: ValueAddedService = {
  id: 9,
  name: '开机服务',
  description: '',
  price: 4900,
  priceUnit: 'once',
  required: true,
};

function coupon(id: number, amount: number, minAmount: number, expiresAt = '2030-01-01'): MyCoupon {
  return {
    id: id * 10,
    couponId: id,
    title: `券${id}`,
    description: '',
    amount,
    minAmount,
    status: 'unused',
    claimedAt: '2026-01-01',
    expiresAt,
  };
}

/** A first payment whose plan rent is the payment itself (no services). */
const at = (firstPayment: number) => ({ firstPayment, planRent: firstPayment });

describe('checkoutPrice', () => {
  it('adds per-period services to every rent and one-off services to the first payment', () => {
    const price = checkoutPrice(monthPlan, [care, setup], 'freeze', null);
    expect(price.rentPerPeriod).toBe(31500);
    expect(price.firstPayment).toBe(30000 + 1500 + 4900);
    expect(price.totalRent).toBe(360000 + 1500 * 12 + 4900);
    // A frozen deposit is not paid now.
    expect(price.payNow).toBe(36400);
    expect(price.deposit).toBe(200000);
  });

  it('takes the coupon off the first payment, never below zero, only above its threshold', () => {
    expect(checkoutPrice(monthPlan, [], 'freeze', coupon(1, 5000, 20000)).payNow).toBe(25000);
    expect(checkoutPrice(monthPlan, [], 'freeze', coupon(1, 50000, 0)).payNow).toBe(0);
    expect(checkoutPrice(monthPlan, [], 'freeze', coupon(1, 5000, 30001)).couponDiscount).toBe(0);
  });

  it('takes a percentage of the whole first payment, rounded down to the fen', () => {
    // 15% off (8.5折) of 30000 + 1500 + 4900 = 36400: 5460.
    const percent = { ...coupon(2, 0, 0), kind: 'percent' as const, percentOff: 15 };
    const price = checkoutPrice(monthPlan, [care, setup], 'freeze', percent);
    expect(price.couponDiscount).toBe(5460);
    expect(price.payNow).toBe(36400 - 5460);
    // 33% of 30001 is 9900.33: the fen rounds down, as the server's does.
    const odd = { ...monthPlan, firstPayment: 30001 };
    expect(checkoutPrice(odd, [], 'freeze', { ...percent, percentOff: 33 }).couponDiscount).toBe(
      9900,
    );
  });

  it("takes the first month's rent (services aside) for a first-month-free coupon", () => {
    const free = { ...coupon(3, 0, 0), kind: 'first_month_free' as const };
    const price = checkoutPrice(monthPlan, [care, setup], 'freeze', free);
    expect(price.couponDiscount).toBe(30000);
    expect(price.payNow).toBe(1500 + 4900);
    // Below its threshold it takes nothing.
    expect(checkoutPrice(monthPlan, [], 'freeze', { ...free, minAmount: 40000 }).payNow).toBe(
      30000,
    );
  });

  it('adds a paid deposit to what is paid now and drops a waived one', () => {
    expect(checkoutPrice(monthPlan, [], 'paid', null).payNow).toBe(230000);
    const waived = checkoutPrice(monthPlan, [], 'waived', null);
    expect(waived.deposit).toBe(0);
    expect(waived.payNow).toBe(30000);
  });

  it('charges a day plan its whole term of per-period services up front', () => {
    const dayPlan: GoodsPlan = { ...monthPlan, termUnit: 'day', term: 7, firstPayment: 7000 };
    expect(checkoutPrice(dayPlan, [care], 'freeze', null).firstPayment).toBe(7000 + 1500 * 7);
  });
});

describe('bestCoupon', () => {
  it('picks the one worth most for this payment, skipping those it does not reach', () => {
    const coupons = [coupon(1, 3000, 0), coupon(2, 9000, 50000), coupon(3, 5000, 10000)];
    expect(bestCoupon(coupons, at(30000))?.couponId).toBe(3);
    expect(bestCoupon(coupons, at(60000))?.couponId).toBe(2);
    expect(bestCoupon(coupons, at(5000))?.couponId).toBe(1);
  });

  it('prefers the one expiring first on a tie, ignores used ones, and may find none', () => {
    const soon = coupon(4, 3000, 0, '2027-01-01');
    expect(bestCoupon([coupon(5, 3000, 0), soon], at(30000))?.couponId).toBe(4);
    expect(bestCoupon([{ ...soon, status: 'used' }], at(30000))).toBeNull();
    expect(bestCoupon([], at(30000))).toBeNull();
  });

  it('values a percentage or a free first month at what it takes off this payment', () => {
    const percent = { ...coupon(9, 0, 0), kind: 'percent' as const, percentOff: 20 };
    const free = { ...coupon(10, 0, 0), kind: 'first_month_free' as const };
    // 20% of 36400 is 7280, more than ¥50 off; a free month (30000) is more than both.
    expect(bestCoupon([coupon(1, 5000, 0), percent], at(36400))?.couponId).toBe(9);
    expect(
      bestCoupon([coupon(1, 5000, 0), percent, free], { firstPayment: 36400, planRent: 30000 })
        ?.couponId,
    ).toBe(10);
  });

  it('values a coupon larger than the payment at the payment', () => {
    // Worth 20000 here, not 90000: it still beats 15000, and ties with 20000 (earlier expiry wins).
    expect(bestCoupon([coupon(6, 90000, 0), coupon(7, 15000, 0)], at(20000))?.couponId).toBe(6);
    const early = coupon(8, 20000, 0, '2028-01-01');
    expect(bestCoupon([coupon(6, 90000, 0), early], at(20000))?.couponId).toBe(8);
  });
});

describe('deposit methods and ids', () => {
  it('offers freeze where Alipay authorisation exists and card withholding on WeChat', () => {
    expect(depositMethodsFor(true, false)).toEqual(['freeze', 'paid', 'waived']);
    expect(depositMethodsFor(false, true)).toEqual(['card', 'paid', 'waived']);
  });

  it('reads the product page serviceIds, dropping anything that is not an id', () => {
    expect(parseIds('7,9')).toEqual([7, 9]);
    expect(parseIds('7,,x,-1,2.5,9')).toEqual([7, 9]);
    expect(parseIds(undefined)).toEqual([]);
  });
});
