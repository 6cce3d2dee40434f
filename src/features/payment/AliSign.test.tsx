/**
 * The deposit's Alipay authorisation freezes it; it waives nothing unless the user's credit
 * does. The page is titled and worded for a freeze (issue 33: a ¥3,000 freeze was titled 免押授权,
 * "deposit waiver authorisation"), and says what credit waived when it did.
 */
import TestUtils from '@tarojs/test-utils-react';
import { PageFrame } from '../../components/page-frame';
import { formatMoney } from '../../utils';

const mockState = jest.fn();
jest.mock('../../api/pay', () => ({
  ...jest.requireActual('../../api/pay'),
  fetchPaymentState: () => Promise.resolve(mockState()),
}));

import { AliSign } from './AliSign';

const testUtils = new TestUtils();
afterEach(() => {
  testUtils.unmout();
  mockState.mockReset();
});

const ORDER = {
  id: 5,
  goodsName: 'Apple iPhone 16 Pro Max',
  deposit: 300000,
  depositMethod: 'freeze',
  statusText: '',
};
const route = 'pages/alipay/aliSign';
const mount = () =>
  testUtils.mount(() => (
    <PageFrame route={route}>
      <AliSign route={route} params={{ orderId: '5' }} />
    </PageFrame>
  ));

describe('AliSign', () => {
  it('asks to freeze the deposit, and never calls the freeze a waiver', async () => {
    mockState.mockReturnValue({
      code: 200,
      msg: 'ok',
      data: { ...ORDER, status: 'PENDING_FREEZE', actions: ['refreeze', 'cancel'] },
    });
    await mount();
    await testUtils.queries.waitForQuerySelector('.pay-freeze__amount');
    const text = document.body.textContent ?? '';
    expect(text).toContain('押金冻结授权');
    expect(text).toContain(`冻结押金 ¥${formatMoney(300000)}`);
    expect(text).not.toContain('免押');
  });

  it('once frozen, says what credit waived and what is really frozen', async () => {
    mockState.mockReturnValue({
      code: 200,
      msg: 'ok',
      data: {
        ...ORDER,
        status: 'PENDING_PAY',
        actions: ['pay', 'cancel'],
        depositAuthorisation: { status: 'frozen', amount: 300000, waived: 100000, frozen: 200000 },
      },
    });
    await mount();
    await testUtils.queries.waitForQuerySelector('.pay-freeze__done');
    expect(document.querySelector('.pay-freeze__done')?.textContent).toContain(
      `信用减免 ¥${formatMoney(100000)}，实际冻结 ¥${formatMoney(200000)}`,
    );
  });
});
