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

/**
 * The brand's questions (0042): its own where it has any, else those every brand shares (the
 * console's FAQ editor writes a brand's own; saving none returns it to the shared ones).
 */
export function brandQuestions(db: Kysely<Database>, platform: number) {
  return db
    .selectFrom('service_question as q')
    .where((eb) =>
      eb.or([
        eb('q.platform', '=', platform),
        eb.and([
          eb('q.platform', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('service_question as own')
                .select('own.id')
                .where('own.platform', '=', platform),
            ),
          ),
        ]),
      ]),
    );
}

/** Every question of the brand in its type's order, or only those of one type. */
export async function questions(
  db: Kysely<Database>,
  platform: PlatformId,
  typeId: number | undefined,
): Promise<Question[]> {
  let query = brandQuestions(db, platform)
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
