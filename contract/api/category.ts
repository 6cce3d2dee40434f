/** Classify page: every category, and a category's goods page by page. */
import { Type, type Static } from '@sinclair/typebox';
import { Id } from './envelope.ts';
import { PageQuery } from './goods.ts';

export { CategoryItem, CategoryListReply } from './home.ts';

export const GoodsSort = Type.Union([
  Type.Literal('default'),
  Type.Literal('sales'),
  Type.Literal('rentAsc'),
  Type.Literal('rentDesc'),
]);
export type GoodsSort = Static<typeof GoodsSort>;

/**
 * `categoryId` left out means the first category of `/api/category/list`: the classify page asks
 * for its goods while the list is still on its way, not one round trip after it.
 */
export const CategoryGoodsQuery = Type.Composite([
  Type.Object({ categoryId: Type.Optional(Id), sort: Type.Optional(GoodsSort) }),
  PageQuery,
]);
export type CategoryGoodsQuery = Static<typeof CategoryGoodsQuery>;
