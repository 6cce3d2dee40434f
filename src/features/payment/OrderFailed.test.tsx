/**
 * A payment that did not go through is titled for what happened: the order was placed, its
 * payment is not complete (not 下单失败, "the order failed", which sent users to order again).
 */
import TestUtils from '@tarojs/test-utils-react';
import { PageFrame } from '../../components/page-frame';

jest.mock('../../api/pay', () => ({
  ...jest.requireActual('../../api/pay'),
  fetchPaymentState: () =>
    Promise.resolve({
      code: 200,
      msg: 'ok',
      data: { id: 5, status: 'PENDING_PAY', statusText: '待支付', actions: ['pay', 'cancel'] },
    }),
}));

import { OrderFailed } from './OrderFailed';

const testUtils = new TestUtils();
afterEach(() => testUtils.unmout());

describe('OrderFailed', () => {
  it('is titled 支付未完成, in the navigation bar as on the page', async () => {
    const route = 'pages/orderFailed/orderFailed';
    await testUtils.mount(() => (
      <PageFrame route={route}>
        <OrderFailed route={route} params={{ orderId: '5', reason: 'fail' }} />
      </PageFrame>
    ));
    await testUtils.queries.waitForQuerySelector('.pay-status__title');
    expect(document.querySelector('.nav-bar__title')?.textContent).toBe('支付未完成');
    expect(document.querySelector('.pay-status__title')?.textContent).toBe('支付未完成');
    expect(document.body.textContent).not.toContain('下单失败');
  });
});
