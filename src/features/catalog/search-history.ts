import { getSearchHistory, setSearchHistory } from '../../platform/storage';

export const SEARCH_HISTORY_LIMIT = 10;

/** Trimmed, inner runs of white space collapsed: `  iPhone   16 ` and `iPhone 16` are one entry. */
export function normaliseKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ');
}

/**
 * The history after searching `keyword`: it moves to the front, an earlier copy (compared
 * without regard to case) goes, and the list keeps the 10 most recent.
 */
export function addToHistory(history: readonly string[], keyword: string): string[] {
  const entry = normaliseKeyword(keyword);
  if (!entry) return [...history];
  const key = entry.toLowerCase();
  return [entry, ...history.filter((item) => item.toLowerCase() !== key)].slice(
    0,
    SEARCH_HISTORY_LIMIT,
  );
}

export function loadHistory(): string[] {
  // Whatever an older version stored is cleaned up the same way on the way in.
  return getSearchHistory()
    .map(normaliseKeyword)
    .filter(Boolean)
    .reduceRight<string[]>((list, item) => addToHistory(list, item), []);
}

export function rememberKeyword(keyword: string): string[] {
  const next = addToHistory(loadHistory(), keyword);
  setSearchHistory(next);
  return next;
}

export function clearHistory(): void {
  setSearchHistory([]);
}
