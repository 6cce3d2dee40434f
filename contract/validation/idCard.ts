/**
 * Resident identity card numbers (GB 11643-1999): 6-digit region code (GB/T 2260), 8-digit birth
 * date, 3-digit sequence, 1 check character computed with ISO 7064 MOD 11-2.
 */

/**
 * GB/T 2260 province-level codes. 81/82/83 are the Hong Kong, Macau and Taiwan residence-permit
 * prefixes (810000, 820000, 830000), which use the same number format and checksum.
 */
// prettier-ignore
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', // 京 津 冀 晋 蒙
  '21', '22', '23', // 辽 吉 黑
  '31', '32', '33', '34', '35', '36', '37', // 沪 苏 浙 皖 闽 赣 鲁
  '41', '42', '43', '44', '45', '46', // 豫 鄂 湘 粤 桂 琼
  '50', '51', '52', '53', '54', // 渝 川 贵 云 藏
  '61', '62', '63', '64', '65', // 陕 甘 青 宁 新
]);

const PERMIT_PREFIXES = new Set(['810000', '820000', '830000']);

/**
 * Region code rule. A full county list (about 3,200 codes, plus the abolished ones that old cards
 * still carry) would weigh more than the whole issuer table and still go stale, so beyond the
 * province the rule is structural, as GB/T 2260 lays it out: prefecture 01–70 or 90 (counties
 * administered directly by the province), county 01–99 (00 would be the prefecture itself).
 */
export function isRegionCode(code: string): boolean {
  if (PERMIT_PREFIXES.has(code)) return true;
  if (!PROVINCES.has(code.slice(0, 2))) return false;
  const prefecture = Number(code.slice(2, 4));
  const county = Number(code.slice(4, 6));
  return ((prefecture >= 1 && prefecture <= 70) || prefecture === 90) && county >= 1;
}

/** Earliest accepted birth date: anyone born before 1900 is not renting a phone. */
const EARLIEST_BIRTH = 19000101;

function isBirthDate(yyyymmdd: string, today: Date): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (Number(yyyymmdd) < EARLIEST_BIRTH || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC avoids DST gaps.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return false;
  const todayNumber = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  return Number(yyyymmdd) <= todayNumber;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** The MOD 11-2 check character for the first 17 digits. */
export function idCardCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARACTERS[sum % 11];
}

/**
 * True for a well-formed 18-character ID number. A lowercase x check character is accepted (users
 * type it; it is the same character) — send `toUpperCase()` of the value to the server.
 * `today` is injectable for tests; it defaults to the device clock.
 */
export function isIdCardNumber(value: unknown, today: Date = new Date()): boolean {
  if (typeof value !== 'string' || !/^\d{17}[\dXx]$/.test(value)) return false;
  return (
    isRegionCode(value.slice(0, 6)) &&
    isBirthDate(value.slice(6, 14), today) &&
    idCardCheckCharacter(value) === value[17].toUpperCase()
  );
}
