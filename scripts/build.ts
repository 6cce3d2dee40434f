/**
 * Builds the storefront for ops.
 *
 *   npx tsx scripts/build.ts weapp|alipay|h5 [--brand N]   one target, one brand (BRAND=N, default 1)
 *   npx tsx scripts/build.ts weapp|alipay --brand all      one target, every brand (what publish builds)
 *   npx tsx scripts/build.ts all [--brand N]                the three targets for one brand (what `npm test` builds)
 *   npx tsx scripts/build.ts brands                         every brand: dist/weapp/1-9, dist/alipay/1-9, dist/h5
 *
 * `all` and `brands` also build the merchant console into dist/admin (scripts/build-admin.ts,
 * `npm run build:admin`), which prints its first-load JS size and fails over its budget.
 *
 * The mini-programs' API origin (TARO_APP_API_BASE, per brand TARO_APP_API_BASE_N) is stamped
 * into each brand's copy (scripts/mini-network.ts). Without it, or with an http one, a build is
 * for development only: it says so, and `brands` (the release build) and `npm run publish` fail.
 *
 * Each target is compiled once into dist/.stage/<target>; each brand's artifact is a copy with
 * that brand's values written in (build tokens, tab colour and icons, app id, images), which is
 * what makes nineteen artifacts cost about as much as three compiles (TOOLCHAIN.md "Brands").
 * An artifact already stamped from the same compile and values is left as it is, and a changed
 * one is swapped in whole (scripts/stamped-folder.ts): a process reading it never sees half.
 * Then every artifact is checked, dist/manifest.json written and a table printed; any failed
 * check exits non-zero.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { isPlatformId } from '../contract/http';
import { BRAND_IMAGES, miniBrandImagePath } from '../src/brands/images';
import { BRAND_RECORDS as BRANDS } from '../contract/brands/records';
import type { Brand } from '../contract/brands/types';
import { ROUTES, TABS } from '../src/routes';
import { inlineSmallStylesheets, writePolicyPrompt, writeRouteTable } from './h5-index';
import {
  BRAND_COLOR_PLACEHOLDER,
  BRAND_PLACEHOLDER,
  stampBrandRecords,
  stampIndexHtml,
} from './brand-tokens';
import { isStampedVariable, resolveMiniNetwork, stampNetwork, WEBVIEW_HOSTS } from './mini-network';
import { writeStampedFolder } from './stamped-folder';
import {
  BUDGETS,
  checkArtifact,
  h5FirstRouteSizes,
  manifestBudgetProblems,
  miniArtifactInput,
  type ManifestForBudgets,
  type ArtifactReport,
  type MiniTarget,
} from './artifact-checks';

const root = path.resolve(__dirname, '..');
// DIST_DIR lets several checkouts' worth of builds run side by side (e.g. parallel e2e runs).
const dist = path.resolve(root, process.env.DIST_DIR ?? 'dist');
const stage = (target: string) => path.join(dist, '.stage', target);

type Target = MiniTarget | 'h5';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output.slice(-4000)}`));
    });
  });
}

/**
 * Everything a compile reads (sources, config, lockfile, .env files, TARO_APP_* settings) except
 * the brand records and brand images, which only the stamping
 * step writes: when this hash matches the staged compile's, the compile is skipped and a
 * brand-only change costs a re-stamp.
 */
const COMPILE_INPUTS = [
  'src',
  'config',
  'contract',
  'scripts/brand-tokens.ts',
  'scripts/mini-network.ts',
  'package-lock.json',
  'babel.config.js',
  'tsconfig.json',
];
const BRAND_ONLY_INPUTS = [
  path.join('src', 'brands', 'records.ts'),
  path.join('src', 'assets', 'brands'),
];

function compileInputsHash(target: Target): string {
  const hash = createHash('sha256').update(target);
  const visit = (rel: string): void => {
    if (BRAND_ONLY_INPUTS.includes(rel) || /\.test\.tsx?$/.test(rel)) return;
    const full = path.join(root, rel);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const child of fs.readdirSync(full).sort()) visit(path.join(rel, child));
      return;
    }
    hash.update(rel).update(fs.readFileSync(full));
  };
  COMPILE_INPUTS.forEach(visit);
  for (const file of fs
    .readdirSync(root)
    .filter((name) => name.startsWith('.env'))
    .sort())
    visit(file);
  // Taro inlines TARO_APP_* settings (client credential …): a changed value is a new compile.
  // The mini-programs' network settings are stamped per brand instead, so changing them is a
  // re-stamp; H5 compiles the shared web-view hosts in (and no API origin: config/index.ts).
  for (const [key, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
    if (!key.startsWith('TARO_APP_')) continue;
    if (isStampedVariable(key) && !(target === 'h5' && key === WEBVIEW_HOSTS)) continue;
    hash.update(`${key}=${value ?? ''}`);
  }
  return hash.digest('hex');
}

/** The targets this run compiled afresh: their brands are all re-stamped. */
const recompiled = new Set<Target>();

/** Compiles one target into its staging folder unless its inputs are unchanged; returns seconds. */
async function compile(target: Target): Promise<number> {
  const started = Date.now();
  const inputsFile = `${stage(target)}.inputs`;
  const inputs = compileInputsHash(target);
  // ANALYZE=1 (mini-programs) wants webpack's stats beside the staged output (scripts/mini-stats.ts).
  const statsWanted = process.env.ANALYZE === '1' && target !== 'h5';
  if (
    process.env.FORCE_COMPILE !== '1' &&
    !(statsWanted && !fs.existsSync(`${stage(target)}.stats.json`)) &&
    fs.existsSync(stage(target)) &&
    fs.existsSync(inputsFile) &&
    fs.readFileSync(inputsFile, 'utf8') === inputs
  ) {
    return 0;
  }
  recompiled.add(target);
  fs.rmSync(stage(target), { recursive: true, force: true });
  fs.rmSync(inputsFile, { force: true });
  fs.rmSync(`${stage(target)}.stats.json`, { force: true });
  await run(path.join(root, 'node_modules/.bin/taro'), ['build', '--type', target], {
    NODE_ENV: 'production',
    TARO_OUTPUT_ROOT: path.relative(root, stage(target)),
    TARO_BRAND_STAMP: '1',
    TARO_CACHE: process.env.TARO_CACHE ?? '1',
  });
  fs.writeFileSync(inputsFile, inputs);
  return (Date.now() - started) / 1000;
}

const TEXT_FILE = /\.(js|json|wxss|acss|wxml|axml|wxs|sjs)$/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** The code that stamps a brand's artifact: a change to it is a change to every artifact. */
const STAMP_CODE = ['scripts/build.ts', 'scripts/brand-tokens.ts', 'scripts/mini-network.ts'];

/**
 * What one brand's artifact is made of: the staged compile (its inputs hash), the brand records,
 * the brand's network settings, images and project file, and the stamping code. Equal keys, equal
 * artifacts.
 */
function stampKey(target: MiniTarget, brand: Brand): string {
  const hash = createHash('sha256')
    .update(fs.readFileSync(`${stage(target)}.inputs`))
    // Every brand's record: stampBrandRecords writes them all into each artifact.
    .update(JSON.stringify(BRANDS))
    .update(String(brand.id))
    .update(JSON.stringify(resolveMiniNetwork(brand.id, process.env)));
  const assets = path.join(root, 'src', 'assets', 'brands', String(brand.id));
  const projectFile = target === 'weapp' ? 'project.config.json' : 'mini.project.json';
  for (const file of [...walk(assets).sort(), ...STAMP_CODE, projectFile].map((f) =>
    path.resolve(root, f),
  ))
    hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

/**
 * Writes one brand's artifact from the staged compile of a mini-program target, unless the one
 * there was stamped from the same compile (this run did not recompile) and the same values.
 */
function stampMiniArtifact(target: MiniTarget, brand: Brand): string {
  const out = path.join(dist, target, String(brand.id));
  writeStampedFolder(
    out,
    stampKey(target, brand),
    (dir) => writeMiniArtifact(target, brand, dir),
    recompiled.has(target),
  );
  return out;
}

function writeMiniArtifact(target: MiniTarget, brand: Brand, out: string): void {
  const network = resolveMiniNetwork(brand.id, process.env);
  fs.cpSync(stage(target), out, { recursive: true });
  for (const file of walk(out)) {
    if (!TEXT_FILE.test(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const stamped = stampNetwork(stampBrandRecords(text), network)
      .split(BRAND_PLACEHOLDER)
      .join(String(brand.id))
      .replace(new RegExp(BRAND_COLOR_PLACEHOLDER, 'gi'), brand.themeColor);
    if (stamped !== text) fs.writeFileSync(file, stamped);
  }
  // Only this brand's images travel, each in the package of the page that shows it (the main
  // package is size-limited); its selected tab icons replace the defaults.
  const ownAssets = path.join(root, 'src', 'assets', 'brands', String(brand.id));
  for (const image of BRAND_IMAGES) {
    const to = path.join(out, miniBrandImagePath(brand.id, image));
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(path.join(ownAssets, `${image}.png`), to);
  }
  for (const tab of TABS) {
    fs.copyFileSync(
      path.join(ownAssets, 'tabbar', `${tab.icon}-active.png`),
      path.join(out, 'assets', 'tabbar', `${tab.icon}-active.png`),
    );
  }
  for (const licence of walk(out).filter((file) => file.endsWith('.LICENSE.txt')))
    fs.rmSync(licence);
  writeProjectFile(target, brand, out);
}

function writeProjectFile(target: MiniTarget, brand: Brand, out: string): void {
  if (target === 'weapp') {
    const project = JSON.parse(fs.readFileSync(path.join(root, 'project.config.json'), 'utf8'));
    Object.assign(project, {
      appid: brand.wxAppId,
      projectname: `${brand.platformName}-${brand.id}`,
    });
    fs.writeFileSync(
      path.join(out, 'project.config.json'),
      `${JSON.stringify(project, null, 2)}\n`,
    );
  } else {
    const project = JSON.parse(fs.readFileSync(path.join(root, 'mini.project.json'), 'utf8'));
    Object.assign(project, { appid: brand.alipayAppId });
    fs.writeFileSync(path.join(out, 'mini.project.json'), `${JSON.stringify(project, null, 2)}\n`);
  }
}

/**
 * Brotli and gzip siblings of every H5 text file over 1 KB, at their best settings, for the
 * server to send as they are (server/src/boot/app.ts `preCompressed`).
 */
function precompress(out: string): void {
  for (const file of walk(out)) {
    if (!/\.(js|css|html|json|svg)$/.test(file) || fs.statSync(file).size < 1024) continue;
    const content = fs.readFileSync(file);
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  }
}

/** H5: one artifact for all nine brands; their records go into index.html, their images beside. */
/**
 * The TARO_APP_* settings this build compiled in (from the environment or a .env file), by name
 * only (a value may be a secret). Written beside dist/h5 as h5.settings.json: the browser
 * journeys refuse a build with any, since `npm start` builds with none (e2e/harness.ts). The
 * mini-programs' API origins are not among them: they are stamped into the mini-program copies
 * and never compiled into H5 (config/index.ts), so test:build's placeholder origin leaves dist/h5
 * exactly as `npm start` builds it.
 */
function buildSettingNames(env: NodeJS.ProcessEnv = process.env): string[] {
  const compiledIntoH5 = (key: string) =>
    key.startsWith('TARO_APP_') && (!isStampedVariable(key) || key === WEBVIEW_HOSTS);
  const names = new Set(Object.keys(env).filter(compiledIntoH5));
  for (const file of fs.readdirSync(root).filter((name) => name.startsWith('.env'))) {
    for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
      const name = /^\s*(?:export\s+)?(TARO_APP_\w+)\s*=/.exec(line)?.[1];
      if (name && compiledIntoH5(name)) names.add(name);
    }
  }
  return [...names].sort();
}

function publishH5(): string {
  const out = path.join(dist, 'h5');
  fs.writeFileSync(
    path.join(dist, 'h5.settings.json'),
    `${JSON.stringify({ settings: buildSettingNames() }, null, 2)}\n`,
  );
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync(stage('h5'), out, { recursive: true });
  fs.cpSync(path.join(root, 'src', 'assets', 'brands'), path.join(out, 'static', 'brands'), {
    recursive: true,
  });
  const indexHtml = path.join(out, 'index.html');
  const html = stampIndexHtml(fs.readFileSync(indexHtml, 'utf8'));
  fs.writeFileSync(
    indexHtml,
    inlineSmallStylesheets(out, writePolicyPrompt(out, writeRouteTable(out, html))),
  );
  precompress(out);
  return out;
}

/** Budget figures beside their budgets (issue 8): largest subpackage, or H5 first-route gzip. */
function budgetCell(r: ArtifactReport): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  if (r.firstRoute)
    return `js ${kb(r.firstRoute.jsGzipBytes)}/${kb(BUDGETS.h5FirstRouteJsGzipBytes)} css ${kb(
      r.firstRoute.cssGzipBytes,
    )}/${kb(BUDGETS.h5FirstRouteCssGzipBytes)} gz`;
  const largestSub = Math.max(0, ...Object.values(r.subPackageBytes ?? {}));
  const mainBudget = BUDGETS.miniMainPackageBytes[r.target === 'alipay' ? 'alipay' : 'weapp'];
  return `main ${kb(r.mainPackageBytes)}/${kb(mainBudget)} sub ${kb(
    largestSub,
  )}/${kb(BUDGETS.miniSubPackageBytes)}`;
}

function printTable(reports: ArtifactReport[]): void {
  const rows = reports.map((r) => [
    r.target,
    String(r.brand ?? 'all'),
    r.appId ?? '-',
    r.themeColor ?? '-',
    (r.mainPackageBytes / 1024).toFixed(1),
    (r.totalBytes / 1024).toFixed(1),
    r.seconds.toFixed(2),
    budgetCell(r),
    [...r.problems.map((p) => `FAIL: ${p}`), ...r.overBudget.map((p) => `OVER BUDGET: ${p}`)].join(
      '; ',
    ) || 'ok',
  ]);
  const header = [
    'target',
    'brand',
    'app id',
    'theme',
    'main KB',
    'total KB',
    'seconds',
    'budget KB',
    'checks',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  rows.forEach((row) => console.log(line(row)));
}

/**
 * A development build's warnings, each once with the artifacts it applies to: an artifact
 * without an https API origin builds, but no phone could use it.
 */
function printWarnings(reports: ArtifactReport[]): void {
  const byWarning = new Map<string, string[]>();
  for (const r of reports)
    for (const warning of r.warnings) {
      // The brand's own variable is in the text; group on the rest.
      const general = warning.replace(/(TARO_APP_[A-Z_]+)_\d+ or /g, '$1_N or ');
      byWarning.set(general, [...(byWarning.get(general) ?? []), `${r.target} ${r.brand ?? ''}`]);
    }
  for (const [warning, artifacts] of byWarning)
    console.warn(
      `\nWARNING (${artifacts.join(', ')}): DEVELOPMENT BUILD ONLY. ${warning}.\n` +
        '  npm run publish and the release build (build:brands) refuse it; set the API origin ' +
        '(README "Ops: publishing") to build one that phones can use.',
    );
}

type Mode = Target | 'all' | 'brands';

function parseArgs(argv: string[]): { mode: Mode; brands: readonly Brand[] } {
  const mode = argv[0] as Mode;
  if (!['weapp', 'alipay', 'h5', 'all', 'brands'].includes(mode)) {
    throw new Error('usage: build.ts weapp|alipay|h5|all|brands [--brand N|all]');
  }
  const flag = argv.indexOf('--brand');
  const raw = flag === -1 ? (process.env.BRAND ?? '1') : argv[flag + 1];
  // `all` stamps every brand from the target's one compile (what `npm run publish` asks for).
  if (mode === 'brands' || raw === 'all') return { mode, brands: BRANDS };
  const id = Number(raw);
  if (!/^\d+$/.test(raw ?? '') || !isPlatformId(id))
    throw new Error(`BRAND must be 1-9 or all, got ${JSON.stringify(raw)}`);
  return { mode, brands: [BRANDS[id - 1]] };
}

async function main(): Promise<void> {
  const { mode, brands } = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const targets: Target[] =
    mode === 'brands' || mode === 'all' ? ['weapp', 'alipay', 'h5'] : [mode];
  const compileSeconds: Partial<Record<Target, number>> = {};
  // Two mini-program compiles share the two cores well; H5 (the heaviest) follows.
  const minis = targets.filter((t): t is MiniTarget => t !== 'h5');
  await Promise.all(minis.map(async (t) => (compileSeconds[t] = await compile(t))));
  if (targets.includes('h5')) compileSeconds.h5 = await compile('h5');
  if (mode === 'all' || mode === 'brands') {
    const admin = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build-admin.ts'],
      { cwd: root, stdio: 'inherit' },
    );
    if (admin.status !== 0) throw new Error('the merchant console (admin/) did not build');
  }

  const reports: ArtifactReport[] = [];
  // `brands` is the release build: what `npm run publish` would refuse fails it too.
  const networkRule = mode === 'brands' ? 'publish' : 'development';
  for (const target of minis) {
    for (const b of brands) {
      const t0 = Date.now();
      const out = stampMiniArtifact(target, b);
      const seconds = (Date.now() - t0) / 1000;
      reports.push(checkArtifact(miniArtifactInput(target, b, out, seconds, networkRule)));
    }
  }
  if (targets.includes('h5')) {
    const t0 = Date.now();
    const out = publishH5();
    // The .br/.gz siblings are alternative encodings of the same files, not extra payload.
    const total = walk(out)
      .filter((file) => !/\.(br|gz)$/.test(file))
      .reduce((sum, file) => sum + fs.statSync(file).size, 0);
    reports.push(
      checkArtifact({
        target: 'h5',
        dir: out,
        seconds: (Date.now() - t0) / 1000,
        mainPackageBytes: total,
        totalBytes: total,
        firstRoute: h5FirstRouteSizes(out),
        expectedPages: ROUTES.map((r) => r.path),
      }),
    );
  }
  // Cross-artifact rule: no two brands may share an app id on one platform.
  for (const target of minis) {
    const seen = new Map<string, number>();
    for (const r of reports.filter((x) => x.target === target)) {
      if (!r.appId) continue;
      const other = seen.get(r.appId);
      if (other) r.problems.push(`app id ${r.appId} also used by brand ${other}`);
      seen.set(r.appId, r.brand ?? 0);
    }
  }

  const totalSeconds = (Date.now() - started) / 1000;
  const manifestPath = path.join(dist, 'manifest.json');
  const manifest = {
    builtAt: new Date().toISOString(),
    mode,
    totalSeconds,
    compileSeconds,
    budgets: BUDGETS,
    artifacts: reports.map((r) => ({ ...r, dir: path.relative(root, r.dir) })),
  };
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  printTable(reports);
  printWarnings(reports);
  console.log(
    `\n${reports.length} artifact(s) in ${totalSeconds.toFixed(1)} s (compile: ${Object.entries(
      compileSeconds,
    )
      .map(([t, s]) => `${t} ${s?.toFixed(1)} s`)
      .join(', ')}); manifest: ${path.relative(root, manifestPath)}`,
  );
  // Budgets fail every build, `npm test`'s (test:build, test:publish) included (issue 22): the
  // main package, the first route and the route count as the manifest records them; the other
  // budgets (subpackages, images) fail `build:brands`, the release build.
  const overBudget = manifestBudgetProblems(
    JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as ManifestForBudgets,
  );
  overBudget.forEach((problem) => console.error(`OVER BUDGET: ${problem}`));
  const failed = reports.filter(
    (r) => r.problems.length || (mode === 'brands' && r.overBudget.length),
  );
  if (failed.length || overBudget.length) {
    console.error(
      `\n${failed.length} artifact(s) failed their checks; ${overBudget.length} budget(s) missed.`,
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
