import type { LanguagePack } from '@contract/api/i18n';
import type { Language } from '../../contract/http';
import { get } from '../platform/request';

/**
 * One language's dictionary. `v` is the version this build expects: the server caches the reply
 * for a year when it is still the current one. `loading` shows 请求中... on a slow reply.
 */
export function fetchLanguagePack(language: Language, v?: string, loading = false) {
  return get<LanguagePack>('/api/i18n/messages', v ? { language, v } : { language }, { loading });
}
