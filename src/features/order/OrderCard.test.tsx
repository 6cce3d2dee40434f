/**
 * An order card in My orders: the link a screen reader announces is named by what the card
 * shows (its number, state, goods and rent), not by the goods name alone (what is spoken must
 * contain what is seen, WCAG 2.5.3) and not by its buttons, which are controls of their own;
 * tapping the card opens the order, tapping a button does only what the button says.
 */
import TestUtils from '@tarojs/test-utils-react';
import { packOf } from '@contract/i18n';
import type { OrderSummary } from '../../api/order';
import { installLanguagePack, setLanguage } from '../../i18n';

const mockOpenPage = jest.fn((_url: string) => Promise.resolve(true));
jest.mock('../../platform/open-page', () => ({ openPage: (url: string) => mockOpenPage(url) }));

import { OrderCard } from './OrderList';

const testUtils = new TestUtils();
const ORDER: OrderSummary = {
  id: 42,
  orderNo: '20261120000042',
  status: 'SHIPPED',
  statusText: '待收货',
  actions: ['express', 'receive'],
  goodsName: 'Apple iPhone 16 Pro Max',
  cover: '',
  skuText: '黑色 256G 全新',
  termUnit: 'month',
  term: 12,
  rentPerPeriod: 39900,
  perPeriod: 39900,
  deposit: 0,
  depositMethod: 'freeze',
  createdAt: '2026-11-20T10:00:00.000Z',
};

afterEach(() => {
  testUtils.unmout();
  mockOpenPage.mockClear();
  setLanguage('zh-Hans');
});

async function mountCard() {
  await testUtils.mount(() => <OrderCard order={ORDER} />);
  await testUtils.queries.waitForQuerySelector('.order-card');
}

describe('OrderCard', () => {
  it('says its rent and term in English as a sentence, not "12 × month"', async () => {
    installLanguagePack(packOf('en'));
    setLanguage('en');
    await mountCard();
    const rent = document.querySelector('.order-card__rent')?.textContent;
    expect(rent).toBe('¥399.00/month for 12 months');
  });

  it('is a link named by what it shows, its buttons outside the link', async () => {
    await mountCard();
    const links = document.querySelectorAll('[role="link"]');
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.getAttribute('aria-label')).toBeNull();
    const name = link.textContent ?? '';
    for (const shown of [ORDER.orderNo, ORDER.goodsName, ORDER.skuText, '399.00'])
      expect(name).toContain(shown);
    const buttons = [...document.querySelectorAll('[role="button"]')];
    expect(buttons.map((button) => button.textContent)).toEqual(['查看物流', '确认收货']);
    for (const button of buttons) expect(link.contains(button)).toBe(false);
  });

  it('opens the order when tapped, and only the button’s page from a button', async () => {
    await mountCard();
    await testUtils.act(() => {
      (document.querySelector('.order-card__goods') as HTMLElement).click();
    });
    expect(mockOpenPage.mock.calls).toEqual([['/pages/orderDetail/orderDetail?orderId=42']]);
    mockOpenPage.mockClear();
    await testUtils.act(() => {
      ([...document.querySelectorAll('[role="button"]')][0] as HTMLElement).click();
    });
    expect(mockOpenPage.mock.calls).toEqual([
      ['/pages/logisticsDetails/logisticsDetails?orderId=42'],
    ]);
  });
});
