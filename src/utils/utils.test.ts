import { formatMoney, idParam, maskCardNo, maskIdCard, maskMobile } from './index';
import { timeFrom } from './time';
import { rootFontSize, Z_INDEX } from '../constants';

describe('formatMoney (integer fen → yuan)', () => {
  test.each([
    [null, '0'],
    [undefined, '0'],
    ['', '0'],
    ['  ', '0'],
    [0, '0.00'],
    [1, '0.01'],
    [10, '0.10'],
    [12345, '123.45'],
    [100000000, '1000000.00'],
    ['9900', '99.00'],
    [-150, '-1.50'],
    [12.6, '0.13'],
    ['abc', '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
  ])('%p shows %p', (fen, shown) => {
    expect(formatMoney(fen)).toBe(shown);
  });
});

describe('timeFrom', () => {
  const now = new Date('2026-06-15T12:00:00+08:00').getTime();
  const ago = (ms: number) => now - ms;
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;
  test.each([
    [ago(0), '刚刚'],
    [ago(4 * MIN + 59_000), '刚刚'],
    [ago(5 * MIN), '5分钟前'],
    [ago(59 * MIN), '59分钟前'],
    [ago(HOUR), '1小时前'],
    [ago(23 * HOUR + 59 * MIN), '23小时前'],
    [ago(DAY), '1天前'],
    [ago(29 * DAY), '29天前'],
    [ago(30 * DAY), '1个月前'],
    [new Date('2026-01-15T12:00:00+08:00').getTime(), '5个月前'],
    [new Date('2025-06-15T12:00:00+08:00').getTime(), '1年前'],
    [new Date('2023-01-01T00:00:00+08:00').getTime(), '3年前'],
    [now + 10 * MIN, '刚刚'],
  ])('%p reads %p', (when, text) => {
    expect(timeFrom(when, now)).toBe(text);
  });

  test('accepts the server date strings and rejects garbage', () => {
    expect(timeFrom('2026-06-15 11:00:00', '2026-06-15 12:30:00')).toBe('1小时前');
    expect(timeFrom('not a date', now)).toBe('');
    expect(timeFrom(null, now)).toBe('');
    expect(timeFrom('', now)).toBe('');
  });
});

describe('masks', () => {
  test('card number keeps the first 6 and last 4', () => {
    expect(maskCardNo('6222021234567890123')).toBe('622202*********0123');
    expect(maskCardNo('6222 0212 3456 7890')).toBe('622202******7890');
    expect(maskCardNo(6222021234567890)).toBe('622202******7890');
  });
  test('ID number keeps the first 3 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard('110105491231002')).toBe('110********1002');
  });
  test('mobile keeps 3 + **** + 4', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile(13812345678)).toBe('138****5678');
  });
  test('short, empty and odd input never reveals more than the rule and never throws', () => {
    for (const mask of [maskCardNo, maskIdCard, maskMobile]) {
      expect(mask(null)).toBe('');
      expect(mask(undefined)).toBe('');
      expect(mask('')).toBe('');
      expect(mask('1234')).toBe('****');
      expect(mask('12345678')).toBe('********');
    }
    // An emoji card number is masked by whole characters, never half a surrogate pair.
    expect(Array.from(maskCardNo('😀'.repeat(16)))).toHaveLength(16);
    expect(maskCardNo('62220212345')).toBe('***********');
  });
});

describe('constants', () => {
  test('H5 root font size follows the viewport up to 960 px', () => {
    expect(rootFontSize(375)).toBe(16);
    expect(rootFontSize(750)).toBe(32);
    expect(rootFontSize(1920)).toBeCloseTo(960 / 23.4375);
    expect(rootFontSize(0)).toBe(16);
  });
  test('the toast sits above popups, popups above the mask', () => {
    expect(Z_INDEX.toast).toBeGreaterThan(Z_INDEX.popup);
    expect(Z_INDEX.popup).toBeGreaterThan(Z_INDEX.mask);
    expect(Z_INDEX.mask).toBeGreaterThan(Z_INDEX.navbar);
  });
});

describe('idParam', () => {
  it('reads a positive id from a route parameter', () => {
    expect(idParam('42')).toBe(42);
    expect(idParam(' 7 ')).toBe(7);
  });

  it('gives 0, never NaN, for a missing or malformed id (an effect depending on it stays put)', () => {
    for (const bad of [
      undefined,
      '',
      'abc',
      '-1',
      '0',
      '1.5',
      '1e3',
      '9007199254740993',
      {},
      null,
    ]) {
      expect(idParam(bad)).toBe(0);
    }
  });
});
