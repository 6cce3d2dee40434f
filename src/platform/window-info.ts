import Taro from '@tarojs/taro';

/** Height of the status bar, for custom navigation bars. */
export function statusBarHeight(): number {
  try {
    return Taro.getWindowInfo().statusBarHeight ?? 0;
  } catch {
    return 0;
  }
}

/**
 * Whether the element with this id is within the window. A short first page never scrolls, so
 * reach-bottom would never fire: the list asks this after each page and loads on while its
 * footer is still visible.
 */
export function isInWindow(elementId: string): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const windowHeight = Taro.getWindowInfo().windowHeight;
      Taro.createSelectorQuery()
        .select(`#${elementId}`)
        .boundingClientRect((rect) => {
          const box = Array.isArray(rect) ? rect[0] : rect;
          // No box means the element is gone (page left): nothing more to load.
          resolve(Boolean(box) && box.height >= 0 && box.top < windowHeight && box.bottom >= 0);
        })
        .exec();
    } catch {
      resolve(false);
    }
  });
}

/** The width of the element with this id, 0 when it is not on the page. */
export function elementWidth(elementId: string): Promise<number> {
  return new Promise((resolve) => {
    try {
      Taro.createSelectorQuery()
        .select(`#${elementId}`)
        .boundingClientRect((rect) => {
          const box = Array.isArray(rect) ? rect[0] : rect;
          resolve(box?.width ?? 0);
        })
        .exec();
    } catch {
      resolve(0);
    }
  });
}
