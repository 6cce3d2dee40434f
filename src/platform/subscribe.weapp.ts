import Taro from '@tarojs/taro';

export type SubscribeHost = 'wechat' | 'alipay';

export const subscribeHost: SubscribeHost | undefined = 'wechat';

/**
 * wx.requestSubscribeMessage: must run from a tap (WeChat refuses it otherwise), so the ids are
 * fetched beforehand. Each id answered 'accept' allows one message.
 */
export async function requestSubscribe(templateIds: readonly string[]): Promise<string[]> {
  if (templateIds.length === 0) return [];
  try {
    const result = (await Taro.requestSubscribeMessage({
      tmplIds: [...templateIds],
      entityIds: [],
    })) as unknown as Record<string, string>;
    return templateIds.filter((id) => result[id] === 'accept');
  } catch {
    return [];
  }
}
