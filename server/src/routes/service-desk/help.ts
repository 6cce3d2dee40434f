/** Customer service: question types, questions with their answers, the brand's phone line. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  OnlineChatReply,
  QuestionQuery,
  QuestionReply,
  QuestionTypeReply,
  ServicePhoneReply,
} from '../../../../contract/api/service.ts';
import { notFound, ok } from '../../plugins/errors.ts';
import { onlineChat } from '../../service-desk/chat.ts';
import { questions, questionTypes, servicePhone } from '../../service-desk/help.ts';

const serviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;

  app.get('/questionType', { schema: { response: { 200: QuestionTypeReply } } }, async () =>
    ok(await questionTypes(db)),
  );

  app.get(
    '/question',
    { schema: { querystring: QuestionQuery, response: { 200: QuestionReply } } },
    async (request) => ok(await questions(db, request.platform, request.query.typeId)),
  );

  app.get('/phone', { schema: { response: { 200: ServicePhoneReply } } }, async (request) => {
    const phone = await servicePhone(db, request.platform);
    if (!phone) throw notFound('暂无客服电话');
    return ok(phone);
  });

  app.get('/chat', { schema: { response: { 200: OnlineChatReply } } }, async (request) => {
    const chat = onlineChat(config.chatScripts, request.platform, config.appEnv === 'production');
    if (!chat) throw notFound('该品牌暂无在线客服');
    return ok(chat);
  });
};

export const prefix = '/api/service';
export default serviceRoutes;
