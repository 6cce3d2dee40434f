/**
 * What scripts/build.ts writes into the H5 index.html after compiling (issue 8): the route table
 * its inline start-up script reads to preload the opened route's chunks beside the app entry
 * (otherwise they are requested only once the entry has run) and to title the app shell drawn
 * before any JavaScript (src/index.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROUTES } from '../src/routes';

export interface RouteEntry {
  /** The page's title, for the app shell's navigation bar. */
  t: string;
  /** Scripts and stylesheets of the route's own chunks, relative to the site root. */
  f: string[];
}

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

export function routeTable(dir: string, html: string): Record<string, RouteEntry> {
  const code = entryScript(dir, html) ?? '';
  return Object.fromEntries(
    ROUTES.map((route) => [
      route.path,
      { t: route.title, f: chunkFiles(dir, routeChunkIds(code, route.path)) },
    ]),
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

/** A stylesheet this small costs more as a render-blocking request than inline. */
const INLINE_STYLESHEET_MAX_BYTES = 8 * 1024;

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
