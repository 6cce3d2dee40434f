/**
 * `GET /api/test/aliPayFreeze`: a test fund authorisation of 0.01 yuan, frozen and released at
 * once, so the storefront can check the Alipay authorisation works before the real one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FreezeReply } from '../../../contract/api/order.ts';
import { newTradeNo } from '../orders/service.ts';
import { currentUser } from '../plugins/auth.ts';
import { ok } from '../plugins/errors.ts';
import { gateways } from '../payments/registry.ts';

const testRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/aliPayFreeze',
    { preHandler: app.authenticate, schema: { response: { 200: FreezeReply } } },
    async (request) => {
      currentUser(request);
      const outRequestNo = newTradeNo('TF');
      // The notification of a TF… request is answered by unfreezing it (see handleNotification).
      await gateways(app.deps).alipay.freeze({ outRequestNo, amount: 1 });
      return ok({ outRequestNo, amount: 1, status: 'pending' });
    },
  );
};

export default testRoutes;
