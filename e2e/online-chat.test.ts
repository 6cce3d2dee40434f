/**
 * Brand 9's online chat in a real browser. With no provider configured (the README's run), the
 * customer-service page offers the development demo and says plainly that it is one; with
 * CHAT_SCRIPT_URL_9 set, the page loads that provider's script (served here by the test itself:
 * nothing is downloaded) and its panel is the one that opens. Either panel closes when the user
 * leaves the page, and nothing of it covers the product page's options. Brand 1 offers no chat.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  phonePage,
  screenshot,
  startServer,
  useServerAndBrowser,
  type RunningServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

/** The chat entry on the customer-service page (the page's own button, not the provider's). */
const chatEntry = (page: Page) => page.locator('.service-actions__item', { hasText: '在线客服' });

/** Goes to the customer-service tab from home through the tab bar, as a user would. */
async function openServiceTab(page: Page, baseUrl: string, platform: number) {
  await page.goto(`${baseUrl}/?platform=${platform}#/pages/home/home`);
  await page.getByRole('link', { name: '客服' }).click();
  await page.getByRole('tab', { name: '租赁流程' }).waitFor();
}

/** Whatever is drawn at the middle of each of the product page's option groups belongs to it. */
async function optionsUncovered(page: Page): Promise<string[]> {
  await page.locator('.picker').first().waitFor();
  const covered: string[] = [];
  for (const group of await page.locator('.picker').all()) {
    await group.scrollIntoViewIfNeeded();
    const box = (await group.boundingBox())!;
    const onTop = await page.evaluate(
      ({ x, y }) => {
        const element = document.elementFromPoint(x, y);
        return element?.closest('.picker') ? '' : (element?.outerHTML.slice(0, 80) ?? 'nothing');
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    if (onTop) covered.push(onTop);
  }
  return covered;
}

describe('online chat', () => {
  it('without a provider: says it is a demo, sends nothing, and closes when the user leaves', async () => {
    const { page, errors } = await phonePage(browser);
    await openServiceTab(page, server.baseUrl, 9);
    const entry = chatEntry(page);
    await entry.getByText('演示版：消息不会发送给客服').waitFor();
    await entry.click();
    const panel = page.getByRole('dialog', { name: '在线客服（演示）' });
    await panel.waitFor();
    await panel.getByText('您发的消息不会发送给任何人', { exact: false }).waitFor();
    await panel.locator('input').fill('我的订单什么时候发货？');
    await panel.getByRole('button', { name: '发送' }).click();
    await panel.getByText('（演示）未发送', { exact: false }).waitFor();
    await screenshot(page, 'online-chat-demo');
    // Pressing the entry again keeps the one panel open.
    await entry.click({ force: true });
    assert.equal(await panel.isVisible(), true);

    // Leaving the page closes it; the product page's options are the product page's.
    await page.getByRole('link', { name: '首页' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.evaluate(() => {
      location.hash = '#/pages/commodityDetails/commodityDetails?id=1';
    });
    assert.deepEqual(await optionsUncovered(page), []);
    assert.equal(await panel.isVisible(), false);
    await screenshot(page, 'online-chat-product-after');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('brand 1 offers no online chat and asks for none', async () => {
    const { page, errors } = await phonePage(browser);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/service/chat')) asked.push(request.url());
    });
    await openServiceTab(page, server.baseUrl, 1);
    assert.equal(await chatEntry(page).count(), 0);
    assert.deepEqual(asked, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("with CHAT_SCRIPT_URL_9 set: loads that provider's script and opens its panel", async () => {
    const providerScript = 'https://chat.provider.test/widget.js?key=brand9';
    const configured = await startServer({ env: { CHAT_SCRIPT_URL_9: providerScript } });
    try {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const offsite: string[] = [];
      // The provider's script, as a provider would serve it: its own panel behind the interface
      // the storefront drives. Anything else off this machine is refused and recorded.
      await context.route('https://chat.provider.test/**', (route) =>
        route.fulfill({
          contentType: 'application/javascript',
          body: `(function () {
            var panel = document.createElement('section');
            panel.setAttribute('role', 'dialog');
            panel.setAttribute('aria-label', 'Provider chat');
            panel.hidden = true;
            panel.textContent = 'Connected to an agent';
            document.body.appendChild(panel);
            window.providerCalls = [];
            window.onlineServiceChat = {
              open: function () { window.providerCalls.push('open'); panel.hidden = false; },
              close: function () { window.providerCalls.push('close'); panel.hidden = true; },
            };
          })();`,
        }),
      );
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|chat\.provider\.test)/, (route) => {
        offsite.push(route.request().url());
        return route.abort();
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const scriptLoaded = page.waitForRequest(providerScript);
      await openServiceTab(page, configured.baseUrl, 9);
      await scriptLoaded;
      await page.waitForFunction(() => 'onlineServiceChat' in window);
      const entry = chatEntry(page);
      await entry.click();
      const panel = page.getByRole('dialog', { name: 'Provider chat' });
      await panel.waitFor();
      assert.equal(await entry.getByText('演示版', { exact: false }).count(), 0);
      assert.equal(await page.locator('#online-service-panel').count(), 0, 'no demo loaded');
      await screenshot(page, 'online-chat-provider');
      await page.getByRole('link', { name: '首页' }).click();
      await panel.waitFor({ state: 'hidden' });
      assert.deepEqual(
        await page.evaluate(() => (window as { providerCalls?: string[] }).providerCalls),
        ['open', 'close'],
      );
      assert.deepEqual(offsite, []);
      assert.deepEqual(errors, []);
      await context.close();
    } finally {
      await configured.stop();
    }
  });
});
