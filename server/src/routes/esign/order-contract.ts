/** The order's contract text and its withholding agreement (mounted beside the order routes). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContractHtmlReply,
  OrderRef,
  WithholdingReply,
} from '../../../../contract/api/contract.ts';
import { IdParams } from '../../../../contract/api/envelope.ts';
import { contractHtml, signWithholding } from '../../esign/service.ts';
import { currentUser, requireUser } from '../../plugins/auth.ts';
import { ok } from '../../plugins/errors.ts';

const orderContractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  // onRequest: an anonymous caller is refused before the body is even validated.
  requireUser(app);

  app.post(
    '/contract/html',
    { schema: { body: OrderRef, response: { 200: ContractHtmlReply } } },
    async (request) => ok(await contractHtml(deps, currentUser(request), request.body.orderId)),
  );

  app.get(
    '/signHFB/:id',
    { schema: { params: IdParams, response: { 200: WithholdingReply } } },
    async (request) => ok(await signWithholding(deps, currentUser(request), request.params.id)),
  );
};

export default orderContractRoutes;
export const prefix = '/api/order';
