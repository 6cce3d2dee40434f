import type { CategoryItem, GoodsSort } from '@contract/api/category';
import type { GoodsCard } from '@contract/api/goods';
import type { Page } from '../../contract/http';
import { get } from '../platform/request';

export function getCategories() {
  return get<CategoryItem[]>('/api/category/list');
}

export function getCategoryGoods(
  categoryId: number,
  pageNum: number,
  pageSize: number,
  sort: GoodsSort = 'default',
) {
  return get<Page<GoodsCard>>('/api/category/goods', { categoryId, sort, pageNum, pageSize });
}
