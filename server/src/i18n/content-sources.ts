/**
 * Every text the server writes itself in Simplified Chinese and sends to the storefront as
 * content (not as an error, which the storefront translates by its reason): the seeded catalogue
 * vocabulary (categories, services, tags, tabs, banners, explanations, coupons), the dictionaries
 * and express companies, customer-service questions, the account-closing lists and the order
 * timeline's notes. Each served language translates every one (./content.ts; the test checks).
 * Goods themselves (names, descriptions, specs), hot search keywords, addresses and what users
 * typed are data and stay as they are.
 */
import { DELETED, RETAINED } from '../privacy/account.ts';
import { EXPRESS_TEXT, TIMELINE_NOTES } from '../orders/notes.ts';
import {
  BANNERS,
  CATEGORIES,
  DICTIONARY,
  EXPLAINS,
  EXPRESS_COMPANIES,
  QUESTION_TYPES,
  SERVICE_WORK_TIME,
  VALUE_ADDED_SERVICES,
} from '../seed/catalog-data.ts';
import { TAG_SETS } from '../seed/catalog-build.ts';
import { COUPON_TEXTS } from '../seed/coupons.ts';
import { HOME_TAB_NAMES } from '../seed/index.ts';

/** Dictionaries whose labels are data, not vocabulary (the return address must stay as it is). */
const DATA_DICTIONARIES = new Set(['return_address', 'goods_condition']);

export function contentSources(): string[] {
  const texts = [
    ...CATEGORIES.map((category) => category.name),
    ...VALUE_ADDED_SERVICES.flatMap((service) => [service.name, service.description]),
    ...BANNERS.flatMap((banner) => [banner.title, banner.headline, banner.tagline]),
    ...TAG_SETS.flat(),
    ...HOME_TAB_NAMES,
    ...EXPLAINS.flatMap((explain) => [explain.title, explain.content]),
    ...COUPON_TEXTS,
    ...Object.entries(DICTIONARY)
      .filter(([type]) => !DATA_DICTIONARIES.has(type))
      .flatMap(([, entries]) => entries.map(([label]) => label)),
    ...EXPRESS_COMPANIES.map(([, name]) => name),
    ...QUESTION_TYPES.flatMap((type) => [type.name, ...type.questions.flat()]),
    SERVICE_WORK_TIME,
    ...RETAINED.flatMap((item) => [item.what, item.why]),
    ...DELETED,
    ...Object.values(EXPRESS_TEXT),
    ...TIMELINE_NOTES,
  ];
  return [...new Set(texts)];
}
