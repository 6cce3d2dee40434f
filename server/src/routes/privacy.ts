/**
 * Privacy routes (/api/privacy), every one for the logged-in user on the calling brand only:
 * the consents still to give and recording or withdrawing them.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConsentBody,
  ConsentListReply,
  ConsentWithdrawBody,
} from '../../../contract/api/privacy.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { ok } from '../plugins/errors.ts';
import { consentStates, recordConsents, withdrawConsent } from '../privacy/consents.ts';

const privacyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // onRequest: an anonymous caller is refused before the body is even validated.
  requireUser(app);

  app.get('/consents', { schema: { response: { 200: ConsentListReply } } }, async (request) => {
    const { id, platform } = currentUser(request);
    return ok(await consentStates(deps.db, id, platform));
  });

  app.post(
    '/consents',
    { schema: { body: ConsentBody, response: { 200: ConsentListReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      await recordConsents(deps.db, {
        userId: id,
        platform,
        ip: request.ip,
        now: deps.now(),
        ...request.body,
      });
      return ok(await consentStates(deps.db, id, platform));
    },
  );

  app.post(
    '/consents/withdraw',
    { schema: { body: ConsentWithdrawBody, response: { 200: ConsentListReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      await withdrawConsent(deps.db, {
        userId: id,
        platform,
        kind: request.body.kind,
        now: deps.now(),
      });
      return ok(await consentStates(deps.db, id, platform));
    },
  );
};

export default privacyRoutes;
export const prefix = '/api/privacy';
