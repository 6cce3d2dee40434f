/**
 * Home page: banners and tabs per brand (X-Platform) and channel, hot goods, category shortcuts,
 * keyword search and the channel visit report.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Id } from './envelope.ts';
import { ChannelCode, PageQuery } from './goods.ts';

/** Channel-specific items come first, then the brand's own. */
export const ChannelQuery = Type.Object({ channelCode: Type.Optional(ChannelCode) });
export type ChannelQuery = Static<typeof ChannelQuery>;

export const BannerLinkType = Type.Union([
  Type.Literal('none'),
  Type.Literal('goods'),
  Type.Literal('category'),
  Type.Literal('page'),
  // An https page on a host the storefront's web-view allows (TARO_APP_WEBVIEW_HOSTS).
  Type.Literal('web'),
]);
export type BannerLinkType = Static<typeof BannerLinkType>;

/** `linkValue`: a goods id, a category id, a page path or an https URL, by `linkType`. */
export const BannerItem = Type.Object({
  id: Id,
  title: Type.String(),
  image: Type.String(),
  linkType: BannerLinkType,
  linkValue: Type.String(),
});
export type BannerItem = Static<typeof BannerItem>;
export const BannerReply = Envelope(Type.Array(BannerItem));
export type BannerReply = Static<typeof BannerReply>;

export const CategoryItem = Type.Object({ id: Id, name: Type.String(), icon: Type.String() });
export type CategoryItem = Static<typeof CategoryItem>;
export const CategoryListReply = Envelope(Type.Array(CategoryItem));
export type CategoryListReply = Static<typeof CategoryListReply>;

export const CategoryByChannelQuery = Type.Object({ channelCode: ChannelCode });
export type CategoryByChannelQuery = Static<typeof CategoryByChannelQuery>;

export const TabItem = Type.Object({ id: Id, name: Type.String() });
export type TabItem = Static<typeof TabItem>;
export const TabReply = Envelope(Type.Array(TabItem));
export type TabReply = Static<typeof TabReply>;

export const TabGoodsQuery = Type.Composite([Type.Object({ tabId: Id }), PageQuery]);
export type TabGoodsQuery = Static<typeof TabGoodsQuery>;

/** Matches goods names, brands and category names (case-insensitive substring of each word). */
export const SearchQuery = Type.Composite([
  Type.Object({ keyword: Type.String({ minLength: 1, maxLength: 50 }) }),
  PageQuery,
]);
export type SearchQuery = Static<typeof SearchQuery>;

/** A launch with a channel code; `deviceId` makes repeats from one device count once a day. */
export const UvBody = Type.Object({
  channelCode: ChannelCode,
  deviceId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
});
export type UvBody = Static<typeof UvBody>;
export const UvReply = Envelope(Type.Object({ counted: Type.Boolean() }));
export type UvReply = Static<typeof UvReply>;
