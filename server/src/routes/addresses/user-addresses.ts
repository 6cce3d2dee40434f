/**
 * Shipping addresses of the caller on this brand (server/src/addresses/service.ts): another
 * user's id, or the caller's own on another brand, answers 404.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AddressBody,
  AddressDeleteReply,
  AddressListReply,
  AddressReply,
  AddressUpdateBody,
} from '../../../../contract/api/address.ts';
import { IdParams } from '../../../../contract/api/envelope.ts';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from '../../addresses/service.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  requireUser(app);

  app.get('/', { schema: { response: { 200: AddressListReply } } }, async (request) =>
    ok(await listAddresses(db, currentUser(request))),
  );

  app.post(
    '/',
    { schema: { body: AddressBody, response: { 200: AddressReply } } },
    async (request) => ok(await addAddress(db, currentUser(request), request.body, app.deps.now())),
  );

  app.put(
    '/',
    { schema: { body: AddressUpdateBody, response: { 200: AddressReply } } },
    async (request) =>
      ok(await updateAddress(db, currentUser(request), request.body, app.deps.now())),
  );

  app.delete(
    '/:id',
    { schema: { params: IdParams, response: { 200: AddressDeleteReply } } },
    async (request) => {
      const { id } = request.params;
      await deleteAddress(db, currentUser(request), id);
      return ok({ id });
    },
  );
};

export default addressRoutes;
export const prefix = '/api/user/userAddress';
