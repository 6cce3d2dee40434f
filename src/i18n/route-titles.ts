import { routeMessages } from '../../contract/i18n/zh-Hans/routes';
import { LOADING_PATH, type RoutePath } from '../routes';
import { registerMessages, type MessageKey, type MessageParams } from './index';

// Already in every package with the route table, which takes its titles from these.
registerMessages(routeMessages);

/** A page's title in the language of `t` (blank for the loading page, as the brief has it). */
export function routeTitle(
  t: (key: MessageKey, params?: MessageParams) => string,
  path: RoutePath,
): string {
  return path === LOADING_PATH ? '' : t(`route.${path}`);
}
