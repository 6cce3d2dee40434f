/**
 * Verification routes under /api/client (the H5 spelling): ID-card OCR, real-name submit and face
 * sessions (`identityRoutes`, shared with /api/user), the selfie upload, the emergency contact
 * ("link"), and the order's contract.
 * See src/kyc/README.md for how these pair with the /api/user ones.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrderRef, ContractViewReply } from '../../../../contract/api/contract.ts';
import {
  FacePutBody,
  FaceResultReply,
  LinkReply,
  LinkSubmitBody,
  OcrBody,
  OcrReply,
} from '../../../../contract/api/kyc.ts';
import { checkContract, contractHtml } from '../../esign/service.ts';
import { contactOf, faceResult, ocrIdCard, putFacePhoto, saveContact } from '../../kyc/identity.ts';
import { identityRoutes } from '../../kyc/routes-shared.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { requireConsent } from '../../privacy/consents.ts';
import { ok } from '../../plugins/errors.ts';

const kycClientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // onRequest: an anonymous caller is refused before the body is even validated.
  requireUser(app);

  app.post(
    '/idcard/ocr',
    { schema: { body: OcrBody, response: { 200: OcrReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      await requireConsent(deps.db, id, platform, ['identity_and_face']);
      const result = await ocrIdCard(deps, id, request.body.fileId, request.body.side);
      return ok({
        ocrId: result.ocrId,
        side: result.side,
        recognised: result.recognised,
        name: result.recognised && result.side === 'front' ? result.name : null,
        idNoMasked: result.recognised && result.side === 'front' ? result.idNoMasked : null,
        validTo: result.recognised && result.side === 'back' ? result.validTo : null,
      });
    },
  );

  await app.register(identityRoutes);

  // The latest session's verdict, for a page that came back from the face flow without its id.
  app.post('/face/result2', { schema: { response: { 200: FaceResultReply } } }, async (request) =>
    ok(await faceResult(deps, currentUser(request), undefined)),
  );

  app.post(
    '/face/put',
    { schema: { body: FacePutBody, response: { 200: FaceResultReply } } },
    async (request) => {
      const user = currentUser(request);
      await requireConsent(deps.db, user.id, user.platform, ['identity_and_face']);
      return ok(await putFacePhoto(deps, user, request.body.certifyId, request.body.fileId));
    },
  );

  app.post(
    '/link/submit',
    { schema: { body: LinkSubmitBody, response: { 200: LinkReply } } },
    async (request) => ok(await saveContact(deps, currentUser(request).id, request.body)),
  );

  app.post('/link/detail', { schema: { response: { 200: LinkReply } } }, async (request) =>
    ok(await contactOf(deps.db, currentUser(request).id)),
  );

  app.post(
    '/contract',
    { schema: { body: OrderRef, response: { 200: ContractViewReply } } },
    async (request) => {
      const user = currentUser(request);
      const check = await checkContract(deps, user, request.body.orderId);
      const { html } = await contractHtml(deps, user, request.body.orderId);
      return ok({ ...check, html });
    },
  );
};

export default kycClientRoutes;
export const prefix = '/api/client';
