/**
 * NOTE(h5): the tab's sessionStorage: it survives a reload of the page, not the tab's closing,
 * and no other tab reads it (see session-store.ts for what belongs here).
 */
export function readSession(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON, or storage unavailable (private mode): nothing kept.
    return undefined;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the form keeps the value until the page goes.
  }
}

export function removeSession(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to remove.
  }
}
