/** Reference data the storefront's forms and pages read: dictionary, hot keywords, express. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import {
  DictionaryQuery,
  DictionaryReply,
  ExpressReply,
  HotKeyReply,
} from '../../../contract/api/common.ts';
import { ok } from '../plugins/errors.ts';

const commonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(
    '/dictionary',
    { schema: { querystring: DictionaryQuery, response: { 200: DictionaryReply } } },
    async (request) =>
      ok(
        await db
          .selectFrom('dictionary')
          .select(['label', 'value'])
          .where('dict_type', '=', request.query.type)
          .orderBy('sort')
          .orderBy('id')
          .execute(),
      ),
  );

  app.get('/hotKey', { schema: { response: { 200: HotKeyReply } } }, async (request) => {
    const rows = await db
      .selectFrom('hot_keyword')
      .select('keyword')
      .where((eb) => eb.or([eb('platform', '=', request.platform), eb('platform', 'is', null)]))
      // The brand's own keywords first.
      .orderBy(sql`platform is null`)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return ok([...new Set(rows.map((row) => row.keyword))]);
  });

  app.get('/express', { schema: { response: { 200: ExpressReply } } }, async () =>
    ok(
      await db
        .selectFrom('express_company')
        .select(['code', 'name', 'phone'])
        .orderBy('sort')
        .orderBy('code')
        .execute(),
    ),
  );
};

export default commonRoutes;
