import { getDeviceId, getPlatform, getToken, setPlatform, setToken } from '@/platform/storage';

test('tokens are kept per brand', () => {
  setPlatform(3);
  setToken('t3');
  expect(getPlatform()).toBe(3);
  expect(getToken()).toBe('t3');
  expect(getToken(4)).toBeUndefined();
  expect(getDeviceId()).toMatch(/^[0-9a-f]{32}$/);
  expect(getDeviceId()).toBe(getDeviceId());
});
