/** The catalogue's short-lived in-process cache: its reads are the same for every visitor. */
import { catalogGeneration } from './changes.ts';

/**
 * How long a catalogue read is served from memory. A change made through the console shows at
 * once (changes.ts); this bounds one made behind the server's back (SQL by hand).
 */
export const CATALOG_CACHE_TTL_MS = 5_000;
const CATALOG_CACHE_MAX_ENTRIES = 5_000;

export type CatalogCache = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/**
 * A short-lived in-process cache for catalogue reads, which are the same for every visitor.
 * It keeps the pending promise, so a burst of misses for one key runs one query; failures are
 * not kept. Bounded: the oldest entry goes when full. `now` is the app's clock (tests move it).
 * An entry loaded before the catalogue's last change (changes.ts) is a miss.
 */
export function createCatalogCache(now: () => Date): CatalogCache {
  const entries = new Map<
    string,
    { expires: number; generation: number; value: Promise<unknown> }
  >();
  return function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const time = now().getTime();
    const generation = catalogGeneration();
    const hit = entries.get(key);
    if (hit && hit.expires > time && hit.generation === generation) return hit.value as Promise<T>;
    if (hit) entries.delete(key);
    const value = load();
    entries.set(key, { expires: time + CATALOG_CACHE_TTL_MS, generation, value });
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
