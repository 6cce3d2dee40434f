/** Customer service: question types, their questions with answers, the brand's service phone. */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, Id } from './envelope.ts';

export const QuestionType = Type.Object({ id: Id, name: Type.String(), icon: Type.String() });
export type QuestionType = Static<typeof QuestionType>;
export const QuestionTypeReply = Envelope(Type.Array(QuestionType));
export type QuestionTypeReply = Static<typeof QuestionTypeReply>;

/** Without `typeId`, every question. */
export const QuestionQuery = Type.Object({ typeId: Type.Optional(Id) });
export type QuestionQuery = Static<typeof QuestionQuery>;
export const Question = Type.Object({
  id: Id,
  typeId: Id,
  question: Type.String(),
  answer: Type.String(),
});
export type Question = Static<typeof Question>;
export const QuestionReply = Envelope(Type.Array(Question));
export type QuestionReply = Static<typeof QuestionReply>;

export const ServicePhone = Type.Object({ phone: Type.String(), workTime: Type.String() });
export type ServicePhone = Static<typeof ServicePhone>;
export const ServicePhoneReply = Envelope(ServicePhone);
export type ServicePhoneReply = Static<typeof ServicePhoneReply>;

/**
 * The brand's online chat (H5): the script of the chat provider the brand configured, which
 * defines `window.onlineServiceChat` with `open()` and `close()`. `demo`: no provider is
 * configured and this is the development stand-in, which sends messages nowhere.
 */
export const OnlineChat = Type.Object({ scriptUrl: Type.String(), demo: Type.Boolean() });
export type OnlineChat = Static<typeof OnlineChat>;
export const OnlineChatReply = Envelope(OnlineChat);
export type OnlineChatReply = Static<typeof OnlineChatReply>;
