import Taro from '@tarojs/taro';

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
