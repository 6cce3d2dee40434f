import TestUtils from '@tarojs/test-utils-react';
import { cancelAccount, fetchCancellationCheck, type CancellationCheck } from '@/api/privacy';
import { confirmAction } from '@/platform/ui';
import { installLanguagePack, setLanguage } from '@/i18n';
import { useSession } from '@/stores/session';
import { packOf } from '@contract/i18n';
import { CancelAccount } from './CancelAccount';

jest.mock('@/api/privacy', () => ({
  fetchCancellationCheck: jest.fn(),
  cancelAccount: jest.fn(),
}));
jest.mock('@/platform/ui', () => ({
  ...jest.requireActual('@/platform/ui'),
  confirmAction: jest.fn(async () => true),
}));
jest.mock('@/platform/open-page', () => ({ openPage: jest.fn(async () => true) }));
jest.mock('@/platform/navigation', () => ({
  reLaunch: jest.fn(async () => undefined),
  redirectToLogin: jest.fn(async () => undefined),
}));
const checkMock = fetchCancellationCheck as jest.Mock;
const cancelMock = cancelAccount as jest.Mock;

const testUtils = new TestUtils();

const base: CancellationCheck = {
  allowed: true,
  blockers: { orders: [], bills: [] },
  deleted: ['手机号、昵称、头像及支付宝/微信账号绑定'],
  retained: [{ what: '订单、账单、支付与退款记录', why: '《电子商务法》第三十一条', years: 3 }],
};

const confirmButton = () =>
  Array.from(document.querySelectorAll('[role="button"]')).find(
    (e) => e.textContent?.trim() === '确认注销',
  ) as Element;

beforeEach(() => {
  checkMock.mockReset();
  cancelMock.mockReset();
  useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
});
afterEach(() => testUtils.unmout());

describe('CancelAccount', () => {
  it('says what goes, what is kept and for how long, and names what blocks it', async () => {
    checkMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: {
        ...base,
        allowed: false,
        blockers: {
          orders: [
            {
              orderId: 42,
              platform: 1,
              status: 'RENTING',
              statusText: '租用中',
              goodsName: 'iPhone 15',
            },
          ],
          bills: [
            {
              billId: 7,
              orderId: 41,
              platform: 1,
              kind: 'INSTALMENT',
              period: 3,
              dueDate: '2026-12-01',
              outstanding: 29900,
            },
          ],
        },
      },
    });
    await testUtils.mount(() => <CancelAccount route="pages/privacy/cancelAccount" params={{}} />);
    await testUtils.queries.waitForQueryByText('暂时无法注销，请先处理：');
    const text = document.body.textContent ?? '';
    expect(text).toContain('订单 42：iPhone 15（租用中）');
    expect(text).toContain('订单 41 第 3 期账单：待付 ¥299.00（2026-12-01 到期）');
    expect(text).toContain('保留3年');
    expect(text).toContain('《电子商务法》第三十一条');
    expect(confirmButton().getAttribute('aria-disabled')).toBe('true');
    testUtils.fireEvent.click(confirmButton());
    expect(cancelMock).not.toHaveBeenCalled();
  });

  it('names a blocking order’s state in the user’s language, not the server’s Chinese', async () => {
    installLanguagePack(packOf('en'));
    setLanguage('en');
    try {
      checkMock.mockResolvedValue({
        code: 200,
        msg: '',
        data: {
          ...base,
          allowed: false,
          blockers: {
            orders: [
              {
                orderId: 42,
                platform: 1,
                status: 'RETURN_OVERDUE',
                statusText: '归还逾期',
                goodsName: 'iPhone 15',
              },
            ],
            bills: [],
          },
        },
      });
      await testUtils.mount(() => (
        <CancelAccount route="pages/privacy/cancelAccount" params={{}} />
      ));
      await testUtils.queries.waitForQueryByText('You cannot cancel yet. Settle these first:');
      const text = document.body.textContent ?? '';
      expect(text).toContain('Return overdue');
      expect(text).not.toContain('归还逾期');
    } finally {
      setLanguage('zh-Hans');
    }
  });

  it('cancels after a second confirmation and ends the session', async () => {
    checkMock.mockResolvedValue({ code: 200, msg: '', data: base });
    cancelMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: { cancelledAt: '2026-11-25T00:00:00Z', retainUntil: '2029-11-25' },
    });
    await testUtils.mount(() => <CancelAccount route="pages/privacy/cancelAccount" params={{}} />);
    await testUtils.queries.waitForQueryByText('确认注销');
    testUtils.fireEvent.click(confirmButton());
    for (let i = 0; i < 100 && useSession.getState().status !== 'loggedOut'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(confirmAction).toHaveBeenCalled();
    expect(cancelMock).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('loggedOut');
  });
});
