/**
 * Every language the switcher offers is complete: each route, opened in English, Spanish and
 * French by a logged-in user with a placed order, shows no Chinese: not in its text, its titles,
 * its tab bar, its footer, the server's content (categories, questions, reasons, lists, the
 * timeline), its labels for screen readers or the browser's title. Data keeps its own words: the
 * goods (names, descriptions, colours, capacities, conditions, brands), search keywords, the
 * return address, the brand's name, company and ICP filing number, and what the user typed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BRAND_RECORDS } from '../contract/brands/records';
import type { Language } from '../contract/http';
import { packOf } from '../contract/i18n';
import { DICTIONARY, GOODS, HOT_KEYWORDS } from '../server/src/seed/catalog-data';
import { ROUTES } from '../src/routes';
import {
  openAfresh,
  phonePage,
  screenshot,
  useServerAndBrowser,
  type RunningServer,
} from './harness';
import { loginOnBrand, openAppAs, type BrandSession } from './steps/brand-session';
import { rentChoice } from './steps/checkout';
import { defaultAddress, ok, placeOrder, verifyUser } from './steps/setup';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

/** Chinese characters and CJK punctuation (full-width brackets, commas, the ideographic stop). */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g;
const HAS_CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

const ADDRESS = { name: '王小明', detail: '文三路 100 号' };

/** The words that are data, longest first (so a goods name goes before its brand). */
function dataWords(): string[] {
  const words = new Set<string>([
    ...GOODS.flatMap((goods) => [
      goods.name,
      goods.brand,
      goods.subtitle,
      ...goods.subtitle.split(/\s*·\s*/),
      ...goods.colors.map((color) => color.name),
      ...goods.capacities.map((capacity) => capacity.label),
    ]),
    ...DICTIONARY.goods_condition.map(([label]) => label),
    ...DICTIONARY.return_address.flat(),
    ...DICTIONARY.return_address.flatMap(([label, address]) => [
      ...label.split(' '),
      ...address.split(' '),
    ]),
    ...HOT_KEYWORDS,
    ...BRAND_RECORDS.flatMap((brand) => [brand.platformName, brand.companyName, brand.icpNumber]),
    // The test user's own name and address, as the address book holds them.
    ADDRESS.name,
    ADDRESS.detail,
    '浙江省',
    '杭州市',
    '西湖区',
    '李四',
  ]);
  return [...words].filter((word) => HAS_CJK.test(word)).sort((a, b) => b.length - a.length);
}

/** What a visible page says: its text, screen-reader labels, placeholders, alts and title. */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(`(() => {
    const visible = (element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const attributes = Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [alt], [title]'),
    )
      .filter(visible)
      .flatMap((element) =>
        ['aria-label', 'placeholder', 'alt', 'title'].map((name) => element.getAttribute(name) ?? ''),
      );
    return [document.title, document.body.innerText, ...attributes].join('\\n');
  })()`);
}

function chineseLeft(text: string, allowed: readonly string[]): string[] {
  let rest = text;
  for (const word of allowed) rest = rest.split(word).join(' ');
  return [...new Set(rest.match(CJK) ?? [])];
}

/** Opens `path` afresh (as a link would) and waits for what it loads to be drawn. */
async function openLoaded(page: Page, url: string): Promise<void> {
  await openAfresh(page, url);
  await page.locator('.nav-bar:visible').first().waitFor();
  await page.waitForLoadState('networkidle');
  // Skeletons give way to the data (the payment-waiting page keeps its spinner: not a skeleton).
  await page
    .waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.skeleton, .skeleton-block')).every(
          (element) => element.getBoundingClientRect().height === 0,
        ),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

/** A logged-in user, verified, with an order placed: the pages that show an order have one. */
async function userWithOrder(): Promise<{ session: BrandSession; query: string }> {
  const session = await loginOnBrand(server.baseUrl, '13800138990', 1);
  await verifyUser(session.api, server.baseUrl, 990);
  const addressId = await defaultAddress(session.api);
  const orderId = await placeOrder(session.api, addressId, 'paid');
  const choice = await rentChoice(session.api, 1);
  const detail = ok(await session.api<{ bills: { id: number }[] }>(`/api/order/detail/${orderId}`));
  const billIds = detail.bills.map((bill) => bill.id).join(',');
  const query = new URLSearchParams({
    orderId: String(orderId),
    id: '1',
    goodsId: '1',
    skuId: String(choice.skuId),
    planId: String(choice.planId),
    serviceIds: choice.serviceIds.join(','),
    billIds,
    billId: billIds.split(',')[0] ?? '',
    keyword: 'iPhone',
  }).toString();
  return { session, query };
}

/** Shows `language` at once, as a user who chose it before (its dictionary stored). */
async function chooseStored(page: Page, language: Language): Promise<void> {
  const pack = packOf(language);
  await page.evaluate((stored) => {
    localStorage.setItem('language', JSON.stringify({ data: stored.language }));
    localStorage.setItem('languagePack', JSON.stringify({ data: stored }));
  }, pack);
}

describe('every route in every language the switcher offers', () => {
  it('shows no Chinese in English, Spanish or French, data aside', async () => {
    const { session, query } = await userWithOrder();
    const allowed = dataWords();
    const found: string[] = [];
    const errors: string[] = [];
    // The three languages at once, each on its own page (its own storage).
    await Promise.all(
      (['en', 'es', 'fr'] as const).map(async (language) => {
        const { page, errors: pageErrors } = await phonePage(browser);
        await openAppAs(page, server.baseUrl, session);
        await chooseStored(page, language);
        for (const route of ROUTES) {
          await openLoaded(page, `${server.baseUrl}/#/${route.path}?${query}`);
          const left = chineseLeft(await pageWords(page), allowed);
          if (left.length > 0) found.push(`${language} ${route.path}: ${left.join(' | ')}`);
        }
        await openLoaded(page, `${server.baseUrl}/#/pages/orderDetail/orderDetail?${query}`);
        await screenshot(page, `language-${language}-order-detail`);
        errors.push(...pageErrors.map((error) => `${language}: ${error}`));
        await page.close();
      }),
    );
    assert.deepEqual(found, []);
    assert.deepEqual(errors, []);
  });
});
