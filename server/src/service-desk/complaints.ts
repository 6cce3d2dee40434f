/** Feedback: a complaint or suggestion, with images the user uploaded before. */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Complaint, ComplaintBody, MyComplaint } from '../../../contract/api/client.ts';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../plugins/errors.ts';
import { DAY_MS, lockUserQuota, refuseOverQuota } from './quota.ts';

/**
 * Stores a complaint: 400 when its type is not in the `complaint_type` dictionary or an image is
 * not one of the user's own uploads, 429 past the user's complaints of the last 24 hours.
 */
export async function submitComplaint(
  db: Kysely<Database>,
  author: { userId: number; platform: PlatformId },
  body: ComplaintBody,
  now: Date,
  perDay: number,
): Promise<Complaint> {
  const { userId } = author;
  const { type, content, contactMobile, images = [] } = body;
  const known = await db
    .selectFrom('dictionary')
    .select('id')
    .where('dict_type', '=', 'complaint_type')
    .where('value', '=', type)
    .executeTakeFirst();
  if (!known) throw badRequest('反馈类型不存在，请重新选择');
  if (images.length > 0) {
    const { n } = await db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', images)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // Someone else's upload looks the same as a missing one.
    if (n !== images.length) throw badRequest('images 格式不正确');
  }
  const row = await db.transaction().execute(async (trx) => {
    await lockUserQuota(trx, 'complaints', userId);
    const recent = await trx
      .selectFrom('complaints')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('user_id', '=', userId)
      .where('created_at', '>', new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow();
    refuseOverQuota(recent.n >= perDay, '今日提交的反馈已达上限，请明天再试', recent.oldest, now);
    return trx
      .insertInto('complaints')
      .values({
        user_id: userId,
        platform: author.platform,
        type,
        content,
        contact_mobile: contactMobile ?? null,
        images: JSON.stringify(images),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contactMobile: row.contact_mobile,
    images: row.images,
    createdAt: row.created_at.toISOString(),
  };
}

/** The user's own complaints on this brand, newest first (the last 50), with the merchant's reply. */
export async function listOwnComplaints(
  db: Kysely<Database>,
  author: { userId: number; platform: PlatformId },
): Promise<MyComplaint[]> {
  const rows = await db
    .selectFrom('complaints')
    .select(['id', 'type', 'content', 'status', 'reply', 'replied_at', 'created_at'])
    .where('user_id', '=', author.userId)
    .where('platform', '=', author.platform)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    content: row.content,
    status: row.status,
    reply: row.reply,
    repliedAt: row.replied_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}
