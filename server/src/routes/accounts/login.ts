/**
 * Login (server/src/accounts/login.ts): SMS codes, Alipay's auth code, a mini-program's phone
 * number, silent login with a bound open id. Rate-limited per client IP before anything else.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HEADER_USER_TYPE, USER_TYPE_APP } from '../../../../contract/http.ts';
import {
  GetTokenForUniQuery,
  GetTokenForUniReply,
  LoginForAlipayBody,
  LoginForSmsBody,
  LoginForUniBody,
  SendCodeBody,
  SendCodeReply,
  TokenReply,
} from '../../../../contract/api/login.ts';
import {
  loginWithAlipay,
  loginWithBoundOpenId,
  loginWithPhoneNumber,
  loginWithSmsCode,
  sendLoginCode,
} from '../../accounts/login.ts';
import { badRequest, ok } from '../../plugins/errors.ts';

type LoginApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** Logging in with a code sent by SMS. */
function smsLoginRoutes(app: LoginApp): void {
  const deps = app.deps;

  app.post(
    '/sendCode',
    { schema: { body: SendCodeBody, response: { 200: SendCodeReply } } },
    async (request) => {
      const input = { mobile: request.body.mobile, ip: request.ip, platform: request.platform };
      await sendLoginCode(deps, input, request.log);
      return ok({ retryAfter: 60 });
    },
  );

  app.post(
    '/loginForSms',
    { schema: { body: LoginForSmsBody, response: { 200: TokenReply } } },
    async (request) => ok({ token: await loginWithSmsCode(deps, request.body, request.platform) }),
  );
}

/** Logging in from a mini-program: Alipay's auth code, the phone number, a bound open id. */
function miniProgramLoginRoutes(app: LoginApp): void {
  const deps = app.deps;

  app.post(
    '/loginForAlipay',
    { schema: { body: LoginForAlipayBody, response: { 200: TokenReply } } },
    async (request) => ok({ token: await loginWithAlipay(deps, request.body, request.platform) }),
  );

  app.post(
    '/loginForUni',
    { schema: { body: LoginForUniBody, response: { 200: TokenReply } } },
    async (request) =>
      ok({ token: await loginWithPhoneNumber(deps, request.body, request.platform) }),
  );

  app.get(
    '/getTokenForUni',
    { schema: { querystring: GetTokenForUniQuery, response: { 200: GetTokenForUniReply } } },
    async (request) =>
      ok({ token: await loginWithBoundOpenId(deps, request.query, request.platform) }),
  );
}

const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Per client IP, before anything else (the database limits codes per mobile besides).
  app.addHook('onRequest', app.limitLogin);
  // The storefront marks every login call with X-User-Type: app.
  app.addHook('onRequest', async (request) => {
    const userType = request.headers[HEADER_USER_TYPE.toLowerCase()];
    if (userType === undefined) throw badRequest(`缺少 ${HEADER_USER_TYPE}`);
    if (userType !== USER_TYPE_APP) throw badRequest(`${HEADER_USER_TYPE} 格式不正确`);
  });

  smsLoginRoutes(app);
  miniProgramLoginRoutes(app);
};

export default loginRoutes;
export const prefix = '/api/login';
