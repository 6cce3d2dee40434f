import fs from 'node:fs';
import os from 'node:path';
import tmp from 'node:os';
import { ClientErrorCode, type Envelope } from '../../../contract/http';
import { createHttpClient, newIdempotencyKey, type HttpClient } from '../request';
import { getToken, getUserInfo, setPlatform, setToken, setUserInfo } from '../storage';
import { transport as h5Transport } from '../transport';
import { transport as alipayTransport } from '../transport.alipay';
import { transport as weappTransport } from '../transport.weapp';
import type { Transport } from '../transport-types';
import { createFakeMy, createFakeWx } from './helpers/fake-mini';
import { FIXTURE_BYTES, startTestServer, type TestServer } from './helpers/test-server';

type Echo = {
  method: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
  body: string;
};

let server: TestServer;
const uploadFile = os.join(tmp.tmpdir(), `p1-upload-${process.pid}.png`);

beforeAll(async () => {
  // jsdom reports each deliberately dropped connection on the console; the tests assert on them.
  const consoleError = console.error.bind(console);
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (/socket hang up|ECONNRESET|aborted/i.test(String(args[0]))) return;
    consoleError(...args);
  });
  server = await startTestServer();
  process.env.TARO_APP_API_BASE = server.url;
  fs.writeFileSync(uploadFile, FIXTURE_BYTES);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(uploadFile, { force: true });
  delete process.env.TARO_APP_API_BASE;
});

const globals = globalThis as { wx?: unknown; my?: unknown };

const targets: [string, Transport, () => void, () => string][] = [
  ['h5 (XMLHttpRequest)', h5Transport, () => undefined, () => `${server.url}/fixture.png`],
  ['weapp (wx.request)', weappTransport, () => (globals.wx = createFakeWx()), () => uploadFile],
  ['alipay (my.request)', alipayTransport, () => (globals.my = createFakeMy()), () => uploadFile],
];

describe.each(targets)('request layer on %s', (_name, transport, installGlobal, fixturePath) => {
  let client: HttpClient;
  /** The router as this test's client sees it (fresh per test, so no late navigation leaks in). */
  let router: { here: string; launches: string[] };

  beforeEach(() => {
    installGlobal();
    const state = { here: '/pages/orderDetail/orderDetail?id=42', launches: [] as string[] };
    router = state;
    client = createHttpClient({
      transport,
      navigator: {
        currentUrl: () => state.here,
        // Like the router: the login page is open once the navigation has finished.
        reLaunch: async (url) => {
          state.launches.push(url);
          await new Promise((resolve) => setTimeout(resolve, 20));
          state.here = url;
        },
      },
    });
  });

  afterEach(() => {
    delete globals.wx;
    delete globals.my;
  });

  test('sends the session, client and platform headers on every call', async () => {
    setPlatform(3);
    setToken('token-of-brand-3');
    const reply = await client.request<Echo>({ url: '/api/echo', data: { a: 1 } });
    expect(reply.code).toBe(200);
    const { headers } = reply.data;
    expect(headers.token).toBe('token-of-brand-3');
    expect(headers.authorization).toBe('Bearer token-of-brand-3');
    expect(headers['x-client-authorization']).toBe(
      `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
    );
    expect(headers['x-platform']).toBe('3');
    expect(headers['x-user-type']).toBeUndefined();
  });

  test('switching brand never sends another brand’s token', async () => {
    setPlatform(3);
    setToken('token-of-brand-3');
    setPlatform(4);
    const reply = await client.request<Echo>({ url: '/api/echo' });
    expect(reply.data.headers['x-platform']).toBe('4');
    expect(reply.data.headers.token).toBeUndefined();
    expect(reply.data.headers.authorization).toBeUndefined();
  });

  test('login calls add the user-type header', async () => {
    const reply = await client.request<Echo>({ url: '/api/echo', login: true });
    expect(reply.data.headers['x-user-type']).toBe('app');
  });

  test('the client credential comes from configuration', async () => {
    process.env.TARO_APP_CLIENT_ID = 'shop-app';
    process.env.TARO_APP_CLIENT_SECRET = 's3cr3t-密';
    try {
      const reply = await client.request<Echo>({ url: '/api/echo' });
      expect(reply.data.headers['x-client-authorization']).toBe(
        `Basic ${Buffer.from('shop-app:s3cr3t-密').toString('base64')}`,
      );
    } finally {
      delete process.env.TARO_APP_CLIENT_ID;
      delete process.env.TARO_APP_CLIENT_SECRET;
    }
  });

  test('POST with a JSON body by default', async () => {
    const reply = await client.request<Echo>({ url: '/api/echo', data: { name: '张三', n: 2 } });
    expect(reply.data.method).toBe('POST');
    expect(reply.data.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(reply.data.body)).toEqual({ name: '张三', n: 2 });
  });

  test('form-urlencoded when the content type asks for it', async () => {
    const reply = await client.request<Echo>({
      url: '/api/echo',
      data: { grantType: 'alipay', code: 'a b&c', skip: undefined },
      header: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(reply.data.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(reply.data.body))).toEqual({
      grantType: 'alipay',
      code: 'a b&c',
    });
  });

  test('GET sends its data as the query', async () => {
    const reply = await client.get<Echo>('/api/echo', { pageNum: 2, q: '手机 壳' });
    expect(reply.data.method).toBe('GET');
    expect(reply.data.query).toEqual({ pageNum: '2', q: '手机 壳' });
    expect(reply.data.body).toBe('');
  });

  test.each([400, 404, 500, 503])('the envelope reaches the caller on HTTP %i', async (status) => {
    const reply = await client.request({ url: `/api/status/${status}` });
    expect(reply).toEqual({ code: status, msg: `code ${status}`, data: { from: 'status' } });
  });

  test('a non-JSON error page reaches the caller with its HTTP status as the code', async () => {
    const reply = await client.request<string>({ url: '/api/html' });
    expect(reply.code).toBe(502);
    expect(reply.msg).toBe('');
    expect(reply.data).toContain('Bad Gateway');
  });

  test('a 200 reply that is not an envelope is a network-class failure with the body kept', async () => {
    const reply = await client.request<string>({ url: '/api/text' });
    expect(reply).toEqual({
      code: ClientErrorCode.NETWORK,
      msg: '',
      data: 'plain words, not JSON',
    });
  });

  test('a dropped connection resolves with code 5 and no message of its own; POST never retries', async () => {
    const before = server.count('/api/drop');
    const reply = await client.request({ url: '/api/drop', data: { amount: 100 } });
    expect(reply).toEqual({ code: ClientErrorCode.NETWORK, msg: '', data: null });
    expect(server.count('/api/drop') - before).toBe(1);
  });

  test('GET retries a dropped connection up to twice, then succeeds', async () => {
    const key = `${_name}-recovers`;
    const reply = await client.get<{ attempt: number }>(
      `/api/flaky?key=${encodeURIComponent(key)}&fails=2`,
    );
    expect(reply.code).toBe(200);
    expect(reply.data.attempt).toBe(3);
  });

  test('GET gives up after two retries', async () => {
    const key = `${_name}-gives-up`;
    const reply = await client.get(`/api/flaky?key=${encodeURIComponent(key)}&fails=10`);
    expect(reply).toEqual({ code: ClientErrorCode.NETWORK, msg: '', data: null });
    expect(server.calls.filter((c) => c.query.key === key)).toHaveLength(3);
  });

  test('retries: 0 turns GET retries off', async () => {
    const key = `${_name}-no-retry`;
    const reply = await client.get(`/api/flaky?key=${encodeURIComponent(key)}&fails=1`, undefined, {
      retries: 0,
    });
    expect(reply.code).toBe(ClientErrorCode.NETWORK);
    const second = await client.get<{ attempt: number }>(
      `/api/flaky?key=${encodeURIComponent(key)}&fails=1`,
    );
    expect(second.data.attempt).toBe(2);
  });

  test('money operations carry the idempotency key and are not retried', async () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const echoed = await client.request<Echo>({ url: '/api/echo', idempotencyKey: key });
    expect(echoed.data.headers['idempotency-key']).toBe(key);
    const before = server.count('/api/drop');
    const dropped = await client.request({ url: '/api/drop', method: 'POST', idempotencyKey: key });
    expect(dropped.code).toBe(ClientErrorCode.NETWORK);
    expect(server.count('/api/drop') - before).toBe(1);
  });

  test('a call that outlives its timeout resolves with code 5', async () => {
    const reply = await client.request({ url: '/api/slow?ms=3000', timeout: 300 });
    expect(reply).toEqual({ code: ClientErrorCode.TIMEOUT, msg: '', data: null });
  });

  test('an aborted call resolves with code 600003', async () => {
    const before = server.count('/api/slow');
    const pending = client.request({ url: '/api/slow?ms=3000' });
    await waitFor(() => server.count('/api/slow') > before);
    pending.abort();
    expect(await pending).toEqual({ code: ClientErrorCode.ABORT, msg: '', data: null });
  });

  test.each([401, 60001, 60002])(
    'code %i clears this brand’s token and user info and goes to login once',
    async (code) => {
      setPlatform(2);
      setToken('other-brand', 5);
      setToken('expired');
      setUserInfo({ name: 'Li' });
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => client.request({ url: `/api/code/${code}` })),
      );
      expect(replies.every((r) => r.code === code)).toBe(true);
      expect(getToken(2)).toBeUndefined();
      expect(getUserInfo()).toBeUndefined();
      expect(getToken(5)).toBe('other-brand');
      expect(router.launches).toEqual([
        `/pages/loginNew/loginNew?redirect=${encodeURIComponent('/pages/orderDetail/orderDetail?id=42')}`,
      ]);
    },
  );

  test('a 401 HTTP status ends the session like a 401 code', async () => {
    setToken('expired');
    const reply = await client.request({ url: '/api/status/401' });
    expect(reply.code).toBe(401);
    expect(getToken()).toBeUndefined();
    expect(router.launches).toHaveLength(1);
  });

  test('anonymous calls rejected together also go to login once; calls failing there stay there', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => client.request({ url: '/api/code/401' })),
    );
    expect(replies.every((r) => r.code === 401)).toBe(true);
    await waitFor(() => router.here.startsWith('/pages/loginNew/loginNew'));
    expect(router.launches).toHaveLength(1);
    await client.request({ url: '/api/code/60002' });
    expect(router.launches).toHaveLength(1);
  });

  test('leaving the login page without logging in: the next rejection goes there again', async () => {
    await client.request({ url: '/api/code/401' });
    await waitFor(() => router.here.startsWith('/pages/loginNew/loginNew'));
    // The user went back (H5 browser history) to a page that needs a session.
    router.here = '/pages/user/user';
    await client.request({ url: '/api/code/60001' });
    await waitFor(() => router.launches.length === 2);
    expect(router.launches[1]).toBe(
      `/pages/loginNew/loginNew?redirect=${encodeURIComponent('/pages/user/user')}`,
    );
  });

  test('a rejection of the old token does not end a session begun since the call left', async () => {
    setToken('old');
    const before = server.count('/api/slow');
    const pending = client.request({ url: '/api/slow?ms=400&code=401' });
    await waitFor(() => server.count('/api/slow') > before);
    // Meanwhile the user logs in again.
    setToken('new');
    setUserInfo({ name: 'Li' });
    expect((await pending).code).toBe(401);
    expect(getToken()).toBe('new');
    expect(getUserInfo()).toEqual({ name: 'Li' });
    expect(router.launches).toEqual([]);
    // A rejection of the token the user holds now does end it.
    await client.request({ url: '/api/code/401' });
    expect(getToken()).toBeUndefined();
    expect(router.launches).toHaveLength(1);
  });

  test('session-end listeners hear about it', async () => {
    const heard: number[] = [];
    const stop = client.onSessionEnd((platform) => heard.push(platform));
    setPlatform(7);
    await client.request({ url: '/api/code/60001' });
    stop();
    await client.request({ url: '/api/code/60001' });
    expect(heard).toEqual([7]);
  });

  test('uploads send the file and form fields as multipart with the session headers', async () => {
    setToken('uploader');
    const reply = await client.upload<{
      fields: Record<string, string>;
      files: { field: string; filename: string; size: number }[];
      headers: Record<string, string>;
    }>({ url: '/api/upload', filePath: fixturePath(), formData: { kind: 'idcard-front' } });
    expect(reply.code).toBe(200);
    expect(reply.data.fields).toEqual({ kind: 'idcard-front' });
    expect(reply.data.files).toHaveLength(1);
    expect(reply.data.files[0]).toMatchObject({ field: 'file', size: FIXTURE_BYTES.length });
    expect(reply.data.headers.token).toBe('uploader');
    expect(reply.data.headers['x-platform']).toBe('1');
  });

  test('upload failures: dropped 602001, timeout 5, abort 600003', async () => {
    const dropped = await client.upload({ url: '/api/drop', filePath: fixturePath() });
    expect(dropped.code).toBe(ClientErrorCode.UPLOAD_NETWORK);
    expect(dropped.code).toBe(602001);
    const slow = await client.upload({
      url: '/api/slow?ms=3000',
      filePath: fixturePath(),
      timeout: 300,
    });
    expect(slow.code).toBe(ClientErrorCode.UPLOAD_TIMEOUT);
    const before = server.count('/api/slow');
    const pending = client.upload({ url: '/api/slow?ms=3000', filePath: fixturePath() });
    await waitFor(() => server.count('/api/slow') > before);
    pending.abort();
    expect((await pending).code).toBe(600003);
  });
});

describe('H5: the request index.html sent at start-up', () => {
  const shell = window as {
    __appShell?: {
      requests: { url: string; header: Record<string, string>; reply: Promise<unknown> }[];
    };
  };
  const client = () =>
    createHttpClient({
      transport: h5Transport,
      navigator: { currentUrl: () => '/pages/classify/classify', reLaunch: async () => undefined },
    });
  /** As src/index.html sends it: the page's URL and headers, here answered by a marked URL. */
  function startUpRequest(header: Record<string, string>, query = 'pageNum=1') {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', `${server.url}/api/echo?${query}&early=yes`);
    const reply = new Promise<XMLHttpRequest>((resolve) => (xhr.onloadend = () => resolve(xhr)));
    xhr.send();
    shell.__appShell ??= { requests: [] };
    shell.__appShell.requests.push({ url: `${server.url}/api/echo?${query}`, header, reply });
  }
  const credential = `Basic ${Buffer.from('storefront:storefront').toString('base64')}`;

  afterEach(() => delete shell.__appShell);

  test('the page’s identical request takes that reply, once; the next goes to the server', async () => {
    setPlatform(6);
    startUpRequest({ 'X-Client-Authorization': credential, 'X-Platform': '6' });
    const first = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(first.data.query).toEqual({ pageNum: '1', early: 'yes' });
    const second = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(second.data.query).toEqual({ pageNum: '1' });
  });

  test('each of several start-up requests goes to the page request it was sent for', async () => {
    // Product detail opened logged in: its goods and the user's consents (scripts/h5-index.ts).
    setPlatform(6);
    const header = { 'X-Client-Authorization': credential, 'X-Platform': '6' };
    startUpRequest(header, 'pageNum=1');
    startUpRequest(header, 'kind=consents');
    const consents = await client().get<Echo>('/api/echo', { kind: 'consents' });
    expect(consents.data.query).toEqual({ kind: 'consents', early: 'yes' });
    const goods = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(goods.data.query).toEqual({ pageNum: '1', early: 'yes' });
    const again = await client().get<Echo>('/api/echo', { kind: 'consents' });
    expect(again.data.query).toEqual({ kind: 'consents' });
  });

  test('a reply that is already there comes in a task of its own, as one from the network', async () => {
    setPlatform(6);
    startUpRequest({ 'X-Client-Authorization': credential, 'X-Platform': '6' });
    await shell.__appShell?.requests[0].reply;
    // A task queued before the page asks runs before the page has its reply.
    let queuedTaskRan = false;
    setTimeout(() => (queuedTaskRan = true), 0);
    const reply = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(reply.data.query).toEqual({ pageNum: '1', early: 'yes' });
    expect(queuedTaskRan).toBe(true);
  });

  test('another brand or session, or another URL, is sent to the server', async () => {
    setPlatform(6);
    startUpRequest({ 'X-Client-Authorization': credential, 'X-Platform': '7' });
    const otherBrand = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(otherBrand.data.query).toEqual({ pageNum: '1' });
    startUpRequest({ 'X-Client-Authorization': credential, 'X-Platform': '6' });
    const otherUrl = await client().get<Echo>('/api/echo', { pageNum: 2 });
    expect(otherUrl.data.query).toEqual({ pageNum: '2' });
    setToken('token-of-brand-6');
    const otherSession = await client().get<Echo>('/api/echo', { pageNum: 1 });
    expect(otherSession.data.query).toEqual({ pageNum: '1' });
    expect(otherSession.data.headers.token).toBe('token-of-brand-6');
  });
});

async function waitFor(condition: () => boolean, limitMs = 4000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > limitMs) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export type { Envelope };
