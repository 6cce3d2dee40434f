/**
 * NOTE(h5): read from the browser directly. Taro's getWindowInfo brings a user-agent parser
 * (~7 KB gzip) and its selector query a canvas context (~5 KB gzip) onto the first route, for
 * what one DOM call answers.
 */

/** A browser page has no status bar of its own to clear. */
export function statusBarHeight(): number {
  return 0;
}

/**
 * Whether the element with this id is within the window (see window-info.ts). Also spares a
 * race of Taro's query: it looks the open page's container up a tick later, and threw
 * (在已加载页面中没有找到对应的容器元素) when the user had gone on to a page not drawn yet.
 */
export function isInWindow(elementId: string): Promise<boolean> {
  const element = document.getElementById(elementId);
  // No element (page left) or no box (its page hidden, a tab page left): nothing more to load.
  if (!element || element.getClientRects().length === 0) return Promise.resolve(false);
  const box = element.getBoundingClientRect();
  return Promise.resolve(box.height >= 0 && box.top < window.innerHeight && box.bottom >= 0);
}

/** The width of the element with this id, 0 when it is not on the page. */
export function elementWidth(elementId: string): Promise<number> {
  return Promise.resolve(document.getElementById(elementId)?.getBoundingClientRect().width ?? 0);
}
