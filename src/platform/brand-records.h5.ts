import type { Brand } from '../../contract/brands/types';

export const BRAND_RECORDS_ELEMENT_ID = 'brand-records';

/**
 * NOTE(h5): the records travel in index.html (`<script type="application/json">`), which is
 * served no-cache, so a brand change never has to touch the immutable, content-hashed bundles.
 */
export function loadBrandRecords(): readonly Brand[] {
  const element = document.getElementById(BRAND_RECORDS_ELEMENT_ID);
  if (!element?.textContent) throw new Error('index.html carries no brand records');
  return JSON.parse(element.textContent) as readonly Brand[];
}
