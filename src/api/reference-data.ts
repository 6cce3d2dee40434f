import type { DictionaryItem } from '@contract/api/reference-data';
import { get } from '../platform/request';

/** Hot search keywords: the brand's own first. */
export function getHotKeywords() {
  return get<string[]>('/api/common/hotKey');
}

export function getDictionary(type: string) {
  return get<DictionaryItem[]>('/api/common/dictionary', { type });
}
