/**
 * Pictures uploaded from the console (images/upload.ts) at /assets/u/<hash>.png|.webp, read from
 * the data directory or the S3-compatible bucket. The name is the content's hash, so a name never
 * changes its bytes: cached a year, immutable. A missing or malformed name answers the 404 envelope.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createImageStore, imageStoreSettings } from '../../images/storage.ts';
import { notFound } from '../../plugins/errors.ts';

const ONE_YEAR_SECONDS = 31_536_000;
const CONTENT_TYPES = { png: 'image/png', webp: 'image/webp' } as const;

const uploadedImageRoutes: FastifyPluginAsync = async (app) => {
  const store = createImageStore(imageStoreSettings(app.deps.config));
  // A static files' wildcard, like the catalogue's pictures (routes/catalog/assets.ts): not an API call,
  // so in no OpenAPI document.
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params['*'];
    const match = /^[a-f0-9]{32}\.(png|webp)$/.exec(name);
    const bytes = match ? await store.get(name) : undefined;
    if (!match || !bytes) throw notFound('图片不存在');
    return reply
      .header('Content-Type', CONTENT_TYPES[match[1] as keyof typeof CONTENT_TYPES])
      .header('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
};

export default uploadedImageRoutes;
export const prefix = '/assets/u';
export const ownDocument = true;
