/** The logged-in user: profile, logout, emergency contact, open id binding. Every route is own-data only. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangeMobileBody,
  ContactBody,
  ContactReply,
  EmptyReply,
  UpdateOpenIdBody,
  UpdateOpenIdReply,
  UserInfoReply,
} from '../../../contract/api/user.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';
import { badRequest, conflict, ok, unauthorized } from '../plugins/errors.ts';
import type { Kysely } from 'kysely';
import type { PlatformId } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';
import { codeCheckError, consumeSmsCode } from '../sms-codes.ts';
import { bindOpenId } from '../users.ts';

/** The profile the storefront shows, with the emergency contact. */
async function loadUserInfo(db: Kysely<Database>, id: number, platform: PlatformId) {
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
  return ok({
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
  });
}

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, providers } = app.deps;
  requireUser(app);

  app.get('/info', { schema: { response: { 200: UserInfoReply } } }, async (request) => {
    const { id, platform } = currentUser(request);
    return loadUserInfo(db, id, platform);
  });

  app.post(
    '/changeMobile',
    { schema: { body: ChangeMobileBody, response: { 200: UserInfoReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      const { mobile, code } = request.body;
      const now = app.deps.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const check = await consumeSmsCode(trx, mobile, code, now, app.deps.config.sms.maxAttempts);
        if (check !== 'ok') return check;
        const holder = await trx
          .selectFrom('users')
          .select('id')
          .where('mobile', '=', mobile)
          .executeTakeFirst();
        if (holder && holder.id !== id) return 'taken' as const;
        await trx
          .updateTable('users')
          .set({ mobile, updated_at: now })
          .where('id', '=', id)
          .execute();
        return 'ok' as const;
      });
      if (outcome === 'taken') throw conflict('该手机号已被其他账号使用');
      if (outcome !== 'ok') throw codeCheckError(outcome);
      return loadUserInfo(db, id, platform);
    },
  );

  app.post('/loginOut', { schema: { response: { 200: EmptyReply } } }, async (request) => {
    const { sessionId } = currentUser(request);
    await db
      .updateTable('sessions')
      .set({ revoked_at: app.deps.now(), revoked_reason: 'logout' })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
    return ok(null);
  });

  app.post(
    '/contact',
    { schema: { body: ContactBody, response: { 200: ContactReply } } },
    async (request) => {
      const { id } = currentUser(request);
      const { name, mobile, relation } = request.body;
      const own = await db
        .selectFrom('users')
        .select('mobile')
        .where('id', '=', id)
        .executeTakeFirst();
      if (own?.mobile === mobile) throw badRequest('mobile 不能是本人手机号');
      const now = app.deps.now();
      await db
        .insertInto('emergency_contacts')
        .values({ user_id: id, name, mobile, relation, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ name, mobile, relation, updated_at: now }),
        )
        .execute();
      return ok({ name, mobile, relation });
    },
  );

  app.post(
    '/updateUserOpenId',
    { schema: { body: UpdateOpenIdBody, response: { 200: UpdateOpenIdReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      const { provider, loginCode } = request.body;
      // The open id comes from the wallet, never from the client, so no one can bind another's.
      const openId =
        provider === 'wechat'
          ? await providers.wechat.openIdFromLoginCode(loginCode, platform)
          : (await providers.alipay.exchangeAuthCode(loginCode, platform)).openId;
      await bindOpenId(db, { userId: id, platform, provider, openId });
      return ok({ bound: true });
    },
  );
};

export default userRoutes;
export const prefix = '/api/user';
