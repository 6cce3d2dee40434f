import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { defineConfig, type UserConfigExport } from '@tarojs/cli';
import type { IProjectConfig } from '@tarojs/taro/types/compile';
import devConfig from './dev';
import prodConfig from './prod';
import { createSwcRegister } from '@tarojs/helper';

const root = path.resolve(__dirname, '..');

// Taro transpiles only config/ when it loads this file; the brand tokens, brand records and
// constants this config shares with the app and the build script are TypeScript too.
createSwcRegister({
  only: [
    (file: string) =>
      ['src', 'scripts', 'contract'].some((dir) => file.startsWith(path.join(root, dir, path.sep))),
  ],
});
const { BRAND_PLACEHOLDER, BRAND_RECORDS_PLACEHOLDER, brandRecordsJson } =
  require('../scripts/brand-tokens') as typeof import('../scripts/brand-tokens');
const { H5_BASE_WIDTH, H5_MAX_DEVICE_WIDTH, rootFontSize } =
  require('../src/constants') as typeof import('../src/constants');
const { BRAND_IMAGES, BRAND_IMAGE_PACKAGES, miniBrandImagePath } =
  require('../src/brands/images') as typeof import('../src/brands/images');
const { BRAND_RECORDS } =
  require('../contract/brands/records') as typeof import('../contract/brands/records');
const { messagesVersions } = require('../contract/i18n') as typeof import('../contract/i18n');
const { NETWORK_SETTING_PLACEHOLDERS } =
  require('../src/brands/tokens') as typeof import('../src/brands/tokens');
const { brandSettingValue } =
  require('../scripts/mini-network') as typeof import('../scripts/mini-network');
// Loaded here, while the register above still transpiles: webpackChain runs after it is gone.
const StatsFilePlugin =
  process.env.ANALYZE === '1'
    ? (require('../scripts/mini-stats') as typeof import('../scripts/mini-stats')).StatsFilePlugin
    : undefined;

/**
 * taro-ui is drawn for a 750 design width, our own styles for 375 (TOOLCHAIN.md). The H5 plugin
 * also calls this with a number while writing the root-font-size script, hence the loose input.
 */
function designWidth(input?: unknown): number {
  const file = (input as { file?: string } | undefined)?.file;
  return typeof file === 'string' && file.replace(/\\/g, '/').includes('/taro-ui/') ? 750 : 375;
}

// scripts/build.ts compiles each target once into a staging folder, then writes each brand's
// values into copies; a plain `taro build` lands in dist/<target>.
function outputRoot(): string {
  return process.env.TARO_OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`;
}

/** The files Taro reads the app and page configs from (routes.ts holds the routes and tab bar). */
function appConfigInputs(): string[] {
  const pages = path.join(root, 'src', 'pages');
  const pageConfigs = fs
    .readdirSync(pages, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.config.ts'))
    .map((file) => path.join(pages, file));
  return [path.join(root, 'src', 'routes.ts'), ...pageConfigs];
}

/** A dev mini-program build: every brand's images that live in a subpackage, copied there. */
function devSubpackageBrandImages(): { from: string; to: string }[] {
  return BRAND_RECORDS.flatMap((brand) =>
    BRAND_IMAGES.filter((image) => BRAND_IMAGE_PACKAGES[image]).map((image) => ({
      from: `src/assets/brands/${brand.id}/${image}.png`,
      to: `${outputRoot()}/${miniBrandImagePath(brand.id, image)}`,
    })),
  );
}

/** H5: images up to this many bytes are data URLs in the code (but see the tab-bar icon note). */
const H5_IMAGE_INLINE_LIMIT = 2048;

/** Set by scripts/build.ts: brand values are written into copies of the output afterwards. */
const stamping = process.env.TARO_BRAND_STAMP === '1';
/** The build settings src/platform/config.ts reads (as `process.env.<name>` literals). */
const BUILD_SETTINGS = [
  'TARO_APP_API_BASE',
  'TARO_APP_CLIENT_ID',
  'TARO_APP_CLIENT_SECRET',
  'TARO_APP_WEBVIEW_HOSTS',
];

/**
 * A build setting's compiled value (undefined: unset). The mini-programs' network settings are
 * per brand (scripts/mini-network.ts): a stamped compile carries their tokens, which
 * scripts/build.ts replaces in each brand's copy; a plain `taro build` gets BRAND's values. H5
 * calls /api on its own origin, so the mini-programs' API origin is not compiled into it.
 */
function buildSetting(name: string): string | undefined {
  if (!(name in NETWORK_SETTING_PLACEHOLDERS)) return process.env[name];
  const setting = name as keyof typeof NETWORK_SETTING_PLACEHOLDERS;
  if (process.env.TARO_ENV === 'h5')
    return setting === 'TARO_APP_API_BASE' ? undefined : process.env[setting];
  if (stamping) return NETWORK_SETTING_PLACEHOLDERS[setting];
  return brandSettingValue(setting, process.env.BRAND ?? '1', process.env) || undefined;
}

type ProjectConfig = IProjectConfig<'webpack5'>;
type H5Config = NonNullable<ProjectConfig['h5']>;
type WebpackChain = Parameters<NonNullable<H5Config['webpackChain']>>[0];

/** The constants compiled into the code (brand tokens, message versions, build settings). */
function defineConstants(): Record<string, string> {
  return {
    // scripts/build.ts compiles once per target and writes each brand into copies, so brand
    // values reach the code only as tokens it rewrites (TOOLCHAIN.md "Brands"). A plain
    // `taro build` (dev, watch) gets the values directly: BRAND=N picks the brand.
    BUILD_BRAND: JSON.stringify(
      process.env.TARO_ENV === 'h5'
        ? ''
        : stamping
          ? BRAND_PLACEHOLDER
          : (process.env.BRAND ?? '1'),
    ),
    BRAND_RECORDS_JSON: JSON.stringify(stamping ? BRAND_RECORDS_PLACEHOLDER : brandRecordsJson()),
    // Only zh-Hans is compiled in; src/i18n/load.ts fetches the others by these versions.
    I18N_VERSIONS: JSON.stringify(messagesVersions()),
    // Taro inlines a TARO_APP_* setting only when it is set; an unset one stayed
    // `process.env.…` in the bundle and threw a ReferenceError at its first read, on every
    // load (platform/config.ts). Each is a constant now: its value, or undefined.
    ...Object.fromEntries(
      BUILD_SETTINGS.map((name) => {
        const value = buildSetting(name);
        return [`process.env.${name}`, value === undefined ? 'undefined' : JSON.stringify(value)];
      }),
    ),
  };
}

function cacheOptions(): ProjectConfig['cache'] {
  return {
    enable: process.env.TARO_CACHE === '1',
    // Taro lists app.config.ts, but webpack does not follow a TypeScript file's imports: the
    // route table and tab bar (routes.ts) and each page's config would stay stale in the cache.
    // Nor does it know the compiler and minifier settings (babel.config.js, config/prod.ts):
    // terser's cached output is keyed by the code alone, so changed terser options were not
    // applied to unchanged chunks (issue 22).
    buildDependencies: {
      routes: appConfigInputs(),
      compilers: [path.join(root, 'babel.config.js'), path.join(__dirname, 'prod.ts')],
    },
    // The cache folder lives in node_modules, which worktrees share: the checkout's own path is
    // part of the name, so two checkouts building at once never write one cache.
    name: `${process.env.TARO_ENV}-${outputRoot()
      .replace(/[^A-Za-z0-9]+/g, '_')
      .slice(-60)}-${createHash('sha256').update(root).digest('hex').slice(0, 8)}`,
  };
}

function miniOptions(): ProjectConfig['mini'] {
  return {
    // contract/ sits beside src/ and is TypeScript too.
    compile: { include: [path.resolve(root, 'contract')] },
    postcss: {
      // The web views the mini-programs draw in (babel.config.js MINI_TARGETS): flexbox,
      // transforms and transitions need no -webkit-/-ms- copies there.
      autoprefixer: {
        enable: true,
        config: { overrideBrowserslist: ['ios >= 12', 'chrome >= 66', 'android >= 66'] },
      },
      pxtransform: { enable: true, config: {} },
      cssModules: { enable: false },
    },
    optimizeMainPackage: { enable: true },
    webpackChain(chain) {
      // ANALYZE=1: webpack's stats beside the output, for scripts/mini-stats.ts.
      if (StatsFilePlugin) {
        chain
          .plugin('stats-file')
          .use(StatsFilePlugin, [`${path.resolve(root, outputRoot())}.stats.json`]);
      }
    },
  };
}

/** Taro compiles the app entry it generates as src/app.config.ts (taro-loader's resource). */
function isAppEntry(issuer: string | undefined): boolean {
  return /[\\/]src[\\/]app\.config\.ts$/.test(issuer ?? '');
}

/** H5's webpack changes: extracted Taro styles, shared chunks, lighter router and components. */
function h5WebpackChain(chain: WebpackChain): void {
  // Taro injects its components' stylesheet (22 KB) from JavaScript (style-loader, at the
  // top of <head>), so the browser parsed it inside app.js's evaluation, the longest task of
  // the start: 3.6 of its 14 ms. Extracted like our own styles, it leads app.css (ours still
  // come after it and win) and index.html carries it inline (scripts/h5-index.ts), parsed
  // with the page before its first paint.
  const extractCss: unknown = chain.module.rule('customStyle').use('0').get('loader');
  if (typeof extractCss !== 'string' || !chain.module.rules.has('taroStyle')) {
    throw new Error("config: Taro's H5 style rules changed; see the taroStyle note");
  }
  chain.module.rule('taroStyle').uses.clear();
  chain.module.rule('taroStyle').use('extract-css').loader(extractCss);
  // The tab bar's idle icons (2.4 KB of PNG) were data URLs in the first route's JavaScript,
  // ~2.5 KB gzip of it as base64; as files they load beside the page, as the selected tab's brand
  // icon always has, into boxes of a fixed size. So do the drawn icons (src/assets/icons: the
  // empty and error states', which every list imports, were 2 KB gzip more on the first route).
  // Other images under the limit stay inline.
  if (!chain.module.rules.has('image')) {
    throw new Error("config: Taro's H5 image rule changed; see the tab-bar icon note");
  }
  chain.module.rule('image').parser({
    dataUrlCondition: (source: Buffer, { filename }: { filename: string }) =>
      !/[\\/]src[\\/]assets[\\/](tabbar|icons)[\\/]/.test(filename) &&
      source.length <= H5_IMAGE_INLINE_LIMIT,
  });
  chain.optimization.splitChunks({
    ...(chain.optimization.get('splitChunks') as Record<string, unknown>),
    chunks: 'all',
    // Taro's minSize 0 would cut home alone into 21 chunks, one request each.
    minSize: 20000,
  });
  // Taro's router imports the Stencil tab bar even when the app draws its own.
  chain
    .plugin('custom-tab-bar-only')
    .use(webpack.NormalModuleReplacementPlugin, [
      /@tarojs[\\/]router[\\/]dist[\\/]tabbar\.js$/,
      path.resolve(__dirname, 'h5/router-tabbar.js'),
    ]);
  // Nor its navigation bar: every H5 page draws its own (the module says why).
  chain
    .plugin('own-navigation-bar-only')
    .use(webpack.NormalModuleReplacementPlugin, [
      /@tarojs[\\/]router[\\/]dist[\\/]navigationBar\.js$/,
      path.resolve(__dirname, 'h5/navigation-bar.js'),
    ]);
  // `@tarojs/components` would resolve to Taro's HTML components; ours replaces View and
  // Text with lighter ones that render the same elements (the module says why). Matching the
  // request, not the resolved file, lets the module go through the TypeScript loaders. The
  // generated app entry imports only PullDownRefresh from it, which no H5 page uses (that
  // module says why).
  chain.plugin('light-html-components').use(webpack.NormalModuleReplacementPlugin, [
    /^@tarojs\/components$/,
    (resource: { request: string; contextInfo?: { issuer?: string } }) => {
      resource.request = path.resolve(
        root,
        isAppEntry(resource.contextInfo?.issuer)
          ? 'src/platform/pull-down-refresh.h5.tsx'
          : 'src/platform/taro-components.h5.tsx',
      );
    },
  ]);
  // Taro's router reads a page's query with query-string's `parse`, and the package's default
  // export brings all of it (the module says why).
  chain.plugin('router-query-parse').use(webpack.NormalModuleReplacementPlugin, [
    /^query-string$/,
    (resource: { request: string; context: string }) => {
      if (/[\\/]@tarojs[\\/]router[\\/]/.test(resource.context)) {
        resource.request = path.resolve(root, 'src/platform/query-string.h5.ts');
      }
    },
  ]);
  // universal-router (Taro's router) matches page paths through our literal-path fast path
  // (the module says why); path-to-regexp itself, imported by that module, stays as it is.
  chain.plugin('literal-route-match').use(webpack.NormalModuleReplacementPlugin, [
    /^path-to-regexp$/,
    (resource: { request: string; context: string }) => {
      if (/[\\/]universal-router$/.test(resource.context)) {
        resource.request = path.resolve(root, 'src/platform/route-match.h5.ts');
      }
    },
  ]);
  // Taro's app entry starts its router in the task after it creates the app (the module
  // says why); every other importer, our module included, gets the package itself. The
  // entry Taro generates is compiled as src/app.config.ts (taro-loader's resource).
  chain.plugin('router-start').use(webpack.NormalModuleReplacementPlugin, [
    /^@tarojs\/router$/,
    (resource: { request: string; contextInfo?: { issuer?: string } }) => {
      if (isAppEntry(resource.contextInfo?.issuer)) {
        resource.request = path.resolve(root, 'src/platform/router-start.h5.ts');
      }
    },
  ]);
  // Side-effect free, as Taro's own re-export is: pages keep only the components they use.
  chain.module
    .rule('light-html-components')
    .test(/src[\\/]platform[\\/]taro-components\.h5\.tsx$/)
    .set('sideEffects', false);
  // ANALYZE=1: webpack's stats beside the output (what each chunk holds).
  if (StatsFilePlugin) {
    chain
      .plugin('stats-file')
      .use(StatsFilePlugin, [`${path.resolve(root, outputRoot())}.stats.json`]);
  }
}

function h5Options(): H5Config {
  return {
    compile: { include: [path.resolve(root, 'contract')] },
    useHtmlComponents: true,
    // Taro splits only the entry's chunks ('initial'), so every page chunk carried its own copy
    // of everything the pages share (i18n, components, request layer): ~320 KB a page, 14 MB in
    // all. 'all' moves what two or more pages share into shared chunks, fetched once.
    webpackChain: h5WebpackChain,
    // index.html carries the brand records (platform/brand-records.h5.ts).
    htmlPluginOption: { brandRecords: brandRecordsJson() },
    publicPath: '/',
    staticDirectory: 'static',
    router: { mode: 'hash' },
    output: {
      filename: 'js/[name].[contenthash:8].js',
      chunkFilename: 'js/[name].[contenthash:8].js',
    },
    miniCssExtractPluginOption: {
      ignoreOrder: true,
      filename: 'css/[name].[contenthash:8].css',
      chunkFilename: 'css/[name].[contenthash:8].css',
    },
    imageUrlLoaderOption: {
      limit: H5_IMAGE_INLINE_LIMIT,
      name: 'static/images/[name].[contenthash:8].[ext]',
    },
    postcss: {
      autoprefixer: { enable: true, config: {} },
      // Root font size = min(viewport, 960) / 23.4375 (src/constants.ts), i.e. 16px at the
      // 375 design width. Taro writes these into an inline script that sizes the first paint;
      // the app then keeps it up to date on resize (platform/viewport.h5.ts).
      pxtransform: {
        enable: true,
        config: {
          baseFontSize: rootFontSize(H5_BASE_WIDTH),
          minRootSize: 1,
          maxRootSize: rootFontSize(H5_MAX_DEVICE_WIDTH),
        },
      },
      cssModules: { enable: false },
    },
  };
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'rental-storefront',
    date: '2026-11-21',
    designWidth,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: outputRoot(),
    plugins: [],
    defineConstants: defineConstants(),
    alias: {
      '@': path.resolve(root, 'src'),
      '@contract': path.resolve(root, 'contract'),
    },
    copy: {
      // Brand images and tab icons are copied per artifact by scripts/build.ts (each
      // mini-program keeps only its own brand's); a dev build copies them all.
      patterns: [
        ...(process.env.TARO_ENV === 'h5'
          ? [{ from: 'src/static/chat/', to: `${outputRoot()}/static/chat/` }]
          : []),
        ...(stamping
          ? []
          : [
              {
                from: 'src/assets/brands/',
                to: `${outputRoot()}/${process.env.TARO_ENV === 'h5' ? 'static' : 'assets'}/brands/`,
              },
              // Mini-programs show some brand images from a subpackage (src/brands/images.ts).
              ...(process.env.TARO_ENV === 'h5' ? [] : devSubpackageBrandImages()),
            ]),
      ],
      options: {},
    },
    // H5 renders with Preact (through preact/compat, so the code stays React): react-dom alone is
    // ~42 KB gzip of the first route's JavaScript, Preact ~10 KB. The mini-programs keep React
    // on Taro's reconciler, which is what the unit tests run.
    framework: process.env.TARO_ENV === 'h5' ? 'preact' : 'react',
    compiler: 'webpack5',
    // WeChat cannot recurse templates, so Taro writes every element's template once per level
    // (base.wxml, main package): 16 levels by default, ~2.7 KB each. A tree deeper than this goes
    // on through Taro's `comp` component, which renders the same templates again (issue 22).
    baseLevel: 8,
    // Off by default: Taro's cache key ignores our environment (TOOLCHAIN "persistent-cache trap").
    // Brand values never reach compiled code except as rewritable tokens, so enabling it is safe.
    // One cache per target and per output folder, so parallel builds never share one.
    cache: cacheOptions(),
    mini: miniOptions(),
    h5: h5Options(),
  };
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig);
  return merge({}, baseConfig, prodConfig);
});
