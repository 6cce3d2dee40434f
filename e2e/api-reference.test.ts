/**
 * The API reference page on `npm start`'s server (development, H5 app served beside it): Swagger
 * UI draws the OpenAPI document in Chromium under the server's Content-Security-Policy, with no
 * CSP violation, no script error and no request to any other origin (its assets are the
 * package's, served locally).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, startServer, type RunningServer } from './harness';

describe('API reference page', () => {
  let server: RunningServer;
  let browser: Browser;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('draws every path from local files, under the CSP, asking no other origin', async () => {
    // Tall enough that Swagger UI draws every tag at once.
    const page = await browser.newPage({ viewport: { width: 1280, height: 20000 } });
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.baseUrl) && !url.startsWith('data:')) elsewhere.push(url);
    });
    const response = await page.goto(`${server.baseUrl}/api/reference`);
    assert.equal(response?.status(), 200);
    assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);
    await page.waitForSelector('.swagger-ui .info .title', { timeout: 30_000 });
    assert.match(
      (await page.textContent('.swagger-ui .info .title')) ?? '',
      /Rental storefront API/,
    );
    // Every path of the document is drawn.
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    // Swagger UI draws the tags in view as it goes, and puts zero-width break points into paths.
    const missingPaths = async () => {
      const drawn = ((await page.textContent('.swagger-ui')) ?? '').replace(/[\u200b\u00ad]/g, '');
      return Object.keys(doc.paths).filter((path) => !drawn.includes(path));
    };
    let missing = await missingPaths();
    for (let tries = 0; missing.length > 0 && tries < 40; tries += 1) {
      await page.waitForTimeout(250);
      missing = await missingPaths();
    }
    assert.ok(Object.keys(doc.paths).length > 100);
    assert.deepEqual(missing, [], 'paths the page does not show');
    assert.ok(await page.locator('#operations-category-getCategoryList').count());
    assert.deepEqual(problems, [], 'console errors or CSP violations');
    assert.deepEqual(elsewhere, [], 'requests to other origins');
    await page.close();
  });
});
