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
import { consoleEditor, consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];
const tag = (name: string) => ({ tags: [name] });

/** Banners, home tabs and hot words of one brand. */
function homeRoutes(app: AdminScope): void {
  const deps = app.deps;
  const access = { access: 'home.manage', ...tag('home page') } as const;
  const oneBanner = { ...access, target: 'banner', params: IdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/home/banners',
    { ...access, operationId: 'listBanners', querystring: BrandQuery, reply: ListBannersReply },
    async (request) => ok(await listBanners(deps.db, staffOf(request), request.query.platform)),
  );

  consoleRoute(
    app,
    'POST',
    '/home/banners',
    { ...access, operationId: 'createBanner', body: BannerInput, reply: BannerReply },
    async (request) => ok(await saveBanner(deps, staffOf(request), undefined, request.body)),
  );

  consoleRoute(
    app,
    'PUT',
    '/home/banners/:id',
    { ...oneBanner, operationId: 'updateBanner', body: BannerInput, reply: BannerReply },
    async (request) =>
      ok(await saveBanner(deps, staffOf(request), request.params.id, request.body)),
  );

  consoleRoute(
    app,
    'DELETE',
    '/home/banners/:id',
    { ...oneBanner, operationId: 'deleteBanner', reply: DeleteBannerReply },
    async (request) => {
      await deleteBanner(deps, staffOf(request), request.params.id);
      return ok(null);
    },
  );

  consoleRoute(
    app,
    'GET',
    '/home/banner-targets',
    { ...access, operationId: 'listBannerTargets', reply: BannerTargetsReply },
    async () =>
      ok({ pages: [...STOREFRONT_PAGES], hosts: [...deps.config.images.bannerLinkHosts] }),
  );

  consoleEditor(
    app,
    '/home/tabs',
    {
      ...access,
      operationIds: ['listHomeTabs', 'saveHomeTabs'],
      body: SaveHomeTabsBody,
      reply: HomeTabsReply,
    },
    async (request) => ok(await listHomeTabs(deps.db, staffOf(request), request.query.platform)),
    async (request) => ok(await saveHomeTabs(deps, staffOf(request), request.body)),
  );

  consoleEditor(
    app,
    '/home/hot-words',
    {
      ...access,
      operationIds: ['listHotWords', 'saveHotWords'],
      body: SaveHotWordsBody,
      reply: HotWordsReply,
    },
    async (request) => ok(await listHotWords(deps.db, staffOf(request), request.query.platform)),
    async (request) => ok(await saveHotWords(deps, staffOf(request), request.body)),
  );
}

/** Coupon templates and issuing them. */
function couponRoutes(app: AdminScope): void {
  const deps = app.deps;
  const access = { access: 'coupons.manage', ...tag('coupons') } as const;
  const oneCoupon = { ...access, target: 'coupon', params: IdParams } as const;

  consoleRoute(
    app,
    'GET',
    '/coupons',
    {
      ...access,
      operationId: 'listCoupons',
      querystring: ListCouponsQuery,
      reply: ListCouponsReply,
    },
    async (request) => ok(await listCoupons(deps.db, staffOf(request), request.query)),
  );

  consoleRoute(
    app,
    'POST',
    '/coupons',
    { ...access, operationId: 'createCoupon', body: CouponInput, reply: CouponReply },
    async (request) => ok(await saveCoupon(deps, staffOf(request), undefined, request.body)),
  );

  consoleRoute(
    app,
    'PUT',
    '/coupons/:id',
    { ...oneCoupon, operationId: 'updateCoupon', body: CouponInput, reply: CouponReply },
    async (request) =>
      ok(await saveCoupon(deps, staffOf(request), request.params.id, request.body)),
  );

  consoleRoute(
    app,
    'POST',
    '/coupons/:id/issue',
    { ...oneCoupon, operationId: 'issueCoupon', body: IssueCouponBody, reply: IssueCouponReply },
    async (request) =>
      ok(await issueCoupon(deps, staffOf(request), request.params.id, request.body)),
  );
}

/** Picture uploads: checked by content, resized, stored by content hash (images/upload.ts). */
function imageRoutes(app: AdminScope): void {
  const deps = app.deps;
  const { maxBytes } = deps.config.images;
  const store = createImageStore(imageStoreSettings(deps.config));

  consoleRoute(
    app,
    'POST',
    '/images',
    {
      access: 'images.upload',
      operationId: 'uploadImage',
      ...tag('images'),
      // Base64 is a third larger; room for that and a little more, so a file just over the limit
      // is refused with the limit named (images/upload.ts) rather than the generic 413.
      bodyLimit: maxBytes * 2 + 64 * 1024,
      body: UploadImageBody,
      reply: UploadImageReply,
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
