/**
 * The console's discovery editors (issue 37, leftovers), per brand: the common problems (FAQ) of
 * the service tab, and the hot goods and 优享好物 lists. Each is the brand's own once saved; a
 * brand with none shows what every brand shares (saving an empty list returns it to them).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id } from '../api/envelope.ts';
import { BrandId } from './index.ts';

export const FaqItemInput = Type.Object({
  /** A question type (shared by every brand: the service tab's sections). */
  typeId: Id,
  question: FreeText(1, 100),
  answer: FreeText(1, 2000),
});
export type FaqItemInput = Static<typeof FaqItemInput>;

export const SaveFaqBody = Type.Object({
  platform: BrandId,
  /** The brand's own questions in order; none: the brand shows the shared ones again. */
  items: Type.Array(FaqItemInput, { maxItems: 200 }),
});
export type SaveFaqBody = Static<typeof SaveFaqBody>;

export const AdminFaq = Type.Object({
  /** Whether the brand has questions of its own (false: `items` are the shared ones it shows). */
  own: Type.Boolean(),
  types: Type.Array(Type.Object({ id: Id, name: Type.String() })),
  items: Type.Array(Type.Object({ typeId: Id, question: Type.String(), answer: Type.String() })),
});
export type AdminFaq = Static<typeof AdminFaq>;
export const FaqReply = Envelope(AdminFaq);
export type FaqReply = Static<typeof FaqReply>;

export const GOODS_LISTS = ['hot', 'enjoy'] as const;
export const GoodsListName = Type.Union(GOODS_LISTS.map((name) => Type.Literal(name)));
export type GoodsListName = Static<typeof GoodsListName>;

export const SaveGoodsListBody = Type.Object({
  platform: BrandId,
  /** The brand's own list in order; none: the shared list again. */
  goodsIds: Type.Array(Id, { maxItems: 100, uniqueItems: true }),
});
export type SaveGoodsListBody = Static<typeof SaveGoodsListBody>;

export const AdminGoodsList = Type.Object({
  list: GoodsListName,
  /** Whether the brand has its own list (false: `goodsIds` are the shared list it shows). */
  own: Type.Boolean(),
  goodsIds: Type.Array(Id),
});
export type AdminGoodsList = Static<typeof AdminGoodsList>;
export const GoodsListReply = Envelope(AdminGoodsList);
export type GoodsListReply = Static<typeof GoodsListReply>;

export const SaveCategoriesBody = Type.Object({
  platform: BrandId,
  /** The categories the brand lists, in order; none: every enabled category again. */
  categoryIds: Type.Array(Id, { maxItems: 100, uniqueItems: true }),
});
export type SaveCategoriesBody = Static<typeof SaveCategoriesBody>;

export const AdminCategories = Type.Object({
  /** Whether the brand has its own list (false: `categoryIds` are every enabled category). */
  own: Type.Boolean(),
  categoryIds: Type.Array(Id),
  /** Every enabled category, to choose from. */
  categories: Type.Array(Type.Object({ id: Id, name: Type.String() })),
});
export type AdminCategories = Static<typeof AdminCategories>;
export const CategoriesReply = Envelope(AdminCategories);
export type CategoriesReply = Static<typeof CategoriesReply>;
