export type SubscribeHost = 'wechat' | 'alipay';

export const subscribeHost: SubscribeHost | undefined = 'alipay';

interface AlipaySubscribeResult {
  behavior?: string;
  result?: { subscribeEntityIds?: string[] };
  [entityId: string]: unknown;
}

interface MySubscribeApi {
  requestSubscribeMessage?: (options: {
    entityIds: string[];
    success?: (res: AlipaySubscribeResult) => void;
    fail?: () => void;
  }) => void;
}

declare const my: MySubscribeApi;

/**
 * my.requestSubscribeMessage (Alipay's 订阅消息): accepted ids come in `result.subscribeEntityIds`
 * (older base libraries answer per id with 'accept', which is read too).
 */
export function requestSubscribe(templateIds: readonly string[]): Promise<string[]> {
  // NOTE(alipay): missing on old base libraries; their users get SMS reminders only.
  if (templateIds.length === 0 || typeof my.requestSubscribeMessage !== 'function') {
    return Promise.resolve([]);
  }
  return new Promise((resolve) => {
    my.requestSubscribeMessage?.({
      entityIds: [...templateIds],
      success: (res) => {
        const listed = res.result?.subscribeEntityIds ?? [];
        resolve(templateIds.filter((id) => listed.includes(id) || res[id] === 'accept'));
      },
      fail: () => resolve([]),
    });
  });
}
