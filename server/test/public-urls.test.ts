// engines: pglite (URLs from configuration)
/**
 * Every absolute URL the server hands out or calls back comes from a configured origin
 * (PUBLIC_BASE_URL for pages users open, NOTIFY_BASE_URL for providers' callbacks; this process's
 * own address where development leaves them unset), never from the request: each route that
 * answers a URL is sent a foreign `Host` and `X-Forwarded-Host` (with TRUST_PROXY on, so a proxy's
 * headers would be believed), and the e-sign notification still comes back to this server.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, test } from 'node:test';
import { SandboxEsign } from '../src/providers/esign/sandbox.ts';
import { CLIENT_AUTHORIZATION, startTestServer, type TestServer } from './helpers.ts';
import { PNG, insertOrder, testIdNumber, userIdOf, verifyFully, waitFor } from './kyc-fixtures.ts';
import { newShopper, plans, restock, signedOrder } from './order-fixtures.ts';

const PUBLIC_BASE_URL = 'https://shop.example.com';
const FOREIGN = 'attacker.invalid';

let server: TestServer;
let token: string;

before(async () => {
  server = await startTestServer({ env: { PUBLIC_BASE_URL, TRUST_PROXY: '1' } });
  token = await server.loginAs('13600000001');
  await verifyFully(server, token, { name: '链接', idNo: testIdNumber(640) });
});
after(() => server.close());

interface Reply<T> {
  status: number;
  body: { code: number; data: T };
}

/** A storefront call over real HTTP that names a foreign host in every header a proxy would set. */
async function asForeignHost<T>(
  method: string,
  urlPath: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const url = new URL(urlPath, server.baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  let body: Buffer | undefined;
  let contentType: string | undefined;
  if (options.body instanceof FormData) {
    const encoded = new Request(url, { method, body: options.body });
    body = Buffer.from(await encoded.arrayBuffer());
    contentType = encoded.headers.get('content-type') ?? undefined;
  } else if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    contentType = 'application/json';
  }
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        headers: {
          host: FOREIGN,
          'x-forwarded-host': FOREIGN,
          'x-forwarded-proto': 'https',
          'x-client-authorization': CLIENT_AUTHORIZATION,
          'x-platform': '1',
          token,
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as Reply<T>['body'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An absolute URL starts at the configured origin; a relative one names no host at all. */
function assertOurs(url: string, origin: string, what: string) {
  assert.doesNotMatch(url, new RegExp(FOREIGN.replace('.', '\\.')), `${what}: ${url}`);
  if (/^[a-z]+:\/\//i.test(url)) assert.ok(url.startsWith(`${origin}/`), `${what}: ${url}`);
  else assert.ok(url.startsWith('/') && !url.startsWith('//'), `${what}: ${url}`);
}

test('face sessions: the page URL is on PUBLIC_BASE_URL whatever Host says', async () => {
  for (const spelling of ['/api/user/auth/face', '/api/client/auth/face']) {
    const face = await asForeignHost<{ url: string }>('POST', spelling);
    assert.equal(face.status, 200, JSON.stringify(face.body));
    assertOurs(face.body.data.url, PUBLIC_BASE_URL, spelling);
  }
});

test('contract signing: the signing page is on PUBLIC_BASE_URL and the signature comes back here', async () => {
  const userId = await userIdOf(server, token);
  for (const start of ['create', 'create2'] as const) {
    const orderId = await insertOrder(server, userId);
    const signing =
      start === 'create'
        ? await asForeignHost<{ signUrl: string; flowId: string }>('POST', '/api/contract/create', {
            body: { orderId },
          })
        : await asForeignHost<{ signUrl: string; flowId: string }>('GET', '/api/contract/create2', {
            query: { orderId: String(orderId) },
          });
    assert.equal(signing.status, 200, JSON.stringify(signing.body));
    assertOurs(signing.body.data.signUrl, PUBLIC_BASE_URL, start);
    // The signer signs; the provider posts the outcome to the notify URL the flow was given.
    const esign = server.providers.esign;
    assert.ok(esign instanceof SandboxEsign);
    esign.finish(signing.body.data.flowId, 'signed');
    await esign.settled();
    await waitFor(async () => {
      const check = await server.request<{ status: string }>('GET', '/api/contract/check', {
        token,
        query: { orderId },
      });
      return check.body.data.status === 'signed';
    });
  }
});

test('uploads, payments and the OAuth page: no URL names the foreign host', async () => {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  const uploaded = await asForeignHost<{ url: string }>('POST', '/api/client/put-file', {
    body: form,
  });
  assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
  assertOurs(uploaded.body.data.url, PUBLIC_BASE_URL, 'put-file');

  const { month } = await plans(server);
  await restock(server, [month.sku_id]);
  const shopper = await newShopper(server);
  const orderId = await signedOrder(server, month, shopper, { extra: { depositMethod: 'paid' } });
  token = shopper.token;
  const pay = await asForeignHost<{ cashierUrl: string }>('POST', '/api/order/pay', {
    body: { orderId },
  });
  assert.equal(pay.status, 200, JSON.stringify(pay.body));
  assertOurs(pay.body.data.cashierUrl, PUBLIC_BASE_URL, 'pay');

  const oauth = await asForeignHost<{ url: string }>('POST', '/api/oauth/render/alipay', {
    body: { redirectUri: 'http://localhost:8080/#/pages/login/login' },
  });
  assert.equal(oauth.status, 200, JSON.stringify(oauth.body));
  assert.doesNotMatch(oauth.body.data.url, new RegExp(FOREIGN.replace('.', '\\.')));
});
