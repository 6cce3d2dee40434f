/**
 * `GET /api/test/aliPayFreeze`: a test fund authorisation of 0.01 yuan, frozen and released at
 * once, so the storefront can check the Alipay authorisation works before the real one.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FreezeReply } from '../../../contract/api/order.ts';
import { newTradeNo } from '../payments/operations.ts';
import { currentUser } from '../plugins/auth.ts';
import { ok } from '../plugins/errors.ts';

const testRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/aliPayFreeze',
    { onRequest: app.authenticate, schema: { response: { 200: FreezeReply } } },
    async (request) => {
      const { platform } = currentUser(request);
      const outRequestNo = newTradeNo('TF');
      const alipay = app.deps.providers.payments.forBrand(platform).alipay;
      // Live: the user authorises it in the wallet with this order string.
      if (alipay.freezeOrder)
        return ok({
          outRequestNo,
          amount: 1,
          status: 'pending',
          orderStr: alipay.freezeOrder({ outRequestNo, amount: 1, title: '免押授权测试' }),
        });
      // Nothing of ours is written for it, so it is asked at once; its success notification
      // queues the unfreeze (applyFreezeOutcome).
      await alipay.freeze({ outRequestNo, amount: 1 });
      return ok({ outRequestNo, amount: 1, status: 'pending' });
    },
  );
};

export default testRoutes;
