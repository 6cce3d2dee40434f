/**
 * Checks one built artifact the way a store upload would fail it: size limits, app id, every
 * route present, and no brand token left unstamped. Pure file-system reads, so it is unit-tested
 * on small fake artifacts and run by scripts/build.ts on the real ones.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as acorn from 'acorn';
import postcss from 'postcss';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contract/http';
import { BRAND_IMAGES, miniBrandImagePath } from '../src/brands/images';
import type { Brand } from '../contract/brands/types';
import { ALL_MESSAGES } from '../contract/i18n';
import { ROUTES, splitPackages } from '../src/routes';
import { BRAND_COLOR_PLACEHOLDER, BRAND_PLACEHOLDER } from './brand-tokens';
import { chunkFiles, routeChunkIds } from './h5-index';
import {
  API_BASE,
  apiOriginProblem,
  artifactNetwork,
  consoleDomains,
  settingToSet,
  WEBVIEW_HOSTS,
  type ConsoleList,
  type MiniNetwork,
} from './mini-network';
import { NETWORK_SETTING_PLACEHOLDERS } from '../src/brands/tokens';

export type MiniTarget = 'weapp' | 'alipay';

/** WeChat and Alipay both refuse a main package over 2 MB (TOOLCHAIN.md "Platform limits"). */
export const MAX_MAIN_PACKAGE_BYTES = 2 * 1024 * 1024;

export interface StoreLimits {
  mainPackageBytes: number;
  /** Each subpackage on its own. */
  subPackageBytes?: number;
  /** All subpackages together. */
  subPackagesTotalBytes?: number;
  /** Everything uploaded. */
  totalBytes: number;
}

/**
 * What each store refuses to take (TOOLCHAIN.md "Platform limits"). WeChat allows 30 MB in all
 * but 20 MB when a service provider publishes, and ops publish for nine companies, so 20 MB is
 * the cap everywhere (issue 19); Alipay also caps its subpackages at 8 MB together.
 */
export const STORE_LIMITS: Record<MiniTarget, StoreLimits> = {
  weapp: {
    mainPackageBytes: MAX_MAIN_PACKAGE_BYTES,
    subPackageBytes: 2 * 1024 * 1024,
    totalBytes: 20 * 1024 * 1024,
  },
  alipay: {
    mainPackageBytes: MAX_MAIN_PACKAGE_BYTES,
    subPackagesTotalBytes: 8 * 1024 * 1024,
    totalBytes: 20 * 1024 * 1024,
  },
};

/**
 * Performance budgets (issues 8 and 22). Mini-program limits are raw bytes as the stores count
 * them; H5 first-route figures are gzip bytes, what the browser downloads from the compressing
 * server. `routes`: every artifact carries exactly the storefront's routes, no fewer.
 *
 * Issue 22 asks for main packages ≤ 400 KB and first-route JS ≤ 70 KB; met since zh-Hans is
 * split by area and the main packages lost other pages' styles and code: WeChat 389.2-391.9 KB,
 * Alipay 359.7-362.5 KB across the nine brands, H5 first route 66.7 KB. The budgets hold what was
 * reached plus about 1 KB (reports/perf-notes.md, issue 22), so a regression fails the build:
 * lower them as it shrinks. Issue 33 raised them (H5 68 → 69 KB at 68.1 KB; WeChat 393 → 400 and
 * Alipay 364 → 371 KB, brand 1 at 396.9 and 367.4 KB, brand 4's larger banner about 2.3 KB more):
 * the shell in the user's language (page titles from the catalogues, the browser's and the
 * native bars' titles, the language header), the redirect of paths that are no page, the drawn
 * order-status and empty-state icons on the user page, and the picked file's own name on
 * uploads; still within issue 22's 400 KB and 70 KB.
 */
export const BUDGETS = {
  h5FirstRouteJsGzipBytes: 69 * 1024,
  h5FirstRouteCssGzipBytes: 30 * 1024,
  miniMainPackageBytes: { weapp: 400 * 1024, alipay: 371 * 1024 } satisfies Record<
    MiniTarget,
    number
  >,
  miniSubPackageBytes: 400 * 1024,
  imageBytes: 200 * 1024,
  routes: 50,
} as const;

const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;

/** H5 figures for the first route: what index.html loads plus the home route's own chunks. */
export interface FirstRouteSizes {
  jsGzipBytes: number;
  cssGzipBytes: number;
  files: string[];
}

export interface ArtifactInput {
  target: MiniTarget | 'h5';
  brand?: number;
  dir: string;
  appId?: string;
  themeColor?: string;
  seconds: number;
  mainPackageBytes: number;
  totalBytes: number;
  expectedPages: string[];
  /** Mini-programs: raw bytes per subpackage root. */
  subPackageBytes?: Record<string, number>;
  /** H5 only. */
  firstRoute?: FirstRouteSizes;
  /**
   * Mini-programs: whether an API origin the stores would refuse (unset, http …) fails the
   * artifact (`publish`, the default) or only warns (`development`: a local build).
   */
  networkRule?: 'publish' | 'development';
}

export interface ArtifactReport extends Omit<ArtifactInput, 'expectedPages' | 'networkRule'> {
  /** Routes the artifact carries: pages in app.json, or routes in the H5 router. */
  routeCount: number;
  problems: string[];
  /** What a development build may carry but a published one may not. */
  warnings: string[];
  /** Mini-programs: what the artifact calls, as stamped (scripts/mini-network.ts). */
  network?: MiniNetwork;
  /** Mini-programs: the domains the platform's console must list for it. */
  domains?: Partial<Record<ConsoleList, string[]>>;
  /** Budgets exceeded; `build:brands` fails on these, single-target builds only print them. */
  overBudget: string[];
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

/** Bytes in the main package (everything outside a subpackage root), in each subpackage and in all. */
export function miniPackageSizes(
  dir: string,
  subRoots: string[],
): { mainPackageBytes: number; totalBytes: number; subPackageBytes: Record<string, number> } {
  let mainPackageBytes = 0;
  let totalBytes = 0;
  const subPackageBytes: Record<string, number> = Object.fromEntries(subRoots.map((r) => [r, 0]));
  for (const file of files(dir)) {
    const size = fs.statSync(file).size;
    const rel = path.relative(dir, file).split(path.sep).join('/');
    totalBytes += size;
    const subRoot = subRoots.find((root) => rel.startsWith(`${root}/`));
    if (subRoot) subPackageBytes[subRoot] += size;
    else mainPackageBytes += size;
  }
  return { mainPackageBytes, totalBytes, subPackageBytes };
}

const gzipBytes = (file: string): number =>
  zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Where index.html's own <style> elements are listed in FirstRouteSizes.files. */
export const INLINE_STYLES = 'index.html <style>';

/**
 * What the browser downloads to render `route` on H5: the scripts and stylesheets index.html
 * names (runtime, vendors, app entry) plus the chunks the route's `load` asks webpack for
 * (`"path":"<route>","load":function(…){return[w.e(985)…` in the app entry), each with its CSS,
 * and the styles index.html carries inline (scripts/h5-index.ts writes app.css in).
 * Lighthouse's network records confirm it in `npm run perf`.
 */
export function h5FirstRouteSizes(dir: string, route = 'pages/home/home'): FirstRouteSizes {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const fromHtml = [
    ...[...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*\shref="([^"]+\.css)"/g)].map((m) => m[1]),
  ]
    .filter((url) => !/^(https?:)?\/\//.test(url))
    .map((url) => path.join(dir, url.replace(/^\//, '')));
  const chunkIds = new Set<string>();
  for (const script of fromHtml.filter((f) => f.endsWith('.js') && fs.existsSync(f))) {
    for (const id of routeChunkIds(fs.readFileSync(script, 'utf8'), route)) chunkIds.add(id);
  }
  const routeFiles = chunkFiles(dir, chunkIds).map((file) => path.join(dir, file));
  const all = [...new Set([...fromHtml, ...routeFiles])].filter((f) => fs.existsSync(f));
  const sum = (ext: string) =>
    all.filter((f) => f.endsWith(ext)).reduce((total, f) => total + gzipBytes(f), 0);
  const inlineCss = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1])
    .join('');
  return {
    jsGzipBytes: sum('.js'),
    cssGzipBytes: sum('.css') + (inlineCss ? zlib.gzipSync(inlineCss, { level: 9 }).length : 0),
    files: [
      ...all.map((f) => path.relative(dir, f).split(path.sep).join('/')),
      ...(inlineCss ? [INLINE_STYLES] : []),
    ],
  };
}

/** Images over the budget anywhere under `dir`, as "relative/path (N KB)". */
export function oversizedImages(dir: string, limit: number = BUDGETS.imageBytes): string[] {
  return files(dir)
    .filter((file) => IMAGE_FILE.test(file))
    .map((file) => ({ file, size: fs.statSync(file).size }))
    .filter(({ size }) => size > limit)
    .map(({ file, size }) => `${path.relative(dir, file)} (${(size / 1024).toFixed(1)} KB)`);
}

/**
 * For each language the API serves, its longest message that zh-Hans does not have: found in an
 * artifact's scripts, it means that dictionary was compiled in (only zh-Hans may be; issue 8).
 */
export function dictionarySentinels(): Partial<Record<Language, string>> {
  const own = new Set(Object.values(ALL_MESSAGES[DEFAULT_LANGUAGE]));
  const sentinels: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    sentinels[language] = Object.values(ALL_MESSAGES[language])
      .filter((message) => !own.has(message))
      .reduce((longest, message) => (message.length > longest.length ? message : longest), '');
  }
  return sentinels;
}

/** Served languages whose dictionary is in the artifact's scripts. */
export function compiledDictionaries(dir: string): Language[] {
  const code = files(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  // As written, or as a minifier with `ascii_only` writes it.
  const escaped = (text: string) =>
    text.replace(/[\u0080-\uffff]/g, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x100
        ? `\\x${code.toString(16).padStart(2, '0')}`
        : `\\u${code.toString(16).padStart(4, '0')}`;
    });
  return Object.entries(dictionarySentinels())
    .filter(([, s]) => s && (code.includes(s) || code.includes(escaped(s))))
    .map(([language]) => language as Language);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function checkBudgets(input: ArtifactInput, problems: string[]): void {
  if (input.target === 'h5') {
    const first = input.firstRoute;
    if (first && first.jsGzipBytes > BUDGETS.h5FirstRouteJsGzipBytes)
      problems.push(
        `first-route JS ${kb(first.jsGzipBytes)} gzip > budget ${kb(BUDGETS.h5FirstRouteJsGzipBytes)}`,
      );
    if (first && first.cssGzipBytes > BUDGETS.h5FirstRouteCssGzipBytes)
      problems.push(
        `first-route CSS ${kb(first.cssGzipBytes)} gzip > budget ${kb(BUDGETS.h5FirstRouteCssGzipBytes)}`,
      );
  } else {
    const mainBudget = BUDGETS.miniMainPackageBytes[input.target];
    if (input.mainPackageBytes > mainBudget)
      problems.push(`main package ${kb(input.mainPackageBytes)} > budget ${kb(mainBudget)}`);
    for (const [root, bytes] of Object.entries(input.subPackageBytes ?? {})) {
      if (bytes > BUDGETS.miniSubPackageBytes)
        problems.push(
          `subpackage ${root} ${kb(bytes)} > budget ${kb(BUDGETS.miniSubPackageBytes)}`,
        );
    }
  }
  for (const image of oversizedImages(input.dir))
    problems.push(`image ${image} > budget ${kb(BUDGETS.imageBytes)}`);
}

/** Checks a mini-program artifact; returns how many pages its app.json declares. */
function checkMini(input: ArtifactInput & { target: MiniTarget }, problems: string[]): number {
  if (!input.appId || input.appId === 'touristappid') problems.push('app id missing');
  const projectFile = input.target === 'weapp' ? 'project.config.json' : 'mini.project.json';
  try {
    const project = JSON.parse(fs.readFileSync(path.join(input.dir, projectFile), 'utf8')) as {
      appid?: string;
    };
    if (project.appid !== input.appId)
      problems.push(`${projectFile} has app id ${project.appid ?? 'none'}`);
  } catch {
    problems.push(`${projectFile} missing or unreadable`);
  }
  let declared: string[] = [];
  try {
    const app = JSON.parse(fs.readFileSync(path.join(input.dir, 'app.json'), 'utf8')) as {
      pages?: string[];
      subPackages?: { root: string; pages: string[] }[];
      subpackages?: { root: string; pages: string[] }[];
    };
    const subs = app.subPackages ?? app.subpackages ?? [];
    declared = [...(app.pages ?? []), ...subs.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];
    // minidev refuses to build a subpackage root that ends in '/' (its own pre-build check).
    for (const { root } of subs) {
      if (input.target === 'alipay' && root.endsWith('/'))
        problems.push(`subpackage root ${root} ends with '/'`);
    }
  } catch {
    problems.push('app.json missing or unreadable');
  }
  for (const page of input.expectedPages) {
    if (!declared.includes(page)) problems.push(`route ${page} missing from app.json`);
  }
  // Every page app.json declares, not only the routes we expect: the store rejects a package
  // that names a page it does not carry. Taro renders every page through the shared base
  // template, so a page's own files are its script and its config.
  for (const page of declared) {
    for (const ext of ['js', 'json']) {
      if (!fs.existsSync(path.join(input.dir, `${page}.${ext}`)))
        problems.push(`${page}.${ext} missing`);
    }
  }
  // Each in the package of the page that shows it (src/brands/images.ts).
  for (const image of input.brand ? BRAND_IMAGES : []) {
    const rel = miniBrandImagePath(input.brand as number, image);
    if (!fs.existsSync(path.join(input.dir, rel))) problems.push(`brand image ${rel} missing`);
  }
  checkStoreLimits(input, STORE_LIMITS[input.target], problems);
  return declared.length;
}

/**
 * Why the artifact's requests, pictures or web pages would not load on a phone, naming the
 * setting to change: the API origin must be absolute https (scripts/mini-network.ts), and the
 * web-view hosts plain host names.
 */
export function miniNetworkProblems(network: MiniNetwork, brand: number | string): string[] {
  const problems: string[] = [];
  const api = apiOriginProblem(network[API_BASE]);
  if (api) problems.push(`${settingToSet(API_BASE, brand)} ${api}`);
  for (const host of network[WEBVIEW_HOSTS].split(',').map((h) => h.trim())) {
    if (host && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host))
      problems.push(
        `${settingToSet(WEBVIEW_HOSTS, brand)} lists ${JSON.stringify(host)}: host names only, such as sign.example.com`,
      );
  }
  return problems;
}

/** The network the artifact calls; what a store would refuse goes to problems or warnings. */
function checkMiniNetwork(
  input: ArtifactInput,
  problems: string[],
  warnings: string[],
): Pick<ArtifactReport, 'network' | 'domains'> {
  const read = artifactNetwork(input.dir);
  problems.push(...read.problems);
  if (!read.network) return {};
  const refused = miniNetworkProblems(read.network, input.brand ?? 'N');
  (input.networkRule === 'development' ? warnings : problems).push(...refused);
  return {
    network: read.network,
    domains: consoleDomains(input.target as MiniTarget, read.network),
  };
}

function checkStoreLimits(input: ArtifactInput, limits: StoreLimits, problems: string[]): void {
  if (input.mainPackageBytes > limits.mainPackageBytes)
    problems.push(`main package ${input.mainPackageBytes} bytes > ${limits.mainPackageBytes}`);
  const subs = Object.entries(input.subPackageBytes ?? {});
  for (const [root, bytes] of subs) {
    if (limits.subPackageBytes !== undefined && bytes > limits.subPackageBytes)
      problems.push(`subpackage ${root} ${bytes} bytes > ${limits.subPackageBytes}`);
  }
  const subTotal = subs.reduce((sum, [, bytes]) => sum + bytes, 0);
  if (limits.subPackagesTotalBytes !== undefined && subTotal > limits.subPackagesTotalBytes)
    problems.push(`subpackages ${subTotal} bytes in all > ${limits.subPackagesTotalBytes}`);
  if (input.totalBytes > limits.totalBytes)
    problems.push(`total ${input.totalBytes} bytes > ${limits.totalBytes}`);
}

/** Checks the H5 artifact; returns how many of the expected routes its router has. */
function checkH5(input: ArtifactInput, problems: string[]): number {
  if (!fs.existsSync(path.join(input.dir, 'index.html'))) problems.push('index.html missing');
  const scripts = files(input.dir).filter((f) => f.endsWith('.js'));
  const code = scripts.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  let found = 0;
  for (const page of input.expectedPages) {
    if (
      !code.includes(`"/${page}"`) &&
      !code.includes(`'/${page}'`) &&
      !code.includes(`"${page}"`)
    ) {
      problems.push(`route ${page} missing from the H5 router`);
    } else found += 1;
  }
  return found;
}

const TEXT_TOKENS = [BRAND_PLACEHOLDER, ...Object.values(NETWORK_SETTING_PLACEHOLDERS)];

export function checkArtifact(input: ArtifactInput): ArtifactReport {
  const problems: string[] = [];
  const warnings: string[] = [];
  let network: Pick<ArtifactReport, 'network' | 'domains'> = {};
  const routeCount =
    input.target === 'h5'
      ? checkH5(input, problems)
      : checkMini(input as ArtifactInput & { target: MiniTarget }, problems);
  if (input.target !== 'h5') {
    const leftover = files(input.dir).find((file) => {
      if (!/\.(js|json|wxss|acss)$/.test(file)) return false;
      const text = fs.readFileSync(file, 'utf8');
      return (
        TEXT_TOKENS.some((token) => text.includes(token)) ||
        text.toUpperCase().includes(BRAND_COLOR_PLACEHOLDER)
      );
    });
    if (leftover) problems.push(`unstamped brand token in ${path.relative(input.dir, leftover)}`);
    network = checkMiniNetwork(input, problems, warnings);
  }
  for (const language of compiledDictionaries(input.dir))
    problems.push(`${language} dictionary compiled in (the API serves it: src/i18n/load.ts)`);
  const overBudget: string[] = [];
  checkBudgets(input, overBudget);
  const { expectedPages: _pages, networkRule: _rule, ...report } = input;
  return { ...report, routeCount, problems, warnings, overBudget, ...network };
}

/** The part of dist/manifest.json (scripts/build.ts) the budgets are checked against. */
export interface ManifestForBudgets {
  artifacts: {
    target: string;
    brand?: number;
    mainPackageBytes: number;
    routeCount?: number;
    firstRoute?: { jsGzipBytes: number; cssGzipBytes: number };
  }[];
}

/**
 * The budgets a build must meet (issue 22), read from the manifest it wrote: each mini-program
 * artifact's main package, the H5 first route's JavaScript and CSS, and every artifact's route
 * count. scripts/build.ts exits non-zero on any of these, so `npm test` (test:build, and
 * test:publish for all nine brands on both platforms) fails on a regression.
 */
export function manifestBudgetProblems(manifest: ManifestForBudgets): string[] {
  const problems: string[] = [];
  for (const a of manifest.artifacts) {
    const name = `${a.target}${a.brand ? ` brand ${a.brand}` : ''}`;
    if (a.target === 'h5') {
      if (!a.firstRoute) problems.push(`${name}: no first-route figures`);
      else {
        if (a.firstRoute.jsGzipBytes > BUDGETS.h5FirstRouteJsGzipBytes)
          problems.push(
            `${name}: first-route JS ${kb(a.firstRoute.jsGzipBytes)} gzip > budget ${kb(BUDGETS.h5FirstRouteJsGzipBytes)}`,
          );
        if (a.firstRoute.cssGzipBytes > BUDGETS.h5FirstRouteCssGzipBytes)
          problems.push(
            `${name}: first-route CSS ${kb(a.firstRoute.cssGzipBytes)} gzip > budget ${kb(BUDGETS.h5FirstRouteCssGzipBytes)}`,
          );
      }
    } else if (a.target === 'weapp' || a.target === 'alipay') {
      const mainBudget = BUDGETS.miniMainPackageBytes[a.target];
      if (a.mainPackageBytes > mainBudget)
        problems.push(`${name}: main package ${kb(a.mainPackageBytes)} > budget ${kb(mainBudget)}`);
    } else problems.push(`${name}: unknown target`);
    if (a.routeCount !== BUDGETS.routes)
      problems.push(`${name}: ${a.routeCount ?? 'no'} routes, expected ${BUDGETS.routes}`);
  }
  if (ROUTES.length !== BUDGETS.routes)
    problems.push(`src/routes.ts has ${ROUTES.length} routes, the budget says ${BUDGETS.routes}`);
  return problems;
}

/** The check input for one brand's mini-program artifact: its app id, routes and sizes. */
export function miniArtifactInput(
  target: MiniTarget,
  brand: Brand,
  dir: string,
  seconds = 0,
  networkRule: ArtifactInput['networkRule'] = 'publish',
): ArtifactInput {
  const { mainPages, subPackages } = splitPackages(ROUTES);
  return {
    target,
    brand: brand.id,
    networkRule,
    dir,
    appId: target === 'weapp' ? brand.wxAppId : brand.alipayAppId,
    themeColor: brand.themeColor,
    seconds,
    ...miniPackageSizes(
      dir,
      subPackages.map((s) => s.root),
    ),
    expectedPages: [
      ...mainPages,
      ...subPackages.flatMap((s) => s.pages.map((p) => `${s.root}/${p}`)),
    ],
  };
}

const firstLine = (message: string) => message.split('\n')[0].slice(0, 200);

/**
 * Files in a mini-program artifact that do not parse: scripts (and the .sjs / .wxs template
 * scripts) as JavaScript, JSON as JSON, stylesheets as CSS. WeChat's compile with the project's
 * settings (es6 off) passes scripts through unread, and Alipay's compiler cannot run offline,
 * so this is what proves every script at least parses. Templates (.wxml/.axml) are not read.
 */
export function syntaxProblems(dir: string): { files: number; problems: string[] } {
  const problems: string[] = [];
  let checked = 0;
  for (const file of files(dir)) {
    const ext = path.extname(file);
    const rel = path.relative(dir, file).split(path.sep).join('/');
    try {
      if (ext === '.js' || ext === '.wxs') {
        acorn.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'script' });
      } else if (ext === '.sjs') {
        // Alipay's template scripts are ES modules (`export default`).
        acorn.parse(fs.readFileSync(file, 'utf8'), { ecmaVersion: 'latest', sourceType: 'module' });
      } else if (ext === '.json') {
        JSON.parse(fs.readFileSync(file, 'utf8'));
      } else if (ext === '.wxss' || ext === '.acss') {
        postcss.parse(fs.readFileSync(file, 'utf8'), { from: rel });
      } else {
        continue;
      }
      checked += 1;
    } catch (error) {
      problems.push(
        `${rel} does not parse: ${firstLine(error instanceof Error ? error.message : String(error))}`,
      );
    }
  }
  return { files: checked, problems };
}
