import type { BrandImage } from '../../contract/brands/types';

/**
 * Where each brand image travels in a mini-program artifact (scripts/build.ts copies it there,
 * platform/brand-assets.ts points at it). The main package is size-limited: only what a
 * main-package page shows belongs there; the rest goes into the subpackage of the page that shows
 * it (a page can show files of the main package and of its own subpackage only). Pure data, read
 * by the build too.
 */
export const BRAND_IMAGE_PACKAGES: Readonly<Record<BrandImage, string>> = {
  // The home tab's banner: main package.
  home: '',
  login: 'pages/loginNew',
  return: 'pages/returnApplication',
};

export const BRAND_IMAGES = Object.keys(BRAND_IMAGE_PACKAGES) as BrandImage[];

/** A brand image's path inside a mini-program artifact, from its root (no leading slash). */
export function miniBrandImagePath(brandId: number, image: BrandImage): string {
  const root = BRAND_IMAGE_PACKAGES[image];
  return `${root ? `${root}/` : ''}assets/brands/${brandId}/${image}.png`;
}
