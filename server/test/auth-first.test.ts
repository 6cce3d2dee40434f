// engines: postgres (route table and 401s: no engine difference)
/**
 * Who the caller is comes before what they sent: every route that needs a user answers an
 * anonymous request with a bad body, query or path 401, never a 400 that reveals its validation.
 * The routes come from the app's own route table, not from a list kept by hand, so a route added
 * later is checked too. The ops API (its own credential) is held to the same rule.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteAuth } from '../src/plugins/auth.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';

// The route table and the 401s before any read: the same on either engine.
describe('who may call what', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let routes: RouteAuth[];

  before(async () => {
    server = await startTestServer();
    await server.app.ready();
    routes = server.app.routeAuth();
  });
  after(() => server.close());

  /** The route's URL with every path parameter replaced by something no schema accepts. */
  const badPath = (url: string) => url.replace(/:[A-Za-z]+/g, '-1x').replace(/\*$/, 'x');

  async function anonymousBadRequest(
    route: RouteAuth,
    headers: Record<string, string | undefined>,
  ) {
    const withBody = route.method !== 'GET' && route.method !== 'DELETE';
    return server.request(route.method, badPath(route.url), {
      // Wrong types, unknown fields, nothing required: invalid for any schema here.
      ...(withBody ? { body: { orderId: 'x', mobile: 12, __proto__x: [], pageNum: -5 } } : {}),
      query: { pageNum: 'many', pageSize: -1, status: '<script>', orderId: 'x' },
      headers,
    });
  }

  test('the route table names the routes that need a user', () => {
    const needUser = routes.filter((r) => r.auth === 'user');
    // Orders, payments, addresses, coupons, verification, contracts, uploads, the profile…
    assert.ok(needUser.length >= 52, `only ${needUser.length} routes need a user`);
    for (const prefix of [
      '/api/order/',
      '/api/user/userAddress',
      '/api/coupon/my/',
      '/api/client/',
    ])
      assert.ok(
        needUser.some((r) => r.url.startsWith(prefix)),
        `no authenticated route under ${prefix}`,
      );
  });

  test('every route that needs a user answers an anonymous bad request 401', async () => {
    const needUser = routes.filter((r) => r.auth === 'user');
    const wrong: string[] = [];
    for (const route of needUser) {
      const reply = await anonymousBadRequest(route, {});
      if (reply.status !== 401 || reply.body.code !== 401)
        wrong.push(`${route.method} ${route.url} → ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    assert.deepEqual(wrong, []);
    // The bad requests really are bad: validated routes refuse them with 400 once logged in.
    const token = await server.loginAs('13500000401');
    const validated = needUser.filter(
      (r) => r.validates.includes('body') && r.method === 'POST' && !r.url.includes(':'),
    );
    assert.ok(validated.length > 20);
    for (const route of validated.slice(0, 10)) {
      const reply = await server.request(route.method, route.url, {
        token,
        body: { orderId: 'x', mobile: 12 },
      });
      assert.equal(reply.status, 400, `${route.url}: ${JSON.stringify(reply.body)}`);
    }
  });

  test('a stale or foreign token is no better than none', async () => {
    const needUser = routes.filter((r) => r.auth === 'user').slice(0, 15);
    for (const route of needUser) {
      const reply = await anonymousBadRequest(route, {
        token: 'not-a-token',
        authorization: 'Bearer x',
      });
      assert.equal(reply.status, 401, `${route.method} ${route.url}`);
    }
  });

  test('the ops API asks for its credential before it reads the request', async () => {
    const opsRoutes = routes.filter((r) => r.url.startsWith('/ops/'));
    assert.ok(opsRoutes.length >= 4);
    for (const route of opsRoutes) {
      const reply = await anonymousBadRequest(route, {
        'x-client-authorization': undefined,
        'x-platform': undefined,
      });
      assert.equal(
        reply.status,
        401,
        `${route.method} ${route.url}: ${JSON.stringify(reply.body)}`,
      );
    }
  });
});
