/** The rental contract's e-sign flow: create (POST), create2 (GET, same), check. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ContractCheckReply, OrderRef, SigningReply } from '../../../../contract/api/contract.ts';
import { checkContract, createSigning } from '../../esign/service.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const contractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // onRequest: an anonymous caller is refused before the body is even validated.
  requireUser(app);

  app.post(
    '/create',
    { schema: { body: OrderRef, response: { 200: SigningReply } } },
    async (request) => ok(await createSigning(deps, currentUser(request), request.body.orderId)),
  );

  // The web-view spelling: a GET the storefront can open directly; same flow, same session.
  app.get(
    '/create2',
    { schema: { querystring: OrderRef, response: { 200: SigningReply } } },
    async (request) => ok(await createSigning(deps, currentUser(request), request.query.orderId)),
  );

  app.get(
    '/check',
    { schema: { querystring: OrderRef, response: { 200: ContractCheckReply } } },
    async (request) => ok(await checkContract(deps, currentUser(request), request.query.orderId)),
  );
};

export const prefix = '/api/contract';
export default contractRoutes;
