/**
 * NOTE(h5): read from the browser directly. Taro's getWindowInfo brings a user-agent parser
 * (~7 KB gzip) and its selector query a canvas context (~5 KB gzip) onto the first route, for
 * what one DOM call answers.
 */

/** A browser page has no status bar of its own to clear. */
export function statusBarHeight(): number {
  return 0;
}

/** Whether the element with this id is within the window (see window-info.ts). */
export function isInWindow(elementId: string): Promise<boolean> {
  const element = document.getElementById(elementId);
  if (!element) return Promise.resolve(false);
  const box = element.getBoundingClientRect();
  return Promise.resolve(box.height >= 0 && box.top < window.innerHeight && box.bottom >= 0);
}

/** The width of the element with this id, 0 when it is not on the page. */
export function elementWidth(elementId: string): Promise<number> {
  return Promise.resolve(document.getElementById(elementId)?.getBoundingClientRect().width ?? 0);
}
