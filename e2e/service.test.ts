/**
 * Service screens in a real browser against the real server: customer-service questions and
 * answers (brand 9's online chat: online-chat.test.ts), feedback with an uploaded image, the legal texts, the web-view
 * allowlist; and every route of the app opening without a console error, logged out (with its
 * title and back button; pages that need a login go to it and say where to come back) and logged in.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BRAND_RECORDS as BRANDS } from '../contract/brands/records';
import { ROUTES } from '../src/routes';
import { agreeAllBody } from './steps/privacy';
import { apiWithToken, defaultAddress, placeOrder, verifyUser } from './steps/setup';
import {
  acrossPages,
  CLIENT_AUTH,
  holdScripts,
  openAfresh,
  phonePage,
  root,
  screenshot,
  useServerAndBrowser,
  type RunningServer,
} from './harness';

let server: RunningServer;
let browser: Browser;

useServerAndBrowser((started, opened) => {
  server = started;
  browser = opened;
});

/** A user logged in through the real SMS flow (the sandbox tells the code). */
async function smsLogin(mobile: string): Promise<{ token: string; userInfo: unknown }> {
  const headers = {
    'content-type': 'application/json',
    'x-client-authorization': CLIENT_AUTH,
    'x-platform': '1',
  };
  const sent = await fetch(`${server.baseUrl}/api/login/sendCode`, {
    method: 'POST',
    headers: { ...headers, 'x-user-type': 'app' },
    body: JSON.stringify({ mobile }),
  });
  const sentReply = (await sent.json()) as { code: number; msg: string };
  assert.equal(sentReply.code, 200, sentReply.msg);
  const last = await fetch(`${server.baseUrl}/dev/sms/last?mobile=${mobile}`, { headers });
  const { data } = (await last.json()) as { data: { code: string } };
  const login = await fetch(`${server.baseUrl}/api/login/loginForSms`, {
    method: 'POST',
    headers: { ...headers, 'x-user-type': 'app' },
    body: JSON.stringify({ mobile, code: data.code }),
  });
  const { data: tokenReply } = (await login.json()) as { data: { token: string } };
  const info = await fetch(`${server.baseUrl}/api/user/info`, {
    headers: { ...headers, token: tokenReply.token, authorization: `Bearer ${tokenReply.token}` },
  });
  const { data: userInfo } = (await info.json()) as { data: unknown };
  // The login page's agreement box, as the app records it: no privacy prompt over the pages.
  const agreed = await fetch(`${server.baseUrl}/api/privacy/consents`, {
    method: 'POST',
    headers: { ...headers, token: tokenReply.token, authorization: `Bearer ${tokenReply.token}` },
    body: JSON.stringify(agreeAllBody()),
  });
  assert.equal(((await agreed.json()) as { code: number }).code, 200);
  return { token: tokenReply.token, userInfo };
}

/** Put a session where the app keeps it (Taro's storage wraps each value as `{ data }`). */
async function useSessionIn(
  page: Page,
  origin: string,
  session: { token: string; userInfo: unknown },
) {
  await page.goto(`${origin}/`);
  await page.evaluate(({ token, userInfo }) => {
    localStorage.setItem('token:1', JSON.stringify({ data: token }));
    localStorage.setItem('userInfo', JSON.stringify({ data: userInfo }));
  }, session);
  // The app read its session when it started, before the token was there: start it again, as a
  // user's next visit would (a hash-only goto keeps the running app and its logged-out state).
  await page.reload();
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 375, `page is ${width}px wide`);
}

/** A 1×1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('customer service', () => {
  it('shows question types, their questions, and an answer on tap', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/customer-service/customerService`);
    await page.getByRole('tab', { name: '租赁流程' }).waitFor();
    const question = page.getByRole('button', { name: /怎么租一台设备？/ });
    await question.click();
    await page.getByText('提交订单后完成实名认证和信用评估', { exact: false }).waitFor();
    assert.equal(await question.getAttribute('aria-expanded'), 'true');
    await screenshot(page, 'service-customer-service');
    await page.getByRole('tab', { name: '账单与支付' }).click();
    await page.getByRole('button', { name: /每期租金怎么支付？/ }).click();
    await page.getByText('可开通自动代扣', { exact: false }).waitFor();
    assert.equal(await page.getByText('怎么租一台设备？').count(), 0);
    await page.getByText(BRANDS[0].userPhone).first().waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'service-customer-service-billing');
    // The links go where they say.
    await page.getByRole('link', { name: '常见问题' }).click();
    await page.waitForFunction(() => location.hash.includes('pages/commonProblem/commonProblem'));
    await page.getByRole('heading', { name: '押金与信用' }).waitFor();
    await page.getByRole('button', { name: /押金可以减免吗？/ }).click();
    await page.getByText('支持芝麻信用评估', { exact: false }).waitFor();
    await screenshot(page, 'service-common-problems');
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('feedback', () => {
  it('sends a type, a description and an uploaded image, and shows the success state', async () => {
    const session = await smsLogin('13900000001');
    const { page, errors } = await phonePage(browser);
    await useSessionIn(page, server.baseUrl, session);
    await page.goto(`${server.baseUrl}/#/pages/feedBack/feedBack`);
    await page.getByRole('radio', { name: '商品问题' }).waitFor();

    // Submitting an empty form says what is missing, inline, and sends nothing.
    // The submit button is found by its class (the form's own styling hook).
    const submit = page.locator('.form-submit');
    await submit.click();
    await page.getByText('请选择反馈类型').waitFor();
    await page.getByText('请填写问题描述').waitFor();

    await page.getByRole('radio', { name: '商品问题' }).click();
    const text = '收到的手机屏幕有一道划痕，希望换一台';
    await page.locator('textarea').fill(text);
    await page.getByText(`${Array.from(text).length}/500`).waitFor();

    // A GIF: the browser shows it, the server takes only JPEG, PNG and WebP. The image says so and
    // can be removed.
    let chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '添加图片' }).click();
    await (await chooser).setFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: GIF });
    await page.locator('.feedback-images__status--failed').waitFor();
    assert.match(
      await page.locator('.feedback-images__error').innerText(),
      /第 1 张：.*类型不支持/,
    );
    await screenshot(page, 'service-feedback-upload-failed');
    await page.getByRole('button', { name: '删除第 1 张图片' }).click();
    assert.equal(await page.locator('.feedback-images__cell').count(), 0);

    chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '添加图片' }).click();
    await (await chooser).setFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.feedback-images__cell').waitFor();
    await page.locator('.feedback-images__status').waitFor({ state: 'detached' });
    const mobile = page.locator('input[name="contactMobile"]');
    await mobile.fill('1380013');
    await mobile.blur();
    await page.getByText('请输入正确的手机号').waitFor();
    await mobile.fill('13800138000');
    await screenshot(page, 'service-feedback-filled');

    const submitted = page.waitForRequest('**/api/client/complaint/submit');
    await submit.click();
    const body = (await submitted).postDataJSON() as {
      type: string;
      content: string;
      images: string[];
    };
    assert.equal(body.type, 'goods');
    assert.equal(body.content, text);
    assert.equal(body.images.length, 1);
    assert.match(body.images[0], /^[0-9a-f]{32}$/);
    await page.getByText('提交成功').waitFor();
    await screenshot(page, 'service-feedback-success');
    // The browser logs the refused GIF's 415 itself; nothing else may be logged.
    const refusedUpload = /status of 415/;
    assert.equal(errors.filter((error) => refusedUpload.test(error)).length, 1);
    assert.deepEqual(
      errors.filter((error) => !refusedUpload.test(error)),
      [],
    );
    await page.close();
  });

  it('keeps text past 500 characters inside its box, clear of the counter that says so', async () => {
    const session = await smsLogin('13900000003');
    const { page, errors } = await phonePage(browser);
    await useSessionIn(page, server.baseUrl, session);
    await page.goto(`${server.baseUrl}/#/pages/feedBack/feedBack`);
    await page.locator('textarea').fill('屏幕有划痕'.repeat(130));
    const counter = page.getByText('650/500');
    await counter.waitFor();
    const [box, text, count] = await Promise.all(
      ['.feedback-content__input', '.feedback-content textarea', '.feedback-content__counter'].map(
        async (selector) => (await page.locator(selector).boundingBox())!,
      ),
    );
    assert.ok(text.y + text.height <= box.y + box.height, 'the text stays inside its box');
    assert.ok(text.y + text.height <= count.y, 'the text ends above the counter');
    await screenshot(page, 'service-feedback-over-limit');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('sends a logged-out user to log in, and back here afterwards', async () => {
    const { page, errors } = await phonePage(browser);
    await page.goto(`${server.baseUrl}/#/pages/feedBack/feedBack`);
    await page.waitForFunction(() => location.hash.startsWith('#/pages/loginNew/loginNew'));
    const hash = await page.evaluate(() => location.hash);
    assert.match(decodeURIComponent(hash), /redirect=\/pages\/feedBack\/feedBack/);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('legal texts', () => {
  for (const [route, title, name] of [
    ['pages/agreement/agreement', '租赁协议', 'service-agreement-rental'],
    ['pages/agreement/agreement?type=service', '服务协议', 'service-agreement-service'],
    ['pages/text/user', '隐私政策', 'service-privacy-policy'],
    ['pages/text/register', '用户注册协议', 'service-registration-agreement'],
  ] as const) {
    it(`${route} shows the ${title} naming brand 5's company`, async () => {
      const { page, errors } = await phonePage(browser);
      await page.goto(`${server.baseUrl}/?platform=5#/${route}`);
      // The body's own heading (the navigation bar has one with the page title too).
      await page.locator('.legal__title', { hasText: title }).waitFor();
      assert.ok((await page.getByText(BRANDS[4].companyName, { exact: false }).count()) > 0);
      await noHorizontalOverflow(page);
      await screenshot(page, name);
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

describe('web pages', () => {
  /**
   * The allowlist is https only. The app is served here as https://shop.test (each request
   * answered by the real server), so its own host is on the default allowlist, as in production.
   */
  async function httpsContext(): Promise<{ context: BrowserContext; offsite: string[] }> {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const offsite: string[] = [];
    context.on('request', (request) => {
      const { hostname } = new URL(request.url());
      if (!['shop.test', '127.0.0.1'].includes(hostname) && !request.url().startsWith('blob:')) {
        offsite.push(request.url());
      }
    });
    await context.route('https://shop.test/**', async (route) => {
      const url = new URL(route.request().url());
      const response = await route.fetch({ url: `${server.baseUrl}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });
    // Nothing leaves the machine: any other host fails at once.
    await context.route(/^https?:\/\/(?!shop\.test|127\.0\.0\.1)/, (route) => route.abort());
    return { context, offsite };
  }

  it('webView opens an allowed https page inside the app', async () => {
    const { context, offsite } = await httpsContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const target = 'https://shop.test/static/brands/1/home.png';
    await page.goto(`https://shop.test/#/pages/webView/webView?url=${encodeURIComponent(target)}`);
    const frame = page.locator('iframe.taro-webview');
    await frame.waitFor();
    assert.equal(await frame.getAttribute('src'), target);
    await page.waitForFunction(
      (src) => Array.from(document.querySelectorAll('iframe')).some((f) => f.src === src),
      target,
    );
    // The embedded page loads: its frame takes the target's URL when the navigation commits, a
    // moment after the iframe's src is set (asserting at once was a race, seen once in e2e).
    const loaded = () => page.frames().some((f) => f.url() === target);
    for (let i = 0; i < 50 && !loaded(); i += 1) await page.waitForTimeout(100);
    assert.ok(
      loaded(),
      page
        .frames()
        .map((f) => f.url())
        .join(', '),
    );
    // The navigation bar stays above the embedded page.
    await page.locator('.nav-bar__back').click({ trial: true });
    await screenshot(page, 'service-webview-allowed');
    assert.deepEqual(offsite, []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('webView and webh5 show the error page for links off the allowlist, and go nowhere', async () => {
    const { context, offsite } = await httpsContext();
    const page = await context.newPage();
    const payloads = [
      'https://evil.test/',
      'http://shop.test/static/brands/1/home.png',
      'https://shop.test@evil.test/',
      '//evil.test',
      'javascript:alert(1)//shop.test',
      'https://shop.test.evil.test/',
    ];
    let shot = false;
    for (const route of ['pages/webView/webView', 'pages/webView/webh5']) {
      for (const payload of payloads) {
        const url = `https://shop.test/#/${route}?url=${encodeURIComponent(payload)}`;
        await page.goto(url);
        // Taro keeps the previous page in the DOM, hidden: look at the visible one.
        await page.locator('.web-blocked__title:visible', { hasText: '无法打开该链接' }).waitFor();
        assert.equal(await page.locator('iframe.taro-webview').count(), 0, payload);
        assert.equal(new URL(page.url()).host, 'shop.test', payload);
        if (!shot) await screenshot(page, 'service-webview-blocked');
        shot = true;
      }
    }
    // Over plain http (no https host of its own), the app allows nothing.
    await page.goto(
      `${server.baseUrl}/#/pages/webView/webView?url=${encodeURIComponent('https://shop.test/')}`,
    );
    await page.locator('.web-blocked__title:visible', { hasText: '无法打开该链接' }).waitFor();
    await page.locator('.web-blocked__home:visible').click();
    await page.waitForFunction(
      () => location.hash === '#/' || location.hash.includes('pages/home'),
    );
    assert.deepEqual(offsite, []);
    await context.close();
  });

  it('webh5 leaves for an allowed https page', async () => {
    const { context, offsite } = await httpsContext();
    const page = await context.newPage();
    const target = 'https://shop.test/static/brands/1/login.png';
    await page.goto(`https://shop.test/#/pages/webView/webh5?url=${encodeURIComponent(target)}`);
    await page.waitForURL(target);
    assert.deepEqual(offsite, []);
    await context.close();
  });
});

describe('order pages opened by a link', () => {
  it('ask for the user’s orders, or the order, while the app’s scripts are still loading', async () => {
    const session = await smsLogin('13800138733');
    const call = apiWithToken(server.baseUrl, session.token);
    await verifyUser(call, server.baseUrl, 733);
    const orderId = await placeOrder(call, await defaultAddress(call), 'paid');
    const { page, errors } = await phonePage(browser);
    await useSessionIn(page, server.baseUrl, session);
    // Every script held back for three seconds: the page's first data is asked for meanwhile, by
    // index.html, and so is its first picture; the page then takes that reply.
    const requests: { at: number; url: string }[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      requests.push({ at: Date.now(), url: pathname + search });
    });
    const heldUntil = await holdScripts(page);
    const open = async (hashPath: string, drawn: string, api: string) => {
      // Counted from a blank page: the page before (home, reloaded with the session) may still
      // be drawing, and asks for pictures of its own, this order's cover among them.
      await page.goto('about:blank');
      requests.length = 0;
      await page.goto(`${server.baseUrl}/#/${hashPath}`);
      await page.locator(drawn).first().waitFor();
      const asked = requests.filter((r) => r.url.startsWith(api.split('?')[0]));
      assert.deepEqual(
        asked.map((r) => r.url),
        [api],
        `${hashPath}: asked once, as the page asks`,
      );
      assert.ok(asked[0]!.at < heldUntil(), `${hashPath}: asked while the scripts were held`);
      const cover = (await page.locator(`${drawn} source`).first().getAttribute('srcset')) ?? '';
      assert.ok(cover.endsWith('.webp'), cover);
      const coverRequests = requests.filter(
        (r) => r.url === new URL(cover, server.baseUrl).pathname,
      );
      assert.equal(coverRequests.length, 1, `${hashPath}: cover fetched once`);
      assert.ok(coverRequests[0]!.at < heldUntil(), `${hashPath}: cover fetched while held`);
    };
    const list = (tab: string) => `/api/order/list?status=${tab}&pageNum=1&pageSize=10`;
    await open('pages/myOrder/myOrder', '.order-card', list('all'));
    await open('pages/myOrder/myOrder?tab=unpaid', '.order-card', list('unpaid'));
    // A tab the page does not know opens 全部, and so asks for it; so does index.html.
    await open('pages/myOrder/myOrder?tab=nonsense', '.order-card', list('all'));
    await open(
      `pages/orderDetail/orderDetail?orderId=${orderId}`,
      '.order-detail .order-card__goods',
      `/api/order/detail/${orderId}`,
    );
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('every route', () => {
  const loginPath = 'pages/loginNew/loginNew';

  /**
   * Opens every route with a full load (as a shared link or a QR code opens it), three pages at
   * once; returns the routes that went to login (in ROUTES' order) and every problem seen.
   * `opened` checks a page that stayed.
   */
  async function visitAll(
    prepare: (page: Page) => Promise<void>,
    opened?: (route: (typeof ROUTES)[number], problems: string[], page: Page) => Promise<void>,
  ) {
    const redirected: string[] = [];
    const problems: string[] = [];
    await acrossPages(
      browser,
      ROUTES,
      3,
      async (route, page, errors) => {
        errors.length = 0;
        await openAfresh(page, `${server.baseUrl}/#/${route.path}?from=e2e`);
        // The nav bar, not its title: the loading page's title is blank, so has no box to see.
        await page.locator('.nav-bar:visible').first().waitFor();
        // Let the page's reads finish (and any redirect they cause).
        await page.waitForLoadState('networkidle');
        const hash = decodeURIComponent(await page.evaluate(() => location.hash));
        if (hash.startsWith(`#/${loginPath}`) && route.path !== loginPath) {
          // A clean redirect: to the login page, saying where to come back.
          if (!hash.includes(`redirect=/${route.path}`)) problems.push(`${route.path} → ${hash}`);
          redirected.push(route.path);
        } else if (!hash.startsWith(`#/${route.path}`)) {
          problems.push(`${route.path} → ${hash}`);
        } else {
          await opened?.(route, problems, page);
        }
        errors.forEach((error) => problems.push(`${route.path}: ${error}`));
      },
      prepare,
    );
    const order: string[] = ROUTES.map((route) => route.path);
    redirected.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    return { redirected, problems };
  }

  /** The page's title in the nav bar, and a back button everywhere but the tab pages. */
  async function titleAndBack(route: (typeof ROUTES)[number], problems: string[], page: Page) {
    const bar = page.locator('.nav-bar:visible');
    const title = await bar.locator('.nav-bar__title').textContent();
    if (title !== route.title) problems.push(`${route.path}: title ${title}, not ${route.title}`);
    const isTab =
      route.path === 'pages/home/home' ||
      /^pages\/(classify|customer-service|user)\//.test(route.path);
    const backs = await bar.locator('.nav-bar__back').count();
    if (backs !== (isTab ? 0 : 1)) problems.push(`${route.path}: ${backs} back buttons`);
  }

  // One walk for the shell's titles and back buttons and for redirects and the console (it was
  // two walks of 50 full loads).
  it('opens each of the 50 routes logged out with its title and back button, without a console error', async () => {
    assert.equal(ROUTES.length, 50);
    const { redirected, problems } = await visitAll(
      async () => undefined,
      async (route, found, page) => {
        await titleAndBack(route, found, page);
        if (route.path === 'pages/myOrder/myOrder') await screenshot(page, 'shell-myOrder');
      },
    );
    assert.deepEqual(problems, []);
    assert.ok(redirected.includes('pages/feedBack/feedBack'));
    fs.writeFileSync(
      path.join(root, 'e2e', 'screenshots', 'routes-needing-login.txt'),
      `${redirected.join('\n')}\n`,
    );
  });

  it('opens each of the 50 routes logged in without a console error or a trip to login', async () => {
    const session = await smsLogin('13900000002');
    const { redirected, problems } = await visitAll((page) =>
      useSessionIn(page, server.baseUrl, session),
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(redirected, []);
  });
});
