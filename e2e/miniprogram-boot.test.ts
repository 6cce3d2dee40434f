/**
 * Headless mini-program boot test (issue 8): loads brand 1's built weapp and alipay artifacts in
 * Node under a fake host, launches the app, opens every page app.json declares and checks that
 * each page mounts a tree with its first setData and draws its own text, with nothing thrown or
 * logged. It catches what the H5 browser tests never see: code that only runs in the
 * mini-program runtime (no `window`, no `process`, `wx`/`my` APIs, subpackage chunk loading).
 *
 * The host is fake, the server is not: `wx.request` / `my.request` go to the real API server
 * (e2e/harness.ts) so pages render what the seeded database holds.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROUTES } from '../src/routes';
import { CLIENT_AUTH, root, startServer, type RunningServer } from './harness';
import { FakeHost, declaredPages, nodeCount, textsOf, type Dict } from './mini-host';
import { agreeAllBody } from './steps/privacy';

/** A sample query each page can open with; the rest open with none, as a tab or a link would. */
const SAMPLE_QUERIES: Record<string, Record<string, string>> = {
  'pages/commodityDetails/commodityDetails': { id: '1', goodsId: '1' },
  'pages/orderDetail/orderDetail': { orderId: 'sample-order' },
  'pages/myOrder/myOrder': { tab: '0' },
  'pages/search/search': { keyword: 'iPhone' },
};

/** Text a page must draw besides not being empty: its title, where it draws its own bar. */
function expectedText(route: string): string | undefined {
  const meta = ROUTES.find((r) => r.path === route);
  return meta?.customNav ? meta.title : undefined;
}

const rejections: string[] = [];
const onRejection = (reason: unknown) => rejections.push(String(reason));
process.on('unhandledRejection', onRejection);

/** A session from the real SMS login (the sandbox tells the code), kept as the app keeps it. */
async function smsSession(baseUrl: string, mobile: string): Promise<Record<string, unknown>> {
  const headers = {
    'content-type': 'application/json',
    'x-client-authorization': CLIENT_AUTH,
    'x-platform': '1',
    'x-user-type': 'app',
  };
  const call = async <T>(urlPath: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${baseUrl}${urlPath}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    });
    const body = (await res.json()) as { code: number; msg: string; data: T };
    assert.equal(body.code, 200, `${urlPath}: ${body.msg}`);
    return body.data;
  };
  await call('/api/login/sendCode', { method: 'POST', body: JSON.stringify({ mobile }) });
  const { code } = await call<{ code: string }>(`/dev/sms/last?mobile=${mobile}`);
  const { token } = await call<{ token: string }>('/api/login/loginForSms', {
    method: 'POST',
    body: JSON.stringify({ mobile, code }),
  });
  const userInfo = await call<unknown>('/api/user/info', {
    headers: { token, authorization: `Bearer ${token}` },
  });
  // What the login page's agreement box records, so no policy prompt covers the pages.
  await call('/api/privacy/consents', {
    method: 'POST',
    headers: { token, authorization: `Bearer ${token}` },
    body: JSON.stringify(agreeAllBody()),
  });
  // src/platform/storage.ts keys; mini-program storage keeps values as they are.
  return { 'token:1': token, userInfo };
}

describe('mini-program boot, brand 1, logged in', () => {
  let server: RunningServer;
  let session: Record<string, unknown>;

  before(async () => {
    server = await startServer({ h5: false });
    session = await smsSession(server.baseUrl, '13900139000');
  });

  after(async () => {
    await server?.stop();
  });

  for (const target of ['weapp', 'alipay'] as const) {
    const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist', target, '1');

    describe(target, () => {
      let host: FakeHost;

      before(() => {
        assert.ok(fs.existsSync(path.join(dir, 'app.json')), `${dir} is not built`);
        host = new FakeHost(dir, target, server.baseUrl, session);
        host.launch();
      });

      after(() => host?.close());

      it('launches with nothing thrown or logged', () => {
        assert.deepEqual(host.errors, []);
      });

      if (target === 'weapp') {
        it('shows its privacy popup, with the agreePrivacyAuthorization button, when WeChat asks', async () => {
          const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as Dict;
          assert.equal(app.__usePrivacyCheck__, true, 'app.json turns the privacy check on');
          const answers: unknown[] = [];
          const payloads = await host.open('pages/user/user', {}, () =>
            host.needPrivacy((result) => answers.push(result)),
          );
          assert.deepEqual(host.errors, []);
          const texts = textsOf(payloads);
          assert.ok(texts.includes('用户隐私保护提示'), `no popup title in: ${texts.join(' | ')}`);
          assert.ok(
            texts.some((t) => t.includes('隐私政策》')),
            'the popup links the brand privacy policy',
          );
          assert.match(JSON.stringify(payloads), /"agreePrivacyAuthorization"/);
          // Nothing is answered for the user: the call waits for the tap.
          assert.deepEqual(answers, []);
        });
      }

      for (const route of declaredPages(dir)) {
        it(`${route} renders its own content`, async () => {
          const before = host.errors.length;
          const payloads = await host.open(route, SAMPLE_QUERIES[route] ?? {});
          assert.deepEqual(host.errors.slice(before), [], 'errors thrown or logged');
          assert.deepEqual(rejections, [], 'unhandled promise rejections');
          assert.ok(payloads.length > 0, 'the page never called setData');
          // The first setData mounts the page: a tree, not an empty root. Pages that wait for
          // data mount a skeleton first; their text follows in the next setData calls.
          assert.ok(
            nodeCount(payloads[0]) > 1,
            `first setData is an empty tree: ${JSON.stringify(payloads[0]).slice(0, 300)}`,
          );
          const texts = textsOf(payloads);
          assert.ok(
            texts.length > 0,
            `the page never draws text: ${JSON.stringify(payloads).slice(0, 300)}`,
          );
          const title = expectedText(route);
          if (title)
            assert.ok(
              texts.some((t) => t.includes(title)),
              `the page never draws its title "${title}": ${texts.join(' | ')}`,
            );
        });
      }
    });
  }
});
