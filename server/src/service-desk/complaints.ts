/** Feedback: a complaint or suggestion, with images the user uploaded before. */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Complaint, ComplaintBody } from '../../../contract/api/client.ts';
import type { Database } from '../db/schema.ts';
import { badRequest } from '../plugins/errors.ts';

/** Stores a complaint; 400 when an image is not one of the user's own uploads. */
export async function submitComplaint(
  db: Kysely<Database>,
  author: { userId: number; platform: PlatformId },
  body: ComplaintBody,
  now: Date,
): Promise<Complaint> {
  const { userId } = author;
  const { type, content, contactMobile, images = [] } = body;
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
  const row = await db
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
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contactMobile: row.contact_mobile,
    images: row.images,
    createdAt: row.created_at.toISOString(),
  };
}
