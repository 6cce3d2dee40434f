import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { minify } from 'terser';
import {
  BUDGETS,
  checkArtifact,
  dictionarySentinels,
  h5FirstRouteSizes,
  INLINE_STYLES,
  manifestBudgetProblems,
  miniArtifactInput,
  miniPackageSizes,
  MAX_MAIN_PACKAGE_BYTES,
  STORE_LIMITS,
  syntaxProblems,
} from './artifact-checks';
import { BRAND_RECORDS } from '../contract/brands/records';
import { ROUTES } from '../src/routes';
import { BRAND_PLACEHOLDER } from './brand-tokens';
import { stampNetwork } from './mini-network';
import { BRAND_IMAGES, miniBrandImagePath } from '../src/brands/images';
import { ALL_MESSAGES } from '../contract/i18n';

let dir: string;

/** How the checks print a size: `434.0 KB`. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** A problem line naming `what` over `budget` (the budgets change as the packages shrink). */
const budgetText = (what: string, budget: number) =>
  new RegExp(`^${what} > budget ${kb(budget).replace('.', '\\.')}$`);

function write(rel: string, content: string | Buffer): void {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** app.js as scripts/build.ts stamps it, calling the API at `apiBase`. */
function writeApp(apiBase: string, webViewHosts = ''): void {
  write(
    'app.js',
    stampNetwork('App({api:"__RS_API_BASE__",web:"__RS_WEBVIEW_HOSTS__"})', {
      TARO_APP_API_BASE: apiBase,
      TARO_APP_WEBVIEW_HOSTS: webViewHosts,
    }),
  );
}

/** A minimal, valid weapp artifact with a main page and one subpackage page. */
function goodWeapp(): void {
  write(
    'app.json',
    JSON.stringify({
      pages: ['pages/home/home'],
      subPackages: [{ root: 'pages/myOrder', pages: ['myOrder'] }],
    }),
  );
  writeApp('https://api.example.com');
  for (const page of ['pages/home/home', 'pages/myOrder/myOrder']) {
    write(`${page}.js`, 'Page({})');
    write(`${page}.json`, '{}');
  }
  write('project.config.json', JSON.stringify({ appid: 'wx0000000000000001' }));
  for (const image of BRAND_IMAGES) write(miniBrandImagePath(1, image), 'png');
}

const base = {
  target: 'weapp' as const,
  brand: 1,
  appId: 'wx0000000000000001',
  seconds: 0,
  expectedPages: ['pages/home/home', 'pages/myOrder/myOrder'],
};

function check(overrides: Partial<Parameters<typeof checkArtifact>[0]> = {}) {
  return checkArtifact({ ...base, dir, ...miniPackageSizes(dir, ['pages/myOrder']), ...overrides })
    .problems;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artifact-'));
  goodWeapp();
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('passes a complete artifact', () => {
  expect(check()).toEqual([]);
});

it('counts subpackage files outside the main package', () => {
  write('pages/myOrder/big.js', Buffer.alloc(5000));
  const sizes = miniPackageSizes(dir, ['pages/myOrder']);
  expect(sizes.totalBytes - sizes.mainPackageBytes).toBeGreaterThanOrEqual(5000);
});

it('fails a route missing from app.json or from disk', () => {
  write('app.json', JSON.stringify({ pages: ['pages/home/home'] }));
  expect(check()).toContain('route pages/myOrder/myOrder missing from app.json');
  goodWeapp();
  fs.rmSync(path.join(dir, 'pages/myOrder/myOrder.js'));
  expect(check()).toContain('pages/myOrder/myOrder.js missing');
});

it('fails a missing app id, or a project file that names another', () => {
  expect(check({ appId: '' })).toContain('app id missing');
  write('project.config.json', JSON.stringify({ appid: 'wx0000000000000002' }));
  expect(check()).toContain('project.config.json has app id wx0000000000000002');
});

it('fails a brand image missing from the package of the page that shows it', () => {
  fs.rmSync(path.join(dir, 'pages/loginNew/assets/brands/1/login.png'));
  expect(check()).toEqual(['brand image pages/loginNew/assets/brands/1/login.png missing']);
});

it('fails a main package over 2 MB', () => {
  write('vendors.js', Buffer.alloc(MAX_MAIN_PACKAGE_BYTES + 1));
  expect(check().some((p) => p.startsWith('main package'))).toBe(true);
});

it('fails a page app.json declares but the package does not carry', () => {
  write(
    'app.json',
    JSON.stringify({
      pages: ['pages/home/home', 'pages/extra/extra'],
      subPackages: [{ root: 'pages/myOrder', pages: ['myOrder'] }],
    }),
  );
  expect(check()).toEqual(['pages/extra/extra.js missing', 'pages/extra/extra.json missing']);
});

describe('store limits', () => {
  // Sparse files: the limits are about sizes on disk as the stores count them, not content.
  const sized = (rel: string, bytes: number) => {
    write(rel, '');
    fs.truncateSync(path.join(dir, rel), bytes);
  };

  it('fails a WeChat subpackage over 2 MB, or an upload over 20 MB in all', () => {
    sized('pages/myOrder/big.js', STORE_LIMITS.weapp.subPackageBytes! + 1);
    expect(check()).toEqual([
      expect.stringMatching(/^subpackage pages\/myOrder \d+ bytes > 2097152$/),
    ]);
    goodWeapp();
    fs.rmSync(path.join(dir, 'pages/myOrder/big.js'));
    const subs = Array.from({ length: 11 }, (_, i) => `pages/sub${i}`);
    for (const root of subs) sized(`${root}/chunk.js`, 1_990_000);
    expect(check(miniPackageSizes(dir, ['pages/myOrder', ...subs]))).toEqual([
      expect.stringMatching(/^total \d+ bytes > 20971520$/),
    ]);
  });

  it('fails Alipay subpackages over 8 MB together', () => {
    write('mini.project.json', JSON.stringify({ appid: '2021004100000001' }));
    const subs = ['a', 'b', 'c', 'd', 'e'].map((name) => `pages/${name}`);
    for (const root of subs) sized(`${root}/chunk.js`, 1_990_000);
    const problems = checkArtifact({
      ...base,
      target: 'alipay',
      appId: '2021004100000001',
      dir,
      ...miniPackageSizes(dir, ['pages/myOrder', ...subs]),
    }).problems;
    expect(problems).toEqual([expect.stringMatching(/^subpackages \d+ bytes in all > 8388608$/)]);
  });

  it("fails an Alipay subpackage root ending in '/', which minidev refuses to build", () => {
    write('mini.project.json', JSON.stringify({ appid: '2021004100000001' }));
    write(
      'app.json',
      JSON.stringify({
        pages: ['pages/home/home'],
        subPackages: [{ root: 'pages/myOrder/', pages: ['myOrder'] }],
      }),
    );
    const problems = checkArtifact({
      ...base,
      target: 'alipay',
      appId: '2021004100000001',
      expectedPages: ['pages/home/home'],
      dir,
      ...miniPackageSizes(dir, ['pages/myOrder']),
    }).problems;
    expect(problems).toEqual(["subpackage root pages/myOrder/ ends with '/'"]);
  });
});

it("builds one brand's check input from the route table and the brand record", () => {
  const input = miniArtifactInput('alipay', BRAND_RECORDS[2], dir);
  expect(input).toMatchObject({ target: 'alipay', brand: 3, appId: BRAND_RECORDS[2].alipayAppId });
  expect([...input.expectedPages].sort()).toEqual(ROUTES.map((r) => r.path).sort());
  expect(miniArtifactInput('weapp', BRAND_RECORDS[2], dir).appId).toBe(BRAND_RECORDS[2].wxAppId);
});

describe('syntaxProblems', () => {
  it('parses every script, template script, JSON file and stylesheet', () => {
    write('app.wxss', '.a{color:red}');
    write('utils.sjs', 'export default { a: function (x) { return x } }');
    write('utils.wxs', 'module.exports = { a: 1 }');
    const { files, problems } = syntaxProblems(dir);
    expect(problems).toEqual([]);
    // app.js, two pages' scripts and configs, app.json, project.config.json, and the three above.
    expect(files).toBe(10);
  });

  it('names each file that does not parse, with the first line of the reason', () => {
    write('pages/myOrder/myOrder.js', 'var x = {;');
    write('app.json', '{"pages": [');
    write('app.wxss', '.a{color:red');
    expect(syntaxProblems(dir).problems.sort()).toEqual([
      expect.stringMatching(/^app\.json does not parse: /),
      expect.stringMatching(/^app\.wxss does not parse: .*Unclosed block/),
      expect.stringMatching(/^pages\/myOrder\/myOrder\.js does not parse: Unexpected token/),
    ]);
  });
});

it('fails a brand token left unstamped', () => {
  write('common.js', `var b="${BRAND_PLACEHOLDER}"`);
  expect(check()).toContain('unstamped brand token in common.js');
});

describe('the API origin (issue 32)', () => {
  it('reports what the artifact calls and the domains its console must list', () => {
    writeApp('https://api.example.com', 'sign.example.com');
    const report = checkArtifact({ ...base, dir, ...miniPackageSizes(dir, ['pages/myOrder']) });
    expect(report.problems).toEqual([]);
    expect(report.network).toEqual({
      TARO_APP_API_BASE: 'https://api.example.com',
      TARO_APP_WEBVIEW_HOSTS: 'sign.example.com',
    });
    expect(report.domains?.request).toEqual(['https://api.example.com']);
    expect(report.domains?.['web-view']).toEqual(['https://sign.example.com']);
  });

  it('fails an artifact whose requests and pictures would be relative, naming the setting', () => {
    writeApp('');
    expect(check()).toEqual([
      expect.stringMatching(
        /^TARO_APP_API_BASE_1 or TARO_APP_API_BASE is not set: every request and catalogue picture would be a relative URL/,
      ),
    ]);
  });

  it('fails an http origin, and host names that are not host names', () => {
    writeApp('http://api.example.com', 'https://sign.example.com');
    expect(check()).toEqual([
      'TARO_APP_API_BASE_1 or TARO_APP_API_BASE is http://api.example.com: WeChat and Alipay call https origins only',
      'TARO_APP_WEBVIEW_HOSTS_1 or TARO_APP_WEBVIEW_HOSTS lists "https://sign.example.com": host names only, such as sign.example.com',
    ]);
  });

  it('only warns about it in a development build', () => {
    writeApp('');
    const report = checkArtifact({
      ...base,
      dir,
      ...miniPackageSizes(dir, ['pages/myOrder']),
      networkRule: 'development',
    });
    expect(report.problems).toEqual([]);
    expect(report.warnings).toEqual([
      expect.stringMatching(/^TARO_APP_API_BASE_1 or .* is not set/),
    ]);
  });

  it('fails an artifact that carries no stamped origin at all, or two', () => {
    write('app.js', 'App({})');
    expect(check()).toEqual([
      'no stamped TARO_APP_API_BASE in the scripts: not built by scripts/build.ts',
      'no stamped TARO_APP_WEBVIEW_HOSTS in the scripts: not built by scripts/build.ts',
    ]);
    writeApp('https://api.example.com');
    write('common.js', '"https://other.example.com"/*TARO_APP_API_BASE*/');
    expect(check()).toEqual([
      'TARO_APP_API_BASE stamped with 2 values: https://api.example.com, https://other.example.com',
    ]);
  });

  it('fails a network token left unstamped', () => {
    write('common.js', 'var a="__RS_API_BASE__"');
    expect(check()).toContain('unstamped brand token in common.js');
  });
});

it('fails an artifact with a dictionary other than zh-Hans compiled in', () => {
  write('common.js', `var m=${JSON.stringify(ALL_MESSAGES['zh-Hans'])};`);
  expect(check()).toEqual([]);
  write('pages/myOrder/sub.js', `var m=${JSON.stringify(ALL_MESSAGES.fr)};`);
  expect(check()).toEqual(['fr dictionary compiled in (the API serves it: src/i18n/load.ts)']);
  // One message is enough to tell: each sentinel is a message only that language has.
  for (const sentinel of Object.values(dictionarySentinels()))
    expect(Object.values(ALL_MESSAGES['zh-Hans'])).not.toContain(sentinel);
});

it("finds a dictionary in a minifier's ascii_only output too", async () => {
  const { code } = await minify(`var m=${JSON.stringify(ALL_MESSAGES.es)};`, {
    format: { ascii_only: true },
  });
  write('common.js', code ?? '');
  expect(check()).toEqual(['es dictionary compiled in (the API serves it: src/i18n/load.ts)']);
  write(
    'common.js',
    (await minify(`var m=${JSON.stringify(ALL_MESSAGES['zh-Hant'])};`)).code ?? '',
  );
  expect(check()).toEqual(['zh-Hant dictionary compiled in (the API serves it: src/i18n/load.ts)']);
});

describe('budgets', () => {
  // Random bytes do not compress, so their raw size is their gzip size too.
  const incompressible = (bytes: number) => crypto.randomBytes(bytes);

  function budgetProblems(overrides: Partial<Parameters<typeof checkArtifact>[0]> = {}) {
    return checkArtifact({
      ...base,
      dir,
      ...miniPackageSizes(dir, ['pages/myOrder']),
      ...overrides,
    }).overBudget;
  }

  it('passes an artifact within every budget, with its subpackage sizes reported', () => {
    write('pages/myOrder/chunk.js', Buffer.alloc(1000));
    const report = checkArtifact({ ...base, dir, ...miniPackageSizes(dir, ['pages/myOrder']) });
    expect(report.overBudget).toEqual([]);
    expect(report.subPackageBytes?.['pages/myOrder']).toBeGreaterThanOrEqual(1000);
  });

  it("flags a main package over its platform's budget that the 2 MB store limit still allows", () => {
    write('vendors.js', Buffer.alloc(BUDGETS.miniMainPackageBytes.weapp + 1));
    expect(check()).toEqual([]);
    expect(budgetProblems()).toEqual([
      expect.stringMatching(budgetText('main package .*', BUDGETS.miniMainPackageBytes.weapp)),
    ]);
  });

  it('flags a subpackage over 400 KB by its root', () => {
    write('pages/myOrder/big.js', Buffer.alloc(BUDGETS.miniSubPackageBytes + 1));
    expect(budgetProblems()).toEqual([
      expect.stringMatching(/^subpackage pages\/myOrder .* > budget 400\.0 KB$/),
    ]);
  });

  it('flags an image over 200 KB wherever it is', () => {
    write('assets/brands/1/home.png', Buffer.alloc(BUDGETS.imageBytes));
    expect(budgetProblems()).toEqual([]);
    write('pages/myOrder/banner.jpg', Buffer.alloc(BUDGETS.imageBytes + 1));
    expect(budgetProblems()).toEqual([expect.stringContaining('banner.jpg')]);
  });

  describe('H5 first route', () => {
    /** index.html loads the runtime and the app; the app loads chunk 7 for home, 8 elsewhere. */
    function h5(homeChunkBytes: number): void {
      write(
        'index.html',
        '<html><head><script defer src="/js/runtime.1.js"></script>' +
          '<script defer src="/js/app.2.js"></script><link href="/css/app.3.css" rel="stylesheet">' +
          '</head><body></body></html>',
      );
      write('js/runtime.1.js', 'var r=1;');
      write(
        'js/app.2.js',
        'x.routes=[Object.assign({"path":"pages/home/home","load":function load(a,u){return[w.e(7).then(w.bind(w,1)),a,u]}},{}),' +
          'Object.assign({"path":"pages/user/user","load":function load(a,u){return[w.e(8).then(w.bind(w,2)),a,u]}},{})]',
      );
      write('css/app.3.css', 'body{margin:0}');
      write('js/7.aaaa.js', incompressible(homeChunkBytes));
      write('css/7.bbbb.css', '.home{color:red}');
      write('js/8.cccc.js', incompressible(200 * 1024));
    }

    /** The build's check of an H5 artifact with these first-route sizes. */
    const h5Report = (firstRoute: ReturnType<typeof h5FirstRouteSizes>) =>
      checkArtifact({
        target: 'h5',
        dir,
        seconds: 0,
        mainPackageBytes: 0,
        totalBytes: 0,
        expectedPages: [],
        firstRoute,
      });

    it("counts the entry scripts and the home route's chunks, not other routes'", () => {
      h5(1000);
      const sizes = h5FirstRouteSizes(dir);
      expect(sizes.files.sort()).toEqual(
        [
          'css/7.bbbb.css',
          'css/app.3.css',
          'js/7.aaaa.js',
          'js/app.2.js',
          'js/runtime.1.js',
        ].sort(),
      );
      expect(sizes.jsGzipBytes).toBeGreaterThan(1000);
      expect(sizes.jsGzipBytes).toBeLessThan(2000);
      const report = h5Report(sizes);
      expect(report.overBudget).toEqual([]);
    });

    it('counts the styles index.html carries inline as first-route CSS', () => {
      h5(1000);
      const linkedOnly = h5FirstRouteSizes(dir).cssGzipBytes;
      write(
        'index.html',
        // A `<` inside the CSS (an attribute selector) does not end the count.
        '<html><head><style>a[title="<"]{}' +
          crypto.randomBytes(36 * 1024).toString('base64') +
          '</style><script defer src="/js/app.2.js"></script>' +
          '<link href="/css/app.3.css" rel="stylesheet"></head><body></body></html>',
      );
      const sizes = h5FirstRouteSizes(dir);
      expect(sizes.files).toContain(INLINE_STYLES);
      expect(sizes.cssGzipBytes - linkedOnly).toBeGreaterThan(30 * 1024);
      const report = h5Report(sizes);
      expect(report.overBudget.join()).toMatch(/first-route CSS/);
    });

    it('flags first-route JavaScript over its gzip budget', () => {
      h5(BUDGETS.h5FirstRouteJsGzipBytes);
      const report = h5Report(h5FirstRouteSizes(dir));
      expect(report.overBudget).toEqual([
        expect.stringMatching(
          budgetText('first-route JS .* gzip', BUDGETS.h5FirstRouteJsGzipBytes),
        ),
      ]);
    });
  });
});

describe('the budgets a build checks against its manifest', () => {
  const within = {
    artifacts: [
      {
        target: 'weapp',
        brand: 4,
        mainPackageBytes: BUDGETS.miniMainPackageBytes.weapp,
        routeCount: 50,
      },
      {
        target: 'alipay',
        brand: 4,
        mainPackageBytes: BUDGETS.miniMainPackageBytes.alipay,
        routeCount: 50,
      },
      {
        target: 'h5',
        mainPackageBytes: 3_000_000,
        routeCount: 50,
        firstRoute: { jsGzipBytes: BUDGETS.h5FirstRouteJsGzipBytes, cssGzipBytes: 12 * 1024 },
      },
    ],
  };

  it('passes a build at its budgets, and the storefront has the budgeted 50 routes', () => {
    expect(ROUTES).toHaveLength(BUDGETS.routes);
    expect(manifestBudgetProblems(within)).toEqual([]);
  });

  it("names each brand's main package over its budget, first-route JS over its budget and a missing route", () => {
    const [weapp, alipay, h5] = within.artifacts;
    expect(
      manifestBudgetProblems({
        artifacts: [
          { ...weapp, routeCount: 49 },
          { ...alipay, mainPackageBytes: BUDGETS.miniMainPackageBytes.alipay + 1 },
          {
            ...h5,
            firstRoute: {
              jsGzipBytes: BUDGETS.h5FirstRouteJsGzipBytes + 1,
              cssGzipBytes: 12 * 1024,
            },
          },
        ],
      }),
    ).toEqual([
      'weapp brand 4: 49 routes, expected 50',
      `alipay brand 4: main package ${kb(BUDGETS.miniMainPackageBytes.alipay)} > budget ${kb(BUDGETS.miniMainPackageBytes.alipay)}`,
      `h5: first-route JS ${kb(BUDGETS.h5FirstRouteJsGzipBytes)} gzip > budget ${kb(BUDGETS.h5FirstRouteJsGzipBytes)}`,
    ]);
  });
});
