/**
 * H5 OAuth: `POST /api/oauth/render/alipay` answers the Alipay authorisation URL that comes back
 * to `redirectUri` with an auth code (then `loginForAlipay`). The return address must be on an
 * allow-listed host, or the login page would become an open redirect.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OauthRenderBody, OauthRenderReply } from '../../../../contract/api/login.ts';
import { badRequest, ok } from '../../plugins/errors.ts';
import { allowedRedirect } from '../../lib/redirects.ts';

const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, providers } = app.deps;

  app.post(
    '/render/alipay',
    { schema: { body: OauthRenderBody, response: { 200: OauthRenderReply } } },
    async (request) => {
      const redirectUri = allowedRedirect(request.body.redirectUri, config.oauthRedirectHosts);
      if (!redirectUri) throw badRequest('redirectUri 格式不正确');
      const state = request.body.state ?? randomBytes(12).toString('base64url');
      return ok({
        url: providers.alipay.oauthUrl({ redirectUri, state, platform: request.platform }),
      });
    },
  );
};

export default oauthRoutes;
export const prefix = '/api/oauth';
