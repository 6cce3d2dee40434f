import { createRouter as createTaroRouter } from '@tarojs/router';

/**
 * NOTE(h5): `@tarojs/router` as Taro's generated app entry imports it (config/index.ts swaps it in
 * for that one importer), with `createRouter` moved to the next task. The entry creates the app,
 * its history and navigation bar, then the router, which routes the opened page and asks for its
 * chunks, all in one task (~25-80 ms wall at 1x on this host when it is busy, four times that on
 * a phone). Routing now starts after the browser has had its turn; nothing in the entry uses the
 * router's return value, and the page's chunks are already on their way (index.html preloads
 * them).
 */
export * from '@tarojs/router';

export function createRouter(...args: Parameters<typeof createTaroRouter>): void {
  setTimeout(() => createTaroRouter(...args), 0);
}
