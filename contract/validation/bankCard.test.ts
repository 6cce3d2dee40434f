import http from 'node:http';
import https from 'node:https';
import { BANK_CARD_ISSUERS } from './bankCardIssuers';
import { lookupBankCard } from './index';

interface Pattern {
  bankCode: string;
  bankName: string;
  cardType: string;
  length: number;
  prefix: string;
}

/** The table read independently of the lookup's own parser. */
const patterns: Pattern[] = BANK_CARD_ISSUERS.flatMap(([bankCode, bankName, encoded]) =>
  encoded.split(';').flatMap((group) => {
    const [head, ...prefixes] = group.split(' ');
    const m = /^(DC|CC|SCC|PC)(\d\d)$/.exec(head);
    if (!m) throw new Error(`bad pattern head ${head} in ${bankCode}`);
    return prefixes.map((prefix) => ({
      bankCode,
      bankName,
      cardType: m[1],
      length: Number(m[2]),
      prefix,
    }));
  }),
);

/** Appends the Luhn check digit, as real card numbers carry. */
function withLuhn(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const prefixesByLength = new Map<number, string[]>();
for (const p of patterns) {
  prefixesByLength.set(p.length, [...(prefixesByLength.get(p.length) ?? []), p.prefix]);
}

/** A Luhn-valid number of the pattern's length that no longer registered prefix claims. */
function sampleNumber(p: Pattern): string | null {
  const longer = (prefixesByLength.get(p.length) ?? []).filter(
    (q) => q.length > p.prefix.length && q.startsWith(p.prefix),
  );
  for (let seed = 0; seed < 40; seed++) {
    let body = p.prefix;
    for (let i = 0; body.length < p.length - 1; i++) body += String((seed * 7 + i * 3) % 10);
    const candidate = withLuhn(body);
    if (!longer.some((q) => candidate.startsWith(q))) return candidate;
  }
  return null;
}

describe('issuer table', () => {
  it('has hundreds of prefixes across the state, joint-stock, city, rural and foreign banks', () => {
    const codes = new Set(BANK_CARD_ISSUERS.map(([code]) => code));
    expect(patterns.length).toBeGreaterThan(2000);
    expect(codes.size).toBeGreaterThan(250);
    // State banks, joint-stock, city/rural commercial, rural credit unions, HK/Macau and foreign.
    for (const code of [
      'ICBC',
      'ABC',
      'BOC',
      'CCB',
      'COMM',
      'PSBC',
      'CMB',
      'CITIC',
      'SPDB',
      'CIB',
    ]) {
      expect(codes).toContain(code);
    }
    for (const code of ['DAQINGB', 'CDRCB', 'FJNX', 'BJBANK', 'HSBC', 'HSB', 'BNU', 'DBS', 'SCB']) {
      expect(codes).toContain(code);
    }
  });

  it('registers each (prefix, length) once, so no lookup depends on table order', () => {
    const keys = patterns.map((p) => `${p.length}:${p.prefix}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  // 15-19 digits, and 20 for one old 广发银行 series (6858000, 6858001, 6858009) from bankcardinfo.
  it('uses upper-case Alipay-style codes, card numbers of 15-20 digits and digit prefixes', () => {
    for (const p of patterns) {
      expect(p.bankCode).toMatch(/^[A-Z][A-Z0-9]+$/);
      expect(p.bankName.length).toBeGreaterThan(1);
      expect(p.prefix).toMatch(/^\d{3,10}$/);
      expect(p.length).toBeGreaterThanOrEqual(15);
      expect(p.length).toBeLessThanOrEqual(20);
      expect(p.prefix.length).toBeLessThan(p.length);
    }
  });

  it('finds, for a sample number of every pattern, that pattern’s bank and card type', () => {
    const names: Record<string, string> = {
      DC: '储蓄卡',
      CC: '信用卡',
      SCC: '准贷记卡',
      PC: '预付费卡',
    };
    const failures: string[] = [];
    for (const p of patterns) {
      const sample = sampleNumber(p);
      const found = sample === null ? null : lookupBankCard(sample);
      const expected = {
        bankName: p.bankName,
        bankCode: p.bankCode,
        cardType: p.cardType,
        cardTypeName: names[p.cardType],
      };
      if (JSON.stringify(found) !== JSON.stringify(expected)) {
        failures.push(
          `${p.bankCode} ${p.prefix}/${p.length}: ${sample} → ${JSON.stringify(found)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('gives every issuer a sample that looks up to it', () => {
    const issuers = new Set(BANK_CARD_ISSUERS.map(([code, name]) => `${code}|${name}`));
    const found = new Set<string>();
    for (const p of patterns) {
      const sample = sampleNumber(p);
      const info = sample && lookupBankCard(sample);
      if (info) found.add(`${info.bankCode}|${info.bankName}`);
    }
    expect([...issuers].filter((i) => !found.has(i))).toEqual([]);
  });
});

describe('lookupBankCard', () => {
  it.each([
    // Well-known BINs of the big banks.
    ['6222020200112233445', 'ICBC', '中国工商银行', 'DC', '储蓄卡'],
    ['6227003320240034988', 'CCB', '中国建设银行', 'DC', '储蓄卡'],
    ['6228480402564890018', 'ABC', '中国农业银行', 'DC', '储蓄卡'],
    ['6217850100000000001', 'BOC', '中国银行', 'DC', '储蓄卡'],
    ['6225880137001234', 'CMB', '招商银行', 'DC', '储蓄卡'],
    ['4392250012345678', 'CMB', '招商银行', 'CC', '信用卡'],
    ['6210985840012345678', 'PSBC', '中国邮政储蓄银行', 'DC', '储蓄卡'],
    ['6222600110012345678', 'COMM', '交通银行', 'DC', '储蓄卡'],
    // Decisions of the merge (scripts/bank-bin/README.md).
    ['6222101234567890', 'ICBC', '中国工商银行', 'CC', '信用卡'], // type: bankcard over bankcardinfo
    ['5359101234567890', 'ABC', '中国农业银行', 'SCC', '准贷记卡'], // bank: bankcard over bankcardinfo
    ['6282291234567890', 'CDB', '承德银行', 'CC', '信用卡'], // shared code, bin-level name kept
    ['6212891234567890123', 'NCB', '南洋商业银行', 'DC', '储蓄卡'], // shared code NCB (南昌银行)
    ['6212691234567890', 'NCB', '南昌银行', 'DC', '储蓄卡'],
  ])('%s → %s %s %s', (cardNo, bankCode, bankName, cardType, cardTypeName) => {
    expect(lookupBankCard(cardNo)).toEqual({ bankCode, bankName, cardType, cardTypeName });
  });

  it('takes the longest registered prefix: 62249802… is 秦皇岛市商业银行 although 622498 is 河北银行', () => {
    expect(lookupBankCard('6224980212345678901')?.bankCode).toBe('QHDCCB');
    expect(lookupBankCard('6224980112345678901')?.bankCode).toBe('BHB');
  });

  // Both issuer tables register 622498 and 940046 to 河北银行; bankcard's 沧州银行 sub-ranges
  // 62249804 and 94004604 are dropped by the generator (DROPPED_B_ROWS in scripts/bank-bin/build.ts).
  it.each([
    '6224980412345678901',
    '9400460412345678901',
    '6224980012345678901',
    '9400469912345678901',
  ])('%s is 河北银行 (BHB), not 沧州银行', (number) => {
    expect(lookupBankCard(number)).toEqual(
      expect.objectContaining({ bankCode: 'BHB', bankName: '河北银行' }),
    );
  });

  it('strips ASCII, no-break and ideographic spaces, and reads full-width digits', () => {
    const expected = lookupBankCard('6222020200112233445');
    expect(expected).not.toBeNull();
    expect(lookupBankCard('6222 0202 0011 2233 445')).toEqual(expected);
    expect(lookupBankCard(' 6222 0202 0011 2233 445 ')).toEqual(expected);
    expect(lookupBankCard('6222\u00a00202\u00a00011\u00a02233\u00a0445')).toEqual(expected);
    expect(lookupBankCard('6222\u30000202\u30000011\u30002233\u3000445')).toEqual(expected);
    expect(lookupBankCard('６２２２０２０２００１１２２３３４４５')).toEqual(expected);
  });

  it.each([
    ['hyphens', '6222-0202-0011-2233-445'],
    ['a tab', '6222\t020200112233445'],
    ['a newline', '6222020200112233445\n'],
    ['a zero-width space', '6222\u200b020200112233445'],
    ['Arabic-Indic digits', '٦٢٢٢٠٢٠٢٠٠١١٢٢٣٣٤٤٥'],
    ['a letter', '622202020011223344a'],
    ['a sign', '+6222020200112233445'],
    ['nothing', ''],
    ['only spaces', '    '],
  ])('gives null for a number with %s', (_what, input) => {
    expect(lookupBankCard(input)).toBeNull();
  });

  it('gives null when the length is outside the issuer’s rule', () => {
    // 622202 is a 19-digit ICBC debit prefix only.
    expect(lookupBankCard('6222020200112233445')).not.toBeNull();
    expect(lookupBankCard('622202020011223344')).toBeNull();
    expect(lookupBankCard('62220202001122334455')).toBeNull();
    expect(lookupBankCard('6222020200112')).toBeNull();
  });

  it('gives null for an unknown prefix', () => {
    expect(lookupBankCard('9876543210987654')).toBeNull();
    expect(lookupBankCard('5555555555554444')).toBeNull(); // a Mastercard test card
    expect(lookupBankCard('0000000000000000000')).toBeNull();
    expect(lookupBankCard('4111111111111111')).toBeNull(); // a Visa test card, no Chinese issuer
  });

  // A card number typed as a JS number has already lost digits: the point is that it is refused.
  // eslint-disable-next-line no-loss-of-precision
  it.each([[null], [undefined], [6222020200112233445], [{}], [[]], [true], [NaN]])(
    'gives null for the non-string %p',
    (input) => {
      expect(lookupBankCard(input)).toBeNull();
    },
  );

  it('returns a fresh object, so a caller cannot corrupt the table', () => {
    const first = lookupBankCard('6222020200112233445');
    if (first) first.bankName = 'changed';
    expect(lookupBankCard('6222020200112233445')?.bankName).toBe('中国工商银行');
  });

  it('never touches the network', () => {
    const calls: string[] = [];
    const httpSpy = jest.spyOn(http, 'request').mockImplementation(() => {
      calls.push('http');
      throw new Error('network');
    });
    const httpsSpy = jest.spyOn(https, 'request').mockImplementation(() => {
      calls.push('https');
      throw new Error('network');
    });
    const fetchBefore = globalThis.fetch;
    const xhrBefore = globalThis.XMLHttpRequest;
    globalThis.fetch = (() => {
      calls.push('fetch');
      throw new Error('network');
    }) as typeof fetch;
    // jsdom's XHR replaced by one that records any construction.
    globalThis.XMLHttpRequest = function recordingXhr() {
      calls.push('xhr');
      throw new Error('network');
    } as unknown as typeof XMLHttpRequest;
    try {
      for (const cardNo of ['6222020200112233445', '9999999999999999', '6217000000000000000']) {
        lookupBankCard(cardNo);
      }
    } finally {
      globalThis.fetch = fetchBefore;
      globalThis.XMLHttpRequest = xhrBefore;
      httpSpy.mockRestore();
      httpsSpy.mockRestore();
    }
    expect(calls).toEqual([]);
  });
});
