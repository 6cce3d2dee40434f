/**
 * The console's home-page editor, coupons and picture uploads (issue 37), registered from
 * `adminRoutes` (admin.ts) in the console's scope: its guard answers 401/403 before any body is
 * read, and each route names its permission (contract/admin/permissions.ts). The brand a write
 * touches is checked against the account's brands in the services.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CouponInput,
  CouponReply,
  IssueCouponBody,
  IssueCouponReply,
  ListCouponsQuery,
  ListCouponsReply,
} from '../../../../contract/admin/coupons.ts';
import {
  BannerInput,
  BannerReply,
  BannerTargetsReply,
  BrandQuery,
  DeleteBannerReply,
  HomeTabsReply,
  HotWordsReply,
  ListBannersReply,
  SaveHomeTabsBody,
  SaveHotWordsBody,
} from '../../../../contract/admin/home.ts';
import { UploadImageBody, UploadImageReply } from '../../../../contract/admin/images.ts';
import { IdParams } from '../../../../contract/api/envelope.ts';
import { issueCoupon, listCoupons, saveCoupon } from '../../admin/coupons.ts';
import { authorise, staffOf } from '../../admin/guard.ts';
import {
  deleteBanner,
  listBanners,
  listHomeTabs,
  listHotWords,
  saveBanner,
  saveHomeTabs,
  saveHotWords,
  STOREFRONT_PAGES,
} from '../../admin/home.ts';
import { appendAudit } from '../../admin/audit.ts';
import { createImageStore, imageStoreSettings } from '../../images/storage.ts';
import { decodeUpload, storeUploadedImage } from '../../images/upload.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];
const tag = (name: string) => ({ tags: [name] });

/** Banners, home tabs and hot words of one brand. */
function homeRoutes(app: AdminScope): void {
  const deps = app.deps;
  const access = { access: 'home.manage' as const };

  app.get(
    '/home/banners',
    {
      config: access,
      schema: {
        operationId: 'listBanners',
        ...tag('home page'),
        querystring: BrandQuery,
        response: { 200: ListBannersReply },
      },
    },
    async (request) => ok(await listBanners(deps.db, staffOf(request), request.query.platform)),
  );

  app.post(
    '/home/banners',
    {
      config: access,
      schema: {
        operationId: 'createBanner',
        ...tag('home page'),
        body: BannerInput,
        response: { 200: BannerReply },
      },
    },
    async (request) => ok(await saveBanner(deps, staffOf(request), undefined, request.body)),
  );

  app.put(
    '/home/banners/:id',
    {
      config: { ...access, target: 'banner' },
      schema: {
        operationId: 'updateBanner',
        ...tag('home page'),
        params: IdParams,
        body: BannerInput,
        response: { 200: BannerReply },
      },
    },
    async (request) =>
      ok(await saveBanner(deps, staffOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/home/banners/:id',
    {
      config: { ...access, target: 'banner' },
      schema: {
        operationId: 'deleteBanner',
        ...tag('home page'),
        params: IdParams,
        response: { 200: DeleteBannerReply },
      },
    },
    async (request) => {
      await deleteBanner(deps, staffOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/home/banner-targets',
    {
      config: access,
      schema: {
        operationId: 'listBannerTargets',
        ...tag('home page'),
        response: { 200: BannerTargetsReply },
      },
    },
    async () =>
      ok({ pages: [...STOREFRONT_PAGES], hosts: [...deps.config.images.bannerLinkHosts] }),
  );

  app.get(
    '/home/tabs',
    {
      config: access,
      schema: {
        operationId: 'listHomeTabs',
        ...tag('home page'),
        querystring: BrandQuery,
        response: { 200: HomeTabsReply },
      },
    },
    async (request) => ok(await listHomeTabs(deps.db, staffOf(request), request.query.platform)),
  );

  app.put(
    '/home/tabs',
    {
      config: access,
      schema: {
        operationId: 'saveHomeTabs',
        ...tag('home page'),
        body: SaveHomeTabsBody,
        response: { 200: HomeTabsReply },
      },
    },
    async (request) => ok(await saveHomeTabs(deps, staffOf(request), request.body)),
  );

  app.get(
    '/home/hot-words',
    {
      config: access,
      schema: {
        operationId: 'listHotWords',
        ...tag('home page'),
        querystring: BrandQuery,
        response: { 200: HotWordsReply },
      },
    },
    async (request) => ok(await listHotWords(deps.db, staffOf(request), request.query.platform)),
  );

  app.put(
    '/home/hot-words',
    {
      config: access,
      schema: {
        operationId: 'saveHotWords',
        ...tag('home page'),
        body: SaveHotWordsBody,
        response: { 200: HotWordsReply },
      },
    },
    async (request) => ok(await saveHotWords(deps, staffOf(request), request.body)),
  );
}

/** Coupon templates and issuing them. */
function couponRoutes(app: AdminScope): void {
  const deps = app.deps;
  const access = { access: 'coupons.manage' as const };

  app.get(
    '/coupons',
    {
      config: access,
      schema: {
        operationId: 'listCoupons',
        ...tag('coupons'),
        querystring: ListCouponsQuery,
        response: { 200: ListCouponsReply },
      },
    },
    async (request) => ok(await listCoupons(deps.db, staffOf(request), request.query)),
  );

  app.post(
    '/coupons',
    {
      config: access,
      schema: {
        operationId: 'createCoupon',
        ...tag('coupons'),
        body: CouponInput,
        response: { 200: CouponReply },
      },
    },
    async (request) => ok(await saveCoupon(deps, staffOf(request), undefined, request.body)),
  );

  app.put(
    '/coupons/:id',
    {
      config: { ...access, target: 'coupon' },
      schema: {
        operationId: 'updateCoupon',
        ...tag('coupons'),
        params: IdParams,
        body: CouponInput,
        response: { 200: CouponReply },
      },
    },
    async (request) =>
      ok(await saveCoupon(deps, staffOf(request), request.params.id, request.body)),
  );

  app.post(
    '/coupons/:id/issue',
    {
      config: { ...access, target: 'coupon' },
      schema: {
        operationId: 'issueCoupon',
        ...tag('coupons'),
        params: IdParams,
        body: IssueCouponBody,
        response: { 200: IssueCouponReply },
      },
    },
    async (request) =>
      ok(await issueCoupon(deps, staffOf(request), request.params.id, request.body)),
  );
}

/** Picture uploads: checked by content, resized, stored by content hash (images/upload.ts). */
function imageRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { maxBytes } = deps.config.images;
  const store = createImageStore(imageStoreSettings(deps.config));

  app.post(
    '/images',
    {
      config: { access: 'images.upload' },
      // Base64 is a third larger; room for that and a little more, so a file just over the limit
      // is refused with the limit named (images/upload.ts) rather than the generic 413.
      bodyLimit: maxBytes * 2 + 64 * 1024,
      schema: {
        operationId: 'uploadImage',
        ...tag('images'),
        body: UploadImageBody,
        response: { 200: UploadImageReply },
      },
    },
    async (request) => {
      const actor = staffOf(request);
      authorise(actor, 'images.upload', request.body.platform);
      const bytes = decodeUpload(request.body.data, maxBytes);
      const image = await storeUploadedImage(store, bytes, request.body.purpose);
      await appendAudit(
        deps.db,
        actor,
        {
          platform: request.body.platform,
          action: 'image.upload',
          targetType: 'image',
          targetId: image.url,
          after: { ...image, bytes: bytes.length },
        },
        deps.now(),
      );
      return ok(image);
    },
  );
}

/** Everything of issue 37's half: one call from `adminRoutes`. */
export function adminHomeRoutes(app: AdminScope): void {
  homeRoutes(app);
  couponRoutes(app);
  imageRoutes(app);
}
