/**
 * A catalogue write reaches the storefront at once: every cache (cache.ts) remembers the
 * generation it loaded an entry in, and a change moves the generation on. The writing process
 * moves its own at commit; on PostgreSQL the write also raises a NOTIFY on `rental_catalog`
 * (delivered when its transaction commits), which every API process listens to (runtime.ts).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export const CATALOG_CHANNEL = 'rental_catalog';

let generation = 0;

/** The catalogue's generation in this process: a cached entry of another one is stale. */
export const catalogGeneration = (): number => generation;

/** The catalogue changed (here, or another process said so): every cached read is stale. */
export function catalogChanged(): void {
  generation += 1;
}

/** In the writing transaction: tells every listening process when it commits. */
export async function announceCatalogChange(
  trx: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  await sql`select pg_notify(${CATALOG_CHANNEL}, '')`.execute(trx);
}

/**
 * After a write that committed on its own (the home page's and coupons' routes): this process's
 * caches are stale at once, and every other API process hears of it.
 */
export async function publishCatalogChange(db: Kysely<Database>): Promise<void> {
  catalogChanged();
  await announceCatalogChange(db);
}
