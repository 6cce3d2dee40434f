/**
 * Development helpers for browser tests and demos, only while the sandbox providers are active
 * and never in production mode: `GET /dev/sms/last?mobile=…` (the last login code the sandbox SMS
 * provider delivered) and `GET /dev/bankcard/last?mobile=…` (the last code the sandbox bank sent
 * to a card's reserved mobile while binding).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevSmsLastQuery, DevSmsLastReply } from '../../../contract/api/login.ts';
import { notFound, ok } from '../plugins/errors.ts';
import { SandboxBankCard } from '../providers/bank-card/sandbox.ts';
import { SandboxSms } from '../providers/sms/sandbox.ts';

const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, providers } = app.deps;
  const sms = providers.sms;
  if (config.appEnv === 'production' || !(sms instanceof SandboxSms)) return;

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
};

export default devRoutes;
export const prefix = '/dev';
