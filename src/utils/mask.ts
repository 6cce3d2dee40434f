/**
 * Masks for numbers shown on screen. Each keeps only what its rule reveals; input too short for the
 * rule to hide anything is masked completely, so no input ever shows more than the rule allows.
 */

function clean(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/\s+/g, '');
}

function keepEnds(text: string, head: number, tail: number, minLength: number): string {
  // Array.from counts code points, so a stray emoji cannot split into half a character.
  const chars = Array.from(text);
  if (chars.length < minLength) return '*'.repeat(chars.length);
  const hidden = chars.length - head - tail;
  return (
    chars.slice(0, head).join('') + '*'.repeat(hidden) + chars.slice(chars.length - tail).join('')
  );
}

/** Bank card: first 6 + last 4, e.g. 622202******1234. */
export function maskCardNo(cardNo: string | number | null | undefined): string {
  return keepEnds(clean(cardNo), 6, 4, 12);
}

/** ID number: first 3 + last 4, e.g. 110***********123X. */
export function maskIdCard(idNo: string | number | null | undefined): string {
  return keepEnds(clean(idNo), 3, 4, 15);
}

/** Mobile: 3 + **** + 4, e.g. 138****5678. */
export function maskMobile(mobile: string | number | null | undefined): string {
  const chars = Array.from(clean(mobile));
  if (chars.length < 11) return '*'.repeat(chars.length);
  return `${chars.slice(0, 3).join('')}****${chars.slice(chars.length - 4).join('')}`;
}
