/**
 * Where the logged-in user stands on each consent for this brand (GET /api/privacy/consents),
 * loaded once per session and updated by every agreement; reset at logout.
 */
import { create } from 'zustand';
import { fetchConsents, giveConsents, type ConsentKind, type ConsentState } from '../api/privacy';

interface ConsentStore {
  /** undefined until loaded (or after a failed load). */
  states: ConsentState[] | undefined;
  load(force?: boolean): Promise<ConsentState[] | undefined>;
  /** Agrees to the current version of each kind; resolves the server's message on failure. */
  agree(kinds: readonly ConsentKind[]): Promise<{ ok: true } | { ok: false; msg: string }>;
  reset(): void;
}

/** The kinds of the list the user still has to agree to. */
export function pendingOf(
  states: readonly ConsentState[] | undefined,
  kinds: readonly ConsentKind[],
): ConsentState[] {
  return (states ?? []).filter((s) => s.pending && kinds.includes(s.kind as ConsentKind));
}

export const useConsents = create<ConsentStore>((set, get) => ({
  states: undefined,
  async load(force = false) {
    const known = get().states;
    if (known && !force) return known;
    const reply = await fetchConsents();
    if (reply.code !== 200 || !Array.isArray(reply.data)) return undefined;
    set({ states: reply.data });
    return reply.data;
  },
  async agree(kinds) {
    const states = await get().load();
    if (!states) return { ok: false, msg: '' };
    const consents = states
      .filter((s) => kinds.includes(s.kind as ConsentKind))
      .map((s) => ({ kind: s.kind as ConsentKind, version: s.currentVersion }));
    const reply = await giveConsents(consents);
    if (reply.code !== 200 || !Array.isArray(reply.data)) {
      // A version changed while the user read: reload so the next try shows the new text.
      await get().load(true);
      return { ok: false, msg: reply.msg };
    }
    set({ states: reply.data });
    return { ok: true };
  },
  reset() {
    set({ states: undefined });
  },
}));
