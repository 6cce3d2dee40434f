/**
 * Whether the element with this id is within the window (see in-window.ts).
 *
 * NOTE(h5): measured on the DOM, not with Taro's selector query. That query looks up the open
 * page's container when it runs, a tick or more later, and throws (uncaught, 在已加载页面中没有找到
 * 对应的容器元素) when the user has meanwhile gone to a page whose container is not drawn yet.
 */
export function isInWindow(elementId: string): Promise<boolean> {
  return new Promise((resolve) => {
    // After the frame, as the selector query did: the list's new rows are laid out by then.
    requestAnimationFrame(() => {
      const element = document.getElementById(elementId);
      // No element (page left) or no box (its page hidden): nothing more to load.
      if (!element || element.getClientRects().length === 0) {
        resolve(false);
        return;
      }
      const box = element.getBoundingClientRect();
      resolve(box.top < window.innerHeight && box.bottom >= 0);
    });
  });
}
