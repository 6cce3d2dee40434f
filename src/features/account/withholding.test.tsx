import TestUtils from '@tarojs/test-utils-react';
import { cancelWithholding, fetchWithholding, type WithholdingItem } from '@/api/privacy';
import { useSession } from '@/stores/session';
import { Withholding } from './Withholding';

jest.mock('@/api/privacy', () => ({ fetchWithholding: jest.fn(), cancelWithholding: jest.fn() }));
jest.mock('@/platform/ui', () => ({
  ...jest.requireActual('@/platform/ui'),
  confirmAction: jest.fn(async () => true),
}));
jest.mock('@/platform/navigation', () => ({
  ...jest.requireActual('@/platform/navigation'),
  redirectToLogin: jest.fn(async () => undefined),
}));
const listMock = fetchWithholding as jest.Mock;
const cancelMock = cancelWithholding as jest.Mock;

const testUtils = new TestUtils();
afterEach(() => testUtils.unmout());

const item: WithholdingItem = {
  orderId: 12,
  goodsName: 'iPhone 15',
  agreementNo: 'W1',
  bankName: '工商银行',
  cardNoMasked: '622202******0128',
  signedAt: '2026-11-01T00:00:00.000Z',
  cancelledAt: null,
  revokedAt: null,
};

it('shows each agreement with its card, and cancels one after confirming', async () => {
  useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
  listMock.mockResolvedValue({ code: 200, msg: '', data: [item] });
  cancelMock.mockResolvedValue({
    code: 200,
    msg: '',
    data: [{ ...item, cancelledAt: '2026-11-25T08:00:00.000Z' }],
  });
  await testUtils.mount(() => <Withholding route="pages/privacy/withholding" params={{}} />);
  await testUtils.queries.waitForQueryByText('扣款卡：工商银行 622202******0128');
  const button = Array.from(document.querySelectorAll('[role="button"]')).find(
    (e) => e.textContent?.trim() === '解除代扣',
  ) as Element;
  testUtils.fireEvent.click(button);
  // Stopped on our side at once; the bank is still being told.
  await testUtils.queries.waitForQueryByText('已于 2026-11-25 解除 · 正在通知银行解除代扣协议');
  expect(cancelMock).toHaveBeenCalledWith(12);
});

it('says when the bank has confirmed the revocation', async () => {
  useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
  listMock.mockResolvedValue({
    code: 200,
    msg: '',
    data: [
      {
        ...item,
        cancelledAt: '2026-11-25T08:00:00.000Z',
        revokedAt: '2026-11-25T08:05:00.000Z',
      },
    ],
  });
  await testUtils.mount(() => <Withholding route="pages/privacy/withholding" params={{}} />);
  await testUtils.queries.waitForQueryByText('已于 2026-11-25 解除 · 银行已确认解除');
  expect(document.body.textContent).not.toContain('解除代扣协议');
});
