import Taro from '@tarojs/taro';
import * as h5Backend from '../storage-backend.h5';
import * as hostBackend from '../storage-backend';

/**
 * Both backends keep values in the format Taro's storage uses, so a value written by one is read
 * by the other, by Taro, and by index.html's start-up script (`{"data": value}` in localStorage).
 */
describe.each([
  ['H5 (localStorage)', h5Backend],
  ["the host's (Taro)", hostBackend],
])('storage backend: %s', (_name, backend) => {
  beforeEach(() => localStorage.clear());

  test('a missing key reads as undefined', () => {
    expect(backend.readStored('nothing-here')).toBeUndefined();
  });

  test('round-trips strings, numbers, objects and arrays', () => {
    backend.writeStored('token:1', 'abc');
    backend.writeStored('platform', 7);
    backend.writeStored('userInfo', { nickname: '小租', id: 3 });
    backend.writeStored('searchHistory', ['手机', '相机']);
    expect(backend.readStored('token:1')).toBe('abc');
    expect(backend.readStored('platform')).toBe(7);
    expect(backend.readStored('userInfo')).toEqual({ nickname: '小租', id: 3 });
    expect(backend.readStored('searchHistory')).toEqual(['手机', '相机']);
    backend.removeStored('token:1');
    expect(backend.readStored('token:1')).toBeUndefined();
  });

  test('reads what Taro stored, and Taro reads what it stored', () => {
    Taro.setStorageSync('language', 'en');
    expect(backend.readStored('language')).toBe('en');
    backend.writeStored('channelCode', 'douyin');
    expect(Taro.getStorageSync('channelCode')).toBe('douyin');
    expect(JSON.parse(localStorage.getItem('channelCode') ?? '')).toEqual({ data: 'douyin' });
  });

  test('ignores what something else wrote under our keys', () => {
    localStorage.setItem('platform', '5');
    localStorage.setItem('userInfo', '{not json');
    localStorage.setItem('token:2', JSON.stringify({ value: 'x' }));
    expect(backend.readStored('platform')).toBeUndefined();
    expect(backend.readStored('userInfo')).toBeUndefined();
    expect(backend.readStored('token:2')).toBeUndefined();
  });
});

test('H5: reading keys never stored throws nothing, not even inside a catch', () => {
  // Taro's own read parses '' for a missing key, one SyntaxError per read on a first visit.
  const parse = jest.spyOn(JSON, 'parse');
  try {
    for (const key of ['platform', 'token:1', 'language', 'channelCode']) {
      expect(h5Backend.readStored(key)).toBeUndefined();
    }
    expect(parse).not.toHaveBeenCalled();
  } finally {
    parse.mockRestore();
  }
});
