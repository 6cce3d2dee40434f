/**
 * The logged-in user's own account: profile with the emergency contact, changing the mobile
 * with an SMS code, logging out, the emergency contact, binding a mini-program open id.
 */
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { MiniProgram } from '../../../contract/api/login.ts';
import type { EmergencyContact, UserInfo } from '../../../contract/api/user.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { badRequest, conflict, unauthorized } from '../plugins/errors.ts';
import { forgetUserSessions } from '../plugins/session-cache.ts';
import { codeCheckError, consumeSmsCode } from './sms-codes.ts';
import { bindOpenId } from './users.ts';
import { openIdFrom } from './login.ts';

/** The profile the storefront shows, with the emergency contact; 401 when the user is gone. */
export async function userInfo(
  db: Kysely<Database>,
  id: number,
  platform: PlatformId,
): Promise<UserInfo> {
  const user = await db
    .selectFrom('users')
    .leftJoin('emergency_contacts as contact', 'contact.user_id', 'users.id')
    .select([
      'users.id',
      'users.mobile',
      'users.nickname',
      'users.avatar',
      'users.alipay_user_id',
      'users.created_at',
      'contact.name as contact_name',
      'contact.mobile as contact_mobile',
      'contact.relation as contact_relation',
    ])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  return {
    id: user.id,
    mobile: user.mobile,
    nickname: user.nickname,
    avatar: user.avatar,
    platform,
    alipayBound: user.alipay_user_id !== null,
    contact:
      user.contact_name !== null && user.contact_mobile !== null && user.contact_relation !== null
        ? {
            name: user.contact_name,
            mobile: user.contact_mobile,
            relation: user.contact_relation,
          }
        : null,
    createdAt: user.created_at.toISOString(),
  };
}

/**
 * Moves the user to a new mobile proven by an SMS code, in the code check's transaction: 400
 * when the code does not check out, 409 when another account holds the mobile.
 */
export async function changeMobile(
  deps: AppDeps,
  userId: number,
  input: { mobile: string; code: string },
): Promise<void> {
  const { mobile, code } = input;
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const check = await consumeSmsCode(trx, mobile, code, now, deps.config.sms.maxAttempts);
    if (check !== 'ok') return check;
    const holder = await trx
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    if (holder && holder.id !== userId) return 'taken' as const;
    await trx
      .updateTable('users')
      .set({ mobile, updated_at: now })
      .where('id', '=', userId)
      .execute();
    return 'ok' as const;
  });
  if (outcome === 'taken') throw conflict('该手机号已被其他账号使用');
  if (outcome !== 'ok') throw codeCheckError(outcome);
}

/** Ends one session (logout); an ended one stays as it ended. */
export async function endSession(
  db: Kysely<Database>,
  sessionId: number,
  now: Date,
): Promise<void> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: 'logout' })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning(['user_id', 'platform'])
    .executeTakeFirst();
  // Refused from the next request on (plugins/session-cache.ts).
  if (ended) forgetUserSessions(db, ended.user_id, ended.platform);
}

/** Sets the user's emergency contact, who may not be the user's own mobile (400). */
export async function saveEmergencyContact(
  db: Kysely<Database>,
  userId: number,
  contact: EmergencyContact,
  now: Date,
): Promise<void> {
  const { name, mobile, relation } = contact;
  const own = await db
    .selectFrom('users')
    .select('mobile')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (own?.mobile === mobile) throw badRequest('mobile 不能是本人手机号');
  await db
    .insertInto('emergency_contacts')
    .values({ user_id: userId, name, mobile, relation, updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ name, mobile, relation, updated_at: now }),
    )
    .execute();
}

/**
 * Binds the open id of a mini-program login code to the user on this brand. The open id comes
 * from the wallet, never from the client, so no one can bind another's.
 */
export async function bindWalletOpenId(
  deps: AppDeps,
  user: { id: number; platform: PlatformId },
  input: { provider: MiniProgram; loginCode: string },
): Promise<void> {
  const openId = await openIdFrom(deps, input.provider, input.loginCode, user.platform);
  await bindOpenId(deps.db, {
    userId: user.id,
    platform: user.platform,
    provider: input.provider,
    openId,
  });
}
