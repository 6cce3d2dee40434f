/**
 * Coupons (server/src/coupons/service.ts): the brand's offer, with `claimed` for a logged-in
 * caller; claiming one; the caller's own by state.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClaimCouponBody,
  ClaimCouponReply,
  CouponListReply,
  MyCouponListQuery,
  MyCouponListReply,
} from '../../../../contract/api/coupon.ts';
import { claimCoupon, myCoupons, offeredCoupons } from '../../coupons/service.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const couponRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(
    '/list',
    { onRequest: app.optionalAuth, schema: { response: { 200: CouponListReply } } },
    async (request) =>
      ok(await offeredCoupons(db, request.platform, request.user?.id ?? 0, app.deps.now())),
  );

  app.post(
    '/get',
    {
      onRequest: app.authenticate,
      schema: { body: ClaimCouponBody, response: { 200: ClaimCouponReply } },
    },
    async (request) =>
      ok(
        await claimCoupon(
          db,
          currentUser(request),
          request.platform,
          request.body.couponId,
          app.deps.now(),
        ),
      ),
  );

  app.get(
    '/my/list',
    {
      onRequest: app.authenticate,
      schema: { querystring: MyCouponListQuery, response: { 200: MyCouponListReply } },
    },
    async (request) =>
      ok(
        await myCoupons(db, currentUser(request), request.query.status ?? 'unused', app.deps.now()),
      ),
  );
};

export default couponRoutes;
export const prefix = '/api/coupon';
