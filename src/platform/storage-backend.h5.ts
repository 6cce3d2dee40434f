/**
 * NOTE(h5): localStorage in Taro's own format (`{"data": value}`, what Taro.setStorageSync writes
 * and index.html's start-up script reads), without Taro's getStorageSync: that parses
 * `getItem(key) || ''`, so every key not stored throws and catches a SyntaxError. A first visit
 * reads ~20 missing keys while home starts (each request's token, the brand, the language).
 */
export function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return undefined;
    const item: unknown = JSON.parse(raw);
    // Like Taro: only what was stored through this format counts.
    if (
      item === null ||
      typeof item !== 'object' ||
      !Object.prototype.hasOwnProperty.call(item, 'data')
    )
      return undefined;
    const { data } = item as { data: unknown };
    return data === '' || data === null ? undefined : data;
  } catch {
    // Not JSON (written by something else), or storage unavailable (private mode).
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify({ data: value }));
  } catch {
    // Storage full or unavailable (private mode): the value lives for this launch only.
  }
}

export function removeStored(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}
