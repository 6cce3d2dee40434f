/**
 * Browse journeys in a real browser against the real server and its seeded catalogue: home →
 * category → product → SKU and plan (the price breakdown follows), the gallery viewer, search
 * with history, premium goods and value-added services, and a brand chosen by `?platform=N`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { BRAND_RECORDS as BRANDS } from '../contract/brands/records';
import {
  CLIENT_AUTH,
  holdScripts,
  phonePage,
  type RunningServer,
  screenshot,
  useServerAndBrowser,
} from './harness';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const url = (route: string) => `${server.baseUrl}/#/${route}`;

async function breakdown(page: Page): Promise<Record<string, string>> {
  const rows = page.locator('.breakdown__row');
  const values: Record<string, string> = {};
  for (let i = 0; i < (await rows.count()); i += 1) {
    const row = rows.nth(i);
    values[(await row.locator('.breakdown__label').textContent()) ?? ''] =
      (await row.locator('.breakdown__value').textContent()) ?? '';
  }
  return values;
}

/** A finger dragging down from near the top of the page (Taro's pull-to-refresh on H5). */
async function pullDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: 187, y }],
    });
  await touch('touchStart', 150);
  for (let y = 170; y <= 450; y += 20) {
    await touch('touchMove', y);
    await page.waitForTimeout(16);
  }
  await touch('touchEnd', 450);
  await cdp.detach();
}

/** Scrolls the window to the bottom, as a finger would, until `count` has grown. */
async function scrollUntilMore(page: Page, items: Locator): Promise<number> {
  const before = await items.count();
  for (let i = 0; i < 20 && (await items.count()) <= before; i += 1) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(250);
  }
  return items.count();
}

/** The home sections' requests (not the tab goods, which wait for them). */
const HOME_SECTIONS = /\/api\/home\/(banner|category|categoryByChannel|tab|hotGoods)(\?|$)/;

/** Where each home section and the list under them sit, in CSS pixels from the page's top. */
async function homeBoxes(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const boxes: Record<string, string> = {};
    for (const selector of [
      '.banner',
      '.shortcuts',
      '.enjoy-entry',
      '.section',
      '.tabs',
      '.paged-list',
    ]) {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      boxes[selector] = box
        ? `top ${Math.round(box.top + window.scrollY)}${selector === '.paged-list' ? '' : ` height ${Math.round(box.height)}`}`
        : 'missing';
    }
    return boxes;
  });
}

/**
 * Pictures a screen reader would meet without a name: no alt (an empty alt marks one as
 * decorative) and not inside an aria-hidden part of the page.
 */
async function imagesWithoutAlt(page: Page): Promise<string[]> {
  return page
    .locator('img:not([alt])')
    .evaluateAll((images) =>
      images
        .filter((img) => !img.closest('[aria-hidden="true"]'))
        .map((img) => (img as HTMLImageElement).src),
    );
}

describe('browse journeys', () => {
  it('home → category → product → pick SKU and plan → rent now', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/`);
    // Brand image, banners, shortcuts and the first tab's goods, all from the server.
    await page.getByRole('heading', { name: BRANDS[0].platformName }).waitFor();
    await page.locator('.banner__item').first().waitFor();
    assert.ok((await page.locator('.banner__item').count()) >= 2, 'banners from the server');
    await page.locator('.paged-list .goods-card').first().waitFor();
    const shortcuts = await page.locator('.shortcuts__name').allTextContents();
    assert.ok(shortcuts.includes('笔记本电脑'), `shortcuts: ${shortcuts.join(',')}`);
    await screenshot(page, 'browse-home');

    // Pull-to-refresh reloads the sections and the list's first page.
    const reloaded: string[] = [];
    const track = (request: { url(): string }) => reloaded.push(new URL(request.url()).pathname);
    page.on('request', track);
    const banners = page.waitForResponse((r) => r.url().includes('/api/home/banner'));
    const pageOne = page.waitForResponse((r) => /\/api\/home\/tabGoods\?.*pageNum=1/.test(r.url()));
    await pullDown(page);
    await Promise.all([banners, pageOne]);
    page.off('request', track);
    assert.ok(reloaded.includes('/api/home/tab'), reloaded.join(','));
    await page.locator('.paged-list .goods-card').first().waitFor();

    await page.locator('.tabs').scrollIntoViewIfNeeded();
    await page.locator('.tabs__tab--active').waitFor();
    await screenshot(page, 'browse-home-tabs');

    // Home pages its tab goods as the window scrolls (H5 reach-bottom).
    const homeCards = page.locator('.paged-list .goods-card');
    const firstPage = await homeCards.count();
    const more = await scrollUntilMore(page, homeCards);
    assert.ok(more > firstPage, `home paged on scroll: ${firstPage} → ${more}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A category shortcut opens the classify tab on that category.
    await page.locator('.shortcuts__item', { hasText: '笔记本电脑' }).click();
    await page.waitForURL(/pages\/classify\/classify/);
    const active = page.locator('.classify__category--active');
    await active.waitFor();
    assert.equal(await active.textContent(), '笔记本电脑');
    const rows = page.locator('.goods-row');
    await rows.first().waitFor();
    await screenshot(page, 'browse-classify');
    assert.deepEqual(await imagesWithoutAlt(page), []);
    // Another category replaces the list.
    const laptopFirst = await rows.first().locator('.goods-row__name').textContent();
    await page.locator('.classify__category', { hasText: '手机' }).click();
    await page.waitForFunction(
      (name) => document.querySelector('.goods-row .goods-row__name')?.textContent !== name,
      laptopFirst,
    );
    const phoneCount = await rows.count();
    const pagedPhones = await scrollUntilMore(page, rows);
    assert.ok(pagedPhones > phoneCount, `classify paged on scroll: ${phoneCount} → ${pagedPhones}`);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The first phone's product page.
    const goodsName = (await rows.first().locator('.goods-row__name').textContent()) ?? '';
    await rows.first().click();
    await page.waitForURL(/commodityDetails\?goodsId=\d+/);
    await page.getByRole('heading', { name: goodsName }).waitFor();
    await page.locator('.breakdown').waitFor();
    await screenshot(page, 'browse-product');
    // The gallery names its pictures after the goods, for screen readers.
    assert.equal(
      await page.locator('.gallery img').first().getAttribute('alt'),
      `${goodsName} 图片 1`,
    );
    assert.deepEqual(await imagesWithoutAlt(page), []);

    const first = await breakdown(page);
    assert.ok(first['月租金']?.startsWith('¥'), JSON.stringify(first));
    for (const label of ['首期支付', '押金', '到期买断价', '增值服务合计', '总租金'])
      assert.ok(first[label]?.match(/^¥\d+\.\d\d$/), `${label}: ${first[label]}`);

    // Another capacity (the most expensive one): the rent follows the SKU.
    const capacities = page
      .locator('.picker__row')
      .nth(1)
      .locator('[role="radio"]:not([aria-disabled="true"])');
    assert.ok((await capacities.count()) >= 1);
    await capacities.last().click();
    // Then a shorter plan: the monthly rent of a 3-month plan is higher than a 12-month one's.
    const plans = page.locator('.chip--plan');
    assert.ok((await plans.count()) >= 2, 'several plans');
    const before = await breakdown(page);
    await plans.last().click();
    await page.waitForFunction(
      (rent) =>
        document.querySelector('.breakdown__row--rent .breakdown__value')?.textContent !== rent,
      before['月租金'],
    );
    const shorter = await breakdown(page);
    assert.notEqual(shorter['总租金'], before['总租金']);
    assert.equal(
      await plans.last().getAttribute('aria-checked'),
      'true',
      'the picked plan is marked',
    );

    // An optional service adds to the rent and the services total.
    const optional = page.locator('.service-option[aria-disabled="false"]').first();
    await optional.click();
    await page.waitForFunction(
      (total) =>
        document.querySelector('.breakdown__row--services .breakdown__value')?.textContent !==
        total,
      shorter['增值服务合计'],
    );
    const withService = await breakdown(page);
    assert.notEqual(withService['增值服务合计'], shorter['增值服务合计']);
    assert.equal(await optional.getAttribute('aria-checked'), 'true');
    await screenshot(page, 'browse-product-picked');

    // The gallery's full-screen viewer zooms from 1× to 4× and no further.
    await page.locator('.gallery__item').first().click();
    const viewer = page.getByRole('dialog');
    await viewer.waitFor();
    const zoomIn = viewer.getByRole('button', { name: '放大' });
    for (let i = 0; i < 3; i += 1) await zoomIn.click();
    await viewer.getByText(/4倍/).waitFor();
    assert.equal(await zoomIn.getAttribute('aria-disabled'), 'true');
    // A further tap on the disabled button changes nothing.
    await zoomIn.click({ force: true });
    const scale = await viewer
      .locator('.viewer__image')
      .evaluate((el) => (el as HTMLElement).style.transform);
    assert.equal(scale, 'scale(4)');
    await screenshot(page, 'browse-product-viewer');
    // Zooming out stops at 1×.
    const zoomOut = viewer.getByRole('button', { name: '缩小' });
    for (let i = 0; i < 3; i += 1) await zoomOut.click();
    await viewer.getByText(/1倍/).waitFor();
    assert.equal(await zoomOut.getAttribute('aria-disabled'), 'true');
    await viewer.getByRole('button', { name: '关闭' }).click();
    await viewer.waitFor({ state: 'detached' });

    // Rent now carries the choices to the confirm-order page; a visitor is asked to log in
    // first, with those choices kept in the way back.
    const checkedServices = await page.locator('.service-option[aria-checked="true"]').count();
    assert.ok(checkedServices >= 1);
    await page.locator('.action-bar__rent').click();
    await page.waitForURL(/pages\/loginNew\/loginNew\?redirect=/);
    const redirect = new URLSearchParams(page.url().split('?')[1]).get('redirect') ?? '';
    assert.match(redirect, /^\/pages\/order\/order\?/);
    const query = new URLSearchParams(redirect.split('?')[1]);
    assert.match(query.get('goodsId') ?? '', /^\d+$/);
    assert.match(query.get('skuId') ?? '', /^\d+$/);
    assert.match(query.get('planId') ?? '', /^\d+$/);
    // Every ticked service (required ones and the one picked), by id.
    assert.match(query.get('serviceIds') ?? '', /^\d+(,\d+)*$/);
    assert.equal(query.get('serviceIds')?.split(',').length, checkedServices);
    await screenshot(page, 'browse-rent-now-login');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loads on by itself when the first page is too short to scroll (no reach-bottom event)', async () => {
    const { page, errors } = await phonePage(browser);
    // A tall window: ten rows of goods do not fill it, so the page never scrolls.
    await page.setViewportSize({ width: 375, height: 2400 });
    await page.goto(url('pages/classify/classify'));
    const rows = page.locator('.goods-row');
    await rows.first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.goods-row').length > 10);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('classify opened by a link asks for its goods while the app’s scripts are still loading', async () => {
    const { page, errors } = await phonePage(browser);
    // Every script held back for three seconds: the goods are asked for meanwhile, by index.html.
    const goodsRequests: { at: number; platform?: string }[] = [];
    const pictureRequests: { at: number; url: string }[] = [];
    page.on('request', (request) => {
      if (/\/api\/category\/goods\?/.test(request.url()))
        goodsRequests.push({ at: Date.now(), platform: request.headers()['x-platform'] });
      if (/\/assets\/goods\//.test(request.url()))
        pictureRequests.push({ at: Date.now(), url: request.url() });
    });
    const heldUntil = await holdScripts(page);
    await page.goto(`${server.baseUrl}/?platform=3#/pages/classify/classify`);
    await page.locator('.goods-row').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.goods-row').length >= 10);
    // Asked for once, for the linked brand, before the scripts arrived; the page showed that reply.
    assert.equal(goodsRequests.length, 1);
    assert.equal(goodsRequests[0].platform, '3');
    assert.ok(goodsRequests[0].at < heldUntil(), 'goods asked for while the scripts were held');
    // So was the first row's picture (as WebP), which the page then draws from the cache.
    const firstPicture =
      (await page.locator('.goods-row source').first().getAttribute('srcset')) ?? '';
    assert.ok(firstPicture.endsWith('.webp'));
    const early = pictureRequests.filter((r) => r.at < heldUntil()).map((r) => r.url);
    assert.deepEqual(early, [new URL(firstPicture, server.baseUrl).href]);
    assert.equal(pictureRequests.filter((r) => r.url === early[0]).length, 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a product opened by a link asks for its goods while the app’s scripts are still loading', async () => {
    // Brand 3's default goods, which the links below open.
    const { goodsId } = (
      (await (
        await fetch(`${server.baseUrl}/api/goods/getDefaultGoodsId`, {
          headers: {
            'x-client-authorization': CLIENT_AUTH,
            'x-platform': '3',
          },
        })
      ).json()) as { data: { goodsId: number } }
    ).data;
    /** Opens the product page by a link, every script held back for three seconds. */
    const openByLink = async (query: string) => {
      const { page, errors } = await phonePage(browser);
      const requests: { at: number; url: string; platform?: string }[] = [];
      page.on('request', (request) =>
        requests.push({
          at: Date.now(),
          url: new URL(request.url()).pathname,
          platform: request.headers()['x-platform'],
        }),
      );
      const heldUntil = await holdScripts(page);
      await page.goto(
        `${server.baseUrl}/?platform=3#/pages/commodityDetails/commodityDetails?${query}`,
      );
      await page.locator('.product__name').waitFor();
      // The rules card follows the goods: the page draws without waiting for it.
      await page.locator('.explain__item').first().waitFor();
      const info = requests.filter((r) => r.url.startsWith('/api/goods/info/'));
      return { page, errors, requests, info, heldUntil: heldUntil() };
    };

    const byGoodsId = await openByLink(`goodsId=${goodsId}`);
    // Asked for once, for the linked brand, while the scripts were held; the page showed that reply.
    assert.deepEqual(
      byGoodsId.info.map((r) => [r.url, r.platform]),
      [[`/api/goods/info/${goodsId}`, '3']],
    );
    assert.ok(
      byGoodsId.info[0].at < byGoodsId.heldUntil,
      'goods asked for while scripts were held',
    );
    // So was the gallery's first picture (as WebP), which the page then draws from the cache.
    const firstPicture = new URL(
      (await byGoodsId.page.locator('.gallery__item source').first().getAttribute('srcset')) ?? '',
      server.baseUrl,
    ).pathname;
    assert.ok(firstPicture.endsWith('.webp'), firstPicture);
    const early = byGoodsId.requests.filter(
      (r) => r.at < byGoodsId.heldUntil && r.url.startsWith('/assets/goods/'),
    );
    assert.deepEqual(
      early.map((r) => r.url),
      [firstPicture],
    );
    assert.equal(byGoodsId.requests.filter((r) => r.url === firstPicture).length, 1);
    assert.deepEqual(byGoodsId.errors, []);
    await byGoodsId.page.close();

    // The page reads `id` too, when the link has no `goodsId`.
    const byId = await openByLink(`id=${goodsId}`);
    assert.equal(byId.info.length, 1);
    assert.ok(byId.info[0].at < byId.heldUntil, 'goods asked for by `id` while scripts were held');
    assert.deepEqual(byId.errors, []);
    await byId.page.close();

    // A link whose goods id is not one: index.html asks for nothing; the page opens the brand's
    // default goods, asking for them once, after learning which they are.
    const notAnId = await openByLink('goodsId=abc');
    assert.deepEqual(
      notAnId.requests
        .filter((r) => r.url.startsWith('/api/goods/'))
        .map((r) => r.url)
        .slice(0, 2),
      ['/api/goods/getDefaultGoodsId', `/api/goods/info/${goodsId}`],
    );
    assert.equal(notAnId.info.length, 1);
    assert.deepEqual(notAnId.errors, []);
    await notAnId.page.close();

    // `goodsId` given twice: the page leaves it out and opens the default goods; so does index.html.
    const twice = await openByLink(`goodsId=${goodsId}&goodsId=${goodsId}`);
    assert.deepEqual(
      twice.requests
        .filter((r) => r.url.startsWith('/api/goods/'))
        .map((r) => r.url)
        .slice(0, 2),
      ['/api/goods/getDefaultGoodsId', `/api/goods/info/${goodsId}`],
    );
    assert.deepEqual(twice.errors, []);
    await twice.page.close();
  });

  it('classify shows the first category’s goods without waiting for the category list', async () => {
    const { page, errors } = await phonePage(browser);
    // The category list held back: the goods come anyway, and the side bar follows.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/category\/list(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('pages/classify/classify'));
    await page.locator('.goods-row').first().waitFor();
    assert.equal(await page.locator('.classify__category').count(), 0);
    // The rows are drawn a few per task (useRevealedCount): wait for the whole first page.
    await page.waitForFunction(() => document.querySelectorAll('.goods-row').length >= 10);
    // The first screen's pictures load at once; those further down wait until scrolled near.
    const loading = await page
      .locator('.goods-row img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
    assert.deepEqual(loading.slice(0, 6), Array(6).fill(null));
    assert.ok(loading.length > 6 && loading.slice(6).every((value) => value === 'lazy'));
    // The first row's picture, the largest on the first screen, is fetched ahead of the others.
    const priorities = await page
      .locator('.goods-row img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('fetchpriority')));
    assert.deepEqual(priorities.slice(0, 2), ['high', null]);
    release();
    const active = page.locator('.classify__category--active');
    await active.waitFor();
    // The goods shown are the first category's, which is the one marked.
    assert.equal(
      await page.locator('.classify__category').first().getAttribute('aria-selected'),
      'true',
    );
    const firstCategory = (await active.textContent())?.trim();
    await page.locator('.classify__category').nth(1).click();
    await active.filter({ hasNotText: firstCategory ?? '' }).waitFor();
    await page.locator('.classify__category').first().click();
    await active.filter({ hasText: firstCategory ?? '' }).waitFor();
    await page.locator('.goods-row').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a channel launch (?code=douyin) asks for the channel banners, tabs and categories', async () => {
    const { page, errors } = await phonePage(browser);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/home/')) asked.push(r.url().replace(server.baseUrl, ''));
    });
    await page.goto(`${server.baseUrl}/?code=douyin`);
    await page.locator('.shortcuts__item').first().waitFor();
    await page.locator('.paged-list .goods-card').first().waitFor();
    for (const path of ['/api/home/banner', '/api/home/tab', '/api/home/categoryByChannel'])
      assert.ok(
        asked.some((u) => u.startsWith(path) && u.includes('channelCode=douyin')),
        `${path} with the channel: ${asked.join(' ')}`,
      );
    await screenshot(page, 'browse-home-channel');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('home keeps every box where it is while banners, shortcuts, hot goods and tabs load', async () => {
    const { page, errors } = await phonePage(browser);
    // Hold the sections' replies until the placeholders have been measured.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(HOME_SECTIONS, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.enjoy-entry').waitFor();
    const loading = await homeBoxes(page);
    await screenshot(page, 'browse-home-loading');

    // Elements that move once the data is drawn (the Layout Instability API's record).
    await page.evaluate(() => {
      const moved: string[] = [];
      (window as unknown as { moved: string[] }).moved = moved;
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries() as unknown as {
          value: number;
          sources: { node?: Node }[];
        }[])
          for (const source of entry.sources)
            // The banner dots' own resizing on autoplay scores about 0.000003.
            if (entry.value >= 0.001)
              moved.push(`${(source.node as Element | undefined)?.className} (${entry.value})`);
      }).observe({ type: 'layout-shift' });
    });
    release();
    await page.locator('.banner__item').first().waitFor();
    await page.locator('.shortcuts__item').first().waitFor();
    await page.locator('.hot-strip__item').first().waitFor();
    await page.locator('.tabs__tab--active').waitFor();
    // Shortcuts and hot goods are drawn a slice per task; every one of them ends up drawn, and
    // the slots kept for the rest meanwhile leave no box moved (below).
    await page.locator('.hot-strip .goods-card').nth(5).waitFor();
    await page.locator('.shortcuts__item').nth(9).waitFor();
    assert.equal(await page.locator('.shortcuts__slot, .hot-strip__slot, .tabs__slot').count(), 0);
    assert.deepEqual(await homeBoxes(page), loading);
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { moved: string[] }).moved),
      [],
    );
    assert.deepEqual(await imagesWithoutAlt(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('home draws each section when its own reply comes, not after the slowest', async () => {
    const { page, errors } = await phonePage(browser);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/home\/hotGoods\?pageNum=1&pageSize=6$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.banner__item').first().waitFor();
    await page.locator('.shortcuts__item').first().waitFor();
    await page.locator('.tabs__tab').first().waitFor();
    assert.equal(await page.locator('.hot-strip .goods-card').count(), 0);
    release();
    await page.locator('.hot-strip .goods-card').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('home leaves out a section that loads empty', async () => {
    const { page, errors } = await phonePage(browser);
    await page.route(/\/api\/home\/(banner|category)(\?|$)/, (route) =>
      route.fulfill({ json: { code: 200, msg: 'ok', data: [] } }),
    );
    await page.goto(`${server.baseUrl}/`);
    await page.locator('.tabs__tab--active').waitFor();
    assert.equal(await page.locator('.banner, .shortcuts').count(), 0);
    // No hole where they would be: the premium-goods entry follows the search box.
    const gap = await page.evaluate(
      () =>
        document.querySelector('.enjoy-entry')!.getBoundingClientRect().top -
        document.querySelector('.search-entry')!.getBoundingClientRect().bottom,
    );
    assert.ok(gap >= 0 && gap <= 20, `gap under the search box: ${gap}px`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('search with history: add, dedupe, nothing found, clear after confirming', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(url('pages/search/search'));
    const hot = page.locator('.search__chip--hot');
    await hot.first().waitFor();
    assert.ok((await hot.allTextContents()).includes('MacBook'));
    await screenshot(page, 'browse-search');

    const input = page.locator('input.search__input');
    const search = async (text: string) => {
      await input.fill(text);
      await page.getByRole('button', { name: '搜索' }).click();
    };
    const history = () => page.locator('.search__chips--history .search__chip').allTextContents();
    const backToSuggestions = async () => {
      await input.fill('');
      await page.locator('.search__suggestions').waitFor();
    };

    await search('iPhone');
    await page.locator('.paged-list .goods-card').first().waitFor();
    const names = await page.locator('.goods-card__name').allTextContents();
    assert.ok(names.length > 0 && names.every((n) => /iphone/i.test(n)), names.join(','));
    await screenshot(page, 'browse-search-results');

    await backToSuggestions();
    await hot.filter({ hasText: '大疆' }).click();
    await page.locator('.paged-list .goods-card').first().waitFor();
    await backToSuggestions();
    // The same keyword again, typed differently: one entry, moved to the front.
    await search('  iphone ');
    await page.locator('.paged-list .goods-card').first().waitFor();
    await backToSuggestions();
    assert.deepEqual(await history(), ['iphone', '大疆']);

    await search('zzqx无此商品');
    await page.getByText('没有找到相关商品').waitFor();
    await screenshot(page, 'browse-search-empty');
    await backToSuggestions();
    assert.deepEqual(await history(), ['zzqx无此商品', 'iphone', '大疆']);

    // The history survives a reload.
    await page.reload();
    await page.locator('.search__chips--history').waitFor();
    assert.deepEqual(await history(), ['zzqx无此商品', 'iphone', '大疆']);

    // Clearing asks first: cancel keeps it, confirm clears it.
    await page.getByRole('button', { name: '清空' }).click();
    await page.locator('.taro-model__cancel').click();
    assert.equal((await history()).length, 3);
    await page.getByRole('button', { name: '清空' }).click();
    await screenshot(page, 'browse-search-clear-confirm');
    await page.locator('.taro-model__confirm').click();
    await page.locator('.search__chips--history').waitFor({ state: 'detached' });
    await page.reload();
    await hot.first().waitFor();
    assert.equal(await page.locator('.search__chips--history').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('premium goods and value-added services', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(url('pages/enjoy/enjoy'));
    await page.locator('.paged-list .goods-card').first().waitFor();
    await screenshot(page, 'browse-enjoy');
    await page.locator('.paged-list .goods-card').first().click();
    await page.waitForURL(/commodityDetails\?goodsId=(\d+)/);
    const goodsId = /goodsId=(\d+)/.exec(page.url())?.[1];
    await page.locator('.tag--brand', { hasText: '优享' }).waitFor();
    await page.locator('.picker__link').click();
    await page.waitForURL(new RegExp(`valueAddedServices\\?goodsId=${goodsId}`));
    await page.locator('.vas__service').first().waitFor();
    assert.ok((await page.locator('.vas__price').first().textContent())?.startsWith('¥'));
    await screenshot(page, 'browse-value-added-services');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('?platform=3 shows brand 3 colour and name on the browse pages', async () => {
    const brand = BRANDS[2];
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/?platform=3`);
    await page.getByRole('heading', { name: brand.platformName }).waitFor();
    await page.locator('.tabs__tab--active').waitFor();
    assert.equal(
      await page.locator('.tabs__tab--active').evaluate((el) => getComputedStyle(el).color),
      rgb(brand.themeColor),
    );
    await screenshot(page, 'browse-home-brand3');

    await page.goto(url('pages/search/search'));
    const button = page.getByRole('button', { name: '搜索' });
    await button.waitFor();
    assert.equal(
      await button.evaluate((el) => getComputedStyle(el).backgroundColor),
      rgb(brand.themeColor),
    );

    await page.goto(url('pages/classify/classify'));
    await page.locator('.classify__category--active').waitFor();
    assert.equal(
      await page
        .locator('.classify__category--active')
        .evaluate((el) => getComputedStyle(el).color),
      rgb(brand.themeColor),
    );
    await screenshot(page, 'browse-classify-brand3');

    await page.goto(url('pages/commodityDetails/commodityDetails'));
    // No goods id: the brand's default goods.
    await page.locator('.action-bar__rent').waitFor();
    assert.equal(
      await page
        .locator('.action-bar__rent')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
      rgb(brand.themeColor),
    );
    await screenshot(page, 'browse-product-brand3');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
