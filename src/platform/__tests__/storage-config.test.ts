import { apiBase, apiUrl, base64Encode, clientAuthorization } from '../config';
import { randomHex128 } from '../random';
import { getDeviceId } from '../storage';
import {
  StorageKey,
  getChannelCode,
  getLanguage,
  getPlatform,
  getStoredPlatform,
  getToken,
  getUserInfo,
  removeToken,
  removeUserInfo,
  setChannelCode,
  setLanguage,
  setPlatform,
  setToken,
  setUserInfo,
} from '../storage';

describe('storage', () => {
  test('platform defaults to 1 and ignores a stored value outside 1-9', () => {
    expect(getPlatform()).toBe(1);
    expect(getStoredPlatform()).toBeUndefined();
    setPlatform(9);
    expect(getPlatform()).toBe(9);
    window.localStorage.setItem(StorageKey.platform, JSON.stringify({ data: 12 }));
    expect(getPlatform()).toBe(1);
  });

  test('one token per brand: removing one keeps the others', () => {
    setToken('a', 1);
    setToken('b', 2);
    setPlatform(2);
    expect(getToken()).toBe('b');
    removeToken();
    expect(getToken()).toBeUndefined();
    expect(getToken(1)).toBe('a');
  });

  test('channel code, user info and language round-trip', () => {
    expect(getChannelCode()).toBeUndefined();
    setChannelCode('qr-01');
    expect(getChannelCode()).toBe('qr-01');
    setUserInfo({ nickName: '小李', vip: true });
    expect(getUserInfo()).toEqual({ nickName: '小李', vip: true });
    removeUserInfo();
    expect(getUserInfo()).toBeUndefined();
    setLanguage('fr');
    expect(getLanguage()).toBe('fr');
  });

  test('the device id is 128 random bits, generated once and kept', () => {
    const id = getDeviceId(randomHex128);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(getDeviceId(randomHex128)).toBe(id);
    // The next launch reads the same id from storage.
    jest.isolateModules(() => {
      const relaunched = jest.requireActual<typeof import('../storage')>('../storage');
      expect(relaunched.getDeviceId(randomHex128)).toBe(id);
    });
    window.localStorage.clear();
    expect(getDeviceId(randomHex128)).not.toBe(id);
  });

  test('a corrupted device id is replaced', () => {
    window.localStorage.setItem(StorageKey.deviceId, JSON.stringify({ data: 'not-hex' }));
    expect(getDeviceId(randomHex128)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('config', () => {
  afterEach(() => {
    delete process.env.TARO_APP_API_BASE;
    delete process.env.TARO_APP_CLIENT_ID;
    delete process.env.TARO_APP_CLIENT_SECRET;
  });

  test.each(['storefront:storefront', 'a', 'ab', 'abc', '客户端:密钥', 'emoji 😀', ''])(
    'base64 of %p matches the standard encoding',
    (text) => expect(base64Encode(text)).toBe(Buffer.from(text, 'utf8').toString('base64')),
  );

  test('the default client credential is storefront:storefront', () => {
    expect(clientAuthorization()).toBe('Basic c3RvcmVmcm9udDpzdG9yZWZyb250');
  });

  test('API base: empty on H5 (same origin), trailing slashes trimmed, absolute URLs kept', () => {
    expect(apiBase()).toBe('');
    expect(apiUrl('/api/user/info')).toBe('/api/user/info');
    process.env.TARO_APP_API_BASE = 'https://api.example.com/';
    expect(apiUrl('/api/user/info')).toBe('https://api.example.com/api/user/info');
    expect(apiUrl('api/user/info')).toBe('https://api.example.com/api/user/info');
    expect(apiUrl('https://other.example.com/x')).toBe('https://other.example.com/x');
  });
});
