/** Reference data the storefront's forms and pages read: dictionary, hot keywords, express. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DictionaryQuery,
  DictionaryReply,
  ExpressReply,
  HotKeyReply,
} from '../../../../contract/api/reference-data.ts';
import { ok } from '../../plugins/errors.ts';
import { dictionary, expressCompanies, hotKeywords } from '../../catalog/reference-data.ts';

/** The storefront calls these at /api/common/* (the URL is older than the file's name). */
export const prefix = '/api/common';

const referenceDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(
    '/dictionary',
    { schema: { querystring: DictionaryQuery, response: { 200: DictionaryReply } } },
    async (request) => ok(await dictionary(db, request.query.type)),
  );

  app.get('/hotKey', { schema: { response: { 200: HotKeyReply } } }, async (request) =>
    ok(await hotKeywords(db, request.platform)),
  );

  app.get('/express', { schema: { response: { 200: ExpressReply } } }, async () =>
    ok(await expressCompanies(db)),
  );
};

export default referenceDataRoutes;
