/**
 * Checks the headers every storefront call carries on `/api/*`: the fixed client credential
 * (`X-Client-Authorization: Basic …`) and the brand (`X-Platform`, 1-9), which it puts on
 * `request.platform`. The API's description (plugins/openapi.ts) is read without them.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ResultCode, type PlatformId } from '../../../contract/http.ts';
import type { Config } from '../boot/config.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of this call (X-Platform); set on every `/api/*` request. */
    platform: PlatformId;
  }
}

function sameSecret(given: string, expected: Buffer): boolean {
  const givenBytes = Buffer.from(given);
  return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
}

export function registerHeaderChecks(app: FastifyInstance, config: Config): void {
  const expected = Buffer.from(
    `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
  );
  app.decorateRequest('platform', 1);
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: `/%61pi/…` reaches `/api/…` routes too.
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith('/api/') || request.routeOptions.config.apiDescription) return;
    const credential = request.headers['x-client-authorization'];
    if (typeof credential !== 'string' || !sameSecret(credential.trim(), expected)) {
      throw new ApiError(ResultCode.UNAUTHORIZED, '客户端凭证无效', 401);
    }
    const platform = request.headers['x-platform'];
    if (platform === undefined) throw new ApiError(ResultCode.BAD_REQUEST, '缺少 X-Platform');
    if (typeof platform !== 'string' || !/^[1-9]$/.test(platform.trim())) {
      throw new ApiError(ResultCode.BAD_REQUEST, 'X-Platform 格式不正确');
    }
    request.platform = Number(platform.trim()) as PlatformId;
  });
}
