/**
 * Development helpers for browser tests and demos, only while the sandbox providers are active
 * and the mode is development or test (APP_ENV, or NODE_ENV without it; never production): `GET /dev/sms/last?mobile=…` (the last login code the sandbox SMS
 * provider delivered) and `GET /dev/bankcard/last?mobile=…` (the last code the sandbox bank sent
 * to a card's reserved mobile while binding), and `POST /dev/privacy/outdate?mobile=…` (the
 * user's agreement to the privacy policy becomes one to an older version, as when a new version
 * is published: the app must ask again).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope } from '../../../../contract/api/envelope.ts';
import { DevSmsLastQuery, DevSmsLastReply } from '../../../../contract/api/login.ts';
import { notFound, ok } from '../../plugins/errors.ts';
import { outdatePrivacyConsent } from '../../privacy/consents.ts';
import { SandboxBankCard } from '../../providers/bank-card/sandbox.ts';
import { SandboxSms } from '../../providers/sms/sandbox.ts';

const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, providers } = app.deps;
  const sms = providers.sms;
  // Named modes only: anything new or unforeseen gets no development route.
  const developing = config.appEnv === 'development' || config.appEnv === 'test';
  if (!developing || !(sms instanceof SandboxSms)) return;

  app.get(
    '/sms/last',
    { schema: { querystring: DevSmsLastQuery, response: { 200: DevSmsLastReply } } },
    async (request) => {
      const code = sms.lastCode(request.query.mobile);
      if (!code) throw notFound('没有发送给该号码的验证码');
      return ok({ code });
    },
  );

  app.get(
    '/bankcard/last',
    { schema: { querystring: DevSmsLastQuery, response: { 200: DevSmsLastReply } } },
    async (request) => {
      const bankCard = app.deps.providers.bankCard;
      const code =
        bankCard instanceof SandboxBankCard ? bankCard.lastCode(request.query.mobile) : undefined;
      if (!code) throw notFound('没有发送给该号码的验证码');
      return ok({ code });
    },
  );

  app.post(
    '/privacy/outdate',
    { schema: { querystring: DevSmsLastQuery, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const found = await outdatePrivacyConsent(app.deps.db, request.query.mobile);
      if (!found) throw notFound('没有该手机号的用户');
      return ok(null);
    },
  );
};

export default devRoutes;
export const prefix = '/dev';
