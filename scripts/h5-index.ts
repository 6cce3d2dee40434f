/**
 * What scripts/build.ts writes into the H5 index.html after compiling (issue 8): the route table
 * its inline start-up script reads to preload the opened route's chunks beside the app entry
 * (otherwise they are requested only once the entry has run) and to title the app shell drawn
 * before any JavaScript (src/index.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import { clientAuthorization } from '../src/platform/config';
import { ROUTES } from '../src/routes';
import { ORDER_TABS } from '../contract/api/order';
import { BASE_KINDS, UNCOVERED } from '../src/components/consent/policy-routes';

export interface RouteEntry {
  /** The page's title, for the app shell's navigation bar. */
  t: string;
  /** Scripts and stylesheets of the route's own chunks, relative to the site root. */
  f: string[];
  /** The page's first request, which the start-up script sends beside the app's scripts. */
  r?: StartUpRequestEntry;
}

export interface StartUpRequestEntry {
  /** May hold `{id}` and `{<name>}` of `q`, which the start-up script fills in from the link. */
  url: string;
  /** The link's query parameters that give `{id}`, the first one present wins. */
  id?: string[];
  /** Link parameters by name: their values the page takes (`v`), and what it takes otherwise (`d`). */
  q?: Record<string, { v: string[]; d: string }>;
  /** Sent only for a logged-in user (a session and its user info stored), as the page asks only then. */
  login?: true;
  /** The client credential header the app's request layer sends. */
  auth: string;
  /**
   * Where in the reply's `data` the first screen's largest picture is (`list.0.cover`), a
   * catalogue path the start-up script preloads (as the WebP the page's <picture> picks), and
   * the API origin it is under ('' when same-origin).
   */
  picture?: { at: string; base: string };
}

interface StartUpRequest {
  /** API path and query, exactly as the page's request layer writes it; see `idFrom`. */
  path: string;
  /**
   * For a page of one thing: the link's query parameters the page reads its id from, in the
   * order it reads them. `{id}` in the path stands for that id; a link whose id the page would
   * not send as it is (none, not a positive integer) gets no start-up request.
   */
  idFrom?: string[];
  /**
   * Link parameters the path names as `{<name>}`: the values the page takes as they are, and the
   * one it takes for none or another (a tab).
   */
  choices?: Record<string, { values: readonly string[]; fallback: string }>;
  /** The page asks only for a logged-in user (it sends a visitor to log in first). */
  loggedIn?: boolean;
  /** See StartUpRequestEntry.picture. */
  pictureAt?: string;
}

/**
 * The request a page makes first for what its first screen shows, where that is its largest
 * picture (LCP): index.html sends it while the app's scripts load, and the page's identical
 * request takes the reply (platform/transport.ts). Each must be exactly what the page asks for:
 * another URL is simply sent again, which e2e/browse.test.ts would catch.
 */
export const START_REQUESTS: Readonly<Record<string, StartUpRequest>> = {
  // ClassifyScreen's first goods page: first category, default order (usePagedList's page size);
  // the first row's cover is the page's largest picture.
  'pages/classify/classify': {
    path: '/api/category/goods?sort=default&pageNum=1&pageSize=10',
    pictureAt: 'list.0.cover',
  },
  // ProductScreen's goods (`goodsId`, else `id`, in the link); its gallery opens on the picked
  // SKU's picture, the first SKU's unless that one is sold out.
  'pages/commodityDetails/commodityDetails': {
    path: '/api/goods/info/{id}',
    idFrom: ['goodsId', 'id'],
    pictureAt: 'skus.0.image',
  },
  // OrderList's first page of the link's tab (`all` for none or an unknown one); the first
  // card's cover is the page's largest picture.
  'pages/myOrder/myOrder': {
    path: '/api/order/list?status={tab}&pageNum=1&pageSize=10',
    choices: { tab: { values: Object.keys(ORDER_TABS), fallback: 'all' } },
    loggedIn: true,
    pictureAt: 'list.0.cover',
  },
  // OrderDetailScreen's order (`orderId` in the link), its goods cover the largest picture.
  'pages/orderDetail/orderDetail': {
    path: '/api/order/detail/{id}',
    idFrom: ['orderId'],
    loggedIn: true,
    pictureAt: 'cover',
  },
};

const ROUTE_TABLE_ELEMENT = /(<script id="route-table" type="application\/json">)[^<]*(<\/script>)/;

/** The app entry named by index.html (the file whose route loaders list each page's chunks). */
function entryScript(dir: string, html: string): string | undefined {
  const entry = [...html.matchAll(/<script[^>]*\ssrc="\/?(js\/app\.[^"]+\.js)"/g)][0]?.[1];
  return entry ? fs.readFileSync(path.join(dir, entry), 'utf8') : undefined;
}

/** The webpack chunk ids each route's loader asks for: `"path":"pages/…","load":…w.e(N)`. */
export function routeChunkIds(entryCode: string, route: string): string[] {
  const at = entryCode.indexOf(`"path":"${route}","load":`);
  if (at === -1) return [];
  const load = entryCode.slice(at, entryCode.indexOf('}', at));
  return [...load.matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]);
}

/** Files of the given chunk ids under js/ and css/, e.g. `js/4786.a1d69867.js`. */
export function chunkFiles(dir: string, ids: Iterable<string>): string[] {
  const wanted = new Set(ids);
  return ['js', 'css'].flatMap((kind) => {
    const folder = path.join(dir, kind);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(`.${kind}`) && wanted.has(name.split('.')[0]))
      .map((name) => `${kind}/${name}`);
  });
}

/**
 * H5 calls the API on its own origin: the mini-programs' API origin (TARO_APP_API_BASE, set for
 * the release build) is not compiled into it (config/index.ts), nor written here.
 */
const H5_API_BASE = '';

export function routeTable(dir: string, html: string): Record<string, RouteEntry> {
  const code = entryScript(dir, html) ?? '';
  return Object.fromEntries(
    ROUTES.map((route): [string, RouteEntry] => {
      const entry: RouteEntry = {
        t: route.title,
        f: chunkFiles(dir, routeChunkIds(code, route.path)),
      };
      const request = START_REQUESTS[route.path];
      // The API's own client credential, as the app's request layer sends it (platform/config).
      if (request) {
        entry.r = { url: `${H5_API_BASE}${request.path}`, auth: clientAuthorization() };
        if (request.idFrom) entry.r.id = request.idFrom;
        if (request.choices) {
          entry.r.q = Object.fromEntries(
            Object.entries(request.choices).map(([name, choice]) => [
              name,
              { v: [...choice.values], d: choice.fallback },
            ]),
          );
        }
        if (request.loggedIn) entry.r.login = true;
        if (request.pictureAt) entry.r.picture = { at: request.pictureAt, base: H5_API_BASE };
      }
      return [route.path, entry];
    }),
  );
}

/** index.html with the route table written into its `route-table` element. */
export function writeRouteTable(dir: string, html: string): string {
  if (!ROUTE_TABLE_ELEMENT.test(html)) throw new Error('index.html has no route-table element');
  // `<` escaped so no title or file name could close the script element.
  const json = JSON.stringify(routeTable(dir, html)).replace(/</g, '\\u003c');
  return html.replace(
    ROUTE_TABLE_ELEMENT,
    (_m, open: string, close: string) => open + json + close,
  );
}

/**
 * What the start-up script needs to ask a logged-in user's consents beside the app's scripts, and
 * to fetch the policy prompt's chunk when one is pending (components/consent): otherwise the
 * prompt's request waited for the page to draw, and its chunk for that reply, two round trips
 * after the page before the dialog, the largest thing on the screen, could show.
 */
export interface PolicyPromptEntry {
  /** GET, exactly as the prompt's request layer writes it (api/privacy.ts fetchConsents). */
  url: string;
  /** The client credential header the app's request layer sends. */
  auth: string;
  /** The kinds the prompt asks for (`pending` on one of these opens it). */
  kinds: string[];
  /** Routes the prompt never covers. */
  skip: string[];
  /** Scripts and stylesheets of the prompt's chunk (`frame-dialogs`), relative to the site root. */
  f: string[];
}

export function policyPromptEntry(dir: string): PolicyPromptEntry {
  const files = chunkFiles(dir, ['frame-dialogs']);
  if (!files.some((file) => file.endsWith('.js'))) {
    throw new Error(
      'H5 build has no frame-dialogs chunk (components/consent/frame-dialogs.h5.tsx)',
    );
  }
  return {
    url: `${H5_API_BASE}/api/privacy/consents`,
    auth: clientAuthorization(),
    kinds: [...BASE_KINDS],
    skip: [...UNCOVERED],
    f: files,
  };
}

const POLICY_PROMPT_ELEMENT =
  /(<script id="policy-prompt" type="application\/json">)[^<]*(<\/script>)/;

/** index.html with the policy prompt's entry written into its `policy-prompt` element. */
export function writePolicyPrompt(dir: string, html: string): string {
  if (!POLICY_PROMPT_ELEMENT.test(html)) throw new Error('index.html has no policy-prompt element');
  const json = JSON.stringify(policyPromptEntry(dir)).replace(/</g, '\\u003c');
  return html.replace(
    POLICY_PROMPT_ELEMENT,
    (_m, open: string, close: string) => open + json + close,
  );
}

/**
 * A stylesheet this small costs more as a render-blocking request than inline. app.css, the
 * app's global styles after Taro's components' (config/index.ts), is 22 KB (6 KB brotli):
 * linked, it put off the first paint by ~190 ms under Lighthouse's mobile throttling.
 */
const INLINE_STYLESHEET_MAX_BYTES = 32 * 1024;

/**
 * index.html with its small stylesheets (the app's global styles) written inline: a linked
 * stylesheet blocks the first paint, and the start-up and shell scripts, for a round trip.
 */
export function inlineSmallStylesheets(dir: string, html: string): string {
  return html.replace(
    /<link href="\/(css\/[^"]+\.css)" rel="stylesheet">/g,
    (link: string, file: string) => {
      const css = fs.readFileSync(path.join(dir, file), 'utf8');
      return css.length <= INLINE_STYLESHEET_MAX_BYTES && !css.includes('</')
        ? `<style>${css}</style>`
        : link;
    },
  );
}
