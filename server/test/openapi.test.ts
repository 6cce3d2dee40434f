// engines: pglite (the API document: no engine difference)
/**
 * The API's description: `/api/openapi.json` is a valid OpenAPI 3.1 document (checked offline
 * with @seriousme/openapi-schema-validator), readable without the storefront's headers, that
 * lists every route with a stable, unique operationId and the request and reply schemas the
 * route validates with. (That real replies fit it is checked on every reply of every server test:
 * helpers.ts runs them through openapi-replies.ts; the journey below makes sure of a few here.)
 * The Swagger UI page is served in development only, from local files, under the server's CSP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { lazySchemaController } from '../src/plugins/lazy-compilers.ts';
import { operationIdFor, registerOpenApi } from '../src/plugins/openapi.ts';
import { ReplyChecker, type OpenApiDocument } from './openapi-replies.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';

interface Operation {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
type Document = OpenApiDocument & { paths: Record<string, Record<string, Operation>> };

const toTemplate = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', { skip: onlyOn('pglite') }, () => {
  let server: TestServer;
  let doc: Document;
  /** The console's API has its own document (server/src/routes/admin/console.ts). */
  let adminDoc: Document;

  before(async () => {
    server = await startTestServer();
    // No client credential, no brand: any tool can read it.
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    doc = (await response.json()) as Document;
    adminDoc = (await (await fetch(`${server.baseUrl}/admin/api/openapi.json`)).json()) as Document;
  });
  after(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(doc.openapi, '3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    assert.deepEqual(result.errors ?? [], [], 'validator errors');
    assert.equal(result.valid, true);
  });

  it('a broken document fails the same validator (the check can fail)', async () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, unknown> };
    broken.paths['/api/category/list'] = { get: { responses: 'none' } };
    const result = await new Validator().validate(broken);
    assert.equal(result.valid, false);
  });

  it('lists every route with its request and reply schemas and a unique operationId', () => {
    const routes = server.app.routeAuth();
    assert.ok(routes.length > 100, `only ${routes.length} routes`);
    const ids = new Map<string, string>();
    let documented = 0;
    for (const route of routes) {
      if (route.url.startsWith('/admin/api/')) {
        // The console's routes are in its document, each with its operationId, and not in this one.
        const name = `${route.method} ${route.url}`;
        assert.equal(doc.paths[toTemplate(route.url)], undefined, `${name} leaked into /api's`);
        if (route.url === '/admin/api/openapi.json') continue;
        const operation = adminDoc.paths[toTemplate(route.url)]?.[route.method.toLowerCase()];
        assert.match(operation?.operationId ?? '', /^[a-z][A-Za-z0-9]+$/, `${name} (console)`);
        continue;
      }
      const operation = doc.paths[toTemplate(route.url)]?.[route.method.toLowerCase()];
      // Left out on purpose: the document itself, and the static files' wildcard.
      if (route.url === '/api/openapi.json' || route.url.endsWith('/*')) {
        assert.equal(operation, undefined, `${route.method} ${route.url} should not be listed`);
        continue;
      }
      const name = `${route.method} ${route.url}`;
      assert.ok(operation, `${name} is missing from the document`);
      documented += 1;
      assert.match(operation.operationId, /^[a-z][A-Za-z0-9]+$/, name);
      assert.equal(ids.get(operation.operationId), undefined, `${name}: operationId taken`);
      ids.set(operation.operationId, name);
      // What the route validates is what the document says it takes.
      const parameters = operation.parameters ?? [];
      if (route.validates.includes('body'))
        assert.ok(operation.requestBody?.content['application/json']?.schema, `${name}: body`);
      else assert.equal(operation.requestBody, undefined, `${name}: no body schema`);
      if (route.validates.includes('querystring'))
        assert.ok(
          parameters.some((p) => p.in === 'query'),
          `${name}: query parameters`,
        );
      for (const param of route.url.match(/:(\w+)/g) ?? [])
        assert.ok(
          parameters.some((p) => p.in === 'path' && p.name === param.slice(1)),
          `${name}: path parameter ${param}`,
        );
      // Every route declares what it answers (a success reply besides the failure envelope).
      const statuses = Object.keys(operation.responses);
      assert.ok(
        statuses.some((status) => /^[23]\d\d$/.test(status)),
        `${name} declares no success reply`,
      );
      assert.ok(operation.responses.default?.content?.['application/json'], `${name}: default`);
    }
    assert.equal(documented, Object.values(doc.paths).flatMap(Object.keys).length);
  });

  it('derives operationIds from the method and path, so they stay put', () => {
    assert.equal(operationIdFor('GET', '/api/category/goods', '/api'), 'getCategoryGoods');
    assert.equal(
      operationIdFor('DELETE', '/api/user/userAddress/:id', '/api'),
      'deleteUserUserAddressById',
    );
    assert.equal(operationIdFor('GET', '/health/live', '/api'), 'getHealthLive');
    assert.equal(doc.paths['/api/category/list']?.get?.operationId, 'getCategoryList');
    assert.equal(doc.paths['/health/ready']?.get?.operationId, 'getHealthReady');
  });

  it('real replies fit it, and a reply that does not is caught', async () => {
    const checker = new ReplyChecker(doc);
    const list = await server.request('GET', '/api/category/list');
    assert.equal(list.status, 200);
    assert.equal(checker.problem('GET', '/api/category/list', 200, list.body), null);
    // A failure (no brand header) fits the operation's default reply, the failure envelope.
    const refused = await server.request('GET', '/api/category/list', { platform: null });
    assert.equal(refused.status, 400);
    assert.equal(checker.problem('GET', '/api/category/list', 400, refused.body), null);
    assert.match(
      checker.problem('GET', '/api/category/list', 400, { ...refused.body, reason: 7 }) ?? '',
      /400: the reply does not fit/,
    );
    // The same reply with its data in the wrong shape does not fit.
    const wrong = { ...list.body, data: [{ id: 'one' }] };
    assert.match(
      checker.problem('GET', '/api/category/list', 200, wrong) ?? '',
      /\(getCategoryList\) 200: the reply does not fit the document: .*id must be integer/,
    );
    // A path with an id picks the template with the id.
    assert.equal(
      checker.operation('DELETE', '/api/user/userAddress/12')?.path,
      '/api/user/userAddress/{id}',
    );
  });

  it('has no reference page outside development', async () => {
    const response = await server.request('GET', '/api/reference');
    assert.equal(response.status, 404);
  });
});

describe('API reference page (development)', { skip: onlyOn('pglite') }, () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ appEnv: 'development' });
  });
  after(() => server.close());

  it('serves Swagger UI from local files under the CSP, over the same document', async () => {
    const page = await fetch(`${server.baseUrl}/api/reference`);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    const html = await page.text();
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'[^;]*;/);
    assert.doesNotMatch(csp, /unsafe-eval|script-src[^;]*unsafe-inline/);
    // Every script and stylesheet is the server's own, and each is served.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.some((asset) => asset.endsWith('/swagger-ui-bundle.js')));
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, 'an inline script needs the CSP');
    for (const asset of assets) {
      assert.doesNotMatch(asset, /^(https?:)?\/\//, `${asset} is fetched from elsewhere`);
      const response = await fetch(new URL(asset, `${server.baseUrl}/api/reference`));
      assert.equal(response.status, 200, asset);
      await response.arrayBuffer();
    }
    const initializer = await fetch(
      `${server.baseUrl}/api/reference/static/swagger-initializer.js`,
    );
    assert.match(await initializer.text(), /validatorUrl: null/);
    const response = await fetch(`${server.baseUrl}/api/reference/json`);
    const served = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as Document;
    assert.deepEqual(await response.json(), served);
  });
});

describe('a second API with a document of its own (the way /admin/api will get one)', () => {
  it('documents only the routes of its own scope', async () => {
    const app = Fastify();
    const reply = { response: { 200: Type.Object({ ok: Type.Boolean() }) } };
    await app.register(async (store) => {
      await registerOpenApi(store, {
        documentPath: '/api/openapi.json',
        basePath: '/api',
        title: 'store',
        version: '1',
        description: 'store',
      });
      store.get('/api/goods/list', { schema: reply }, async () => ({ ok: true }));
    });
    await app.register(async (admin) => {
      await registerOpenApi(admin, {
        documentPath: '/admin/api/openapi.json',
        basePath: '/admin/api',
        title: 'admin',
        version: '1',
        description: 'admin',
      });
      admin.get('/admin/api/orders/:id', { schema: reply }, async () => ({ ok: true }));
    });
    const store = (await app.inject('/api/openapi.json')).json<Document>();
    const admin = (await app.inject('/admin/api/openapi.json')).json<Document>();
    await app.close();
    assert.deepEqual(Object.keys(store.paths), ['/api/goods/list']);
    assert.deepEqual(Object.keys(admin.paths), ['/admin/api/orders/{id}']);
    assert.equal(admin.paths['/admin/api/orders/{id}']?.get?.operationId, 'getOrdersById');
    assert.equal((await new Validator().validate(admin as never)).valid, true);
  });
});

describe('schemas compile on first use, and every one of them compiles', () => {
  it("the whole app's request and reply schemas compile when asked to at start-up", async () => {
    // In service each route compiles its schemas on its first request (plugins/lazy-compilers.ts):
    // a schema Ajv or fast-json-stringify rejects would only show then, as that route's 500.
    const eager = await startTestServer({ schemaCompilation: 'at-start' });
    const reply = await eager.request('GET', '/api/category/list');
    await eager.close();
    assert.equal(reply.status, 200);
  });

  it('a schema that cannot compile fails start-up at-start, and only its route when lazy', async () => {
    const broken = { schema: { body: { type: 'no-such-type' } } };
    const eager = Fastify();
    eager.post('/broken', broken, async () => ({ ok: true }));
    await assert.rejects(
      async () => eager.ready(),
      /no-such-type|schema is invalid|Failed building/i,
    );

    const lazy = Fastify({ schemaController: lazySchemaController() });
    lazy.post('/broken', broken, async () => ({ ok: true }));
    lazy.post(
      '/fine',
      { schema: { body: Type.Object({ n: Type.Integer() }) } },
      async (request) => request.body,
    );
    await lazy.ready();
    assert.equal(
      (await lazy.inject({ method: 'POST', url: '/broken', payload: {} })).statusCode,
      500,
    );
    // The compiled validator behaves as Fastify's own: coerced, and refused with Ajv's reason.
    const fine = await lazy.inject({ method: 'POST', url: '/fine', payload: { n: '7' } });
    assert.deepEqual(fine.json(), { n: 7 });
    const refused = await lazy.inject({ method: 'POST', url: '/fine', payload: { n: 'seven' } });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json<{ message: string }>().message, /body\/n must be integer/);
    await lazy.close();
  });
});
