/** Pieces both route spellings (/api/user, /api/client) share. */
import type { FastifyRequest } from 'fastify';
import type { AuthSubmitBody } from '../../../contract/api/kyc.ts';
import type { AppDeps } from '../deps.ts';
import { badRequest } from '../plugins/errors.ts';
import { submitFromOcr, submitIdentity, type IdentityView } from './identity.ts';

/** This server's origin as the client reached it: sandbox pages and callbacks are served here. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** auth/submit: a recognised OCR front side, or typed name and ID number. */
export function authSubmit(
  deps: AppDeps,
  userId: number,
  body: AuthSubmitBody,
): Promise<IdentityView> {
  if (body.ocrId !== undefined) return submitFromOcr(deps, userId, body.ocrId);
  if (body.name === undefined || body.idNo === undefined) {
    throw badRequest('请填写姓名和身份证号');
  }
  return submitIdentity(deps, userId, { name: body.name, idNo: body.idNo, source: 'manual' });
}
