/**
 * Subscribe messages a user accepted in a mini-program's requestSubscribeMessage: each accepted
 * template id allows one message (WeChat's one-time rule), so each is recorded as one row.
 */
import type { PlatformId } from '../../../contract/http.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest } from '../plugins/errors.ts';
import { REMINDER_PURPOSES, type MessageHost, type SubscribeTemplates } from './templates.ts';

/** The brand's template ids on a host, one per reminder purpose that has one. */
export function subscribeTemplatesOf(
  templates: SubscribeTemplates,
  platform: PlatformId,
  host: MessageHost,
) {
  const ids = templates[platform]?.[host] ?? {};
  return REMINDER_PURPOSES.flatMap((purpose) => {
    const templateId = ids[purpose];
    return templateId ? [{ purpose, templateId }] : [];
  });
}

/**
 * Records one allowed message per accepted template id; 400 (and nothing recorded) when an id
 * is not one of this brand's templates on that host. How many were recorded.
 */
export async function recordSubscriptions(
  deps: AppDeps,
  user: { id: number; platform: PlatformId },
  input: { host: MessageHost; templateIds: string[] },
): Promise<number> {
  const { host, templateIds } = input;
  const ids = deps.config.subscribeTemplates[user.platform]?.[host] ?? {};
  const rows = templateIds.map((templateId) => {
    const purpose = REMINDER_PURPOSES.find((p) => ids[p] === templateId);
    if (!purpose) throw badRequest(`templateIds 不是本平台的订阅模板：${templateId}`);
    return {
      user_id: user.id,
      platform: user.platform,
      host,
      purpose,
      template_id: templateId,
      granted_at: deps.now(),
    };
  });
  await deps.db.insertInto('message_subscriptions').values(rows).execute();
  return rows.length;
}
