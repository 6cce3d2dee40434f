/** Pieces both route spellings (/api/user, /api/client) share. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import {
  AuthSubmitBody,
  FaceResultBody,
  FaceResultReply,
  FaceStartReply,
  IdentityReply,
} from '../../../contract/api/kyc.ts';
import type { AppDeps } from '../boot/deps.ts';
import { currentUser } from '../plugins/auth.ts';
import { requireConsent } from '../privacy/consents.ts';
import { badRequest, ok } from '../plugins/errors.ts';
import {
  faceResult,
  startFace,
  submitFromOcr,
  submitIdentity,
  type IdentityView,
  type KycUser,
} from './identity.ts';

/** Neither an OCR result nor both typed fields: bad input, refused before anything else. */
function assertSubmitFields(body: AuthSubmitBody): void {
  if (body.ocrId === undefined && (body.name === undefined || body.idNo === undefined)) {
    throw badRequest('请填写姓名和身份证号');
  }
}

/** auth/submit: a recognised OCR front side, or typed name and ID number. */
export function authSubmit(
  deps: AppDeps,
  user: KycUser,
  body: AuthSubmitBody,
  log: FastifyBaseLogger,
): Promise<IdentityView> {
  if (body.ocrId !== undefined) return submitFromOcr(deps, user, body.ocrId, log);
  if (body.name === undefined || body.idNo === undefined) {
    throw badRequest('请填写姓名和身份证号');
  }
  return submitIdentity(deps, user, { name: body.name, idNo: body.idNo, source: 'manual' }, log);
}

/**
 * Real name and face sessions, the calls both spellings answer alike: registered inside each
 * spelling's plugin, after its login hook, so it takes that plugin's prefix and hook.
 */
export const identityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;

  app.post(
    '/auth/submit',
    { schema: { body: AuthSubmitBody, response: { 200: IdentityReply } } },
    async (request) => {
      const user = currentUser(request);
      assertSubmitFields(request.body);
      // Real name sends the ID number to the credit bureau too: both consents, PIPL art. 29.
      await requireConsent(deps.db, user.id, user.platform, ['identity_and_face', 'credit_query']);
      return ok(await authSubmit(deps, user, request.body, request.log));
    },
  );

  app.post('/auth/face', { schema: { response: { 200: FaceStartReply } } }, async (request) => {
    const user = currentUser(request);
    await requireConsent(deps.db, user.id, user.platform, ['identity_and_face']);
    return ok(await startFace(deps, user));
  });

  app.post(
    '/face/result',
    { schema: { body: FaceResultBody, response: { 200: FaceResultReply } } },
    async (request) => ok(await faceResult(deps, currentUser(request), request.body.certifyId)),
  );
};
