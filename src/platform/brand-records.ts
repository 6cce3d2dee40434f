import type { Brand } from '../../contract/brands/types';

// JSON text that scripts/build.ts writes into each mini-program artifact in place of a build
// token (a dev/watch build defines it directly, config/index.ts). Parsed at run time rather than
// defined as a value, so the minifier cannot fold the unstamped token away.
declare const BRAND_RECORDS_JSON: string;

export function loadBrandRecords(): readonly Brand[] {
  return JSON.parse(BRAND_RECORDS_JSON) as readonly Brand[];
}
