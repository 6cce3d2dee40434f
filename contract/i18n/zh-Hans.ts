/**
 * Simplified Chinese, the default language and the reference: every other language must have
 * exactly these keys and `serverError.<code>` for every server code (checked by
 * src/i18n/i18n.test.ts and server-errors.test.ts). Keys are dotted: `<area>.<message>`.
 *
 * The messages live by area in ./zh-Hans/ (issue 22): the mini-programs' main package and the H5
 * first route carry only the shared layer's and the tab pages' areas; every other screen
 * registers its area when its module loads (`registerMessages`, src/i18n/index.ts), so the area
 * lands in that screen's subpackage or route chunk. This whole dictionary is for the server, the
 * build and the tests: the storefront imports only its types.
 */
import type { ErrorReason } from '../errors';
import { accountMessages } from './zh-Hans/account';
import { aftersaleMessages } from './zh-Hans/aftersale';
import { billMessages } from './zh-Hans/bill';
import { catalogMessages } from './zh-Hans/catalog';
import { checkoutMessages } from './zh-Hans/checkout';
import { customerServiceMessages } from './zh-Hans/customer-service';
import { homeMessages } from './zh-Hans/home';
import { legalMessages } from './zh-Hans/legal';
import { orderMessages } from './zh-Hans/order';
import { paymentMessages } from './zh-Hans/payment';
import { privacyMessages } from './zh-Hans/privacy';
import { routeMessages } from './zh-Hans/routes';
import { serviceMessages } from './zh-Hans/service';
import { sharedMessages } from './zh-Hans/shared';
import { testAuthMessages } from './zh-Hans/test-auth';
import { userMessages } from './zh-Hans/user';
import { verifyMessages } from './zh-Hans/verify';

/** Every area, by name (areas are disjoint: src/i18n/areas.test.ts). */
export const ZH_HANS_AREAS = {
  shared: sharedMessages,
  routes: routeMessages,
  home: homeMessages,
  user: userMessages,
  customerService: customerServiceMessages,
  testAuth: testAuthMessages,
  catalog: catalogMessages,
  account: accountMessages,
  service: serviceMessages,
  legal: legalMessages,
  privacy: privacyMessages,
  checkout: checkoutMessages,
  verify: verifyMessages,
  order: orderMessages,
  bill: billMessages,
  aftersale: aftersaleMessages,
  payment: paymentMessages,
} as const;

export type MessageArea = keyof typeof ZH_HANS_AREAS;

export const zhHans = {
  ...sharedMessages,
  ...routeMessages,
  ...homeMessages,
  ...userMessages,
  ...customerServiceMessages,
  ...testAuthMessages,
  ...catalogMessages,
  ...accountMessages,
  ...serviceMessages,
  ...legalMessages,
  ...privacyMessages,
  ...checkoutMessages,
  ...verifyMessages,
  ...orderMessages,
  ...billMessages,
  ...aftersaleMessages,
  ...paymentMessages,
} as const;

/** A key the storefront's code looks up (each in exactly one area). */
export type MessageKey = keyof typeof zhHans;
/** A server failure's text by stable code: `serverError.<code>`. */
export type ServerErrorKey = `serverError.${ErrorReason}`;
/** A whole dictionary, as the server serves it: the app's messages and every server code's. */
export type Messages = Record<MessageKey | ServerErrorKey, string>;
/** One area's messages, as a screen registers them. */
export type AreaMessages = Readonly<Partial<Record<MessageKey, string>>>;
