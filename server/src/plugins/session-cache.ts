/**
 * The shoppers' session rows, kept in memory for a short while: every authenticated request
 * looked its token up (one statement of about twenty per order step). Staff sessions are not
 * cached (the console reads its own on every request by design).
 *
 * A revoked session must still be refused at once, so an entry is forgotten:
 * - in this process, by the code that revokes (logout, a new login replacing the old session,
 *   account cancellation: `forgetUserSessions`), after its transaction committed;
 * - in every process, by the NOTIFY the `sessions` table's trigger raises on any update or delete
 *   of a row (migration 0070), delivered when the revoking transaction commits, whoever wrote it
 *   (another API process, SQL by hand).
 * A lookup that was under way while an entry was forgotten does not store what it read (it may
 * have read the row before the revocation committed). The cache works only while this process
 * listens: until the listener is up, and for good once its connection is lost, every request
 * reads the row as before. An entry lives at most 30 s, whatever happens.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The NOTIFY channel of migration 0070's trigger; the payload is the row's token hash. */
export const SESSIONS_CHANNEL = 'rental_sessions';
/** How long a row read is trusted when nothing says it changed (wall-clock ms). */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 5_000;

export interface SessionRow {
  id: number;
  user_id: number;
  platform: number;
  expires_at: Date;
  revoked_at: Date | null;
}

export class SessionCache {
  private readonly entries = new Map<string, { row: SessionRow; until: number }>();
  /** Moves on whenever an entry is forgotten: a lookup begun before must not store its read. */
  private generation = 0;
  private enabled = false;

  /** The listener is up: entries may be kept from now on. */
  enable(): void {
    this.enabled = true;
  }

  /** The listener is gone (or never came): another process's revocation would go unheard. */
  disable(): void {
    this.enabled = false;
    this.generation++;
    this.entries.clear();
  }

  get active(): boolean {
    return this.enabled;
  }

  /** The session row of a token hash, from memory when fresh, else read by `load`. */
  async lookup(
    tokenHash: string,
    load: () => Promise<SessionRow | undefined>,
  ): Promise<SessionRow | undefined> {
    if (!this.enabled) return load();
    const now = Date.now();
    const hit = this.entries.get(tokenHash);
    if (hit && hit.until > now) return hit.row;
    if (hit) this.entries.delete(tokenHash);
    const generation = this.generation;
    const row = await load();
    // Unknown tokens are not kept (anyone can send any number of them).
    if (row && this.enabled && generation === this.generation) {
      this.entries.set(tokenHash, { row, until: Date.now() + SESSION_CACHE_TTL_MS });
      if (this.entries.size > SESSION_CACHE_MAX_ENTRIES) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return row;
  }

  /** A row changed (the trigger's NOTIFY). */
  forgetToken(tokenHash: string | undefined): void {
    this.generation++;
    if (tokenHash) this.entries.delete(tokenHash);
    else this.entries.clear();
  }

  /** Every session of a user (on one brand, when given) changed here. */
  forgetUser(userId: number, platform?: number): void {
    this.generation++;
    for (const [tokenHash, { row }] of this.entries)
      if (row.user_id === userId && (platform === undefined || row.platform === platform))
        this.entries.delete(tokenHash);
  }
}

/** Each database handle's cache (one per runtime: its API and the code that revokes share it). */
const caches = new WeakMap<Kysely<Database>, SessionCache>();

/** The cache of the sessions read through this handle (created on first use, off until enabled). */
export function sessionCacheOf(db: Kysely<Database>): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * After a revocation committed through this handle: this process refuses the user's revoked
 * sessions from the next request on (other processes hear the trigger's NOTIFY).
 */
export function forgetUserSessions(db: Kysely<Database>, userId: number, platform?: number): void {
  caches.get(db)?.forgetUser(userId, platform);
}
