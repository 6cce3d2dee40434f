/**
 * A fake mini-program host (issue 8, issue 18): loads a built weapp or alipay artifact in Node's
 * vm under the globals a base library gives every script, launches the app and opens pages.
 * `wx.request` / `my.request` go to the real API server, so pages render what it holds.
 *
 * Like the real clients (issue 32), it calls only absolute https URLs on the domains the artifact
 * registers, and draws a picture only from those domains or from a file in the package
 * (e2e/mini-client-network.ts); anything else is refused, as a phone refuses it, and recorded in
 * `errors`, so a journey fails on it. Every picture drawn is loaded from the server and recorded
 * in `images`.
 *
 * `open` is the boot test's visit (load, show, hide, unload). `show` keeps the page alive for a
 * journey: its rendered tree (every setData applied at its path, as the base library does) can be
 * read and its elements tapped the way the WeChat runtime delivers events to Taro (the page's
 * `eh` handler with the element's ids in currentTarget). The wallet's `wx.login` and
 * `wx.requestPayment` answer through hooks the test gives.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { isTabPath } from '../src/routes';
import { ClientNetwork, imageTemplates } from './mini-client-network';

export type MiniTarget = 'weapp' | 'alipay';
export type Dict = Record<string, unknown>;
type Callback = (res: unknown) => void;
interface ApiOptions extends Dict {
  success?: Callback;
  fail?: Callback;
  complete?: Callback;
}

/**
 * What the wallet answers: the test plays WeChat's side of wx.login and wx.requestPayment, or
 * Alipay's side of my.getAuthCode, my.getPhoneNumber and my.tradePay.
 */
export interface WalletHooks {
  /** A wx.login code or my.getAuthCode auth code, or undefined for a failure. */
  login?: () => string | undefined;
  /** Resolves with wx's errMsg: `requestPayment:ok` calls success, anything else fail. */
  requestPayment?: (params: RequestPaymentParams) => Promise<string>;
  /** my.getPhoneNumber's `response` (the signed, encrypted JSON string), or undefined: refused. */
  phoneNumber?: () => string | undefined;
  /** Resolves with my.tradePay's resultCode (9000 paid or authorised, 6001 cancel, 4000 …). */
  tradePay?: (params: TradePayParams) => Promise<string>;
  /**
   * wx.openBusinessView (WeChat Pay Score's pages): resolves with wx's errMsg, `…:ok` calls
   * success (with the page's extraData), anything else fail.
   */
  openBusinessView?: (params: BusinessViewParams) => Promise<{ errMsg: string; extraData?: Dict }>;
}

/** What the app hands wx.openBusinessView. */
export interface BusinessViewParams {
  businessType: string;
  extraData?: { package?: string };
}

/** What the app hands my.tradePay: a bill's trade number or a freeze's signed order string. */
export interface TradePayParams {
  tradeNO?: string;
  orderStr?: string;
}

export interface RequestPaymentParams {
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

/** One node of a page's rendered tree as Taro's setData draws it. */
export interface RenderedNode extends Dict {
  /** node name (view, text, button, #text …) */
  nn?: string;
  /** Taro's node id: what its event handler looks the element up by */
  sid?: string;
  uid?: string;
  /** class */
  cl?: string;
  /** text of a text node */
  v?: string;
  cn?: RenderedNode[];
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

/** Every string a Taro setData payload draws: text nodes carry their text under `v`. */
export function textsOf(value: unknown, out: string[] = []): string[] {
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
export class FakeHost {
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
  /** Every toast and modal the app showed, in order. */
  readonly messages: string[] = [];
  /** Every URL the app asked wx.request / my.request for, as it asked. */
  readonly requests: string[] = [];
  /** Every picture a page drew, once each: its src, the page, and whether it loaded. */
  readonly images: { src: string; route: string; loaded: boolean }[] = [];
  /** What the client lets the app reach: the artifact's registered domains. */
  readonly network: ClientNetwork;
  /** Node id of each image element in the templates → the key its src is drawn from. */
  private readonly imageSrcKeys: Map<string, string>;

  private readonly dir: string;
  private readonly target: MiniTarget;
  private readonly baseUrl: string;
  private readonly wallet: WalletHooks;

  constructor(
    dir: string,
    target: MiniTarget,
    baseUrl: string,
    storage: Record<string, unknown> = {},
    wallet: WalletHooks = {},
  ) {
    this.dir = dir;
    this.target = target;
    this.baseUrl = baseUrl;
    this.wallet = wallet;
    for (const [key, value] of Object.entries(storage)) this.storage.set(key, value);
    this.network = new ClientNetwork(dir, target);
    this.imageSrcKeys = imageTemplates(dir, target);
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
    const draw = (tree: Dict, data: Dict) => this.draw(route, tree, data);
    const instance: PageInstance = {
      ...config,
      route,
      __route__: route,
      data: JSON.parse(JSON.stringify(config.data ?? {})) as Dict,
      setData(data: Dict, callback?: () => void) {
        payloads.push(JSON.parse(JSON.stringify(data)) as Dict);
        draw(this.data, data);
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

  /**
   * Opens a page and keeps it: the page below is hidden (navigateTo) or unloaded (`replace`, as
   * redirectTo does). `url` is a page path with its query, e.g. `/pages/pay/pay?orderId=3`.
   */
  async show(url: string, options: { replace?: boolean } = {}): Promise<MiniPage> {
    const [pathPart, queryPart = ''] = url.replace(/^\//, '').split('?');
    const route = pathPart ?? '';
    const query = Object.fromEntries(new URLSearchParams(queryPart));
    const config = this.register(route);
    const below = this.stack[this.stack.length - 1];
    if (below) {
      this.call(below, 'onHide');
      if (options.replace) {
        this.call(below, 'onUnload');
        this.stack.pop();
      }
    }
    const tree: Dict = {};
    const draw = (data: Dict) => this.draw(route, tree, data);
    const instance: PageInstance = {
      ...config,
      route,
      __route__: route,
      options: query,
      data: tree,
      setData(data: Dict, callback?: () => void) {
        draw(data);
        if (callback) setTimeout(callback, 0);
      },
    };
    Object.assign(tree, JSON.parse(JSON.stringify(config.data ?? {})) as Dict);
    this.stack.push(instance);
    const openedAt = this.navigations.length;
    this.call(instance, 'onLoad', query);
    this.call(instance, 'onShow');
    this.call(instance, 'onReady');
    await this.settle();
    return new MiniPage(this, instance, openedAt);
  }

  /**
   * One setData: Taro sends paths (`root.cn.[0].cn.[2].v`), which the base library writes in
   * place; then every picture the update draws is loaded, as the client would.
   */
  private draw(route: string, tree: Dict, data: Dict): void {
    for (const [key, value] of Object.entries(data)) {
      setAtPath(tree, key, value);
      // A whole subtree, or one attribute of an element already drawn.
      const attribute = /^(.*)\.(\w+)$/.exec(key);
      const element = attribute ? getAtPath(tree, attribute[1]!) : undefined;
      if (element && typeof element === 'object') this.loadPicture(route, element, attribute![2]);
      for (const node of nodesOf(value)) this.loadPicture(route, node);
    }
  }

  /** Loads the picture `node` draws, if it is an image element (`key`: only if it is its src). */
  private loadPicture(route: string, node: unknown, key?: string): void {
    const { nn } = node as RenderedNode;
    const srcKey = nn === undefined ? undefined : this.imageSrcKeys.get(String(nn));
    if (!srcKey || (key !== undefined && key !== srcKey)) return;
    const src = (node as Dict)[srcKey];
    if (typeof src !== 'string' || !src || this.images.some((i) => i.src === src)) return;
    const image = { src, route, loaded: false };
    this.images.push(image);
    const local = this.network.packageFile(src, route);
    if (local !== undefined) {
      image.loaded = local === '';
      if (local) this.errors.push(`${route} image: ${local}`);
      return;
    }
    const refused = this.network.refusal(src, 'image');
    if (refused) {
      this.errors.push(`${route} image ${src} refused: ${refused.reason}`);
      return;
    }
    this.pending++;
    void fetch(`${this.baseUrl}${ClientNetwork.pathOf(src)}`)
      .then(async (res) => {
        await res.arrayBuffer();
        const type = res.headers.get('content-type') ?? '';
        image.loaded = res.ok && type.startsWith('image/');
        if (!image.loaded)
          this.errors.push(`${route} image ${src} did not load: ${res.status} ${type}`);
      })
      .catch((error: unknown) =>
        this.errors.push(`${route} image ${src} did not load: ${String(error)}`),
      )
      .finally(() => this.pending--);
  }

  /** What the app keeps in storage under `key` (its session, say). */
  stored(key: string): unknown {
    return this.storage.get(key);
  }

  /** Unloads the page on top and shows the one below (navigateBack). */
  async back(): Promise<void> {
    const top = this.stack.pop();
    if (top) this.call(top, 'onUnload');
    const below = this.stack[this.stack.length - 1];
    if (below) this.call(below, 'onShow');
    await this.settle();
  }

  call(instance: PageInstance, name: string, arg?: unknown): unknown {
    const method = instance[name];
    let result: unknown;
    if (typeof method === 'function')
      this.guard(`${instance.route} ${name}`, () => {
        result = (method as (a?: unknown) => unknown).call(instance, arg);
      });
    return result;
  }

  /** Waits until no request is in flight and timers have had a chance to run. */
  async settle(): Promise<void> {
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

  /**
   * The real server answers; the fake only carries the request there and back, if the client
   * would make it at all (an absolute https URL on the registered request domains).
   */
  private request(options: ApiOptions, headerKey: 'header' | 'headers'): { abort(): void } {
    const requested = String(options.url);
    this.requests.push(requested);
    const refused = this.network.refusal(requested, 'request');
    if (refused) {
      this.errors.push(`request ${requested} refused: ${refused.reason}`);
      const failure = this.network.failure(requested, refused);
      setTimeout(() => {
        this.guard(`request ${requested} fail`, () => options.fail?.(failure));
        this.guard(`request ${requested} complete`, () => options.complete?.(failure));
      }, 0);
      return { abort: () => undefined };
    }
    const url = ClientNetwork.pathOf(requested);
    const controller = new AbortController();
    this.pending++;
    const body = typeof options.data === 'string' ? options.data : undefined;
    fetch(`${this.baseUrl}${url}`, {
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
      // The user reads toasts and modals; a modal is confirmed, as a user going on would.
      showToast: (o: ApiOptions) => {
        // wx.showToast's `title`; my.showToast's `content`.
        this.messages.push(String(o.title ?? o.content ?? ''));
        this.answer(o, { errMsg: 'showToast:ok' });
      },
      hideToast: (o: unknown) => this.answer(o, { errMsg: 'hideToast:ok' }),
      showLoading: (o: unknown) => this.answer(o, { errMsg: 'showLoading:ok' }),
      hideLoading: (o: unknown) => this.answer(o, { errMsg: 'hideLoading:ok' }),
      showModal: (o: ApiOptions) => {
        this.messages.push(`${String(o.title ?? '')} ${String(o.content ?? '')}`.trim());
        this.answer(o, { errMsg: 'showModal:ok', confirm: true, cancel: false });
      },
      setNavigationBarTitle: (o: unknown) => this.answer(o, { errMsg: 'ok' }),
      stopPullDownRefresh: (o: unknown) => this.answer(o, { errMsg: 'ok' }),
      pageScrollTo: (o: unknown) => this.answer(o, { errMsg: 'ok' }),
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
      ...(this.wallet.login ? { login: (o: ApiOptions) => this.login(o) } : {}),
      ...(this.wallet.requestPayment
        ? { requestPayment: (o: ApiOptions) => this.requestPayment(o) }
        : {}),
      ...(this.wallet.openBusinessView
        ? { openBusinessView: (o: ApiOptions) => this.openBusinessView(o) }
        : {}),
    };
  }

  /** WeChat Pay Score's page: what the test's WeChat answers, through wx's callbacks. */
  private openBusinessView(options: ApiOptions): void {
    const params: BusinessViewParams = {
      businessType: options.businessType as string,
      extraData: options.extraData as BusinessViewParams['extraData'],
    };
    this.pending++;
    void this.wallet.openBusinessView!(params)
      .then((answer) => {
        const callback = /:ok$/.test(answer.errMsg) ? options.success : options.fail;
        this.guard('openBusinessView', () => callback?.(answer));
        this.guard('openBusinessView complete', () => options.complete?.(answer));
      })
      .finally(() => this.pending--);
  }

  private login(options: ApiOptions): void {
    const code = this.wallet.login?.();
    setTimeout(() => {
      if (code) this.guard('login success', () => options.success?.({ code, errMsg: 'login:ok' }));
      else this.guard('login fail', () => options.fail?.({ errMsg: 'login:fail' }));
    }, 0);
  }

  /** The wallet takes the parameters exactly as the app passed them. */
  private requestPayment(options: ApiOptions): void {
    const params: RequestPaymentParams = {
      timeStamp: options.timeStamp as string,
      nonceStr: options.nonceStr as string,
      package: options.package as string,
      signType: options.signType as string,
      paySign: options.paySign as string,
    };
    this.pending++;
    void this.wallet.requestPayment!(params)
      .then((errMsg) => {
        const callback = errMsg === 'requestPayment:ok' ? options.success : options.fail;
        this.guard('requestPayment', () => callback?.({ errMsg }));
        this.guard('requestPayment complete', () => options.complete?.({ errMsg }));
      })
      .finally(() => this.pending--);
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
      // Taro turns showModal into my.confirm (my.alert without a cancel button).
      confirm: (o: ApiOptions) => this.confirm(o),
      alert: (o: ApiOptions) => this.confirm(o),
      ...(this.wallet.login
        ? { getAuthCode: (o: ApiOptions) => this.authorise(o, 'authCode', this.wallet.login?.()) }
        : {}),
      ...(this.wallet.phoneNumber
        ? {
            getPhoneNumber: (o: ApiOptions) =>
              this.authorise(o, 'response', this.wallet.phoneNumber?.()),
          }
        : {}),
      ...(this.wallet.tradePay ? { tradePay: (o: ApiOptions) => this.tradePay(o) } : {}),
    };
  }

  private confirm(options: ApiOptions): void {
    this.messages.push(`${String(options.title ?? '')} ${String(options.content ?? '')}`.trim());
    this.answer(options, { confirm: true });
  }

  /**
   * my.getAuthCode (`{ authCode }`) and my.getPhoneNumber (`{ response }`, the JSON string Alipay
   * signs and encrypts): the wallet's answer, or error 11 as when the user refuses.
   */
  private authorise(options: ApiOptions, key: 'authCode' | 'response', value?: string): void {
    setTimeout(() => {
      if (value) this.guard(`${key} success`, () => options.success?.({ [key]: value }));
      else this.guard(`${key} fail`, () => options.fail?.({ error: 11 }));
    }, 0);
  }

  /** my.tradePay answers success with a resultCode for every outcome, as Alipay documents. */
  private tradePay(options: ApiOptions): void {
    const params: TradePayParams = {
      ...(typeof options.tradeNO === 'string' ? { tradeNO: options.tradeNO } : {}),
      ...(typeof options.orderStr === 'string' ? { orderStr: options.orderStr } : {}),
    };
    this.pending++;
    void this.wallet.tradePay!(params)
      .then((resultCode) => {
        this.guard('tradePay', () => options.success?.({ resultCode }));
        this.guard('tradePay complete', () => options.complete?.({ resultCode }));
      })
      .finally(() => this.pending--);
  }
}

export function declaredPages(dir: string): string[] {
  const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as {
    pages: string[];
    subPackages?: { root: string; pages: string[] }[];
    subpackages?: { root: string; pages: string[] }[];
  };
  const subs = app.subPackages ?? app.subpackages ?? [];
  return [...app.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
}

/** Element and text nodes in a setData payload (Taro names each node's kind under `nn`). */
export function nodeCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + nodeCount(item), 0);
  if (!value || typeof value !== 'object') return 0;
  const own = 'nn' in value ? 1 : 0;
  return own + Object.values(value).reduce((sum: number, child) => sum + nodeCount(child), 0);
}

/** Writes one setData key (`root.cn.[0].cn.[2].v`) into the page's data, as the base library does. */
function setAtPath(data: Dict, key: string, value: unknown): void {
  const parts = key.split('.').map((part) => {
    const index = /^\[(\d+)\]$/.exec(part);
    return index ? Number(index[1]) : part;
  });
  let holder: Dict | unknown[] = data;
  for (let i = 0; i < parts.length - 1; i += 1) {
    const part = parts[i]!;
    const next = (holder as Record<string | number, unknown>)[part];
    if (next && typeof next === 'object') holder = next as Dict;
    else {
      const fresh: Dict | unknown[] = typeof parts[i + 1] === 'number' ? [] : {};
      (holder as Record<string | number, unknown>)[part] = fresh;
      holder = fresh;
    }
  }
  (holder as Record<string | number, unknown>)[parts[parts.length - 1]!] = JSON.parse(
    JSON.stringify(value ?? null),
  ) as unknown;
}

/** The value at a setData path in the page's data, if there is one. */
function getAtPath(data: Dict, key: string): unknown {
  let holder: unknown = data;
  for (const part of key.split('.')) {
    if (!holder || typeof holder !== 'object') return undefined;
    const index = /^\[(\d+)\]$/.exec(part);
    holder = (holder as Record<string | number, unknown>)[index ? Number(index[1]) : part];
  }
  return holder;
}

function nodesOf(value: unknown, out: RenderedNode[] = []): RenderedNode[] {
  if (Array.isArray(value)) value.forEach((item) => nodesOf(item, out));
  else if (value && typeof value === 'object') {
    if ('nn' in value) out.push(value as RenderedNode);
    for (const child of Object.values(value)) nodesOf(child, out);
  }
  return out;
}

/** A page that stays open: what it draws now, and the user's taps on it. */
export class MiniPage {
  private readonly host: FakeHost;
  readonly instance: PageInstance;
  /** How many navigations the host had seen when this page opened. */
  readonly openedAt: number;

  constructor(host: FakeHost, instance: PageInstance, openedAt: number) {
    this.host = host;
    this.instance = instance;
    this.openedAt = openedAt;
  }

  get route(): string {
    return this.instance.route;
  }

  /** Every text the page draws now. */
  texts(): string[] {
    return textsOf(this.instance.data);
  }

  /** Elements whose class has `className` and (when given) whose text contains `text`. */
  findAll(className: string, text?: string): RenderedNode[] {
    return nodesOf(this.instance.data).filter(
      (node) =>
        (node.cl ?? '').split(/\s+/).includes(className) &&
        (text === undefined || textsOf(node).join(' ').includes(text)),
    );
  }

  find(className: string, text?: string): RenderedNode {
    const [node] = this.findAll(className, text);
    assert.ok(
      node,
      `${this.route}: no .${className}${text ? ` with "${text}"` : ''} in ${this.texts().join(' | ')}`,
    );
    return node;
  }

  /**
   * What the WeChat runtime does when the user taps an element (or the element fires `type`):
   * calls the page's event handler with the element's ids; Taro finds the element and runs its
   * React handler. Resolves once the page is quiet again.
   */
  async fire(node: RenderedNode, type = 'tap', detail: Dict = {}): Promise<void> {
    const handler = this.instance.eh;
    assert.equal(typeof handler, 'function', `${this.route} has no event handler`);
    const element = { id: node.uid ?? node.sid ?? '', dataset: { sid: node.sid } };
    this.host.call(this.instance, 'eh', {
      type,
      timeStamp: Date.now(),
      detail,
      target: element,
      currentTarget: element,
      mark: {},
    });
    await this.host.settle();
  }

  /** The element once the page draws it (data may still be on its way from the server). */
  async waitFor(className: string, text?: string, timeoutMs = 10_000): Promise<RenderedNode> {
    const deadline = Date.now() + timeoutMs;
    while (this.findAll(className, text).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    return this.find(className, text);
  }

  async tap(className: string, text?: string): Promise<void> {
    await this.fire(await this.waitFor(className, text));
  }

  /** Types `value` into the input named `name`, as the base library reports typing (`input`). */
  async type(name: string, value: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    // Taro's templates shorten attribute names (`name` is `p9` on Alipay): match the value.
    const find = () =>
      nodesOf(this.instance.data).find((node) =>
        Object.entries(node).some(([key, v]) => /^p\d+$/.test(key) && v === name),
      );
    while (!find() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const input = find();
    assert.ok(input, `${this.route}: no input named ${name} in ${this.texts().join(' | ')}`);
    await this.fire(input, 'input', { value, cursor: value.length });
  }

  /** Waits (polling timers and requests run meanwhile) until the page draws `text`. */
  async waitForText(text: string | RegExp, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const seen = () =>
      this.texts().some((t) => (typeof text === 'string' ? t.includes(text) : text.test(t)));
    while (!seen()) {
      assert.ok(
        Date.now() < deadline,
        `${this.route} never drew ${String(text)}: ${this.texts().join(' | ')}`,
      );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
