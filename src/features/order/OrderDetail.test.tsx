/**
 * The order detail as a customer reads and uses it (issue 33): cancelling sends the reason they
 * picked; the history names each step once, in words and figures, with the order's real number
 * and why it was cancelled; the deposit card says what is frozen, never that a freeze is a waiver;
 * 租赁合同 查看 opens the signed contract rather than this page again.
 */
import TestUtils from '@tarojs/test-utils-react';
import type { OrderDetail } from '../../api/order';
import { formatMoney } from '../../utils';

const mockDetail = jest.fn();
const mockCancel = jest.fn();
const mockPickOne = jest.fn();
const mockOpenPage = jest.fn((_url: string) => Promise.resolve(true));

jest.mock('../../api/order', () => ({
  ...jest.requireActual('../../api/order'),
  fetchOrderDetail: () => Promise.resolve(mockDetail()),
  fetchReasons: () =>
    Promise.resolve({
      code: 200,
      msg: 'ok',
      data: [
        { label: '信息填写错误', value: 'wrong_info' },
        { label: '找到更便宜的', value: 'cheaper_elsewhere' },
      ],
    }),
  cancelOrder: (...args: unknown[]) => mockCancel(...args),
}));
jest.mock('../../platform/action-sheet', () => ({
  pickOne: (items: string[]) => mockPickOne(items),
}));
jest.mock('../../platform/ui', () => ({
  ...jest.requireActual('../../platform/ui'),
  confirmAction: () => Promise.resolve(true),
  showToast: () => Promise.resolve(true),
}));
jest.mock('../../platform/open-page', () => ({ openPage: (url: string) => mockOpenPage(url) }));

import { OrderDetailScreen } from './OrderDetail';

const testUtils = new TestUtils();

const EVENT = { from: '', to: '', params: {} };
const ORDER: OrderDetail = {
  id: 3,
  orderNo: '20261128000003',
  status: 'PENDING_PAY',
  statusText: '待支付',
  actions: ['pay', 'cancel'],
  goodsName: 'Apple iPhone 16 Pro Max',
  cover: '',
  skuText: '黑色 256G 全新',
  termUnit: 'month',
  term: 12,
  rentPerPeriod: 91700,
  perPeriod: 91700,
  deposit: 300000,
  depositMethod: 'freeze',
  createdAt: '2026-11-28T02:00:00.000Z',
  couponDiscount: 0,
  startDate: null,
  endDate: null,
  waybill: null,
  returnWaybill: null,
  address: {
    name: '王小明',
    mobile: '13800138000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 1 号',
  },
  services: [],
  bills: [],
  depositAuthorisation: { status: 'frozen', amount: 300000, waived: 100000, frozen: 200000 },
  events: [
    { ...EVENT, action: 'place', at: '2026-11-28T02:00:00.000Z' },
    { ...EVENT, action: 'sign', at: '2026-11-28T02:05:00.000Z' },
    // What older orders recorded for a second tap on the authorisation: the same step twice.
    { ...EVENT, action: 'refreeze', at: '2026-11-28T02:06:00.000Z', params: { amount: 300000 } },
    { ...EVENT, action: 'refreeze', at: '2026-11-28T02:06:30.000Z', params: { amount: 300000 } },
    {
      ...EVENT,
      action: 'freeze_succeeded',
      at: '2026-11-28T02:07:00.000Z',
      params: { amount: 300000, waived: 100000, frozen: 200000 },
    },
  ],
  cancelReason: null,
  returnReason: null,
};

const mount = () =>
  testUtils.mount(() => (
    <OrderDetailScreen route="pages/orderDetail/orderDetail" params={{ orderId: '3' }} />
  ));

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((done) => setTimeout(done, 10));
}

beforeEach(() => {
  mockDetail.mockReturnValue({ code: 200, msg: 'ok', data: ORDER });
});
afterEach(() => {
  testUtils.unmout();
  mockDetail.mockReset();
  mockCancel.mockReset();
  mockPickOne.mockReset();
  mockOpenPage.mockClear();
});

const text = () => document.body.textContent ?? '';

describe('OrderDetailScreen', () => {
  it('cancels with the reason the user picked', async () => {
    mockPickOne.mockResolvedValue(1);
    mockCancel.mockResolvedValue({
      code: 200,
      msg: 'ok',
      data: {
        ...ORDER,
        status: 'CANCELLED',
        actions: [],
        cancelReason: { value: 'cheaper_elsewhere', label: '找到更便宜的' },
      },
    });
    await mount();
    await testUtils.queries.waitForQuerySelector('.order-actions');
    const cancel = [...document.querySelectorAll('[role="button"]')].find(
      (button) => button.textContent === '取消订单',
    ) as HTMLElement;
    testUtils.fireEvent.click(cancel);
    await until(() => mockCancel.mock.calls.length > 0);
    expect(mockPickOne).toHaveBeenCalledWith(['信息填写错误', '找到更便宜的']);
    expect(mockCancel.mock.calls).toEqual([[3, 'cheaper_elsewhere']]);
    // The cancelled order says why.
    await until(() => text().includes('取消原因'));
    expect(text()).toContain('取消原因找到更便宜的');
  });

  it('tells the history once per step, with its figures and the order’s real number', async () => {
    await mount();
    await testUtils.queries.waitForQuerySelector('.event-timeline__item');
    const lines = [...document.querySelectorAll('.event-timeline__text')].map((l) => l.textContent);
    // Newest first; the authorisation asked for twice is one line.
    expect(lines).toEqual(['押金已冻结', '发起押金冻结', '合同已签署', '提交订单']);
    expect(document.querySelector('.event-timeline__note')?.textContent).toBe(
      `信用减免 ¥${formatMoney(100000)}，冻结 ¥${formatMoney(200000)}`,
    );
    expect(text()).toContain('订单号20261128000003');
  });

  it('says the deposit is frozen (and what credit waived), never that a freeze is a waiver', async () => {
    await mount();
    await testUtils.queries.waitForQuerySelector('.deposit-card');
    const card = document.querySelector('.deposit-card')?.textContent ?? '';
    expect(card).toContain('支付宝冻结押金');
    expect(card).toContain(`¥${formatMoney(300000)}`);
    expect(card).toContain(`信用减免 ¥${formatMoney(100000)}，实际冻结 ¥${formatMoney(200000)}`);
    expect(card).not.toContain('免押');
  });

  it('opens the signed contract from 租赁合同 查看, not the signing step that sends it back here', async () => {
    mockDetail.mockReturnValue({
      code: 200,
      msg: 'ok',
      data: { ...ORDER, status: 'RENTING', actions: ['payBills'] },
    });
    await mount();
    await testUtils.queries.waitForQuerySelector('.order-section--link');
    const contract = [...document.querySelectorAll('[role="link"]')].find((link) =>
      link.textContent?.includes('租赁合同'),
    ) as HTMLElement;
    testUtils.fireEvent.click(contract);
    expect(mockOpenPage).toHaveBeenCalledWith(
      '/pages/contractPreview/contractPreview?orderId=3&view=signed',
    );
  });
});
