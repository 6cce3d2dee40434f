/**
 * Chinese motor-vehicle plates (GA 36-2018). Province abbreviation, issuing-authority letter, then:
 * - ordinary (7): five serial characters, letters except I and O, or digits;
 *   the last one may be 挂 (trailer), 学 (driving school), 警 (police) or 领 (consulate);
 *   港 / 澳 only after 粤Z, the Guangdong cross-border series.
 * - new energy (8): small cars D or F (pure electric / other), one letter or digit, four digits;
 *   large cars five digits then D or F.
 * Not accepted: 使 embassy plates (they start with 使, not a province), military and armed-police
 * plates (their own alphabets), and pre-2007 formats. Consumers renting devices do not have them,
 * and a wrong "valid" is worse than asking the user to check.
 */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const SERIAL = 'A-HJ-NP-Z0-9';

const ORDINARY = new RegExp(`^[${PROVINCES}][A-Z][${SERIAL}]{4}[${SERIAL}挂学警领]$`);
const CROSS_BORDER = /^粤Z[A-HJ-NP-Z0-9]{4}[港澳]$/;
const NEW_ENERGY_SMALL = new RegExp(`^[${PROVINCES}][A-Z][DF][${SERIAL}]\\d{4}$`);
const NEW_ENERGY_LARGE = new RegExp(`^[${PROVINCES}][A-Z]\\d{5}[DF]$`);

export function isPlate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length === 7) return ORDINARY.test(value) || CROSS_BORDER.test(value);
  if (value.length === 8) return NEW_ENERGY_SMALL.test(value) || NEW_ENERGY_LARGE.test(value);
  return false;
}
