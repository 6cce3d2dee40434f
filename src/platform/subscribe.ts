/**
 * The host's subscribe-message prompt (bill reminders in the mini-program's service messages).
 * H5 has none: its reminders come by SMS. Each target's variant resolves the template ids the
 * user accepted; never rejects.
 */
export type SubscribeHost = 'wechat' | 'alipay';

/** Which host this build asks, if any. */
export const subscribeHost: SubscribeHost | undefined = undefined;

export function requestSubscribe(_templateIds: readonly string[]): Promise<string[]> {
  return Promise.resolve([]);
}
