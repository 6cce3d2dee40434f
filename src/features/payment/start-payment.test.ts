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
jest.mock('../../platform/pay-target', () => ({
  payChannel: () => 'wechat',
  returnOrigin: () => undefined,
}));
jest.mock('./pending-payments', () => ({ rememberPayment: () => undefined }));
jest.mock('../../platform/navigation', () => ({
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

it('a retry at Alipay’s mobile cashier goes back to the trade still open there, without waiting', async () => {
  const cashierUrl = 'https://openapi.alipay.com/gateway.do?method=alipay.trade.wap.pay&sign=s';
  mockOpened.mockResolvedValue({
    code: 200,
    msg: 'ok',
    data: { outTradeNo: 'PT3', amount: 100, channel: 'alipay', cashierUrl, tradeNo: '' },
  });
  mockWalletPay.mockResolvedValue({ status: 'redirected', detail: cashierUrl });
  const started = Date.now();
  await startPayment({ orderId: 9, billIds: [], idempotencyKey: 'k3', previousTrade: 'PT3' });
  expect(Date.now() - started).toBeLessThan(900);
  expect(mockOpened).toHaveBeenCalledTimes(1);
  expect(mockWalletPay.mock.calls[0]![0].cashierUrl).toBe(cashierUrl);
});

it('a retry at our own cashier asks again while the server still holds the failed trade', async () => {
  const reply = (outTradeNo: string) => ({
    code: 200,
    msg: 'ok',
    data: { outTradeNo, amount: 100, channel: 'alipay', cashierUrl: `/pay/cashier/${outTradeNo}` },
  });
  mockOpened.mockResolvedValueOnce(reply('PT4')).mockResolvedValueOnce(reply('PT5'));
  mockWalletPay.mockResolvedValue({ status: 'redirected', detail: '' });
  await startPayment({ orderId: 10, billIds: [], idempotencyKey: 'k4', previousTrade: 'PT4' });
  expect(mockOpened).toHaveBeenCalledTimes(2);
  expect(mockWalletPay.mock.calls[0]![0].cashierUrl).toMatch(/\/pay\/cashier\/PT5$/);
});
