import { isPlatformId, type PlatformId } from '../../contract/http';
import { loadBrandRecords } from '../platform/brand-records';
import type { Brand } from '../../contract/brands/types';

export type { Brand, BrandImage } from '../../contract/brands/types';

/** The nine brands, as written into this artifact at build time. */
export const BRANDS: readonly Brand[] = loadBrandRecords();

declare const BUILD_BRAND: string | undefined;

/**
 * The brand a mini-program artifact was built for (a token scripts/build.ts stamps per brand);
 * undefined on H5, which serves all nine, and outside a build.
 */
export function buildBrandId(): PlatformId | undefined {
  return parsePlatformId(typeof BUILD_BRAND === 'string' ? BUILD_BRAND : undefined);
}

export function getBrand(id: PlatformId): Brand {
  return BRANDS[id - 1];
}

/** Parses a platform id from a launch query or storage value; anything but 1-9 is undefined. */
export function parsePlatformId(value: unknown): PlatformId | undefined {
  if (typeof value === 'number') return isPlatformId(value) ? value : undefined;
  if (typeof value !== 'string' || !/^[1-9]$/.test(value.trim())) return undefined;
  const id = Number(value.trim());
  return isPlatformId(id) ? id : undefined;
}

/**
 * Active brand: the launch query's `platform`, else the stored platform, else the build's
 * default brand, else 1. Invalid values at any level are skipped.
 */
export function resolveBrandId(sources: {
  query?: unknown;
  stored?: unknown;
  buildDefault?: unknown;
}): { id: PlatformId; fromQuery: boolean } {
  const fromQuery = parsePlatformId(sources.query);
  if (fromQuery) return { id: fromQuery, fromQuery: true };
  return {
    id: parsePlatformId(sources.stored) ?? parsePlatformId(sources.buildDefault) ?? 1,
    fromQuery: false,
  };
}
