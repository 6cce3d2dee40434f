// engines: postgres (serving files: no engine difference)
/** The built H5 app on the API's port: compressed, hashed assets cached for a year, index.html not. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';

// Serving files: the same on either engine.
describe('serving the H5 app', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let h5Dir: string;

  before(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-'));
    fs.mkdirSync(path.join(h5Dir, 'js'));
    fs.writeFileSync(
      path.join(h5Dir, 'index.html'),
      `<!doctype html><title>租</title>${' '.repeat(2000)}`,
    );
    fs.writeFileSync(
      path.join(h5Dir, 'js', 'app.3f9a1c2b.js'),
      `console.log(1);${'/* pad */'.repeat(500)}`,
    );
    server = await startTestServer({ h5Dir });
  });
  after(async () => {
    await server.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  test('index.html is served at / compressed and never cached stale', async () => {
    const reply = await fetch(`${server.baseUrl}/`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('content-encoding'), 'gzip');
    assert.equal(reply.headers.get('cache-control'), 'no-cache');
    assert.match(await reply.text(), /<title>租<\/title>/);
  });

  test('hashed assets are immutable for a year', async () => {
    const reply = await fetch(`${server.baseUrl}/js/app.3f9a1c2b.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    assert.equal(reply.status, 200);
    assert.equal(reply.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(reply.headers.get('content-encoding'), 'br');
  });

  test('the API still answers beside the app, and a missing file is an envelope', async () => {
    assert.equal((await server.request('GET', '/api/coupon/list')).body.code, 200);
    const missing = await fetch(`${server.baseUrl}/js/nope.js`);
    assert.equal(missing.status, 404);
    assert.equal(((await missing.json()) as { code: number }).code, 404);
  });
});

// The merchant console beside the H5 app, as npm start serves both.
describe('serving the merchant console at /admin/', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let dirs: string[];

  before(async () => {
    const [h5Dir, adminDir] = ['h5-', 'admin-'].map((prefix) =>
      fs.mkdtempSync(path.join(os.tmpdir(), prefix)),
    ) as [string, string];
    dirs = [h5Dir, adminDir];
    fs.writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><title>租</title>');
    fs.mkdirSync(path.join(adminDir, 'assets'));
    fs.writeFileSync(
      path.join(adminDir, 'index.html'),
      '<!doctype html><title>商家后台</title><script type="module" src="/admin/assets/index-AbC123xy.js"></script>',
    );
    fs.writeFileSync(path.join(adminDir, 'assets', 'index-AbC123xy.js'), 'console.log(1);');
    server = await startTestServer({ h5Dir, adminDir });
  });
  after(async () => {
    await server.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('its page answers /admin/ and every client route under it, not cached stale', async () => {
    for (const route of ['/admin/', '/admin/orders/12?tab=ship', '/admin/login']) {
      const reply = await fetch(`${server.baseUrl}${route}`);
      assert.equal(reply.status, 200, route);
      assert.equal(reply.headers.get('cache-control'), 'no-cache');
      assert.match(await reply.text(), /<title>商家后台<\/title>/, route);
      // Scripts from the server only: the page has no inline script to allow.
      assert.match(reply.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    }
    const bare = await fetch(`${server.baseUrl}/admin`, { redirect: 'manual' });
    assert.equal(bare.status, 302);
    assert.equal(bare.headers.get('location'), '/admin/');
    // The storefront keeps its own page at /.
    assert.match(await (await fetch(`${server.baseUrl}/`)).text(), /<title>租<\/title>/);
  });

  test('its hashed assets are immutable; a missing one and an unknown API path are JSON 404s', async () => {
    const asset = await fetch(`${server.baseUrl}/admin/assets/index-AbC123xy.js`);
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    for (const route of ['/admin/assets/nope.js', '/admin/api/nope']) {
      const missing = await fetch(`${server.baseUrl}${route}`);
      assert.equal(missing.status, 404, route);
      assert.equal(((await missing.json()) as { code: number }).code, 404, route);
    }
    // The API under /admin/api is still the API (no session: 401).
    assert.equal((await fetch(`${server.baseUrl}/admin/api/me`)).status, 401);
  });
});
