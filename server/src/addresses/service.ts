/**
 * Shipping addresses. Each query is scoped to the caller on this brand (each brand is its own
 * merchant), so another user's id, or the caller's own on another brand, is not found.
 * One default per user and brand: the first address becomes it, and setting a new one clears
 * the old. Every change locks the user's row first, so two "make default" calls cannot race.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  MAX_ADDRESSES,
  type Address,
  type AddressBody,
  type AddressUpdateBody,
} from '../../../contract/api/address.ts';
import type { AddressesTable, Database } from '../db/schema.ts';
import type { AuthUser } from '../plugins/auth.ts';
import { badRequest, notFound } from '../plugins/errors.ts';

/** Whose addresses: a user on one brand. */
export type AddressOwner = Pick<AuthUser, 'id' | 'platform'>;

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

async function clearDefault(trx: Transaction<Database>, owner: AddressOwner): Promise<void> {
  await trx
    .updateTable('addresses')
    .set({ is_default: false })
    .where('user_id', '=', owner.id)
    .where('platform', '=', owner.platform)
    .where('is_default', '=', true)
    .execute();
}

/** Serialises one user's address changes, so two "make default" calls cannot race. */
async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The owner's addresses, the default first, then the newest. */
export async function listAddresses(db: Kysely<Database>, owner: AddressOwner): Promise<Address[]> {
  const rows = await db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', owner.id)
    .where('platform', '=', owner.platform)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toAddress);
}

/** Adds an address (at most MAX_ADDRESSES); the first one, or one asked to be, is the default. */
export async function addAddress(
  db: Kysely<Database>,
  owner: AddressOwner,
  body: AddressBody,
  now: Date,
): Promise<Address> {
  const { isDefault, ...fields } = body;
  const row = await db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.id);
    const { n } = await trx
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', owner.id)
      .where('platform', '=', owner.platform)
      .executeTakeFirstOrThrow();
    if (n >= MAX_ADDRESSES) throw badRequest(`最多保存 ${MAX_ADDRESSES} 个地址`);
    const makeDefault = isDefault === true || n === 0;
    if (makeDefault) await clearDefault(trx, owner);
    return trx
      .insertInto('addresses')
      .values({
        ...fields,
        user_id: owner.id,
        platform: owner.platform,
        is_default: makeDefault,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toAddress(row);
}

/** Changes one of the owner's addresses; 404 when it is not theirs on this brand. */
export async function updateAddress(
  db: Kysely<Database>,
  owner: AddressOwner,
  body: AddressUpdateBody,
  now: Date,
): Promise<Address> {
  const { id, isDefault, ...fields } = body;
  const row = await db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.id);
    const existing = await trx
      .selectFrom('addresses')
      .select(['id', 'is_default'])
      .where('id', '=', id)
      .where('user_id', '=', owner.id)
      .where('platform', '=', owner.platform)
      .executeTakeFirst();
    if (!existing) throw notFound('地址不存在');
    // Unsetting the only default is ignored: a user with addresses always has one default.
    const makeDefault = isDefault === true || existing.is_default;
    if (makeDefault && !existing.is_default) await clearDefault(trx, owner);
    return trx
      .updateTable('addresses')
      .set({ ...fields, is_default: makeDefault, updated_at: now })
      .where('id', '=', id)
      .where('user_id', '=', owner.id)
      .where('platform', '=', owner.platform)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toAddress(row);
}

/** Deletes one of the owner's addresses; the newest remaining one takes over as default. */
export async function deleteAddress(
  db: Kysely<Database>,
  owner: AddressOwner,
  id: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, owner.id);
    const removed = await trx
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('user_id', '=', owner.id)
      .where('platform', '=', owner.platform)
      .returning('is_default')
      .executeTakeFirst();
    if (!removed) throw notFound('地址不存在');
    if (removed.is_default) {
      const next = await trx
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', owner.id)
        .where('platform', '=', owner.platform)
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
}
