/**
 * `GET /api/test/aliPayFreeze`: a test fund authorisation of 0.01 yuan on the caller's brand,
 * frozen and released at once, so the storefront can check the Alipay authorisation works before
 * the real one. A test route: registered in the development and test modes only, never in
 * production (where it would let anyone open authorisations on the merchant's account).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FreezeReply } from '../../../../contract/api/order.ts';
import { startTestFreeze } from '../../orders/deposit-freeze.ts';
import { currentUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const testRoutes: FastifyPluginAsyncTypebox = async (app) => {
  if (app.deps.config.appEnv === 'production') return;
  app.get(
    '/aliPayFreeze',
    { onRequest: app.authenticate, schema: { response: { 200: FreezeReply } } },
    async (request) => ok(await startTestFreeze(app.deps, currentUser(request).platform)),
  );
};

export const prefix = '/api/test';
export default testRoutes;
