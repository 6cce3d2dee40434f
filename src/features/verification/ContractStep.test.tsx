import TestUtils from '@tarojs/test-utils-react';
import { confirmOrder, fetchPlacedOrder, type OrderDetail } from '@/api/checkout';
import { checkContract, fetchContract, signWithholding, startSigning } from '@/api/contract';
import { fetchVerificationStatus } from '@/api/kyc';
import { fetchConsents, giveConsents, type ConsentState } from '@/api/privacy';
import { replacePage } from '@/platform/navigation';
import { openPage } from '@/platform/open-page';
import { useConsents } from '@/stores/consent';
import { ResultCode } from '../../../contract/http';
import { ContractStep } from './ContractStep';
import { eventually } from '../../../test/eventually';

jest.mock('@/api/checkout', () => ({
  ...jest.requireActual('@/api/checkout'),
  fetchPlacedOrder: jest.fn(),
  confirmOrder: jest.fn(),
}));
jest.mock('@/api/kyc', () => ({
  ...jest.requireActual('@/api/kyc'),
  fetchVerificationStatus: jest.fn(),
}));
jest.mock('@/api/contract', () => ({
  ...jest.requireActual('@/api/contract'),
  fetchContract: jest.fn(),
  signWithholding: jest.fn(),
  startSigning: jest.fn(),
  checkContract: jest.fn(),
}));
// The signing page itself is the provider's (the web view): opened, it stays on top.
jest.mock('./signing-page', () => ({ openSigningPage: jest.fn(async () => true) }));
jest.mock('./timing', () => ({ ...jest.requireActual('./timing'), SIGN_WATCH_MS: 1 }));
jest.mock('@/api/privacy', () => ({
  ...jest.requireActual('@/api/privacy'),
  fetchConsents: jest.fn(),
  giveConsents: jest.fn(),
}));
jest.mock('@/platform/navigation', () => ({
  ...jest.requireActual('@/platform/navigation'),
  replacePage: jest.fn(async () => true),
}));
jest.mock('@/platform/open-page', () => ({ openPage: jest.fn(async () => true) }));

const testUtils = new TestUtils();
const orderMock = fetchPlacedOrder as jest.Mock;
const statusMock = fetchVerificationStatus as jest.Mock;
const contractMock = fetchContract as jest.Mock;
const signMock = signWithholding as jest.Mock;
const consentsMock = fetchConsents as jest.Mock;
const giveMock = giveConsents as jest.Mock;
const replaceMock = replacePage as jest.Mock;

const text = () => document.body.textContent ?? '';

function consents(withholding: string | null): ConsentState[] {
  return [
    'privacy_policy',
    'user_agreement',
    'identity_and_face',
    'credit_query',
    'withholding',
  ].map((kind) => {
    const agreed = kind === 'withholding' ? withholding : 'v1';
    return {
      kind,
      currentVersion: 'v1',
      agreedVersion: agreed,
      agreedAt: agreed ? '2026-11-26T00:00:00.000Z' : null,
      pending: agreed !== 'v1',
      updated: false,
    };
  });
}

function order(status: string): OrderDetail {
  return { id: 7, status, depositMethod: 'freeze', actions: [] } as unknown as OrderDetail;
}

function verified(bankCard: boolean) {
  return {
    code: 200,
    msg: '',
    data: {
      status: { realName: true, face: true, credit: true, emergencyContact: true, bankCard },
      identity: null,
    },
  };
}

function agreeButton(): Element {
  const found = Array.from(document.querySelectorAll('.consent-gate .form-submit')).find((el) =>
    el.textContent?.includes('同意并继续'),
  );
  if (!found) throw new Error(`no agree button in: ${text()}`);
  return found;
}

beforeEach(() => {
  jest.clearAllMocks();
  useConsents.setState({ states: undefined });
  contractMock.mockResolvedValue({
    code: 200,
    msg: '',
    data: { contractNo: 'C1', status: 'unsigned', html: '<p>租赁合同正文</p>' },
  });
  (confirmOrder as jest.Mock).mockResolvedValue({ code: 500, msg: 'not expected', data: null });
});

afterEach(() => {
  testUtils.unmout();
});

describe('ContractStep and the withholding consent', () => {
  it('asks for the withholding consent before the contract when a card is bound', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_SIGN') });
    statusMock.mockResolvedValue(verified(true));
    consentsMock.mockResolvedValue({ code: 200, msg: '', data: consents(null) });
    giveMock.mockResolvedValue({ code: 200, msg: '', data: consents('v1') });

    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    await eventually(() => expect(document.querySelector('.consent-gate')).not.toBeNull());
    expect(text()).toContain('《代扣授权协议》');
    expect(text()).not.toContain('租赁合同正文');
    expect(contractMock).not.toHaveBeenCalled();

    testUtils.fireEvent.click(agreeButton());
    await eventually(() => expect(text()).toContain('租赁合同正文'));
    expect(giveMock).toHaveBeenCalledWith([{ kind: 'withholding', version: 'v1' }]);
  });

  it('shows the contract without asking when no card is bound', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_SIGN') });
    statusMock.mockResolvedValue(verified(false));
    consentsMock.mockResolvedValue({ code: 200, msg: '', data: consents(null) });

    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    await eventually(() => expect(text()).toContain('租赁合同正文'));
    expect(text()).not.toContain('《代扣授权协议》');
  });

  it('a signed contract refused for want of the consent asks for it, then goes on', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_FREEZE') });
    statusMock.mockResolvedValue(verified(true));
    // Agreed when the page opened, withdrawn (in another window) before the agreement was signed.
    consentsMock
      .mockResolvedValueOnce({ code: 200, msg: '', data: consents('v1') })
      .mockResolvedValue({ code: 200, msg: '', data: consents(null) });
    signMock.mockResolvedValueOnce({
      code: ResultCode.CONSENT_REQUIRED,
      msg: '请先阅读并同意《代扣授权协议》',
      data: null,
    });
    giveMock.mockResolvedValue({ code: 200, msg: '', data: consents('v1') });

    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    await eventually(() => expect(signMock).toHaveBeenCalledTimes(1));
    await eventually(() => expect(document.querySelector('.consent-gate')).not.toBeNull());
    expect(replaceMock).not.toHaveBeenCalled();

    signMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: { agreementNo: 'A1', bankName: '工商银行', cardNoMasked: '', signedAt: '' },
    });
    testUtils.fireEvent.click(agreeButton());
    await eventually(() =>
      expect(replaceMock).toHaveBeenCalledWith('/pages/alipay/aliSign?orderId=7'),
    );
    expect(signMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the page’s shape while the consents and the contract load: the card comes first', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_SIGN') });
    statusMock.mockResolvedValue(verified(true));
    let giveConsents: (value: unknown) => void = () => undefined;
    consentsMock.mockReturnValue(new Promise((resolve) => (giveConsents = resolve)));
    let giveContract: (value: unknown) => void = () => undefined;
    contractMock.mockReturnValue(new Promise((resolve) => (giveContract = resolve)));

    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    // The consents still loading: the contract's card already, its box waiting for the text.
    await eventually(() =>
      expect(document.querySelector('.verify-contract--loading')).not.toBeNull(),
    );
    expect(text()).toContain('我已阅读合同全部条款');
    const sign = () => document.querySelector('.verify-card .form-submit');
    expect(sign()?.getAttribute('aria-disabled')).toBe('true');

    giveConsents({ code: 200, msg: '', data: consents('v1') });
    await eventually(() => expect(contractMock).toHaveBeenCalled());
    expect(document.querySelector('.verify-contract--loading')).not.toBeNull();
    // Ticking before the text is there does nothing: no one agrees to what they cannot read.
    testUtils.fireEvent.click(document.querySelector('.verify-agree')!);
    expect(document.querySelector('.verify-agree')?.getAttribute('aria-checked')).toBe('false');

    giveContract({
      code: 200,
      msg: '',
      data: { contractNo: 'C1', status: 'unsigned', html: '<p>租赁合同正文</p>' },
    });
    await eventually(() => expect(text()).toContain('租赁合同正文'));
    expect(document.querySelector('.verify-contract--loading')).toBeNull();
    testUtils.fireEvent.click(document.querySelector('.verify-agree')!);
    await eventually(() => expect(sign()?.getAttribute('aria-disabled')).toBe('false'));
  });
});

describe('ContractStep: what the withholding consent says', () => {
  it('asks in the withholding agreement’s own words and links to its own text', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_SIGN') });
    statusMock.mockResolvedValue(verified(true));
    consentsMock.mockResolvedValue({ code: 200, msg: '', data: consents(null) });
    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    await eventually(() => expect(document.querySelector('.consent-gate')).not.toBeNull());
    const gate = document.querySelector('.consent-gate')?.textContent ?? '';
    expect(gate).toContain('自动扣款');
    expect(gate).not.toContain('身份核验');
    expect(gate).not.toContain('信用评估');
    testUtils.fireEvent.click(document.querySelector('.consent-line__title') as HTMLElement);
    expect(openPage).toHaveBeenCalledWith('/pages/agreement/agreement?type=withholding');
  });
});

describe('ContractStep: the signed contract, from the order detail', () => {
  it('shows the signed contract to read, and stays on it whatever state the order is in', async () => {
    contractMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: {
        contractNo: 'HT20261128000007',
        status: 'signed',
        signedAt: '2026-11-28T10:05:00.000Z',
        html: '<p>租赁合同正文（已签署）</p>',
      },
    });
    await testUtils.mount(() => (
      <ContractStep
        route="/pages/contractPreview/contractPreview"
        params={{ orderId: '7', view: 'signed' }}
      />
    ));
    await eventually(() => expect(text()).toContain('租赁合同正文（已签署）'));
    expect(text()).toContain('HT20261128000007');
    expect(text()).toContain('已签署');
    // Nothing to tick or sign, and no step to be sent on to.
    expect(document.querySelector('.verify-agree')).toBeNull();
    expect(document.querySelector('.form-submit')).toBeNull();
    await new Promise((done) => setTimeout(done, 50));
    expect(replaceMock).not.toHaveBeenCalled();
    expect(orderMock).not.toHaveBeenCalled();
  });
});

describe('ContractStep while the signing page is open', () => {
  it('moves on by itself once the contract is signed there, with no way back needed', async () => {
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_SIGN') });
    statusMock.mockResolvedValue(verified(false));
    consentsMock.mockResolvedValue({ code: 200, msg: '', data: consents(null) });
    (startSigning as jest.Mock).mockResolvedValue({
      code: 200,
      msg: '',
      data: {
        contractNo: 'C1',
        flowId: 'f1',
        signUrl: 'http://localhost/sandbox/esign/f1',
        status: 'signing',
      },
    });
    const check = checkContract as jest.Mock;
    check.mockResolvedValue({
      code: 200,
      msg: '',
      data: { status: 'signing', contractNo: 'C1', signedAt: null },
    });

    await testUtils.mount(() => (
      <ContractStep route="/pages/contractPreview/contractPreview" params={{ orderId: '7' }} />
    ));
    await eventually(() => expect(text()).toContain('租赁合同正文'));
    testUtils.fireEvent.click(document.querySelector('.verify-agree')!);
    const sign = () => document.querySelector('.verify-card .form-submit')!;
    await eventually(() => expect(sign().getAttribute('aria-disabled')).toBe('false'));
    testUtils.fireEvent.click(sign());
    // The user signs on the provider's page; the step hears it and hands over to the deposit.
    await eventually(() => expect(check).toHaveBeenCalled());
    expect(replaceMock).not.toHaveBeenCalled();
    orderMock.mockResolvedValue({ code: 200, msg: '', data: order('PENDING_FREEZE') });
    check.mockResolvedValue({
      code: 200,
      msg: '',
      data: { status: 'signed', contractNo: 'C1', signedAt: '2026-11-28T02:00:00.000Z' },
    });
    await eventually(() =>
      expect(replaceMock).toHaveBeenCalledWith('/pages/alipay/aliSign?orderId=7'),
    );
  });
});
