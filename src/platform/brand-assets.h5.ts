import type { Brand, BrandImage } from '../brands';

/** NOTE(h5): every brand's images are served beside the app, under /static/brands. */
export function brandImageUrl(brand: Brand, image: BrandImage): string {
  return `/static/brands/${brand.id}/${image}.png`;
}

/** The brand's selected tab icon (`<icon>-active.png`, drawn in the brand's colour). */
export function brandTabIconUrl(brand: Brand, icon: string): string {
  return `/static/brands/${brand.id}/tabbar/${icon}-active.png`;
}
