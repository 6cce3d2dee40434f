/** Reference data the storefront's forms and pages read: dictionary, hot keywords, express. */
import { sql, type Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';

/** One dictionary's entries in order. */
export function dictionary(db: Kysely<Database>, dictType: string) {
  return db
    .selectFrom('dictionary')
    .select(['label', 'value'])
    .where('dict_type', '=', dictType)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The entry of `dictType` whose value is `value`, if the dictionary has one. */
export function dictionaryEntry(db: Kysely<Database>, dictType: string, value: string) {
  return db
    .selectFrom('dictionary')
    .select(['label', 'value'])
    .where('dict_type', '=', dictType)
    .where('value', '=', value)
    .executeTakeFirst();
}

/** The search box's suggestions: the brand's own keywords first, then everyone's, once each. */
export async function hotKeywords(db: Kysely<Database>, platform: PlatformId): Promise<string[]> {
  const rows = await db
    .selectFrom('hot_keyword')
    .select('keyword')
    .where((eb) => eb.or([eb('platform', '=', platform), eb('platform', 'is', null)]))
    // The brand's own keywords first.
    .orderBy(sql`platform is null`)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((row) => row.keyword))];
}

/** The express companies a return can be shipped with. */
export function expressCompanies(db: Kysely<Database>) {
  return db
    .selectFrom('express_company')
    .select(['code', 'name', 'phone'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
}
