import type { BannerItem, CategoryItem, TabItem } from '@contract/api/home';
import type { GoodsCard } from '@contract/api/goods';
import type { Page } from '../../contract/http';
import { get } from '../platform/request';

/** Home page data: banners, tabs and categories per brand (X-Platform) and launch channel. */

export function getBanners(channelCode?: string) {
  return get<BannerItem[]>('/api/home/banner', channelCode ? { channelCode } : undefined);
}

export function getHomeTabs(channelCode?: string) {
  return get<TabItem[]>('/api/home/tab', channelCode ? { channelCode } : undefined);
}

export function getTabGoods(tabId: number, pageNum: number, pageSize: number) {
  return get<Page<GoodsCard>>('/api/home/tabGoods', { tabId, pageNum, pageSize });
}

export function getHotGoods(pageNum: number, pageSize: number) {
  return get<Page<GoodsCard>>('/api/home/hotGoods', { pageNum, pageSize });
}

/** The channel's own selection when a channel code is present, else every category. */
export function getHomeCategories(channelCode?: string) {
  return channelCode
    ? get<CategoryItem[]>('/api/home/categoryByChannel', { channelCode })
    : get<CategoryItem[]>('/api/home/category');
}

export function searchGoods(keyword: string, pageNum: number, pageSize: number) {
  return get<Page<GoodsCard>>('/api/home/search', { keyword, pageNum, pageSize });
}
