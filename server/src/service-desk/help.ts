/** Customer service's reference: question types, questions with their answers, phone lines. */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Question, ServicePhone } from '../../../contract/api/service.ts';
import type { Database } from '../db/schema.ts';

export function questionTypes(db: Kysely<Database>) {
  return db
    .selectFrom('service_question_type')
    .select(['id', 'name', 'icon'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Every question in its type's order, or only those of one type. */
export async function questions(
  db: Kysely<Database>,
  typeId: number | undefined,
): Promise<Question[]> {
  let query = db
    .selectFrom('service_question as q')
    .innerJoin('service_question_type as t', 't.id', 'q.type_id')
    .select(['q.id', 'q.type_id', 'q.question', 'q.answer'])
    .orderBy('t.sort')
    .orderBy('q.sort')
    .orderBy('q.id');
  if (typeId !== undefined) query = query.where('q.type_id', '=', typeId);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    typeId: row.type_id,
    question: row.question,
    answer: row.answer,
  }));
}

/** The brand's customer service line, if it has one. */
export async function servicePhone(
  db: Kysely<Database>,
  platform: PlatformId,
): Promise<ServicePhone | undefined> {
  const row = await db
    .selectFrom('service_phone')
    .select(['phone', 'work_time'])
    .where('platform', '=', platform)
    .executeTakeFirst();
  return row && { phone: row.phone, workTime: row.work_time };
}
