/**
 * A coupon's face in every catalogue: a console's percentage-off and first-month-free templates
 * read as what they are (they read ¥0.00, their `amount`, before).
 */
import { ALL_MESSAGES, packOf } from '../../contract/i18n';
import { accountMessages } from '../../contract/i18n/zh-Hans/account';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  installLanguagePack,
  registerMessages,
  translate,
  type Language,
} from '../i18n';
import { couponFace } from './coupon-face';

registerMessages(accountMessages);
for (const language of LANGUAGES)
  if (language !== DEFAULT_LANGUAGE) installLanguagePack(packOf(language));

const face = (coupon: Parameters<typeof couponFace>[0], language: Language) =>
  couponFace(coupon, (key, params) => translate(language, key, params), language);

const PERCENT = { amount: 0, kind: 'percent' as const, percentOff: 15 };
const FREE = { amount: 0, kind: 'first_month_free' as const };

test.each([
  ['zh-Hans', '8.5折', '首月免租'],
  ['zh-Hant', '8.5折', '首月免租'],
  ['en', '15% off', 'First month free'],
  ['es', '15 % de descuento', 'Primer mes gratis'],
  ['fr', '15 % de remise', 'Premier mois offert'],
] as const)('%s: %s, %s', (language, percent, free) => {
  expect(Object.keys(ALL_MESSAGES)).toContain(language);
  expect(face(PERCENT, language)).toBe(percent);
  expect(face(FREE, language)).toBe(free);
  // Money off reads as money in every language.
  expect(face({ amount: 2000, kind: 'amount' }, language)).toBe('¥20.00');
});

test('whole tenths read without a decimal: 10% off is 9折, 50% off 5折', () => {
  expect(face({ ...PERCENT, percentOff: 10 }, 'zh-Hans')).toBe('9折');
  expect(face({ ...PERCENT, percentOff: 50 }, 'zh-Hans')).toBe('5折');
  expect(face({ ...PERCENT, percentOff: 33 }, 'zh-Hant')).toBe('6.7折');
});
