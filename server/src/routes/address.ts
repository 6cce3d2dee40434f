/**
 * Shipping addresses. Each query is scoped to the caller on this brand (each brand is its own
 * merchant), so another user's id, or the caller's own on another brand, answers 404.
 * One default per user and brand: the first address becomes it, and setting a new one clears
 * the old.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Selectable, Transaction } from 'kysely';
import {
  AddressBody,
  AddressDeleteReply,
  AddressListReply,
  AddressReply,
  AddressUpdateBody,
  MAX_ADDRESSES,
  type Address,
} from '../../../contract/api/address.ts';
import { IdParams } from '../../../contract/api/envelope.ts';
import type { AddressesTable, Database } from '../db/schema.ts';
import { currentUser, type AuthUser, requireUser } from '../plugins/auth.ts';
import { badRequest, notFound, ok } from '../plugins/errors.ts';

const toAddress = (row: Selectable<AddressesTable>): Address => ({
  id: row.id,
  name: row.name,
  mobile: row.mobile,
  province: row.province,
  city: row.city,
  district: row.district,
  detail: row.detail,
  isDefault: row.is_default,
});

async function clearDefault(trx: Transaction<Database>, user: AuthUser): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: false })
    .where('user_id', '=', user.id)
    .where('platform', '=', user.platform)
    .where('is_default', '=', true)
    .execute();
}

/** Serialises one user's address changes, so two "make default" calls cannot race. */
async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  requireUser(app);

  app.get('/', { schema: { response: { 200: AddressListReply } } }, async (request) => {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', currentUser(request).id)
      .where('platform', '=', currentUser(request).platform)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return ok(rows.map(toAddress));
  });

  app.post(
    '/',
    { schema: { body: AddressBody, response: { 200: AddressReply } } },
    async (request) => {
      const user = currentUser(request);
      const userId = user.id;
      const { isDefault, ...fields } = request.body;
      const now = app.deps.now();
      const row = await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const { n } = await trx
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .where('platform', '=', user.platform)
          .executeTakeFirstOrThrow();
        if (n >= MAX_ADDRESSES) throw badRequest(`最多保存 ${MAX_ADDRESSES} 个地址`);
        const makeDefault = isDefault === true || n === 0;
        if (makeDefault) await clearDefault(trx, user);
        return trx
          .insertInto('addresses')
          .values({
            ...fields,
            user_id: userId,
            platform: user.platform,
            is_default: makeDefault,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return ok(toAddress(row));
    },
  );

  app.put(
    '/',
    { schema: { body: AddressUpdateBody, response: { 200: AddressReply } } },
    async (request) => {
      const user = currentUser(request);
      const userId = user.id;
      const { id, isDefault, ...fields } = request.body;
      const row = await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const existing = await trx
          .selectFrom('addresses')
          .select(['id', 'is_default'])
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('platform', '=', user.platform)
          .executeTakeFirst();
        if (!existing) throw notFound('地址不存在');
        // Unsetting the only default is ignored: a user with addresses always has one default.
        const makeDefault = isDefault === true || existing.is_default;
        if (makeDefault && !existing.is_default) await clearDefault(trx, user);
        return trx
          .updateTable('addresses')
          .set({ ...fields, is_default: makeDefault, updated_at: app.deps.now() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('platform', '=', user.platform)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return ok(toAddress(row));
    },
  );

  app.delete(
    '/:id',
    { schema: { params: IdParams, response: { 200: AddressDeleteReply } } },
    async (request) => {
      const user = currentUser(request);
      const userId = user.id;
      const { id } = request.params;
      await db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const removed = await trx
          .deleteFrom('addresses')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('platform', '=', user.platform)
          .returning('is_default')
          .executeTakeFirst();
        if (!removed) throw notFound('地址不存在');
        if (removed.is_default) {
          // The newest remaining address takes over as default.
          const next = await trx
            .selectFrom('addresses')
            .select('id')
            .where('user_id', '=', userId)
            .where('platform', '=', user.platform)
            .orderBy('id', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (next) {
            await trx
              .updateTable('addresses')
              .set({ is_default: true })
              .where('id', '=', next.id)
              .execute();
          }
        }
      });
      return ok({ id });
    },
  );
};

export default addressRoutes;
export const prefix = '/api/user/userAddress';
