import { confirmPayScore as confirmH5 } from '../payment';
import { confirmPayScore as confirmAlipay } from '../payment.alipay';
import { confirmPayScore } from '../payment.weapp';

/**
 * WeChat Pay Score's confirmation (调起支付分-确认订单): the WeChat mini-program opens it with
 * `wx.openBusinessView({ businessType: 'wxpayScoreUse', extraData: { package } })`. Coming back is
 * only `pending` (the server waits for PAYSCORE.USER_CONFIRM); leaving is a cancel or a failure.
 * `wx` is a stand-in answering asynchronously.
 */

interface BusinessViewOptions {
  businessType: string;
  extraData: Record<string, string>;
  success: (r: { errMsg: string }) => void;
  fail: (e: { errMsg: string }) => void;
}

const globals = globalThis as { wx?: unknown };
afterEach(() => {
  delete globals.wx;
});

const CONFIRMATION = {
  businessType: 'wxpayScoreUse' as const,
  extraData: { package: 'AAQTnZoAAAABAAAAAAD8m2b8' },
};

function installWechat(answer: (o: BusinessViewOptions) => void) {
  const seen: { businessType: string; extraData: Record<string, string> }[] = [];
  globals.wx = {
    openBusinessView: (o: BusinessViewOptions) => {
      seen.push({ businessType: o.businessType, extraData: o.extraData });
      setTimeout(() => answer(o), 5);
    },
  };
  return seen;
}

test('hands WeChat the business type and the package alone; back from the page is pending', async () => {
  const seen = installWechat((o) => o.success({ errMsg: 'openBusinessView:ok' }));
  await expect(confirmPayScore(CONFIRMATION)).resolves.toMatchObject({ status: 'pending' });
  expect(seen).toEqual([
    { businessType: 'wxpayScoreUse', extraData: { package: 'AAQTnZoAAAABAAAAAAD8m2b8' } },
  ]);
});

test.each([
  ['openBusinessView:fail cancel', 'cancelled'],
  ['openBusinessView:fail 4186', 'failed'],
])('%s is %s', async (errMsg, status) => {
  installWechat((o) => o.fail({ errMsg }));
  await expect(confirmPayScore(CONFIRMATION)).resolves.toMatchObject({ status });
});

test('without a package, or on an old WeChat, nothing is opened', async () => {
  const seen = installWechat(() => undefined);
  await expect(confirmPayScore(undefined)).resolves.toMatchObject({ status: 'unavailable' });
  expect(seen).toEqual([]);
  globals.wx = {};
  await expect(confirmPayScore(CONFIRMATION)).resolves.toMatchObject({ status: 'unavailable' });
});

test('Alipay and H5 have no Pay Score', async () => {
  await expect(confirmAlipay(CONFIRMATION)).resolves.toMatchObject({ status: 'unavailable' });
  await expect(confirmH5(CONFIRMATION)).resolves.toMatchObject({ status: 'unavailable' });
});
