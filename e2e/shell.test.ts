/**
 * The app shell in a real browser against the real server: brand colours, brand switching by
 * link, the brand-9 chat. (Every route opening with its title: e2e/service.test.ts's route walk.)
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BRAND_RECORDS as BRANDS } from '../contract/brands/records';
import { TAB_BAR_STYLE } from '../src/routes';
import {
  openAfresh,
  phonePage,
  type RunningServer,
  screenshot,
  useServerAndBrowser,
} from './harness';

function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

describe('H5 shell', () => {
  it('runs under its Content-Security-Policy: inline scripts by hash, nothing refused', async () => {
    const { page, errors } = await phonePage(browser);
    // Recorded from the first script on, before the app's own run.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const response = await page.goto(`${server.baseUrl}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    assert.doesNotMatch(csp, /unsafe-eval|script-src[^;]*unsafe-inline/);
    await page.locator('.tab-bar__item--selected').waitFor();
    for (const route of [
      '/#/pages/classify/classify',
      '/#/pages/user/user',
      '/#/pages/loginNew/loginNew',
    ]) {
      await page.goto(`${server.baseUrl}${route}`);
      await page.waitForLoadState('networkidle');
    }
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      [],
    );
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens home at / with the tab bar in brand 1 colour', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/`);
    const selected = page.locator('.tab-bar__item--selected .tab-bar__label');
    await selected.waitFor();
    assert.equal(await selected.textContent(), '首页');
    assert.equal(
      await selected.evaluate((el) => getComputedStyle(el).color),
      rgb(BRANDS[0].themeColor),
    );
    const labels = await page.locator('.tab-bar__label').allTextContents();
    assert.deepEqual(labels, ['首页', '分类', '客服', '我的']);
    assert.equal(
      await page
        .locator('.tab-bar__item:not(.tab-bar__item--selected) .tab-bar__label')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
      rgb(TAB_BAR_STYLE.color),
    );
    assert.ok(await page.getByRole('heading', { name: BRANDS[0].platformName }).count());
    await screenshot(page, 'shell-home-brand1');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows brand 5 with ?platform=5, and keeps it on the next visit', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/?platform=5`);
    const selected = page.locator('.tab-bar__item--selected .tab-bar__label');
    await selected.waitFor();
    assert.equal(
      await selected.evaluate((el) => getComputedStyle(el).color),
      rgb(BRANDS[4].themeColor),
    );
    assert.ok(await page.getByRole('heading', { name: BRANDS[4].platformName }).count());
    // The selected icon is brand 5's own.
    await page.waitForFunction(() =>
      document
        .querySelector('.tab-bar__item--selected img')
        ?.getAttribute('src')
        ?.includes('/static/brands/5/'),
    );
    await screenshot(page, 'shell-home-brand5');
    await page.goto(`${server.baseUrl}/#/pages/user/user`);
    await page.getByText(BRANDS[4].companyName, { exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('falls back from an invalid platform without storing it', async () => {
    const { page } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/?platform=10`);
    await page.getByRole('heading', { name: BRANDS[0].platformName }).waitFor();
    assert.equal(
      await page.evaluate(() => localStorage.getItem('platform')),
      JSON.stringify({ data: 1 }),
    );
    await page.close();
  });

  it("draws the opened page's shell before the JavaScript, and the page replaces it", async () => {
    // Without its scripts the page shows only what index.html draws: brand 5's banner on home
    // (the link names brand 5), the title, and the route's chunks already asked for.
    const { page } = await phonePage(browser);
    await page.route('**/js/*.js', (route) => route.abort());
    await page.goto(`${server.baseUrl}/?platform=5#/pages/home/home`);
    assert.equal(await page.locator('#app-shell-title').textContent(), '首页');
    assert.match(
      (await page.locator('#app-shell img').getAttribute('src')) ?? '',
      /^\/static\/brands\/5\/home\.png$/,
    );
    const preloaded = await page.$$eval('link[rel=preload]', (links) =>
      links.map((link) => link.getAttribute('href')),
    );
    assert.ok(
      preloaded.some((href) => /^\/js\/.+\.js$/.test(href ?? '')),
      preloaded.join(','),
    );
    await openAfresh(page, `${server.baseUrl}/#/pages/classify/classify`);
    assert.equal(await page.locator('#app-shell-title').textContent(), '分类');
    assert.equal(await page.locator('#app-shell img').count(), 0);
    await page.close();

    // With them, the page takes over and the shell is gone.
    const live = await phonePage(browser);
    await live.page.goto(`${server.baseUrl}/?platform=5`);
    await live.page.getByRole('heading', { name: BRANDS[4].platformName }).waitFor();
    await live.page.locator('#app-shell').waitFor({ state: 'detached' });
    assert.deepEqual(live.errors, []);
    await live.page.close();
  });

  it("lets the browser take a turn between running a page's scripts and drawing the page", async () => {
    // A script's load event comes in the task that ran it. Were the page drawn in that task too
    // (without platform/page-break.h5.ts), the frame would already be there at the load event of
    // the app's script or of one of the page's own chunks (those index.html's route table lists):
    // one long task, which a phone's user waits out before a tap is answered.
    for (const [route, hash] of [
      ['pages/home/home', ''],
      ['pages/classify/classify', '#/pages/classify/classify'],
      ['pages/myOrder/myOrder', '#/pages/myOrder/myOrder'],
    ]) {
      const { page, errors } = await phonePage(browser);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { scriptsRun: string[] }).scriptsRun = seen;
        document.addEventListener(
          'load',
          (event) => {
            const target = event.target as HTMLElement;
            if (target.tagName === 'SCRIPT')
              seen.push(
                `${new URL((target as HTMLScriptElement).src).pathname} ${
                  document.querySelector('.page-frame') ? 'with the page drawn' : 'before the page'
                }`,
              );
          },
          true,
        );
      });
      await page.goto(`${server.baseUrl}/${hash}`);
      await page.locator('.page-frame__content').first().waitFor();
      const { scriptsRun, pageChunks } = await page.evaluate((key) => {
        const table = JSON.parse(
          document.getElementById('route-table')?.textContent ?? '{}',
        ) as Record<string, { f: string[] }>;
        return {
          scriptsRun: (window as unknown as { scriptsRun: string[] }).scriptsRun,
          pageChunks: table[key].f.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
        };
      }, route);
      const startUp = scriptsRun.filter((line) => {
        const script = line.split(' ')[0];
        return /^\/js\/app\./.test(script) || pageChunks.includes(script);
      });
      // The app's script and every chunk of the page ran, each before the page was drawn.
      assert.equal(startUp.length, pageChunks.length + 1, `${route}: ${scriptsRun.join(', ')}`);
      assert.deepEqual(
        startUp.filter((line) => line.endsWith('with the page drawn')),
        [],
        `${route}: ${scriptsRun.join(', ')}`,
      );
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it("carries Taro's component styles in index.html: the app's script adds no stylesheet", async () => {
    // Injected from JavaScript, as Taro does by default, the browser parsed the 22 KB stylesheet
    // inside the app script's evaluation, the longest task of the start (config/index.ts).
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const stylesInHtml = (html.match(/<style[\s>]|<link[^>]*rel="stylesheet"/g) ?? []).length;
    const { page, errors } = await phonePage(browser);
    await page.addInitScript(() => {
      document.addEventListener(
        'load',
        (event) => {
          const script = event.target as HTMLScriptElement;
          if (script.tagName === 'SCRIPT' && /\/js\/app\./.test(script.src))
            (window as unknown as { stylesAtAppLoad: number }).stylesAtAppLoad =
              document.querySelectorAll('style, link[rel="stylesheet"]').length;
        },
        true,
      );
    });
    await page.goto(`${server.baseUrl}/#/pages/classify/classify`);
    const picture = page.locator('.goods-row img').first();
    await picture.waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { stylesAtAppLoad: number }).stylesAtAppLoad),
      stylesInHtml,
    );
    // And they apply: the goods picture (mode aspectFit) is contained in its box, by Taro's rule.
    assert.match((await picture.getAttribute('class')) ?? '', /taro-img__mode-aspectfit/);
    assert.equal(await picture.evaluate((img) => getComputedStyle(img).objectFit), 'contain');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('goes home from a page opened directly', async () => {
    const { page } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/orderDetail/orderDetail?id=1`);
    await page.getByRole('button', { name: '返回' }).click();
    await page.waitForFunction(
      () => location.hash === '#/' || location.hash.startsWith('#/pages/home/home'),
    );
    await page.getByRole('heading', { name: BRANDS[0].platformName }).waitFor();
    await page.close();
  });
});
