/**
 * Goods: the card shown in every list, the detail with its SKUs, rental plans and value-added
 * services, explanation text, premium (enjoy) goods and a brand's default goods.
 * Money is integer fen. Image paths are relative to the API host (`/assets/…`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Id, PageOf, PageQuery as PagingFields } from './envelope.ts';

/** `pageNum` is 1-based; `pageSize` at most 50. */
export const PageQuery = Type.Object(PagingFields);
export type PageQuery = Static<typeof PageQuery>;

/** Launch channel code (`code` in the launch query). */
export const ChannelCode = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

export const GoodsCard = Type.Object({
  id: Id,
  categoryId: Id,
  name: Type.String(),
  subtitle: Type.String(),
  brandName: Type.String(),
  cover: Type.String(),
  tags: Type.Array(Type.String()),
  /** Lowest monthly rent over the goods' SKUs and monthly plans. */
  minRent: Type.Integer(),
  marketPrice: Type.Integer(),
  sales: Type.Integer(),
  isEnjoy: Type.Boolean(),
});
export type GoodsCard = Static<typeof GoodsCard>;

export const GoodsPage = PageOf(GoodsCard);
export type GoodsPage = Static<typeof GoodsPage>;
export const GoodsPageReply = Envelope(GoodsPage);
export type GoodsPageReply = Static<typeof GoodsPageReply>;

export const GoodsCondition = Type.Union([
  Type.Literal('全新'),
  Type.Literal('99新'),
  Type.Literal('95新'),
]);
export type GoodsCondition = Static<typeof GoodsCondition>;

export const GoodsSku = Type.Object({
  id: Id,
  color: Type.String(),
  capacity: Type.String(),
  condition: GoodsCondition,
  /** Market value of this SKU. */
  price: Type.Integer(),
  stock: Type.Integer(),
  image: Type.String(),
});
export type GoodsSku = Static<typeof GoodsSku>;

export const TermUnit = Type.Union([Type.Literal('month'), Type.Literal('day')]);
export type TermUnit = Static<typeof TermUnit>;

/** A rental plan of one SKU: `term` periods of one `termUnit` each. */
export const GoodsPlan = Type.Object({
  id: Id,
  skuId: Id,
  termUnit: TermUnit,
  term: Type.Integer(),
  rentPerPeriod: Type.Integer(),
  /** Paid on signing: the first month, or the whole term of a day plan. */
  firstPayment: Type.Integer(),
  deposit: Type.Integer(),
  totalRent: Type.Integer(),
  /** `buyoutPrices[k]`: price to buy the item out after k periods are paid (k = 0 … term). */
  buyoutPrices: Type.Array(Type.Integer()),
});
export type GoodsPlan = Static<typeof GoodsPlan>;

export const ValueAddedService = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  price: Type.Integer(),
  /** `period`: added to every rent; `once`: paid with the first payment. */
  priceUnit: Type.Union([Type.Literal('once'), Type.Literal('period')]),
  required: Type.Boolean(),
});
export type ValueAddedService = Static<typeof ValueAddedService>;

export const GoodsInfo = Type.Composite([
  GoodsCard,
  Type.Object({
    categoryName: Type.String(),
    /** The merchant's description, sanitised HTML (empty when none). */
    description: Type.Optional(Type.String()),
    images: Type.Array(Type.String()),
    detailImages: Type.Array(Type.String()),
    skus: Type.Array(GoodsSku),
    plans: Type.Array(GoodsPlan),
    services: Type.Array(ValueAddedService),
  }),
]);
export type GoodsInfo = Static<typeof GoodsInfo>;

export const GoodsInfoParams = Type.Object({ id: Id });
export type GoodsInfoParams = Static<typeof GoodsInfoParams>;
export const GoodsInfoReply = Envelope(GoodsInfo);
export type GoodsInfoReply = Static<typeof GoodsInfoReply>;

export const ExplainKind = Type.Union([
  Type.Literal('rent_rule'),
  Type.Literal('value_added'),
  Type.Literal('buyout'),
  Type.Literal('return'),
  Type.Literal('notice'),
]);
export type ExplainKind = Static<typeof ExplainKind>;

/** Rules and explanations: every goods' general ones, plus the goods' own when `goodsId` is given. */
export const ExplainQuery = Type.Object({
  goodsId: Type.Optional(Id),
  kind: Type.Optional(ExplainKind),
});
export type ExplainQuery = Static<typeof ExplainQuery>;
export const ExplainItem = Type.Object({
  id: Id,
  kind: ExplainKind,
  title: Type.String(),
  content: Type.String(),
});
export type ExplainItem = Static<typeof ExplainItem>;
export const ExplainReply = Envelope(Type.Array(ExplainItem));
export type ExplainReply = Static<typeof ExplainReply>;

/** The goods a brand opens when a link carries no goods id. */
export const DefaultGoodsReply = Envelope(Type.Object({ goodsId: Id }));
export type DefaultGoodsReply = Static<typeof DefaultGoodsReply>;
