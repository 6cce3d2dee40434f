import { BANK_CARD_ISSUERS } from './bankCardIssuers';

export type BankCardType = 'DC' | 'CC' | 'SCC' | 'PC';

export interface BankCardInfo {
  bankName: string;
  bankCode: string;
  cardType: BankCardType;
  cardTypeName: string;
}

export const CARD_TYPE_NAMES: Readonly<Record<BankCardType, string>> = {
  DC: '储蓄卡',
  CC: '信用卡',
  SCC: '准贷记卡',
  PC: '预付费卡',
};

/**
 * Index keyed by "<length>:<prefix>", built once when the module loads (a few thousand entries,
 * about a millisecond) so that every lookup is at most a dozen Map reads.
 */
const index = new Map<string, BankCardInfo>();
let longestPrefix = 0;
let shortestPrefix = Infinity;
let shortestCard = Infinity;
let longestCard = 0;
for (const [bankCode, bankName, patterns] of BANK_CARD_ISSUERS) {
  for (const pattern of patterns.split(';')) {
    const [head, ...prefixes] = pattern.split(' ');
    const cardType = head.replace(/\d+$/, '') as BankCardType;
    const length = Number(head.slice(cardType.length));
    shortestCard = Math.min(shortestCard, length);
    longestCard = Math.max(longestCard, length);
    const info: BankCardInfo = {
      bankName,
      bankCode,
      cardType,
      cardTypeName: CARD_TYPE_NAMES[cardType],
    };
    for (const prefix of prefixes) {
      index.set(`${length}:${prefix}`, info);
      longestPrefix = Math.max(longestPrefix, prefix.length);
      shortestPrefix = Math.min(shortestPrefix, prefix.length);
    }
  }
}

/** Space-like characters a user or a paste leaves inside a card number ("6222 0200 …"). */
const SPACES = /[ \u00a0\u3000]/g;
/** Full-width digits U+FF10–U+FF19, which Chinese IMEs type in full-width mode. */
const FULL_WIDTH_DIGITS = /[\uff10-\uff19]/g;

/**
 * The card number as ASCII digits, or null when anything but digits and spaces is left.
 * Strips ASCII, no-break and ideographic spaces; maps full-width digits to ASCII. Nothing else is
 * tolerated (hyphens, other-script digits, zero-width characters): the page should show the error.
 */
export function normaliseCardNumber(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 64) return null;
  const digits = input
    .replace(SPACES, '')
    .replace(FULL_WIDTH_DIGITS, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return /^\d+$/.test(digits) ? digits : null;
}

/**
 * Issuer of a bank card number from the offline table, or null when the input is not a card
 * number of a length some issuer uses for a prefix it starts with. Never calls the network.
 * The key is (prefix, exact length): the longest prefix registered for this length wins.
 */
export function lookupBankCard(cardNo: unknown): BankCardInfo | null {
  const digits = normaliseCardNumber(cardNo);
  if (digits === null || digits.length < shortestCard || digits.length > longestCard) {
    return null;
  }
  for (let n = Math.min(longestPrefix, digits.length); n >= shortestPrefix; n--) {
    const info = index.get(`${digits.length}:${digits.slice(0, n)}`);
    if (info) return { ...info };
  }
  return null;
}
