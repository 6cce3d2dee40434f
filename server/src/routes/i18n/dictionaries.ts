/**
 * The storefront's dictionaries (contract/api/i18n.ts). The app compiles in only zh-Hans; the
 * others come from here, built at start from the same contract/i18n/*.ts files, each with a
 * content-hash version that is also its ETag.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { MessagesQuery, MessagesReply, type LanguagePack } from '../../../../contract/api/i18n.ts';
import { LANGUAGES, type Language } from '../../../../contract/http.ts';
import { packOf } from '../../../../contract/i18n/index.ts';
import { ok } from '../../plugins/errors.ts';

const ONE_YEAR_SECONDS = 31536000;

const PACKS = {} as Record<Language, LanguagePack>;
for (const language of LANGUAGES) PACKS[language] = packOf(language);

/** Whether an If-None-Match header names `etag` (weak or strong, in a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

const i18nRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/messages',
    { schema: { querystring: MessagesQuery, response: { 200: MessagesReply, 304: Type.Null() } } },
    async (request, reply) => {
      const pack = PACKS[request.query.language];
      const etag = `"${pack.version}"`;
      // A URL naming the current version never changes; any other is revalidated by ETag.
      reply.header(
        'cache-control',
        request.query.v === pack.version
          ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
          : 'no-cache',
      );
      reply.header('etag', etag);
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return ok(pack);
    },
  );
};

export const prefix = '/api/i18n';
export default i18nRoutes;
