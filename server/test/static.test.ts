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
