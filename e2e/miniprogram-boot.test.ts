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
import vm from 'node:vm';
import { after, before, describe, it } from 'node:test';
import { ROUTES, isTabPath } from '../src/routes';
import { CLIENT_AUTH, root, startServer, type RunningServer } from './harness';
import { agreeAllBody } from './steps/privacy';

type MiniTarget = 'weapp' | 'alipay';
type Dict = Record<string, unknown>;
type Callback = (res: unknown) => void;
interface ApiOptions extends Dict {
  success?: Callback;
  fail?: Callback;
  complete?: Callback;
}

interface PageInstance extends Dict {
  route: string;
  __route__: string;
  data: Dict;
  setData(data: Dict, callback?: () => void): void;
}

interface AppConfig extends Dict {
  onLaunch?: (options: Dict) => void;
  onShow?: (options: Dict) => void;
}

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

/** Every string a Taro setData payload draws: text nodes carry their text under `v`. */
function textsOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => textsOf(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'v' && typeof child === 'string' && child.trim()) out.push(child.trim());
      else textsOf(child, out);
    }
  }
  return out;
}

/**
 * One launch of one artifact: the globals a mini-program base library gives every script, a
 * CommonJS `require` over the artifact's own files, and a record of what went wrong.
 */
class FakeHost {
  readonly errors: string[] = [];
  readonly navigations: string[] = [];
  private readonly storage = new Map<string, unknown>();
  private readonly modules = new Map<string, { exports: unknown }>();
  private readonly pages = new Map<string, Dict>();
  private readonly context: vm.Context;
  private readonly timers = new Set<NodeJS.Timeout>();
  private app: AppConfig | undefined;
  private stack: PageInstance[] = [];
  private loadingRoute = '';
  private pending = 0;
  /** What the app registered with wx.onNeedPrivacyAuthorization. */
  private privacyListener: ((resolve: Callback, info: Dict) => void) | undefined;

  constructor(
    private readonly dir: string,
    private readonly target: MiniTarget,
    private readonly baseUrl: string,
    storage: Record<string, unknown> = {},
  ) {
    for (const [key, value] of Object.entries(storage)) this.storage.set(key, value);
    const api = target === 'weapp' ? this.wxApi() : this.myApi();
    const logError = (...args: unknown[]) =>
      this.errors.push(
        `console.error: ${args.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ')}`,
      );
    this.context = vm.createContext({
      [target === 'weapp' ? 'wx' : 'my']: api,
      App: (config: AppConfig) => (this.app = config),
      Page: (config: Dict) => this.pages.set(this.loadingRoute, config),
      Component: () => undefined,
      Behavior: (config: Dict) => config,
      getApp: () => this.app,
      getCurrentPages: () => this.stack,
      requirePlugin: () => ({}),
      // Alipay's base library has a navigator (Taro's alipay runtime reads its userAgent).
      ...(target === 'alipay'
        ? { navigator: { userAgent: 'Mozilla/5.0 (iPhone) AlipayClient/10.5.0 MiniProgram' } }
        : {}),
      console: {
        log: () => undefined,
        info: () => undefined,
        debug: () => undefined,
        warn: () => undefined,
        error: logError,
      },
      setTimeout: (fn: () => void, ms?: number) => this.timer(fn, ms, false),
      setInterval: (fn: () => void, ms?: number) => this.timer(fn, ms, true),
      clearTimeout: (t: NodeJS.Timeout) => this.clear(t),
      clearInterval: (t: NodeJS.Timeout) => this.clear(t),
    });
  }

  private timer(fn: () => void, ms: number | undefined, repeat: boolean): NodeJS.Timeout {
    const guarded = () => {
      if (!repeat) this.timers.delete(handle);
      this.guard('timer', fn);
    };
    const handle = repeat ? setInterval(guarded, ms) : setTimeout(guarded, ms);
    this.timers.add(handle);
    return handle;
  }

  private clear(handle: NodeJS.Timeout): void {
    clearTimeout(handle);
    this.timers.delete(handle);
  }

  guard(where: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.errors.push(`${where}: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }

  /** CommonJS over the artifact's files, as the base library resolves `require('./common')`. */
  require(file: string): unknown {
    const full = path.resolve(this.dir, file.endsWith('.js') ? file : `${file}.js`);
    assert.ok(full.startsWith(this.dir + path.sep), `require outside the artifact: ${file}`);
    const cached = this.modules.get(full);
    if (cached) return cached.exports;
    const module = { exports: {} as unknown };
    this.modules.set(full, module);
    const code = fs.readFileSync(full, 'utf8');
    const wrapper = vm.runInContext(
      `(function (require, module, exports) {${code}\n})`,
      this.context,
      {
        filename: full,
      },
    ) as (req: (f: string) => unknown, m: { exports: unknown }, e: unknown) => void;
    wrapper((f) => this.require(path.join(path.dirname(full), f)), module, module.exports);
    return module.exports;
  }

  launch(): void {
    this.require('app.js');
    assert.ok(this.app, 'app.js did not call App()');
    const options = { path: 'pages/home/home', query: {}, scene: 1001 };
    this.guard('App.onLaunch', () => this.app?.onLaunch?.call(this.app, options));
    this.guard('App.onShow', () => this.app?.onShow?.call(this.app, options));
  }

  /** Registers a page as the host does when it is first opened: runs its script. */
  register(route: string): Dict {
    this.loadingRoute = route;
    this.require(`${route}.js`);
    const config = this.pages.get(route);
    assert.ok(config, `${route}.js did not call Page()`);
    return config;
  }

  /**
   * A privacy API called before the user agreed, as the base library reports it: the app's
   * handler gets the call's `resolve`.
   */
  needPrivacy(resolve: Callback): void {
    assert.ok(this.privacyListener, 'the app registered no wx.onNeedPrivacyAuthorization handler');
    const listener = this.privacyListener;
    this.guard('onNeedPrivacyAuthorization', () =>
      listener(resolve, { referrer: 'getPhoneNumber' }),
    );
  }

  /**
   * Opens a page: onLoad(query), onShow(); `whileOpen` runs once it is quiet; returns every
   * setData payload once quiet again.
   */
  async open(
    route: string,
    query: Record<string, string>,
    whileOpen?: () => void,
  ): Promise<Dict[]> {
    const config = this.register(route);
    const payloads: Dict[] = [];
    const instance: PageInstance = {
      ...config,
      route,
      __route__: route,
      data: { ...((config.data as Dict | undefined) ?? {}) },
      setData(data: Dict, callback?: () => void) {
        payloads.push(JSON.parse(JSON.stringify(data)) as Dict);
        Object.assign(this.data, data);
        if (callback) setTimeout(callback, 0);
      },
    };
    this.stack = [instance];
    const call = (name: string, arg?: unknown) => {
      const method = instance[name];
      if (typeof method === 'function')
        this.guard(`${route} ${name}`, () => (method as (a?: unknown) => void).call(instance, arg));
    };
    call('onLoad', query);
    call('onShow');
    call('onReady');
    await this.settle();
    if (whileOpen) {
      whileOpen();
      await this.settle();
    }
    // Leaving a tab page hides it (the host keeps tab pages alive); any other page is unloaded.
    call('onHide');
    if (!isTabPath(route)) call('onUnload');
    await this.settle();
    return payloads;
  }

  /** Waits until no request is in flight and timers have had a chance to run. */
  private async settle(): Promise<void> {
    const deadline = Date.now() + 10_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      if (this.pending > 0) quietSince = Date.now();
      else if (Date.now() - quietSince > 200) return;
    }
  }

  close(): void {
    for (const handle of this.timers) clearTimeout(handle);
    this.timers.clear();
  }

  /** The real server answers; the fake only carries the request there and back. */
  private request(options: ApiOptions, headerKey: 'header' | 'headers'): { abort(): void } {
    const url = String(options.url).replace(/^https?:\/\/[^/]+/, '');
    const controller = new AbortController();
    this.pending++;
    const body = typeof options.data === 'string' ? options.data : undefined;
    fetch(`${this.baseUrl}${url.startsWith('/') ? '' : '/'}${url}`, {
      method: String(options.method ?? 'GET'),
      headers: (options[headerKey] as Record<string, string> | undefined) ?? {},
      body: body && String(options.method ?? 'GET') !== 'GET' ? body : undefined,
      signal: controller.signal,
    })
      .then(async (res) => {
        const text = await res.text();
        const headers = Object.fromEntries(res.headers.entries());
        const reply =
          this.target === 'weapp'
            ? { data: text, statusCode: res.status, header: headers, errMsg: 'request:ok' }
            : { data: text, status: res.status, headers };
        this.guard(`request ${url} success`, () => options.success?.(reply));
        this.guard(`request ${url} complete`, () => options.complete?.(reply));
      })
      .catch((error: unknown) => {
        const failure =
          this.target === 'weapp'
            ? { errMsg: `request:fail ${String(error)}` }
            : { error: 19, errorMessage: String(error) };
        this.guard(`request ${url} fail`, () => options.fail?.(failure));
      })
      .finally(() => this.pending--);
    return { abort: () => controller.abort() };
  }

  private systemInfo(): Dict {
    return {
      brand: 'devtools',
      model: 'iPhone 13',
      pixelRatio: 2,
      screenWidth: 375,
      screenHeight: 812,
      windowWidth: 375,
      windowHeight: 812,
      statusBarHeight: 44,
      language: 'zh_CN',
      version: '8.0.50',
      system: 'iOS 16.0',
      platform: 'devtools',
      SDKVersion: '3.5.0',
      safeArea: { left: 0, right: 375, top: 44, bottom: 778, width: 375, height: 734 },
    };
  }

  /** Callback-style APIs answer asynchronously, as the base library does. */
  private answer(options: unknown, result: Dict): void {
    const opts = (options ?? {}) as ApiOptions;
    setTimeout(() => {
      this.guard('api success', () => opts.success?.(result));
      this.guard('api complete', () => opts.complete?.(result));
    }, 0);
  }

  private common(): Dict {
    return {
      canIUse: () => true,
      getSystemInfoSync: () => this.systemInfo(),
      getSystemInfo: (o: unknown) => this.answer(o, this.systemInfo()),
      getWindowInfo: () => this.systemInfo(),
      getDeviceInfo: () => this.systemInfo(),
      getAppBaseInfo: () => this.systemInfo(),
      getLaunchOptionsSync: () => ({ path: 'pages/home/home', query: {}, scene: 1001 }),
      getEnterOptionsSync: () => ({ path: 'pages/home/home', query: {}, scene: 1001 }),
      getMenuButtonBoundingClientRect: () => ({
        top: 48,
        bottom: 80,
        left: 281,
        right: 368,
        width: 87,
        height: 32,
      }),
      nextTick: (fn: () => void) => this.timer(fn, 0, false),
      getUpdateManager: () => ({
        onCheckForUpdate: () => undefined,
        onUpdateReady: () => undefined,
        onUpdateFailed: () => undefined,
        applyUpdate: () => undefined,
      }),
      navigateTo: (o: ApiOptions) => this.navigate('navigateTo', o),
      redirectTo: (o: ApiOptions) => this.navigate('redirectTo', o),
      reLaunch: (o: ApiOptions) => this.navigate('reLaunch', o),
      switchTab: (o: ApiOptions) => this.navigate('switchTab', o),
      navigateBack: (o: ApiOptions) => this.navigate('navigateBack', o ?? {}),
    };
  }

  private navigate(kind: string, options: ApiOptions): void {
    this.navigations.push(`${kind} ${String(options.url ?? '')}`);
    this.answer(options, { errMsg: `${kind}:ok` });
  }

  private wxApi(): Dict {
    return {
      ...this.common(),
      getStorageSync: (key: string) => (this.storage.has(key) ? this.storage.get(key) : ''),
      setStorageSync: (key: string, value: unknown) => void this.storage.set(key, value),
      removeStorageSync: (key: string) => void this.storage.delete(key),
      clearStorageSync: () => this.storage.clear(),
      getStorageInfoSync: () => ({
        keys: [...this.storage.keys()],
        currentSize: 0,
        limitSize: 10240,
      }),
      request: (o: ApiOptions) => this.request(o, 'header'),
      onNeedPrivacyAuthorization: (listener: (resolve: Callback, info: Dict) => void) =>
        void (this.privacyListener = listener),
    };
  }

  private myApi(): Dict {
    return {
      ...this.common(),
      getStorageSync: ({ key }: { key: string }) => ({
        data: this.storage.has(key) ? this.storage.get(key) : null,
      }),
      setStorageSync: ({ key, data }: { key: string; data: unknown }) =>
        void this.storage.set(key, data),
      removeStorageSync: ({ key }: { key: string }) => void this.storage.delete(key),
      clearStorageSync: () => this.storage.clear(),
      getStorageInfoSync: () => ({
        keys: [...this.storage.keys()],
        currentSize: 0,
        limitSize: 10240,
      }),
      request: (o: ApiOptions) => this.request(o, 'headers'),
    };
  }
}

function declaredPages(dir: string): string[] {
  const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as {
    pages: string[];
    subPackages?: { root: string; pages: string[] }[];
    subpackages?: { root: string; pages: string[] }[];
  };
  const subs = app.subPackages ?? app.subpackages ?? [];
  return [...app.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
}

const rejections: string[] = [];
const onRejection = (reason: unknown) => rejections.push(String(reason));
process.on('unhandledRejection', onRejection);

/** Element and text nodes in a setData payload (Taro names each node's kind under `nn`). */
function nodeCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodeCount(item), 0);
  if (!value || typeof value !== 'object') return 0;
  const own = 'nn' in value ? 1 : 0;
  return own + Object.values(value).reduce((sum: number, child) => sum + nodeCount(child), 0);
}

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
    server = await startServer();
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
