/**
 * The mini-programs as a phone runs them (issue 32). WeChat and Alipay call only absolute https
 * URLs on the domains registered in the app's console, and read a picture src that is not a URL
 * as a file in the package; the host (e2e/mini-host.ts) does the same with the domains the
 * artifact registers. In each host a user browses home → classify → a product: every request
 * and every catalogue picture goes to the brand's API origin and every picture loads. An artifact
 * built without the origin (relative requests, `/assets/…` pictures) fails here.
 *
 * Then the host itself: on a small artifact of each kind, it refuses a relative request, an http
 * one, and pictures that are relative, http or on another domain, as a phone would.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiOriginProblem, stampNetwork } from '../scripts/mini-network';
import { root, startServer, type RunningServer } from './harness';
import { FakeHost, type MiniTarget } from './mini-host';

const TARGETS: MiniTarget[] = ['weapp', 'alipay'];
/** The console list requests are checked against on each platform. */
const REQUEST_LIST = { weapp: 'request', alipay: 'server' } as const;

describe('a brand built for release calls its API origin for everything', () => {
  let server: RunningServer;

  before(async () => {
    server = await startServer({ h5: false });
  });
  after(async () => {
    await server?.stop();
  });

  for (const target of TARGETS) {
    describe(target, () => {
      const dir = path.resolve(root, process.env.DIST_DIR ?? 'dist', target, '1');
      let host: FakeHost;
      let origin = '';

      before(() => {
        assert.ok(fs.existsSync(path.join(dir, 'app.json')), `${dir} is not built`);
        host = new FakeHost(dir, target, server.baseUrl);
        host.launch();
      });
      after(() => host?.close());

      it('registers one https API origin: what ops enter in the console', () => {
        assert.deepEqual(host.network.unreadable, []);
        const listed = host.network.domains[REQUEST_LIST[target]] ?? [];
        assert.equal(listed.length, 1, `request domains: ${listed.join(', ')}`);
        origin = listed[0]!;
        assert.equal(apiOriginProblem(origin), undefined);
      });

      it('home, classify and a product draw every catalogue picture from it, and each loads', async () => {
        const home = await host.show('/pages/home/home');
        await home.waitFor('goods-card');
        const classify = await host.show('/pages/classify/classify');
        await classify.waitFor('goods-row');
        const product = await host.show('/pages/commodityDetails/commodityDetails?goodsId=1');
        await product.waitFor('product__name');
        await host.settle();

        assert.deepEqual(host.errors, [], 'refused or broken');
        const fromApi = host.images.filter((image) => image.src.startsWith(`${origin}/assets/`));
        // Banners, category icons and goods covers on home alone are well over ten.
        assert.ok(fromApi.length >= 10, `pictures from the API: ${fromApi.length}`);
        assert.deepEqual(
          host.images.filter((image) => !image.loaded),
          [],
          'pictures that did not load',
        );
        // The rest are the brand's own pictures, carried in the package.
        for (const image of host.images.filter((i) => !fromApi.includes(i)))
          assert.match(image.src, /^\/(pages\/[\w/]+\/)?assets\/(brands|tabbar)\//, image.src);
        assert.ok(host.requests.length > 0);
        for (const url of host.requests) assert.ok(url.startsWith(`${origin}/api/`), url);
      });
    });
  }
});

describe('the host refuses what a phone refuses', () => {
  const ORIGIN = 'https://api.example-brand.test';
  let dir: string;

  /** An artifact of one page that asks for `requests` at launch and draws `pictures`. */
  function artifact(target: MiniTarget, requests: string[], pictures: string[]): string {
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    const api = target === 'weapp' ? 'wx' : 'my';
    // What the failure callbacks got, kept where the test can read it.
    const keep =
      target === 'weapp' ? `wx.setStorageSync(url, e)` : `my.setStorageSync({ key: url, data: e })`;
    write('app.json', JSON.stringify({ pages: ['pages/p/p'] }));
    write(
      'app.js',
      stampNetwork(
        `var base = "__RS_API_BASE__", hosts = "__RS_WEBVIEW_HOSTS__";
         App({ onLaunch() { ${JSON.stringify(requests)}.forEach(function (url) {
           ${api}.request({ url: url, fail: function (e) { ${keep}; } });
         }); } });`,
        { TARO_APP_API_BASE: ORIGIN, TARO_APP_WEBVIEW_HOSTS: '' },
      ),
    );
    // Taro's shared template: element kind 4 is an image, its src drawn from p4.
    write(
      target === 'weapp' ? 'base.wxml' : 'base.axml',
      '<template name="tmpl_0_4">\n  <image src="{{i.p4}}" class="{{i.cl}}"></image>\n</template>',
    );
    write('assets/own.png', 'png');
    write(
      'pages/p/p.js',
      `Page({ onLoad() { this.setData({ root: { cn: ${JSON.stringify(
        pictures.map((src, i) => ({ nn: '4', sid: `_n${i}`, p4: src })),
      )} } }); } });`,
    );
    return dir;
  }

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mini-network-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const target of TARGETS) {
    it(`${target}: relative and http requests fail as the client fails them`, async () => {
      const requests = ['/api/home/banner', 'http://api.example-brand.test/api/home/banner'];
      const host = new FakeHost(artifact(target, requests, []), target, 'http://127.0.0.1:9');
      host.launch();
      await host.settle();
      host.close();
      assert.equal(host.errors.length, 2, host.errors.join('\n'));
      assert.match(host.errors[0]!, /^request \/api\/home\/banner refused: not an absolute URL/);
      assert.match(host.errors[1]!, /refused: http: the clients call https URLs only/);
      const failure = host.stored(requests[0]!) as Record<string, unknown> | undefined;
      if (target === 'weapp')
        assert.equal(failure?.errMsg, 'request:fail invalid url "/api/home/banner"');
      else assert.equal(failure?.error, 11);
      assert.ok(host.stored(requests[1]!), 'the http request failed too');
    });

    it(`${target}: pictures that are relative, http or on another domain are refused`, async () => {
      const pictures = [
        '/assets/own.png',
        '/assets/goods/x-cover.png',
        'http://api.example-brand.test/assets/goods/x-cover.png',
        'https://cdn.elsewhere.test/assets/goods/x-cover.png',
      ];
      const host = new FakeHost(artifact(target, [], pictures), target, 'http://127.0.0.1:9');
      host.launch();
      await host.open('pages/p/p', {});
      host.close();
      assert.deepEqual(
        host.images.map((image) => [image.src, image.loaded]),
        pictures.map((src, i) => [src, i === 0]),
      );
      assert.equal(host.errors.length, 3, host.errors.join('\n'));
      assert.match(host.errors[0]!, /\/assets\/goods\/x-cover\.png is a path inside the package/);
      assert.match(host.errors[1]!, /http: the clients call https URLs only/);
      assert.match(host.errors[2]!, /https:\/\/cdn\.elsewhere\.test is not on the \w+ domains/);
    });
  }
});
