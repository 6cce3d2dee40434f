/**
 * Early return (提前归还), beside the other order routes under /api/order: the quote the order
 * screen shows, and the confirmation carrying the total the user saw. Own orders on this brand.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../../contract/api/envelope.ts';
import { EarlyReturnBody, OrderDetailReply, QuoteReply } from '../../../../contract/api/order.ts';
import { applyEarlyReturn, quoteEarlyReturn } from '../../orders/early-return.ts';
import { orderDetail } from '../../orders/queries.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const earlyReturnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  // onRequest: an anonymous caller is refused before the request is even validated.
  requireUser(app);

  app.get(
    '/earlyReturnQuote/:id',
    { schema: { params: IdParams, response: { 200: QuoteReply } } },
    async (request) => {
      const quote = await quoteEarlyReturn(db, app.deps, currentUser(request), request.params.id);
      return ok({ ...quote, newEndDate: null });
    },
  );

  app.post(
    '/apply/earlyReturn',
    { schema: { body: EarlyReturnBody, response: { 200: OrderDetailReply } } },
    async (request) => {
      const user = currentUser(request);
      await applyEarlyReturn(db, app.deps, user, request.body);
      return ok(await orderDetail(db, user, request.body.orderId));
    },
  );
};

export default earlyReturnRoutes;
export const prefix = '/api/order';
