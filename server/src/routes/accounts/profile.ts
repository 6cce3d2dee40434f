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
} from '../../../../contract/api/user.ts';
import {
  bindWalletOpenId,
  changeMobile,
  endSession,
  saveEmergencyContact,
  userInfo,
} from '../../accounts/profile.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  requireUser(app);

  app.get('/info', { schema: { response: { 200: UserInfoReply } } }, async (request) => {
    const { id, platform } = currentUser(request);
    return ok(await userInfo(db, id, platform));
  });

  app.post(
    '/changeMobile',
    { schema: { body: ChangeMobileBody, response: { 200: UserInfoReply } } },
    async (request) => {
      const { id, platform } = currentUser(request);
      await changeMobile(deps, id, request.body);
      return ok(await userInfo(db, id, platform));
    },
  );

  app.post('/loginOut', { schema: { response: { 200: EmptyReply } } }, async (request) => {
    await endSession(db, currentUser(request).sessionId, deps.now());
    return ok(null);
  });

  app.post(
    '/contact',
    { schema: { body: ContactBody, response: { 200: ContactReply } } },
    async (request) => {
      const { name, mobile, relation } = request.body;
      await saveEmergencyContact(
        db,
        currentUser(request).id,
        { name, mobile, relation },
        deps.now(),
      );
      return ok({ name, mobile, relation });
    },
  );

  app.post(
    '/updateUserOpenId',
    { schema: { body: UpdateOpenIdBody, response: { 200: UpdateOpenIdReply } } },
    async (request) => {
      await bindWalletOpenId(deps, currentUser(request), request.body);
      return ok({ bound: true });
    },
  );
};

export default userRoutes;
export const prefix = '/api/user';
