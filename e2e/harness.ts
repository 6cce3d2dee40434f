/**
 * Browser-test harness: the real server (`server/src/main.ts`, embedded database in a fresh
 * temporary directory, the built H5 app from dist/h5) on a free port, and Debian's Chromium
 * driven by playwright-core.
 *
 * The browser tests run on Node's own TypeScript, as the server does (`npm run e2e` is
 * `node --import ./server/load-typescript.mjs --test e2e/*.test.ts`), so their code is erasable
 * syntax only. Through tsx each test process took ~0.4 CPU-s more to load (29 Nov: the whole
 * run's test processes 83.7 -> 72.0 CPU-s).
 *
 * The journeys run what `npm start` runs (issue 33: they had run with settings a user does not
 * have, and signing, refused on the README's own run, went unnoticed): the H5 build must carry
 * no TARO_APP_* setting (dist/h5.settings.json, written by scripts/build.ts), and the server
 * gets none of its own beyond PORT and DATA_DIR, except the few JOURNEY_SETTINGS below. The
 * merchant's steps use the credential a development server keeps in DATA_DIR/ops-token, as
 * `npm run ops` does on the README's run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_NODE_ARGS } from '../server/test/node-args.ts';
import { copySeededDataDir } from '../server/test/seeded-database.ts';

export const root = path.resolve(import.meta.dirname, '..');
export const screenshotDir = path.join(root, 'e2e', 'screenshots');
/** The API's client credential header, as the app's request layer sends it (platform/config). */
export const CLIENT_AUTH = `Basic ${Buffer.from('storefront:storefront').toString('base64')}`;

/**
 * Chromium's headless shell (Debian's chromium-headless-shell, the same Blink, V8 and Skia at the
 * same version as /usr/bin/chromium): what Playwright itself runs for headless tests. The full
 * browser in --headless=new mode also runs its window and UI layers, which took more CPU than the
 * pages themselves: languages.test.ts's 180 page loads cost Chromium's processes 182 CPU-s with
 * it and 129 with the shell, 160 -> 99 s wall (29 Nov, /proc of each process). CHROME_PATH
 * picks another build.
 */
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
// TOOLCHAIN.md: without the networking flags Chromium keeps calling hosts it cannot reach.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface RunningServer {
  baseUrl: string;
  /** The development ops credential the server wrote into its DATA_DIR (npm start's). */
  opsToken: string;
  /** The server's DATA_DIR (the demo owner's password file, admin-demo-password, is there). */
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `env` is added to the server's environment (live providers pointed at local servers, say).
 * `h5: false` is for the mini-program tests, which need no built H5 app.
 */
export async function startServer(
  options: { env?: Record<string, string>; h5?: boolean } = {},
): Promise<RunningServer> {
  const withH5 = options.h5 ?? true;
  const h5Dir = withH5
    ? path.resolve(root, process.env.DIST_DIR ?? 'dist', 'h5')
    : path.join(os.tmpdir(), 'no-h5-app');
  if (withH5 && !fs.existsSync(path.join(h5Dir, 'index.html'))) {
    throw new Error('dist/h5 is not built: run `npm run build:h5` first');
  }
  if (withH5) assertDefaultBuild(h5Dir);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  await copySeededDataDir(dataDir);
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    // Node with the server test processes' arguments (server/load-typescript.mjs, PGlite on the
    // baseline compiler), as server/test/node-args.ts says. The server's settings are npm start's.
    [...TEST_NODE_ARGS, 'server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        // Port 0: the server takes a free port and logs it. Browser-test files run side by side,
        // and a port probed free here could be taken by another file's server before ours bound it.
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        H5_DIR: h5Dir,
        // The merchant console, as npm start serves it (scripts/build-admin.ts builds it).
        ADMIN_DIR: path.resolve(root, process.env.DIST_DIR ?? 'dist', 'admin'),
        DATABASE_URL: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A loaded machine (several suites at once) may need longer: E2E_SERVER_START_MS.
  const startMs = Number(process.env.E2E_SERVER_START_MS ?? 60_000);
  const deadline = Date.now() + startMs;
  let baseUrl = '';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    baseUrl ||= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? '';
    try {
      if (baseUrl && (await fetch(`${baseUrl}${withH5 ? '/' : '/health/live'}`)).ok) break;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      // Not left running: a live child keeps the test process (and CI) from ever exiting.
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start in ${startMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const tokenFile = path.join(dataDir, 'ops-token');
  const opsToken = fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : '';
  opsTokens.set(baseUrl, opsToken);
  return {
    baseUrl,
    opsToken,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** dist/h5 as `npm start` builds it: no TARO_APP_* setting compiled in. */
function assertDefaultBuild(h5Dir: string): void {
  const file = path.join(path.dirname(h5Dir), 'h5.settings.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: rebuild with \`npm run build:h5\` (or test:build)`);
  }
  const { settings } = JSON.parse(fs.readFileSync(file, 'utf8')) as { settings: string[] };
  if (settings.length > 0) {
    throw new Error(
      `dist/h5 was built with ${settings.join(', ')}: the journeys run on npm start's build, ` +
        'which has none. Rebuild without them.',
    );
  }
}

/** The ops credential of each running server, by its base URL (e2e/steps/orders.ts). */
const opsTokens = new Map<string, string>();
export function opsTokenOf(baseUrl: string): string {
  const token = opsTokens.get(baseUrl);
  if (!token) throw new Error(`no development ops credential for ${baseUrl}`);
  return token;
}

/**
 * The only server settings a browser journey may change from `npm start`'s: a rate limit that
 * would make a second login of the same mobile wait a minute (account and privacy journeys log
 * one user in twice). Nothing a screen shows depends on it.
 */
const JOURNEY_SETTINGS: ReadonlySet<string> = new Set(['SMS_PER_MINUTE']);

/**
 * The hooks every browser-test file needs: before its tests the server starts (with `env` set on
 * process.env first, which the server's process inherits) and then the browser; after them both
 * stop. `started` hands the two to the file.
 */
export function useServerAndBrowser(
  started: (server: RunningServer, browser: Browser) => void,
  env: Record<string, string> = {},
): void {
  const extra = Object.keys(env).filter((key) => !JOURNEY_SETTINGS.has(key));
  if (extra.length > 0) {
    throw new Error(`the journeys run with npm start's settings; not with ${extra.join(', ')}`);
  }
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    Object.assign(process.env, env);
    server = await startServer();
    browser = await launchBrowser();
    started(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/** A phone-sized page that records console errors and uncaught exceptions. */
export async function phonePage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors };
}

let freshLoads = 0;

/**
 * Opens `url` (an app link, `…/#/pages/x/x?…`) as a new document, as a link from outside the app
 * would, in the page's own renderer. To the browser a URL that differs only after its `#` is the
 * same document (no load), so a query that changes each time goes before it; the app reads the
 * query there as launch parameters, and `visit` is none of them. Going through about:blank
 * instead made Chromium start a renderer process for every load: languages.test.ts's 180 loads
 * took Chromium 66.7 CPU-s that way and 32.8 this way (29 Nov, its processes' cgroup).
 */
export async function openAfresh(page: Page, url: string): Promise<void> {
  const hashAt = url.indexOf('#');
  if (hashAt === -1) throw new Error(`openAfresh: ${url} has no app route after #`);
  freshLoads += 1;
  const beforeHash = url.slice(0, hashAt);
  const joiner = beforeHash.includes('?') ? '&' : '?';
  await page.goto(`${beforeHash}${joiner}visit=${freshLoads}${url.slice(hashAt)}`);
}

/**
 * A picture of the page for people reviewing a run (nothing compares them). One CSS pixel per
 * pixel: at the phone pages' device scale of 2 each of the ~250 pictures took Chromium 2-3 times
 * as long to encode (128 against 54 ms on 28 Nov) for four times the pixels.
 * E2E_SCREENSHOT_SCALE=device keeps the device's pixels.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const scale = process.env.E2E_SCREENSHOT_SCALE === 'device' ? 'device' : 'css';
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), scale });
}

/** A point on a page's timeline (its document, and the time in it). */
export interface TimelineMark {
  origin: number;
  at: number;
}

export async function timelineMark(page: Page): Promise<TimelineMark> {
  return page.evaluate(() => ({ origin: performance.timeOrigin, at: performance.now() }));
}

/**
 * The boxes that moved on screen after `mark` (the Layout Instability API's entries, what CLS
 * adds up), as "class (score)", once two more frames are drawn: content drawn at a guessed size
 * is laid out again in the next frame. A new document since the mark counts from its start.
 */
export async function layoutShiftsSince(page: Page, mark: TimelineMark): Promise<string[]> {
  return page.evaluate(async (since) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const from = performance.timeOrigin === since.origin ? since.at : 0;
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as unknown as {
      startTime: number;
      value: number;
      sources: { node?: Node }[];
    }[];
    observer.disconnect();
    return entries
      .filter((entry) => entry.startTime > from && entry.value >= 0.001)
      .map(
        (entry) =>
          `${entry.sources.map((source) => (source.node as Element | undefined)?.className).join(', ')} (${entry.value.toFixed(3)})`,
      );
  }, mark);
}

/**
 * How long each script is held. One second was too short on a loaded machine: in npm test's run
 * of 29 Nov (three lanes, three browser files at a time, load 14) an order's cover, which
 * index.html asks for before any script runs, was asked for only after they were let go.
 */
const SCRIPT_HOLD_MS = 3000;

/**
 * Holds each of the app's scripts back for three seconds, as a slow network would, so a test can
 * see what is asked for before they run. The returned function tells when the last one held goes.
 */
export async function holdScripts(page: Page): Promise<() => number> {
  let heldUntil = 0;
  await page.route(/\/js\/[^/]+\.js$/, async (route) => {
    heldUntil = Math.max(heldUntil, Date.now() + SCRIPT_HOLD_MS);
    await new Promise((resolve) => setTimeout(resolve, SCRIPT_HOLD_MS));
    await route.continue();
  });
  return () => heldUntil;
}

/**
 * Runs `work` on every item, `lanes` at a time, each lane on its own phone page (its own browser
 * context, so its own storage). The route walks open 50-150 full page loads, each ending in an
 * idle wait for the network; run one after another those waits were most of a walk's time.
 */
export async function acrossPages<T>(
  browser: Browser,
  items: readonly T[],
  lanes: number,
  work: (item: T, page: Page, errors: string[]) => Promise<void>,
  prepare: (page: Page) => Promise<void> = async () => undefined,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      const { page, errors } = await phonePage(browser);
      await prepare(page);
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item, page, errors);
      }
      await page.close();
    }),
  );
}
