/** Customer service: question types, their questions and answers, the brand's phone line. */
import type { OnlineChat, Question, QuestionType, ServicePhone } from '@contract/api/service';
import { get } from '../platform/request';

export type { OnlineChat, Question, QuestionType, ServicePhone };

export function fetchQuestionTypes() {
  return get<QuestionType[]>('/api/service/questionType');
}

/** Without a type, every question (the common-problems page). */
export function fetchQuestions(typeId?: number) {
  return get<Question[]>('/api/service/question', typeId === undefined ? undefined : { typeId });
}

export function fetchServicePhone() {
  return get<ServicePhone>('/api/service/phone');
}

/** The brand's online chat on H5 (its provider's script); 404 for a brand without one. */
export function fetchOnlineChat() {
  return get<OnlineChat>('/api/service/chat');
}
