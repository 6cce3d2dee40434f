/**
 * Verification routes under /api/user (the mini-program spelling): bank-card lookup and binding,
 * real-name submit and face sessions (`identityRoutes`, shared with /api/client), and the
 * verification status. See src/kyc/README.md for how these pair with the /api/client ones.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BankCardListReply,
  BankCardReply,
  BankInfoQuery,
  BankInfoReply,
  BindBody,
  BindPreOrderBody,
  BindPreOrderReply,
  VerifyBindBody,
  VerifyBindReply,
} from '../../../../contract/api/bankcard.ts';
import { AuthStatusReply } from '../../../../contract/api/kyc.ts';
import { bankInfo, bindCard, listCards, preBindCard, verifyBindCode } from '../../kyc/bankcard.ts';
import { identityOf } from '../../kyc/identity.ts';
import { identityRoutes } from '../../kyc/routes-shared.ts';
import { verificationStatus } from '../../kyc/status.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const kycUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // onRequest: an anonymous caller is refused before the body is even validated.
  requireUser(app);

  app.get(
    '/getBankInfo',
    { schema: { querystring: BankInfoQuery, response: { 200: BankInfoReply } } },
    async (request) => ok(bankInfo(request.query.cardNo)),
  );

  app.post(
    '/bindCardPreOrder',
    {
      onRequest: app.limitLogin,
      schema: { body: BindPreOrderBody, response: { 200: BindPreOrderReply } },
    },
    async (request) => ok(await preBindCard(deps, currentUser(request), request.body)),
  );

  app.post(
    '/verifyBindCard',
    {
      onRequest: app.limitLogin,
      schema: { body: VerifyBindBody, response: { 200: VerifyBindReply } },
    },
    async (request) =>
      ok(
        await verifyBindCode(deps, currentUser(request).id, request.body.bindId, request.body.code),
      ),
  );

  app.post(
    '/bindBindCard',
    { schema: { body: BindBody, response: { 200: BankCardReply } } },
    async (request) => ok(await bindCard(deps, currentUser(request).id, request.body.bindId)),
  );

  app.get('/bankCards', { schema: { response: { 200: BankCardListReply } } }, async (request) =>
    ok(await listCards(deps, currentUser(request).id)),
  );

  await app.register(identityRoutes);

  app.get('/auth/status', { schema: { response: { 200: AuthStatusReply } } }, async (request) => {
    // What this brand verified: another brand's verification is that company's, not this one's.
    const user = currentUser(request);
    return ok({
      status: await verificationStatus(deps.db, user),
      identity: await identityOf(deps.db, user),
    });
  });
};

export default kycUserRoutes;
export const prefix = '/api/user';
