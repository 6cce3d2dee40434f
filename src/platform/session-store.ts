/**
 * Values kept only for this session, never written to the host's lasting storage: on the
 * mini-programs, memory (it lives as long as the app's process, which a page reopened or
 * reloaded shares); on H5, the tab's sessionStorage (session-store.h5.ts), gone when the tab
 * closes. For what a form must not lose on a reload but must not keep either (a card number).
 */
const memory = new Map<string, string>();

export function readSession(key: string): unknown {
  const text = memory.get(key);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function writeSession(key: string, value: unknown): void {
  memory.set(key, JSON.stringify(value));
}

export function removeSession(key: string): void {
  memory.delete(key);
}
