import { getToken, getUserInfo, setPlatform, setToken, setUserInfo } from '../../platform/storage';
import Taro from '@tarojs/taro';
import { returnAfterLogin } from '../../platform/navigation';
import { http } from '../../platform/request';
import { shownToast } from '../../platform/__tests__/helpers/toast-dom';
import { useSession } from '../session';
import { startSessionServer, type SessionServer } from './session-server';

let server: SessionServer;

beforeAll(async () => {
  server = await startSessionServer();
  process.env.TARO_APP_API_BASE = server.url;
});
afterAll(async () => {
  await server.close();
  delete process.env.TARO_APP_API_BASE;
});
beforeEach(() => useSession.getState().hydrate());

const smsLogin = (code: string) =>
  http.post<{ token: string }>(
    '/api/login/loginForSms',
    { mobile: '13800000000', code },
    { login: true },
  );

test('starts logged out on a fresh install', () => {
  expect(useSession.getState().status).toBe('loggedOut');
  expect(useSession.getState().userInfo).toBeUndefined();
});

test('logs in once the token is obtained and the user info fetched and saved', async () => {
  const ok = await useSession.getState().completeLogin(smsLogin('123456'));
  expect(ok).toBe(true);
  expect(useSession.getState().status).toBe('loggedIn');
  expect(useSession.getState().userInfo).toEqual({ nickName: '小李', mobile: '13800000000' });
  expect(getToken()).toBe('good');
  expect(getUserInfo()).toEqual({ nickName: '小李', mobile: '13800000000' });
  // The login call itself carried the user-type header.
  expect(server.logins.at(-1)?.headers['x-user-type']).toBe('app');
});

test('a refused login shows the server’s message without icon and stays logged out', async () => {
  const ok = await useSession.getState().completeLogin(smsLogin('999999'));
  expect(ok).toBe(false);
  expect(useSession.getState().status).toBe('loggedOut');
  expect(getToken()).toBeUndefined();
  expect(await shownToast()).toEqual({ text: '验证码错误', iconShown: false });
});

test('a failed user-info call shows its message and leaves no half session', async () => {
  const ok = await useSession.getState().completeLogin(smsLogin('000000'));
  expect(ok).toBe(false);
  expect(useSession.getState().status).toBe('loggedOut');
  expect(getToken()).toBeUndefined();
  expect(getUserInfo()).toBeUndefined();
  expect(await shownToast()).toEqual({ text: '用户信息获取失败', iconShown: false });
});

test('logout clears the token and the user info', async () => {
  await useSession.getState().completeLogin(smsLogin('123456'));
  useSession.getState().logout();
  expect(useSession.getState().status).toBe('loggedOut');
  expect(getToken()).toBeUndefined();
  expect(getUserInfo()).toBeUndefined();
});

test('the session follows the brand: another brand’s token does not count', () => {
  setPlatform(2);
  setToken('brand-2');
  setUserInfo({ nickName: 'A' });
  useSession.getState().hydrate();
  expect(useSession.getState().status).toBe('loggedIn');
  setPlatform(3);
  useSession.getState().hydrate();
  expect(useSession.getState().status).toBe('loggedOut');
});

test('a reply that ends the session logs the store out and opens the login page once', async () => {
  // The router is the app's: record where the layer sends the user instead of navigating.
  const pages = jest
    .spyOn(Taro, 'getCurrentPages')
    .mockReturnValue([{ route: 'pages/myOrder/myOrder', options: { tab: '2' } }] as never);
  const launched: string[] = [];
  const relaunch = jest.spyOn(Taro, 'reLaunch').mockImplementation((options) => {
    launched.push(options.url);
    return Promise.resolve({ errMsg: 'reLaunch:ok' });
  });
  try {
    await useSession.getState().completeLogin(smsLogin('123456'));
    setToken('revoked-by-server');
    const replies = await Promise.all([http.get('/api/user/info'), http.get('/api/user/info')]);
    expect(replies.map((r) => r.code)).toEqual([401, 401]);
    expect(useSession.getState().status).toBe('loggedOut');
    expect(getToken()).toBeUndefined();
    expect(launched).toEqual([
      `/pages/loginNew/loginNew?redirect=${encodeURIComponent('/pages/myOrder/myOrder?tab=2')}`,
    ]);
    // After login the user goes back there.
    await returnAfterLogin(new URLSearchParams(launched[0].split('?')[1]).get('redirect'));
    expect(launched[1]).toBe('/pages/myOrder/myOrder?tab=2');
    await returnAfterLogin('https://evil.test/');
    expect(launched[2]).toBe('/pages/home/home');
  } finally {
    pages.mockRestore();
    relaunch.mockRestore();
  }
});

test('on H5 there is no auth code: the auth-code login does nothing', async () => {
  const before = server.logins.length;
  expect(await useSession.getState().loginWithAuthCode()).toBe(false);
  expect(server.logins.length).toBe(before);
});
