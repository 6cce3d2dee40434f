/**
 * Development helpers. `GET /dev/sms/last?mobile=…` tells the last code the sandbox SMS provider
 * delivered; it exists only while that provider is active and never in production mode.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DevSmsLastQuery, DevSmsLastReply } from '../../../contract/api/login.ts';
import { notFound, ok } from '../plugins/errors.ts';
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
};

export default devRoutes;
export const prefix = '/dev';
