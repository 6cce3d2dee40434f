import type { Brand, BrandImage } from '../brands';
import { miniBrandImagePath } from '../brands/images';
import { apiBase } from './config';

declare const BUILD_BRAND: string;

/**
 * NOTE(weapp/alipay): an artifact packages only its own brand's images, each in the package of
 * the page that shows it (src/brands/images.ts); another brand's images, needed only when a
 * launch link names that brand, come from the API host, which serves the same files.
 */
export function brandImageUrl(brand: Brand, image: BrandImage): string {
  if (String(brand.id) === BUILD_BRAND) return `/${miniBrandImagePath(brand.id, image)}`;
  return `${apiBase()}/static/brands/${brand.id}/${image}.png`;
}

/** The brand's selected tab icon: stamped into the artifact's assets/tabbar for its own brand. */
export function brandTabIconUrl(brand: Brand, icon: string): string {
  if (String(brand.id) === BUILD_BRAND) return `/assets/tabbar/${icon}-active.png`;
  return `${apiBase()}/static/brands/${brand.id}/tabbar/${icon}-active.png`;
}
