import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  inlineSmallStylesheets,
  policyPromptEntry,
  routeTable,
  writePolicyPrompt,
  writeRouteTable,
} from './h5-index';

/** A published H5 folder as the compiler leaves it: the entry names each route's chunks. */
function fakeH5(): { dir: string; html: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'h5-index-'));
  for (const folder of ['js', 'css']) fs.mkdirSync(path.join(dir, folder));
  fs.writeFileSync(
    path.join(dir, 'js', 'app.1a2b3c4d.js'),
    'r=[{"path":"pages/home/home","load":function(){return Promise.all([w.e(11),w.e(42)]).then(x)}},' +
      '{"path":"pages/user/user","load":function(){return w.e(7).then(y)}}]',
  );
  for (const file of [
    'js/11.aaaa1111.js',
    'js/42.bbbb2222.js',
    'css/42.cccc3333.css',
    'js/7.dddd4444.js',
    'js/99.eeee5555.js',
    'js/frame-dialogs.ffff6666.js',
    'css/frame-dialogs.abcd7777.css',
  ])
    fs.writeFileSync(path.join(dir, file), '');
  const html =
    '<html><head><script id="route-table" type="application/json">{}</script>' +
    '<script id="policy-prompt" type="application/json">{}</script></head>' +
    '<body><script src="/js/app.1a2b3c4d.js"></script></body></html>';
  return { dir, html };
}

test('each route gets its title and exactly the chunks its loader asks for', () => {
  const { dir, html } = fakeH5();
  const table = routeTable(dir, html);
  expect(table['pages/home/home']).toEqual({
    t: '首页',
    f: ['js/11.aaaa1111.js', 'js/42.bbbb2222.js', 'css/42.cccc3333.css'],
  });
  expect(table['pages/user/user'].f).toEqual(['js/7.dddd4444.js']);
  // A route the entry does not name (none here) preloads nothing but keeps its title.
  expect(table['pages/privacy/about']).toEqual({ t: '关于我们', f: [] });
});

test('classify names its first goods request with the client credential the app sends', () => {
  const { dir, html } = fakeH5();
  const table = routeTable(dir, html);
  expect(table['pages/classify/classify'].r).toEqual({
    url: '/api/category/goods?sort=default&pageNum=1&pageSize=10',
    auth: `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
    picture: { at: 'list.0.cover', base: '' },
  });
  // Home's first screen waits on its banner picture, which the start-up script preloads instead.
  expect(table['pages/home/home'].r).toBeUndefined();
});

test('the product page names its goods request by the id its link gives', () => {
  const { dir, html } = fakeH5();
  expect(routeTable(dir, html)['pages/commodityDetails/commodityDetails'].r).toEqual({
    url: '/api/goods/info/{id}',
    // In the order ProductScreen reads them: `goodsId`, else `id`.
    id: ['goodsId', 'id'],
    auth: `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
    picture: { at: 'skus.0.image', base: '' },
  });
});

test('the order pages name their first request, sent only for a logged-in user', () => {
  const { dir, html } = fakeH5();
  const table = routeTable(dir, html);
  const auth = `Basic ${Buffer.from('storefront:storefront').toString('base64')}`;
  expect(table['pages/myOrder/myOrder'].r).toEqual({
    url: '/api/order/list?status={tab}&pageNum=1&pageSize=10',
    // The tabs the page knows; for none or another it opens 全部.
    q: {
      tab: {
        v: [
          'all',
          'unpaid',
          'review',
          'ship',
          'receive',
          'renting',
          'owing',
          'return',
          'overdue',
          'done',
          'cancelled',
        ],
        d: 'all',
      },
    },
    login: true,
    auth,
    picture: { at: 'list.0.cover', base: '' },
  });
  expect(table['pages/orderDetail/orderDetail'].r).toEqual({
    url: '/api/order/detail/{id}',
    id: ['orderId'],
    login: true,
    auth,
    picture: { at: 'cover', base: '' },
  });
});

test('the table is written into index.html as JSON that cannot close its script element', () => {
  const { dir, html } = fakeH5();
  const written = writeRouteTable(dir, html);
  const json = /<script id="route-table" type="application\/json">([^<]*)<\/script>/.exec(
    written,
  )?.[1];
  expect(JSON.parse(json ?? 'null')['pages/home/home'].t).toBe('首页');
  expect(() => writeRouteTable(dir, '<html></html>')).toThrow(/route-table/);
});

test("the policy prompt's consents request and chunk are written into index.html", () => {
  const { dir, html } = fakeH5();
  const written = writePolicyPrompt(dir, html);
  const json = /<script id="policy-prompt" type="application\/json">([^<]*)<\/script>/.exec(
    written,
  )?.[1];
  expect(JSON.parse(json ?? 'null')).toEqual({
    // As api/privacy.ts fetchConsents asks, with the credential the app sends.
    url: '/api/privacy/consents',
    auth: `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
    kinds: ['privacy_policy', 'user_agreement'],
    // The pages the prompt never covers (components/consent/policy-pending.ts).
    skip: expect.arrayContaining(['pages/login/login', 'pages/text/user']),
    f: ['js/frame-dialogs.ffff6666.js', 'css/frame-dialogs.abcd7777.css'],
  });
  expect(() => writePolicyPrompt(dir, '<html></html>')).toThrow(/policy-prompt/);
  // A build without the prompt's chunk (renamed, inlined) fails rather than preloading nothing.
  fs.rmSync(path.join(dir, 'js', 'frame-dialogs.ffff6666.js'));
  expect(() => policyPromptEntry(dir)).toThrow(/frame-dialogs/);
});

test('small stylesheets are written inline, large ones stay linked', () => {
  const { dir } = fakeH5();
  fs.writeFileSync(path.join(dir, 'css', 'app.11111111.css'), 'body{margin:0}');
  fs.writeFileSync(
    path.join(dir, 'css', 'big.22222222.css'),
    `a{color:red}${' '.repeat(33 * 1024)}`,
  );
  const html =
    '<head><link href="/css/app.11111111.css" rel="stylesheet">' +
    '<link href="/css/big.22222222.css" rel="stylesheet"></head>';
  expect(inlineSmallStylesheets(dir, html)).toBe(
    '<head><style>body{margin:0}</style><link href="/css/big.22222222.css" rel="stylesheet"></head>',
  );
});

test("start-up requests stay on H5's own origin when the mini-programs' API origin is set", () => {
  // The release build sets it for the mini-programs; H5 serves /api itself (issue 32).
  process.env.TARO_APP_API_BASE = 'https://api.example-brand.test';
  try {
    const { dir, html } = fakeH5();
    expect(routeTable(dir, html)['pages/classify/classify'].r).toMatchObject({
      url: '/api/category/goods?sort=default&pageNum=1&pageSize=10',
      picture: { at: 'list.0.cover', base: '' },
    });
    expect(policyPromptEntry(dir).url).toBe('/api/privacy/consents');
  } finally {
    delete process.env.TARO_APP_API_BASE;
  }
});
