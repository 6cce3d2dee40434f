/**
 * The WeChat build pays with what the server signed: the mockOpened payment's `wechat` parameters
 * reach the wallet (wx.requestPayment) untouched, and its answer decides the next page.
 */
import type { WechatPayParams } from '../../platform/payment';

const mockOpened = jest.fn();
const mockWalletPay = jest.fn();
const mockReplaced: string[] = [];

jest.mock('../../api/pay', () => ({ openPayment: (...args: unknown[]) => mockOpened(...args) }));
jest.mock('../../platform/payment', () => ({
  pay: (...args: unknown[]) => mockWalletPay(...args),
  WECHAT_BROWSER_BLOCKED: 'wechat-browser',
}));
jest.mock('../../platform/payment-flow', () => ({
  payChannel: () => 'wechat',
  rememberPayment: () => undefined,
  replacePage: (url: string) => {
    mockReplaced.push(url);
    return Promise.resolve(true);
  },
}));
jest.mock('../../platform/ui', () => ({ showMessage: () => Promise.resolve() }));

import { startPayment } from './start-payment';

const signed: WechatPayParams = {
  timeStamp: '1764000000',
  nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
  package: 'prepay_id=wx201410272009395522657a690389285100',
  signType: 'RSA',
  paySign: 'c2lnbmVkIGJ5IHRoZSBzZXJ2ZXI=',
};

beforeEach(() => {
  mockOpened.mockReset();
  mockWalletPay.mockReset();
  mockReplaced.length = 0;
});

it('hands the server’s signed parameters to wx.requestPayment and waits for the notification', async () => {
  mockOpened.mockResolvedValue({
    code: 200,
    msg: 'ok',
    data: {
      outTradeNo: 'PT1',
      amount: 100,
      channel: 'wechat',
      cashierUrl: '/pay/cashier/PT1',
      tradeNo: 'wx201410272009395522657a690389285100',
      wechat: signed,
    },
  });
  mockWalletPay.mockResolvedValue({ status: 'paid', detail: 'requestPayment:ok' });
  await startPayment({ orderId: 7, billIds: [], idempotencyKey: 'k1' });
  expect(mockOpened.mock.calls[0]![0]).toEqual({ orderId: 7, channel: 'wechat' });
  expect(mockWalletPay.mock.calls[0]![0].wechat).toEqual(signed);
  expect(mockReplaced[0]).toMatch(/PT1/);
});

it('a cancelled requestPayment leads to the failed page, not a paid one', async () => {
  mockOpened.mockResolvedValue({
    code: 200,
    msg: 'ok',
    data: {
      outTradeNo: 'PT2',
      amount: 100,
      channel: 'wechat',
      cashierUrl: '',
      tradeNo: 'x',
      wechat: signed,
    },
  });
  mockWalletPay.mockResolvedValue({ status: 'cancelled', detail: 'requestPayment:fail cancel' });
  await startPayment({ orderId: 8, billIds: [], idempotencyKey: 'k2' });
  expect(mockReplaced[0]).toMatch(/cancel/);
});
