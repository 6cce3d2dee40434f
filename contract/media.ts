/**
 * The API's catalogue pictures (goods, categories, banners) under /assets/: each PNG has a WebP of
 * the same picture beside it, a third to a quarter of the size. server/src/seed/generate-images.ts
 * writes both and a server test checks every pair; the H5 app offers the WebP to browsers that
 * read it (components/picture), the mini-programs keep the PNG.
 */
export const CATALOG_ASSETS_PATH = '/assets/';

/** The WebP beside a catalogue PNG: the same path ending in .webp. */
export function webpPath(pngPath: string): string {
  return pngPath.replace(/\.png$/, '.webp');
}
