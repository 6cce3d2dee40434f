import type { BannerItem } from '@contract/api/home';
import { routeMeta } from '../../routes';
import { productUrl } from './GoodsCardView';
import { useCatalogStore } from './store';
import { openPage } from '../../platform/open-page';

export const CLASSIFY_URL = '/pages/classify/classify';
export const SEARCH_URL = '/pages/search/search';

/** Open a category on the classify tab. */
export function openCategory(id: number): Promise<boolean> {
  useCatalogStore.getState().openCategory(id);
  return openPage(CLASSIFY_URL);
}

/**
 * Where a banner leads. A page link is followed only when it names one of our routes, and a web
 * link only to an https page on an allowed host, so a banner can never send the user elsewhere.
 */
export function followBanner(banner: Pick<BannerItem, 'linkType' | 'linkValue'>): Promise<boolean> {
  const id = Number(banner.linkValue);
  switch (banner.linkType) {
    case 'goods':
      return Number.isInteger(id) && id > 0 ? openPage(productUrl(id)) : Promise.resolve(false);
    case 'category':
      return Number.isInteger(id) && id > 0 ? openCategory(id) : Promise.resolve(false);
    case 'page': {
      const path = banner.linkValue.replace(/^\//, '');
      return routeMeta(path) ? openPage(`/${path}`) : Promise.resolve(false);
    }
    case 'web':
      // The web-view page opens only an https page on an allowed host (and the console checked
      // the link before saving); its checks stay in its subpackage, out of the home page's.
      return openPage(`/pages/webView/webView?url=${encodeURIComponent(banner.linkValue)}`);
    default:
      return Promise.resolve(false);
  }
}
