/** Customer service: question types, questions with their answers, the brand's phone line. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  QuestionQuery,
  QuestionReply,
  QuestionTypeReply,
  ServicePhoneReply,
} from '../../../contract/api/service.ts';
import { notFound, ok } from '../plugins/errors.ts';

const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get('/questionType', { schema: { response: { 200: QuestionTypeReply } } }, async () =>
    ok(
      await db
        .selectFrom('service_question_type')
        .select(['id', 'name', 'icon'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
    ),
  );

  app.get(
    '/question',
    { schema: { querystring: QuestionQuery, response: { 200: QuestionReply } } },
    async (request) => {
      const { typeId } = request.query;
      let query = db
        .selectFrom('service_question as q')
        .innerJoin('service_question_type as t', 't.id', 'q.type_id')
        .select(['q.id', 'q.type_id', 'q.question', 'q.answer'])
        .orderBy('t.sort')
        .orderBy('q.sort')
        .orderBy('q.id');
      if (typeId !== undefined) query = query.where('q.type_id', '=', typeId);
      const rows = await query.execute();
      return ok(
        rows.map((row) => ({
          id: row.id,
          typeId: row.type_id,
          question: row.question,
          answer: row.answer,
        })),
      );
    },
  );

  app.get('/phone', { schema: { response: { 200: ServicePhoneReply } } }, async (request) => {
    const row = await db
      .selectFrom('service_phone')
      .select(['phone', 'work_time'])
      .where('platform', '=', request.platform)
      .executeTakeFirst();
    if (!row) throw notFound('暂无客服电话');
    return ok({ phone: row.phone, workTime: row.work_time });
  });
};

export default serviceRoutes;
