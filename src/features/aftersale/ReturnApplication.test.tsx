/**
 * The return application shows its form once the order and the return reasons have both
 * arrived: reasons that came later moved the form down under the user's finger, and a form
 * without them could never be sent (a reason is required), so failing to load them is the page's
 * error, with a retry.
 */
import TestUtils from '@tarojs/test-utils-react';

const mockOrderReply = jest.fn();
const mockReasonsReply = jest.fn();
const mockAddressesReply = jest.fn();
const mockApplyReturn = jest.fn((..._args: unknown[]) =>
  Promise.resolve({ code: 200, msg: 'ok', data: null }),
);

jest.mock('../../api/order', () => ({
  fetchOrderDetail: () => Promise.resolve(mockOrderReply()),
  fetchReasons: () => Promise.resolve(mockReasonsReply()),
  fetchReturnAddresses: () => mockAddressesReply(),
  applyReturn: (...args: unknown[]) => mockApplyReturn(...args),
}));
jest.mock('../../platform/navigation', () => ({ replacePage: () => Promise.resolve(true) }));

import { ReturnApplication } from './ReturnApplication';

const testUtils = new TestUtils();
const ORDER = { id: 7, goodsName: 'Apple iPhone 16 Pro Max', skuText: '黑色 256G 全新', cover: '' };
const REASONS = [
  { label: '不想租了', value: 'no_longer_needed' },
  { label: '商品故障', value: 'faulty' },
];

const ADDRESS = { label: '李四 13800000000', value: '浙江省杭州市西湖区文三路 1 号 售后部' };
beforeEach(() => {
  mockAddressesReply.mockResolvedValue({ code: 200, msg: 'ok', data: [ADDRESS] });
});

afterEach(() => {
  testUtils.unmout();
  mockOrderReply.mockReset();
  mockReasonsReply.mockReset();
  mockAddressesReply.mockReset();
  mockApplyReturn.mockClear();
});

const mount = () =>
  testUtils.mount(() => (
    <ReturnApplication
      route="pages/returnApplication/returnApplication"
      params={{ orderId: '7' }}
    />
  ));
const reasonLabels = () =>
  [...document.querySelectorAll('[role="radio"]')].map((radio) => radio.textContent);

describe('ReturnApplication', () => {
  it('shows the form with its reasons only once both have arrived', async () => {
    mockOrderReply.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
    mockReasonsReply.mockReturnValue({ code: 200, msg: 'ok', data: REASONS });
    await mount();
    await testUtils.queries.waitForQuerySelector('.aftersale-goods__name');
    expect(document.querySelector('.aftersale-goods__name')?.textContent).toBe(ORDER.goodsName);
    // The reasons, then the return method's one choice.
    expect(reasonLabels().slice(0, 2)).toEqual(['不想租了', '商品故障']);
  });

  it('says the reasons could not be loaded, and loads them again on retry', async () => {
    mockOrderReply.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
    mockReasonsReply.mockReturnValueOnce({ code: 500, msg: '网络异常', data: null });
    mockReasonsReply.mockReturnValue({ code: 200, msg: 'ok', data: REASONS });
    await mount();
    await testUtils.queries.waitForQuerySelector('.state--error');
    expect(document.querySelector('.state__title')?.textContent).toBe('网络异常');
    expect(document.querySelector('.aftersale-goods__name')).toBeNull();
    testUtils.fireEvent.click(
      document.querySelector('.state--error [role="button"]') as HTMLElement,
    );
    await testUtils.queries.waitForQuerySelector('.aftersale-goods__name');
    expect(reasonLabels().slice(0, 2)).toEqual(['不想租了', '商品故障']);
  });

  it('waits for the return address too, and draws it with the form', async () => {
    mockOrderReply.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
    mockReasonsReply.mockReturnValue({ code: 200, msg: 'ok', data: REASONS });
    let release: () => void = () => undefined;
    mockAddressesReply.mockReturnValue(
      new Promise((resolve) => {
        release = () => resolve({ code: 200, msg: 'ok', data: [ADDRESS] });
      }),
    );
    await mount();
    await testUtils.queries.waitForQuerySelector('.skeleton');
    // Order and reasons are in; the form waits rather than move down when the address comes.
    expect(document.querySelector('.aftersale-goods__name')).toBeNull();
    await testUtils.act(async () => release());
    await testUtils.queries.waitForQuerySelector('.aftersale-address');
    expect(document.querySelector('.aftersale-address')?.textContent).toBe(
      `${ADDRESS.label}${ADDRESS.value}`,
    );
    expect(reasonLabels().slice(0, 2)).toEqual(['不想租了', '商品故障']);
  });

  it('offers customer service where the return address could not be read', async () => {
    mockOrderReply.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
    mockReasonsReply.mockReturnValue({ code: 200, msg: 'ok', data: REASONS });
    mockAddressesReply.mockResolvedValue({ code: 500, msg: '网络异常', data: null });
    await mount();
    await testUtils.queries.waitForQuerySelector('.aftersale-goods__name');
    expect(document.body.textContent).toContain('联系客服');
    expect(reasonLabels().slice(0, 2)).toEqual(['不想租了', '商品故障']);
  });

  it('sends the reason chosen with the application, as the merchant’s dictionary names it', async () => {
    mockOrderReply.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
    mockReasonsReply.mockReturnValue({ code: 200, msg: 'ok', data: REASONS });
    await mount();
    await testUtils.queries.waitForQuerySelector('.aftersale-goods__name');
    const faulty = [...document.querySelectorAll('[role="radio"]')].find(
      (radio) => radio.textContent === '商品故障',
    ) as HTMLElement;
    testUtils.fireEvent.click(faulty);
    testUtils.fireEvent.click(document.querySelector('.form-submit') as HTMLElement);
    for (let i = 0; i < 50 && mockApplyReturn.mock.calls.length === 0; i += 1)
      await new Promise((done) => setTimeout(done, 10));
    expect(mockApplyReturn.mock.calls).toEqual([[7, 'faulty']]);
  });
});
