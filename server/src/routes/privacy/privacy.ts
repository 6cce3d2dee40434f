/**
 * Privacy routes (/api/privacy), every one for the logged-in user on the calling brand only:
 * the consents still to give and recording or withdrawing them, account cancellation (what it
 * does and what blocks it, then doing it) and the export of the user's personal data.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CancelAccountBody,
  CancelAccountReply,
  CancellationCheckReply,
  ConsentBody,
  ConsentListReply,
  ConsentWithdrawBody,
  ExportReply,
  SubscribeBody,
  SubscribeReply,
  SubscribeTemplatesQuery,
  SubscribeTemplatesReply,
  WithholdingCancelBody,
  WithholdingListReply,
} from '../../../../contract/api/privacy.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';
import { recordSubscriptions, subscribeTemplatesOf } from '../../privacy/subscriptions.ts';
import { cancelWithholding, listWithholding } from '../../privacy/withholding.ts';
import { cancelAccount, cancellationCheck } from '../../privacy/account.ts';
import { exportPersonalData } from '../../privacy/export.ts';
import { consentStates, recordConsents, withdrawConsent } from '../../privacy/consents.ts';

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

  app.get(
    '/account/cancellation',
    { schema: { response: { 200: CancellationCheckReply } } },
    async (request) => ok(await cancellationCheck(deps.db, currentUser(request).id)),
  );

  app.post(
    '/account/cancel',
    { schema: { body: CancelAccountBody, response: { 200: CancelAccountReply } } },
    async (request) => ok(await cancelAccount(deps, currentUser(request).id)),
  );

  app.get('/export', { schema: { response: { 200: ExportReply } } }, async (request) => {
    const { id } = currentUser(request);
    return ok(await exportPersonalData(deps.db, id, deps.now()));
  });

  app.get(
    '/subscriptions/templates',
    {
      schema: { querystring: SubscribeTemplatesQuery, response: { 200: SubscribeTemplatesReply } },
    },
    async (request) =>
      ok(
        subscribeTemplatesOf(deps.config.subscribeTemplates, request.platform, request.query.host),
      ),
  );

  // requestSubscribeMessage's accepted ids: each allows one message (WeChat's one-time rule).
  app.post(
    '/subscriptions',
    { schema: { body: SubscribeBody, response: { 200: SubscribeReply } } },
    async (request) =>
      ok({ recorded: await recordSubscriptions(deps, currentUser(request), request.body) }),
  );

  app.get(
    '/withholding',
    { schema: { response: { 200: WithholdingListReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      return ok(await listWithholding(deps.db, id, platform));
    },
  );

  app.post(
    '/withholding/cancel',
    { schema: { body: WithholdingCancelBody, response: { 200: WithholdingListReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      return ok(
        await cancelWithholding(deps, { userId: id, platform, orderId: request.body.orderId }),
      );
    },
  );
};

export default privacyRoutes;
export const prefix = '/api/privacy';
