import { getChannelCode, getStoredPlatform, setPlatform } from '@/platform/storage';
import { queryFromUrl } from '@/platform/app-launch.h5';
import { useBillStore } from '@/stores/bill';
import { useBrandStore } from '@/stores/brand';
import { applyLaunch } from './applyLaunch';
import { parseBizId, parseChannelCode } from './parseLaunch';

function openUrl(pathAndQuery: string): void {
  window.history.replaceState(null, '', pathAndQuery);
}

afterEach(() => {
  useBillStore.getState().reset();
  document.getElementById('online-service-chat')?.remove();
  document.documentElement.style.removeProperty('--brand-color');
});

describe('parseBizId', () => {
  it.each([
    ['B100,O200', 'B100', 'O200'],
    [' B100 , O200 ', 'B100', 'O200'],
    ['B100', 'B100', ''],
    ['B100,', 'B100', ''],
    [',O200', '', 'O200'],
    [',', '', ''],
    ['', '', ''],
    ['B100,O200,extra', 'B100', 'O200'],
    ['B100%2CO200', 'B100', 'O200'],
    ['B100%2cO200', 'B100', 'O200'],
    ['B%ZZ,O2', 'B%ZZ', 'O2'],
  ])('reads %p as business %p and order %p', (raw, businessId, orderId) => {
    expect(parseBizId(raw)).toEqual({ businessId, orderId });
  });

  it.each([[undefined], [null]])('treats a missing bizId (%p) as empty', (raw) => {
    expect(parseBizId(raw)).toEqual({ businessId: '', orderId: '' });
  });
});

describe('parseChannelCode', () => {
  it('keeps short identifiers and refuses anything else', () => {
    expect(parseChannelCode('CH_01-a')).toBe('CH_01-a');
    expect(parseChannelCode(' CH1 ')).toBe('CH1');
    expect(parseChannelCode('')).toBeUndefined();
    expect(parseChannelCode('<script>')).toBeUndefined();
    expect(parseChannelCode('a'.repeat(65))).toBeUndefined();
  });
});

describe('queryFromUrl (H5)', () => {
  it('reads the query before the hash', () => {
    expect(queryFromUrl('https://x.example/?platform=5&code=C1#/pages/home/home')).toEqual({
      platform: '5',
      code: 'C1',
    });
  });

  it('reads the query inside the hash route', () => {
    expect(queryFromUrl('https://x.example/#/pages/home/home?platform=5&bizId=a%2Cb')).toEqual({
      platform: '5',
      bizId: 'a,b',
    });
  });

  it('lets the hash route win where both name a key', () => {
    expect(
      queryFromUrl('https://x.example/?platform=2&code=A#/pages/home/home?platform=3'),
    ).toEqual({
      platform: '3',
      code: 'A',
    });
  });

  it('copes with no query, a bare hash and malformed escapes', () => {
    expect(queryFromUrl('https://x.example/')).toEqual({});
    expect(queryFromUrl('https://x.example/#')).toEqual({});
    expect(queryFromUrl('https://x.example/?bizId=%E4%B8%AD%ZZ')).toEqual({ bizId: '中%ZZ' });
  });
});

describe('applyLaunch on H5', () => {
  it('applies the launch query: brand, channel code and business/order ids', () => {
    openUrl('/?code=CH9#/pages/home/home?platform=7&bizId=B1,O2');
    const result = applyLaunch();
    expect(result).toEqual({ platform: 7, channelCode: 'CH9', businessId: 'B1', orderId: 'O2' });
    expect(getStoredPlatform()).toBe(7);
    expect(getChannelCode()).toBe('CH9');
    expect(useBillStore.getState()).toMatchObject({
      bizId: 'B1',
      orderId: 'O2',
      firstShow: true,
      code: 'CH9',
    });
    expect(useBrandStore.getState().brand.id).toBe(7);
    expect(document.documentElement.style.getPropertyValue('--brand-color')).toBe('#BE185D');
  });

  it('keeps the stored brand when the link names none, and defaults to 1 on a first visit', () => {
    openUrl('/#/pages/home/home');
    expect(applyLaunch().platform).toBe(1);
    expect(getStoredPlatform()).toBe(1);
    setPlatform(4);
    expect(applyLaunch().platform).toBe(4);
  });

  it.each(['0', '10', 'abc'])(
    'ignores an invalid platform %p and does not store it',
    (platform) => {
      setPlatform(3);
      openUrl(`/?platform=${platform}#/pages/home/home`);
      expect(applyLaunch().platform).toBe(3);
      expect(getStoredPlatform()).toBe(3);
    },
  );

  it('loads no chat at launch, even for brand 9 (its customer-service page loads its provider)', () => {
    openUrl('/?platform=9');
    applyLaunch();
    expect(document.querySelectorAll('script#online-service-chat')).toHaveLength(0);
  });
});
