import Taro from '@tarojs/taro';

/** Device calls of the order, bill and after-sale screens. */

/** One choice from a short list (at most 6 on every target); undefined when dismissed. */
export async function pickOne(items: readonly string[]): Promise<number | undefined> {
  if (items.length === 0) return undefined;
  try {
    const result = await Taro.showActionSheet({ itemList: items.slice(0, 6) });
    return typeof result.tapIndex === 'number' ? result.tapIndex : undefined;
  } catch {
    return undefined;
  }
}

/** Replace this page with another (a finished form hands over to the order page). */
export function replacePage(url: string): Promise<boolean> {
  try {
    return Promise.resolve(Taro.redirectTo({ url })).then(
      () => true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}
