import TestUtils from '@tarojs/test-utils-react';
import { Text } from '@tarojs/components';
import { fetchConsents, giveConsents, type ConsentState } from '@/api/privacy';
import { logoutOnServer } from '@/api/user';
import { useConsents } from '@/stores/consent';
import { usePrivacyPopup } from '@/stores/privacy-popup';
import { useSession } from '@/stores/session';
import * as frameDialogs from './frame-dialogs.h5';
import { ConsentGate } from './ConsentGate';
import { PolicyPrompt } from './PolicyPrompt';
import { PrivacyPopup } from './PrivacyPopup';
import { eventually } from '../../../test/eventually';

jest.mock('@/api/privacy', () => ({
  ...jest.requireActual('@/api/privacy'),
  fetchConsents: jest.fn(),
  giveConsents: jest.fn(),
}));
jest.mock('@/api/user', () => ({ logoutOnServer: jest.fn(async () => ({ code: 200 })) }));
const fetchMock = fetchConsents as jest.Mock;
const giveMock = giveConsents as jest.Mock;

const testUtils = new TestUtils();

function state(kind: string, agreed: string | null, current = 'v2'): ConsentState {
  const pending = agreed !== current;
  return {
    kind,
    currentVersion: current,
    agreedVersion: agreed,
    agreedAt: agreed ? '2026-11-25T00:00:00.000Z' : null,
    pending,
    updated: pending && agreed !== null,
  };
}

const KINDS = [
  'privacy_policy',
  'user_agreement',
  'identity_and_face',
  'credit_query',
  'withholding',
];
const all = (agreed: Record<string, string | null>) =>
  KINDS.map((kind) => state(kind, agreed[kind] ?? null));

function buttonByText(text: string): Element {
  const found = Array.from(document.querySelectorAll('[role="button"], taro-button-core')).find(
    (element) => element.textContent?.trim() === text,
  );
  if (!found) throw new Error(`no button "${text}" in: ${document.body.textContent}`);
  return found;
}

beforeEach(() => {
  fetchMock.mockReset();
  giveMock.mockReset();
  useConsents.setState({ states: undefined });
});

afterEach(() => {
  testUtils.unmout();
  useSession.setState({ status: 'loggedOut', userInfo: undefined });
  usePrivacyPopup.setState({ waiting: [] });
});

describe('ConsentGate', () => {
  it('asks for each sensitive consent, records the versions shown, then shows the step', async () => {
    fetchMock.mockResolvedValue({ code: 200, msg: '', data: all({ privacy_policy: 'v2' }) });
    giveMock.mockImplementation(async (consents: { kind: string; version: string }[]) => ({
      code: 200,
      msg: '',
      data: all({ privacy_policy: 'v2', identity_and_face: 'v2', credit_query: 'v2' }),
      consents,
    }));
    await testUtils.mount(() => (
      <ConsentGate kinds={['identity_and_face', 'credit_query']}>
        <Text>身份证上传</Text>
      </ConsentGate>
    ));
    await testUtils.queries.waitForQueryByText('同意并继续');
    expect(document.body.textContent).toContain('《个人敏感信息（身份证件与人脸）处理授权》');
    expect(document.body.textContent).toContain('《征信查询授权书》');
    expect(document.body.textContent).not.toContain('身份证上传');

    testUtils.fireEvent.click(buttonByText('同意并继续'));
    await testUtils.queries.waitForQueryByText('身份证上传');
    expect(giveMock).toHaveBeenCalledWith([
      { kind: 'identity_and_face', version: 'v2' },
      { kind: 'credit_query', version: 'v2' },
    ]);
  });

  it('says the text changed when the user had agreed to an older version', async () => {
    fetchMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: all({ identity_and_face: 'v1', credit_query: 'v2' }),
    });
    await testUtils.mount(() => (
      <ConsentGate kinds={['identity_and_face', 'credit_query']}>
        <Text>身份证上传</Text>
      </ConsentGate>
    ));
    await testUtils.queries.waitForQueryByText('该授权已更新，请重新阅读并同意。');
    expect(document.body.textContent).not.toContain('《征信查询授权书》');
  });

  it('shows the step at once when everything is agreed', async () => {
    fetchMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: all({ identity_and_face: 'v2', credit_query: 'v2' }),
    });
    await testUtils.mount(() => (
      <ConsentGate kinds={['identity_and_face', 'credit_query']}>
        <Text>身份证上传</Text>
      </ConsentGate>
    ));
    await testUtils.queries.waitForQueryByText('身份证上传');
    expect(giveMock).not.toHaveBeenCalled();
  });
});

describe('PolicyPrompt', () => {
  it('asks a logged-in user to agree to a new privacy policy, and is gone once they do', async () => {
    useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
    fetchMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: all({ privacy_policy: 'v1', user_agreement: 'v2' }),
    });
    giveMock.mockResolvedValue({
      code: 200,
      msg: '',
      data: all({ privacy_policy: 'v2', user_agreement: 'v2' }),
    });
    await testUtils.mount(() => <PolicyPrompt route="pages/home/home" />);
    await testUtils.queries.waitForQueryByText('隐私政策与用户协议更新');
    testUtils.fireEvent.click(buttonByText('同意'));
    await eventually(() => {
      if (document.querySelector('.consent-dialog')) throw new Error('still open');
    });
    expect(giveMock).toHaveBeenCalledWith([{ kind: 'privacy_policy', version: 'v2' }]);
  });

  it('logs the user out when they decline', async () => {
    useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
    fetchMock.mockResolvedValue({ code: 200, msg: '', data: all({}) });
    await testUtils.mount(() => <PolicyPrompt route="pages/user/user" />);
    await testUtils.queries.waitForQueryByText('隐私政策与用户协议');
    testUtils.fireEvent.click(buttonByText('不同意并退出登录'));
    await eventually(() => {
      if (useSession.getState().status !== 'loggedOut') throw new Error('still logged in');
    });
    expect(logoutOnServer).toHaveBeenCalled();
  });

  it('never covers the policy texts themselves, nor a visitor', async () => {
    useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
    fetchMock.mockResolvedValue({ code: 200, msg: '', data: all({}) });
    await testUtils.mount(() => <PolicyPrompt route="pages/text/user" />);
    expect(document.querySelector('.consent-dialog')).toBeNull();
    useSession.setState({ status: 'loggedOut', userInfo: undefined });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PrivacyPopup', () => {
  it('opens while a call waits for privacy consent, links the brand policy, and answers it', async () => {
    const answers: boolean[] = [];
    await testUtils.mount(() => <PrivacyPopup />);
    expect(document.querySelector('.consent-dialog')).toBeNull();
    usePrivacyPopup.getState().show((agreed) => answers.push(agreed));
    await testUtils.queries.waitForQueryByText('用户隐私保护提示');
    expect(document.body.textContent).toContain('《享租优品隐私政策》');
    testUtils.fireEvent.click(buttonByText('同意并继续'));
    expect(answers).toEqual([true]);
    usePrivacyPopup.getState().show((agreed) => answers.push(agreed));
    await testUtils.queries.waitForQueryByText('拒绝');
    testUtils.fireEvent.click(buttonByText('拒绝'));
    expect(answers).toEqual([true, false]);
  });
});

describe("the page frame's dialogs (H5: their code loads when one opens)", () => {
  it("draws the policy prompt once the dialog's chunk is in, and nothing for a visitor", async () => {
    fetchMock.mockResolvedValue({ code: 200, msg: '', data: all({}) });
    await testUtils.mount(() => <frameDialogs.PolicyPrompt route="pages/home/home" />);
    expect(document.querySelector('.consent-dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    testUtils.unmout();
    useSession.setState({ status: 'loggedIn', userInfo: { mobile: '13800138000' } });
    await testUtils.mount(() => <frameDialogs.PolicyPrompt route="pages/home/home" />);
    await testUtils.queries.waitForQueryByText('隐私政策与用户协议');
  });

  it('opens the privacy popup while a call waits', async () => {
    const answers: boolean[] = [];
    await testUtils.mount(() => <frameDialogs.PrivacyPopup />);
    expect(document.querySelector('.consent-dialog')).toBeNull();
    usePrivacyPopup.getState().show((agreed) => answers.push(agreed));
    await testUtils.queries.waitForQueryByText('用户隐私保护提示');
    testUtils.fireEvent.click(buttonByText('同意并继续'));
    expect(answers).toEqual([true]);
  });
});
