/** Finding and linking users: by mobile, by wallet user id, by mini-program open id. */
import type { Kysely, Transaction } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { MiniProgram } from '../../../contract/api/login.ts';
import type { Database } from '../db/schema.ts';

export async function findOrCreateUserByMobile(
  db: Kysely<Database> | Transaction<Database>,
  mobile: string,
  channelCode: string | undefined,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ mobile, channel_code: channelCode ?? null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('mobile').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Binds a mini-program open id to a user on one brand; the latest binding wins. */
export async function bindOpenId(
  db: Kysely<Database>,
  input: { userId: number; platform: PlatformId; provider: MiniProgram; openId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('user_open_ids')
      .where('platform', '=', input.platform)
      .where('provider', '=', input.provider)
      .where((eb) => eb.or([eb('user_id', '=', input.userId), eb('open_id', '=', input.openId)]))
      .execute();
    await trx
      .insertInto('user_open_ids')
      .values({
        user_id: input.userId,
        platform: input.platform,
        provider: input.provider,
        open_id: input.openId,
      })
      .execute();
  });
}

/** The user of an Alipay wallet user id, created on first login. */
export async function findOrCreateUserByAlipayId(
  db: Kysely<Database>,
  alipayUserId: string,
  channelCode: string | undefined,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      alipay_user_id: alipayUserId,
      channel_code: channelCode ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('alipay_user_id').doUpdateSet({ updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user a mini-program open id is bound to on one brand, if any. */
export async function userIdByOpenId(
  db: Kysely<Database>,
  input: { platform: PlatformId; provider: MiniProgram; openId: string },
): Promise<number | undefined> {
  const bound = await db
    .selectFrom('user_open_ids')
    .select('user_id')
    .where('platform', '=', input.platform)
    .where('provider', '=', input.provider)
    .where('open_id', '=', input.openId)
    .executeTakeFirst();
  return bound?.user_id;
}
