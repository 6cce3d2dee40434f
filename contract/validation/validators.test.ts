import * as validation from './index';
import {
  isAmount,
  isChinese,
  isCode,
  isEmail,
  isIdCard,
  isLandline,
  isLetters,
  isLettersOrDigits,
  isMobile,
  isPlateNumber,
  isUrl,
} from './index';
import { isIdCardNumber } from './idCard';

/** MOD 11-2 written out again here, so the tests do not trust the module's own arithmetic. */
function withCheck(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return first17 + '10X98765432'[sum % 11];
}

const ymd = (d: Date) =>
  `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;

it('exports exactly the validators of the spec', () => {
  expect(Object.keys(validation).sort()).toEqual(
    [
      'lookupBankCard',
      'isMobile',
      'isIdCard',
      'isAmount',
      'isCode',
      'isEmail',
      'isUrl',
      'isLandline',
      'isPlateNumber',
      'isChinese',
      'isLetters',
      'isLettersOrDigits',
    ].sort(),
  );
});

describe('isMobile', () => {
  it.each(['13800138000', '12012345678', '19912345678', '16612345678', '17012345678'])(
    'accepts %s',
    (v) => expect(isMobile(v)).toBe(true),
  );
  it.each([
    ['second digit 0', '10012345678'],
    ['second digit 1', '11012345678'],
    ['first digit 2', '23800138000'],
    ['10 digits', '1380013800'],
    ['12 digits', '138001380001'],
    ['full-width digits', '１３８００１３８０００'],
    ['spaces', '138 0013 8000'],
    ['country code', '+8613800138000'],
    ['trailing newline', '13800138000\n'],
    ['a number, not a string', 13800138000],
  ])('rejects %s', (_what, v) => expect(isMobile(v)).toBe(false));
});

describe('isIdCard', () => {
  it.each([
    ['the GB 11643 example', '11010519491231002X'],
    ['lowercase x, which users type', '11010519491231002x'],
    ['a digit check character', withCheck('44030619900101123')],
    ['a directly administered county (4290xx)', withCheck('42900419850615001')],
    ['a Hong Kong residence permit', withCheck('81000019900101001')],
    ['29 February of a leap year', withCheck('11010520000229001')],
    ['born today', withCheck(`110105${ymd(new Date())}001`)],
  ])('accepts %s', (_what, v) => expect(isIdCard(v)).toBe(true));

  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  it.each([
    ['a wrong check character', '110105194912310021'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X1'],
    ['X inside the number', withCheck('1101051949123100X').replace(/.$/, '1')],
    ['province 99', withCheck('99010519491231002')],
    ['province 10', withCheck('10010519491231002')],
    ['prefecture 00', withCheck('11000019491231002')],
    ['prefecture 80', withCheck('11800019491231002')],
    ['county 00', withCheck('11010019491231002')],
    ['month 13', withCheck('11010519491331002')],
    ['day 32', withCheck('11010519490132002')],
    ['31 April', withCheck('11010519490431002')],
    ['29 February 1900 (not a leap year)', withCheck('11010519000229002')],
    ['29 February 2023', withCheck('11010520230229002')],
    ['a birth date tomorrow', withCheck(`110105${ymd(tomorrow)}001`)],
    ['born before 1900 (the standard’s 1880 example)', '440524188001010014'],
    ['a 15-digit first-generation number', '110105491231002'],
    ['full-width digits', '１１０１０５１９４９１２３１００２Ｘ'],
    ['spaces', '110105 19491231 002X'],
    ['null', null],
  ])('rejects %s', (_what, v) => expect(isIdCard(v)).toBe(false));

  it('judges the birth date against the day it is asked', () => {
    const id = withCheck('11010520300101001');
    expect(isIdCardNumber(id, new Date(2029, 11, 31))).toBe(false);
    expect(isIdCardNumber(id, new Date(2030, 0, 1))).toBe(true);
  });
});

describe('isAmount', () => {
  it.each(['0', '0.1', '0.01', '0.10', '1', '10', '10.5', '99.99', '1000000', '9999999999.99'])(
    'accepts %s',
    (v) => expect(isAmount(v)).toBe(true),
  );
  it.each([
    '01',
    '00.5',
    '0.001',
    '100.005',
    '.5',
    '5.',
    '-1',
    '-0',
    '+1',
    '1e3',
    '0x10',
    '¥100',
    '100元',
    '１００',
    '1,000.00',
    ' 1',
    '1 ',
    'NaN',
    'Infinity',
    '99999999999',
    '9007199254740993',
    '',
  ])('rejects %p', (v) => expect(isAmount(v)).toBe(false));
  it('rejects numbers: the form gives strings, and 0.1 + 0.2 is not an amount', () => {
    expect(isAmount(12.5)).toBe(false);
  });
});

describe('isCode', () => {
  it('takes six digits by default', () => {
    expect(isCode('123456')).toBe(true);
    expect(isCode('000000')).toBe(true);
    expect(isCode('12345')).toBe(false);
    expect(isCode('1234567')).toBe(false);
  });
  it('takes the length asked for', () => {
    expect(isCode('1234', 4)).toBe(true);
    expect(isCode('123456', 4)).toBe(false);
    expect(isCode('12345678', 8)).toBe(true);
  });
  it.each(['１２３４５６', '12345a', ' 123456', '123456\n', '${123456}', '12 3456'])(
    'rejects %p',
    (v) => expect(isCode(v)).toBe(false),
  );
  it('rejects a nonsense length instead of throwing', () => {
    expect(isCode('', 0)).toBe(false);
    expect(isCode('123', -3)).toBe(false);
    expect(isCode('123', 2.5)).toBe(false);
    expect(isCode('123', NaN)).toBe(false);
  });
});

describe('isEmail', () => {
  it.each(['a@b.cn', 'zhang.san@example.com', 'user+tag@mail.example.com.cn', 'a_b-c%d@x-y.org'])(
    'accepts %s',
    (v) => expect(isEmail(v)).toBe(true),
  );
  it.each([
    'plain',
    '@example.com',
    'a@',
    'a@b',
    'a@b.c',
    'a..b@example.com',
    '.a@example.com',
    'a.@example.com',
    'a@-example.com',
    'a@example-.com',
    'a@example..com',
    'a b@example.com',
    'a@b@example.com',
    '张三@example.com',
    'a@例子.中国',
    '<script>@example.com',
    `${'a'.repeat(65)}@example.com`,
  ])('rejects %p', (v) => expect(isEmail(v)).toBe(false));
});

describe('isUrl', () => {
  it.each([
    'https://good.example.com/contract/1',
    'http://example.com',
    'HTTPS://GOOD.EXAMPLE.COM/',
    'https://good.example.com:8443/a?b=c#d',
    'https://xn--gd-yia.example.com/',
    'http://127.0.0.1:8080/health',
    'http://localhost:3000/',
  ])('accepts %s', (v) => expect(isUrl(v)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'ftp://example.com/',
    '//example.com',
    'example.com',
    'https://',
    'https://good.example.com@evil.test/',
    'https://evil.test\\@good.example.com',
    'https://ｇｏｏｄ.example.com/x',
    'https://good。example。com/',
    'https://good.example.com./',
    'https://256.1.1.1/',
    'https://example.com:0/',
    'https://example.com:70000/',
    'https://example.com/a b',
    'https://example.com/"><script>',
    'https://good.example.com/\r\nSet-Cookie:x=1',
  ])('rejects %p', (v) => expect(isUrl(v)).toBe(false));
});

describe('isLandline', () => {
  it.each([
    '010-62345678',
    '01062345678',
    '021-87654321',
    '0755-8765432',
    '0571-88888888-123',
    '88888888',
    '2345678',
  ])('accepts %s', (v) => expect(isLandline(v)).toBe(true));
  it.each([
    '13800138000',
    '400-123-4567',
    '010-0123456',
    '010-12345678', // local numbers do not start with 1
    '010-1234567890',
    '(010)12345678',
    '010 12345678',
    '1234567',
    '0101-',
  ])('rejects %p', (v) => expect(isLandline(v)).toBe(false));
});

describe('isPlateNumber', () => {
  it.each([
    ['ordinary', '京A12345'],
    ['ordinary with letters', '沪AB123C'],
    ['new energy, small car', '粤BD12345'],
    ['new energy, small car, letter second', '粤BFA1234'],
    ['new energy, large car', '粤B12345D'],
    ['trailer', '鲁A1234挂'],
    ['driving school', '京A1234学'],
    ['police', '京A0006警'],
    ['consulate', '沪A1234领'],
    ['Hong Kong cross-border', '粤Z1234港'],
    ['Macau cross-border', '粤Z1234澳'],
  ])('accepts %s %s', (_what, v) => expect(isPlateNumber(v)).toBe(true));
  it.each([
    ['6 characters', '京A1234'],
    ['9 characters', '京A1234567'],
    ['no province', 'AA12345'],
    ['letter I in the serial', '京A1234I'],
    ['letter O in the serial', '京AO1234'],
    ['lowercase', '京a12345'],
    ['new energy with A at position 3', '粤BA12345'],
    ['new energy large with a letter inside', '粤B1234AD'],
    ['港 outside 粤Z', '京A1234港'],
    ['embassy plate', '使014578'],
    ['full-width letters', '京Ａ12345'],
    ['a space', '京A 12345'],
  ])('rejects %s', (_what, v) => expect(isPlateNumber(v)).toBe(false));
});

describe('isChinese', () => {
  it.each(['王一', '欧阳娜娜', '張三', '张䶮', '𠮷野', '龘'])('accepts %s', (v) =>
    expect(isChinese(v)).toBe(true),
  );
  it.each([
    '阿卜杜热合曼·买买提',
    '张 三',
    '张　三',
    'ZHANG SAN',
    '张三😀',
    '张\u200b三',
    '李\u0301四',
    '，',
    '',
    '\ud842', // a lone high surrogate
  ])('rejects %p', (v) => expect(isChinese(v)).toBe(false));
});

describe('isLetters and isLettersOrDigits', () => {
  it('accepts ASCII letters, and digits for the second', () => {
    expect(isLetters('abcXYZ')).toBe(true);
    expect(isLetters('abc1')).toBe(false);
    expect(isLettersOrDigits('abc123')).toBe(true);
    expect(isLettersOrDigits('123')).toBe(true);
  });
  it.each(['', 'a b', 'a-b', 'ａｂｃ', 'é', 'a\n', '张'])('both reject %p', (v) => {
    expect(isLetters(v)).toBe(false);
    expect(isLettersOrDigits(v)).toBe(false);
  });
});

describe('text length', () => {
  it('accepts up to 255 characters in the character-class checks and refuses more', () => {
    expect(isLetters('a'.repeat(255))).toBe(true);
    expect(isLetters('a'.repeat(256))).toBe(false);
    expect(isLettersOrDigits('1'.repeat(256))).toBe(false);
    expect(isChinese('张'.repeat(255))).toBe(true);
    expect(isChinese('张'.repeat(256))).toBe(false);
  });
});
