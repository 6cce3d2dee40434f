import type { CategoryItem, GoodsSort } from '@contract/api/category';
import type { GoodsCard } from '@contract/api/goods';
import type { Page } from '../../contract/http';
import { get } from '../platform/request';

export function getCategories() {
  return get<CategoryItem[]>('/api/category/list');
}

/** A category's goods; `categoryId` undefined means the first category the list gives. */
export function getCategoryGoods(
  categoryId: number | undefined,
  pageNum: number,
  pageSize: number,
  sort: GoodsSort = 'default',
) {
  return get<Page<GoodsCard>>('/api/category/goods', { categoryId, sort, pageNum, pageSize });
}
