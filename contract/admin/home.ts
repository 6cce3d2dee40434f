/**
 * The console's home-page editor (issue 37): per brand, the banners (image, and a link to goods,
 * a category, a storefront page or an https page on an allowed host), the home tabs with their
 * goods, and the search box's hot words. Every write reaches the storefront at once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, FreeText, Id } from '../api/envelope.ts';
import { BrandId } from './index.ts';

export const BrandQuery = Type.Object({ platform: BrandId });
export type BrandQuery = Static<typeof BrandQuery>;

export const BANNER_LINK_TYPES = ['none', 'goods', 'category', 'page', 'web'] as const;
export const AdminBannerLinkType = Type.Union(BANNER_LINK_TYPES.map((t) => Type.Literal(t)));
export type AdminBannerLinkType = Static<typeof AdminBannerLinkType>;

/**
 * A picture the console uploaded (`/assets/u/…`) or one of the catalogue's (`/assets/…`): a path
 * on this server, never another site's.
 */
export const ImagePath = Type.String({ pattern: '^/assets/[A-Za-z0-9_./-]{1,200}$' });

export const BannerInput = Type.Object({
  platform: BrandId,
  title: FreeText(1, 40),
  image: ImagePath,
  linkType: AdminBannerLinkType,
  /** A goods id, a category id, a storefront page path, an https URL, or '' (none). */
  linkValue: Type.String({ maxLength: 500 }),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type BannerInput = Static<typeof BannerInput>;

export const AdminBanner = Type.Object({
  id: Id,
  platform: BrandId,
  title: Type.String(),
  image: Type.String(),
  linkType: AdminBannerLinkType,
  linkValue: Type.String(),
  sort: Type.Integer(),
  enabled: Type.Boolean(),
});
export type AdminBanner = Static<typeof AdminBanner>;

export const ListBannersReply = Envelope(Type.Array(AdminBanner));
export type ListBannersReply = Static<typeof ListBannersReply>;
export const BannerReply = Envelope(AdminBanner);
export type BannerReply = Static<typeof BannerReply>;
export const DeleteBannerReply = Envelope(Type.Null());
export type DeleteBannerReply = Static<typeof DeleteBannerReply>;

/** A home tab and its goods in order; `id` keeps an existing tab (its links stay valid). */
export const HomeTabInput = Type.Object({
  id: Type.Optional(Id),
  name: FreeText(1, 10),
  goodsIds: Type.Array(Id, { maxItems: 200, uniqueItems: true }),
});
export type HomeTabInput = Static<typeof HomeTabInput>;

export const SaveHomeTabsBody = Type.Object({
  platform: BrandId,
  tabs: Type.Array(HomeTabInput, { maxItems: 12 }),
});
export type SaveHomeTabsBody = Static<typeof SaveHomeTabsBody>;

export const AdminHomeTab = Type.Object({
  id: Id,
  name: Type.String(),
  goodsIds: Type.Array(Id),
});
export type AdminHomeTab = Static<typeof AdminHomeTab>;
export const HomeTabsReply = Envelope(Type.Array(AdminHomeTab));
export type HomeTabsReply = Static<typeof HomeTabsReply>;

/** The brand's own hot words, in order (the words every brand shares are the seed's). */
export const SaveHotWordsBody = Type.Object({
  platform: BrandId,
  words: Type.Array(FreeText(1, 20), { maxItems: 30 }),
});
export type SaveHotWordsBody = Static<typeof SaveHotWordsBody>;
export const HotWordsReply = Envelope(Type.Object({ words: Type.Array(Type.String()) }));
export type HotWordsReply = Static<typeof HotWordsReply>;

/** What a banner may link to besides goods and categories: the storefront's pages and hosts. */
export const BannerTargetsReply = Envelope(
  Type.Object({ pages: Type.Array(Type.String()), hosts: Type.Array(Type.String()) }),
);
export type BannerTargetsReply = Static<typeof BannerTargetsReply>;
