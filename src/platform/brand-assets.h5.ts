import type { Brand, BrandImage } from '../brands';

/** NOTE(h5): every brand's images are served beside the app, under /static/brands. */
export function brandImageUrl(brand: Brand, image: BrandImage): string {
  return `/static/brands/${brand.id}/${image}.png`;
}
