import type { ExplainItem, GoodsCard, GoodsInfo } from '@contract/api/goods';
import type { Page } from '../../contract/http';
import { get } from '../platform/request';

export function getGoodsInfo(id: number) {
  return get<GoodsInfo>(`/api/goods/info/${id}`);
}

/** General rules plus the goods' own explanations. */
export function getGoodsExplain(goodsId?: number) {
  return get<ExplainItem[]>('/api/goods/explain', goodsId ? { goodsId } : undefined);
}

export function getEnjoyGoods(pageNum: number, pageSize: number) {
  return get<Page<GoodsCard>>('/api/goods/enjoyList', { pageNum, pageSize });
}

/** The goods the brand opens when a link names none. */
export function getDefaultGoodsId() {
  return get<{ goodsId: number }>('/api/goods/getDefaultGoodsId');
}
