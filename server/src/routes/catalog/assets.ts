/**
 * Catalogue pictures (goods, categories, banners) from server/assets at /assets/…, with cache
 * headers. File names are stable rather than content-hashed, so they are cached for a day, not
 * forever. A missing file answers the 404 envelope.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const ASSETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets',
);
const ONE_DAY_SECONDS = 86400;

const assetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    prefix: '/',
    // main.ts registers @fastify/static for the H5 app too; only one may decorate the reply.
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('Cache-Control', `public, max-age=${ONE_DAY_SECONDS}`);
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
};

export default assetRoutes;
export const prefix = '/assets';
