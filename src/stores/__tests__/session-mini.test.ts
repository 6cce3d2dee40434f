import { getToken, setChannelCode } from '../../platform/storage';
import { shownToast } from '../../platform/__tests__/helpers/toast-dom';
import { startSessionServer, type SessionServer } from './session-server';

/**
 * The auth-code login as the mini-program builds resolve it: Taro picks `auth.alipay.ts` /
 * `auth.weapp.ts` for `platform/auth`; here the same resolution is made explicit, and the host
 * API is a stand-in that answers like Alipay / WeChat, refusals included.
 */
let server: SessionServer;
const globals = globalThis as { my?: unknown; wx?: unknown };

beforeAll(async () => {
  server = await startSessionServer();
  process.env.TARO_APP_API_BASE = server.url;
});
afterAll(async () => {
  await server.close();
  delete process.env.TARO_APP_API_BASE;
});
afterEach(() => {
  delete globals.my;
  delete globals.wx;
  jest.resetModules();
});

function loadSessionFor(target: 'alipay' | 'weapp') {
  jest.doMock('../../platform/auth', () => jest.requireActual(`../../platform/auth.${target}`));
  return jest.requireActual<typeof import('../session')>('../session').useSession;
}

test('Alipay: the auth code is exchanged at loginForAlipay with the channel code', async () => {
  globals.my = {
    getAuthCode: (o: { scopes: string; success: (r: { authCode: string }) => void }) =>
      setTimeout(() => o.success({ authCode: o.scopes === 'auth_base' ? 'auth-code-ok' : 'x' }), 5),
  };
  setChannelCode('qr-spring');
  const useSession = loadSessionFor('alipay');
  expect(await useSession.getState().loginWithAuthCode()).toBe(true);
  expect(useSession.getState().status).toBe('loggedIn');
  expect(getToken()).toBe('good');
  const login = server.logins.at(-1);
  expect(login?.body).toEqual({
    grantType: 'alipay',
    code: 'auth-code-ok',
    channelCode: 'qr-spring',
  });
  expect(login?.headers['x-user-type']).toBe('app');
});

test('Alipay: a refused authorisation stays logged out without calling the server', async () => {
  globals.my = {
    getAuthCode: (o: { fail: (e: { error: number; errorMessage: string }) => void }) =>
      setTimeout(() => o.fail({ error: 11, errorMessage: '用户取消授权' }), 5),
  };
  const before = server.logins.length;
  const useSession = loadSessionFor('alipay');
  expect(await useSession.getState().loginWithAuthCode()).toBe(false);
  expect(useSession.getState().status).toBe('loggedOut');
  expect(server.logins.length).toBe(before);
});

test('WeChat: the wx.login code goes to the server; a refused code shows the server’s msg', async () => {
  globals.wx = {
    login: (o: { success: (r: { code: string; errMsg: string }) => void }) =>
      setTimeout(() => o.success({ code: 'wx-code-unknown-to-server', errMsg: 'login:ok' }), 5),
  };
  const useSession = loadSessionFor('weapp');
  expect(await useSession.getState().loginWithAuthCode()).toBe(false);
  expect(server.logins.at(-1)?.body).toEqual({
    grantType: 'wechat',
    code: 'wx-code-unknown-to-server',
  });
  expect(await shownToast()).toEqual({ text: '验证码错误', iconShown: false });
});
