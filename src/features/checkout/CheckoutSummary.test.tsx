/**
 * The confirm page's summary states each deposit method for what it is: a card order takes no
 * deposit (its charges are withheld from the card), a freeze is frozen, a paid one is paid.
 */
import TestUtils from '@tarojs/test-utils-react';
import { formatMoney } from '../../utils';
import { BreakdownCard } from './CheckoutSummary';
import type { CheckoutPrice } from './pricing';

const testUtils = new TestUtils();
afterEach(() => testUtils.unmout());

const PRICE: CheckoutPrice = {
  rentPerPeriod: 91700,
  firstPayment: 91700,
  couponDiscount: 0,
  deposit: 300000,
  payNow: 91700,
  totalRent: 1100400,
  planRent: 91700,
};

const depositRow = () =>
  [...document.querySelectorAll('.checkout-row')]
    .find((row) => row.querySelector('.checkout-row__label')?.textContent === '押金')
    ?.querySelector('.checkout-row__value')?.textContent;

describe('BreakdownCard', () => {
  it('says a card order takes no deposit rather than list one', async () => {
    await testUtils.mount(() => <BreakdownCard price={PRICE} unit="/月" depositMethod="card" />);
    await testUtils.queries.waitForQuerySelector('.checkout-row');
    expect(depositRow()).toBe('不收押金');
  });

  it('states the amount of a deposit that is frozen', async () => {
    await testUtils.mount(() => <BreakdownCard price={PRICE} unit="/月" depositMethod="freeze" />);
    await testUtils.queries.waitForQuerySelector('.checkout-row');
    expect(depositRow()).toBe(`¥${formatMoney(300000)} (预授权冻结)`);
  });
});
