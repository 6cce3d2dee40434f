// engines: both (headers in the PostgreSQL pass, rate limits shared through the database in both)
/**
 * Security headers on every response (the H5 app's Content-Security-Policy names its inline
 * start-up scripts by hash), rate limits on login/SMS and payment routes per IP and per user
 * with an envelope and Retry-After, counters shared through Redis by every API process when
 * REDIS_URL is set, and the health endpoints.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';
import { newShopper, orderTestServer, signedOrder } from './order-fixtures.ts';

const INLINE = 'window.__started = Date.now();';

// HTTP headers: the same on either engine.
describe('headers', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let h5Dir: string;
  before(async () => {
    h5Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-csp-'));
    fs.writeFileSync(
      path.join(h5Dir, 'index.html'),
      `<!doctype html><html><head><script id="brand-records" type="application/json">{"a":1}</script><script>${INLINE}</script><script src="/js/app.js"></script></head><body></body></html>`,
    );
    server = await startTestServer({ h5Dir });
  });
  after(async () => {
    await server.close();
    fs.rmSync(h5Dir, { recursive: true, force: true });
  });

  test('the API and the app answer with nosniff, no framing by others and a CSP that names the inline script', async () => {
    const expected = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    for (const url of ['/', '/api/home/category', '/nowhere']) {
      const reply = await fetch(`${server.baseUrl}${url}`, {
        headers: { 'x-client-authorization': 'x', 'x-platform': '1' },
      });
      assert.equal(reply.headers.get('x-content-type-options'), 'nosniff', url);
      assert.equal(reply.headers.get('x-frame-options'), 'SAMEORIGIN', url);
      const csp = reply.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/, url);
      assert.match(csp, /frame-ancestors 'self'/, url);
      assert.match(csp, /connect-src 'self' blob: data:/, url);
      assert.match(csp, /object-src 'none'/, url);
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src')) ?? '';
      // Exactly our own scripts and the one executable inline script: no 'unsafe-inline', no eval.
      assert.deepEqual(scriptSrc.trim().split(/\s+/), ['script-src', "'self'", expected], url);
    }
  });
});

describe('rate limits', () => {
  test('login and SMS codes are limited per client IP, with an envelope and Retry-After', async () => {
    const server = await startTestServer({
      env: { RATE_LOGIN_PER_IP: '3', SMS_PER_IP_HOUR: '100' },
    });
    try {
      const codes: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 5; i++) {
        const reply = await server.request('POST', '/api/login/sendCode', {
          body: { mobile: `1370000000${i}` },
          headers: { 'x-user-type': 'app' },
        });
        codes.push(reply.status);
        if (reply.status === 429) {
          assert.deepEqual(reply.body, {
            code: 429,
            msg: '请求过于频繁，请稍后再试',
            data: null,
            reason: 'RATE_LIMITED',
          });
          retryAfter = reply.headers.get('retry-after');
        }
      }
      assert.deepEqual(codes, [200, 200, 200, 429, 429]);
      assert.ok(Number(retryAfter) > 0 && Number(retryAfter) <= 60);
    } finally {
      await server.close();
    }
  });

  test('payment routes are limited per user: another user is not held up', async () => {
    const { server, month } = await orderTestServer({ RATE_PAY_PER_USER: '3' });
    try {
      const one = await newShopper(server);
      const two = await newShopper(server);
      const mine = await signedOrder(server, month, one, { extra: { depositMethod: 'paid' } });
      const theirs = await signedOrder(server, month, two, { extra: { depositMethod: 'paid' } });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await server.request('POST', '/api/order/pay', {
              token: one.token,
              body: { orderId: mine },
            })
          ).status,
        );
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
      const other = await server.request('POST', '/api/order/pay', {
        token: two.token,
        body: { orderId: theirs },
      });
      assert.equal(other.status, 200);
    } finally {
      await server.close();
    }
  });

  test('with REDIS_URL every API process counts against the same limit', async () => {
    // A prefix of this run's own: the other engine's pass may run this test at the same moment.
    const prefix = `rental-rate-test-${randomBytes(6).toString('hex')}:`;
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: prefix,
      RATE_LOGIN_PER_IP: '4',
      SMS_PER_IP_HOUR: '100',
    };
    const servers = [await startTestServer({ env }), await startTestServer({ env })];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const reply = await servers[i % 2]!.request('POST', '/api/login/sendCode', {
          body: { mobile: `1371111000${i}` },
          headers: { 'x-user-type': 'app' },
        });
        statuses.push(reply.status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);
      const redis = new Redis('redis://127.0.0.1:6379');
      const keys = await redis.keys(`${prefix}*`);
      assert.ok(keys.length > 0, 'the counters live in Redis');
      await redis.del(...keys);
      await redis.quit();
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});

describe('health', () => {
  test('live answers while the process runs; ready checks the database and the migrations', async () => {
    const server = await startTestServer();
    try {
      const live = await fetch(`${server.baseUrl}/health/live`);
      assert.deepEqual(await live.json(), { status: 'ok' });
      const ready = await fetch(`${server.baseUrl}/health/ready`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), {
        status: 'ok',
        checks: { database: { ok: true }, migrations: { ok: true } },
      });
      // A migration this build has that the database lacks: not ready.
      await server.db
        .deleteFrom('schema_migrations')
        .where('name', '=', '0005_durable_money.sql')
        .execute();
      const behind = await fetch(`${server.baseUrl}/health/ready`);
      assert.equal(behind.status, 503);
      assert.deepEqual((await behind.json()) as unknown, {
        status: 'unavailable',
        checks: {
          database: { ok: true },
          migrations: { ok: false, detail: 'not applied: 0005_durable_money.sql' },
        },
      });
    } finally {
      await server.close();
    }
  });
});
