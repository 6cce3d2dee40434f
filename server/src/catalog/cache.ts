/** The catalogue's short-lived in-process cache: its reads are the same for every visitor. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** How long a catalogue read is served from memory: a catalogue change shows within this. */
export const CATALOG_CACHE_TTL_MS = 5_000;
const CATALOG_CACHE_MAX_ENTRIES = 5_000;

export type CatalogCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A short-lived in-process cache for catalogue reads, which are the same for every visitor.
 * It keeps the pending promise, so a burst of misses for one key runs one query; failures are
 * not kept. Bounded: the oldest entry goes when full. `now` is the app's clock (tests move it).
 */
export function createCatalogCache(now: () => Date): CatalogCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  LIVE_CACHES.add(entries);
  return function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const time = now().getTime();
    const hit = entries.get(key);
    if (hit && hit.expires > time) return hit.value as Promise<T>;
    if (hit) entries.delete(key);
    const value = load();
    entries.set(key, { expires: time + CATALOG_CACHE_TTL_MS, value });
    if (entries.size > CATALOG_CACHE_MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

/** Every catalogue cache of this process (each route file keeps its own). */
const LIVE_CACHES = new Set<Map<string, unknown>>();

/** The PostgreSQL channel a catalogue or home-page write is announced on. */
export const CATALOG_CHANNEL = 'catalog_changed';

/** Forgets every cached catalogue read of this process (a write committed here or elsewhere). */
export function dropCatalogCaches(): void {
  for (const entries of LIVE_CACHES) entries.clear();
}

/**
 * The one call after a console write to the catalogue or a home page commits: this process's
 * caches are dropped at once, and every other API process hears of it through NOTIFY (runtime.ts
 * listens), so the storefront shows the change on its next read rather than after the TTL.
 */
export async function catalogChanged(db: Kysely<Database>): Promise<void> {
  dropCatalogCaches();
  await sql`select pg_notify(${CATALOG_CHANNEL}, '')`.execute(db);
}
