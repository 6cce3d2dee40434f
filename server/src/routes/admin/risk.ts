/**
 * Risk review routes of the console (`/admin/api`): an order's risk facts and flags, and each
 * brand's rules. The guard (admin/guard.ts) checks session, CSRF, permission and the brand of the
 * `:id` before any body is read.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OrderIdParams } from '../../../../contract/admin/index.ts';
import {
  BrandParams,
  GetRiskReviewReply,
  ListRiskRulesReply,
  UpdateRiskRulesBody,
  UpdateRiskRulesReply,
} from '../../../../contract/admin/risk.ts';
import { staffOf } from '../../admin/guard.ts';
import { listRiskRules, riskReview, updateRiskRules } from '../../admin/risk.ts';
import { ok } from '../../plugins/errors.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function riskRoutes(app: AdminScope): void {
  const deps = app.deps;
  const tags = ['risk'];

  app.get(
    '/orders/:id/risk',
    {
      config: { access: 'orders.review', target: 'order' },
      schema: {
        operationId: 'getRiskReview',
        tags,
        params: OrderIdParams,
        response: { 200: GetRiskReviewReply },
      },
    },
    async (request) => ok(await riskReview(deps, request.params.id)),
  );

  app.get(
    '/risk-rules',
    {
      config: { access: 'risk.rules' },
      schema: { operationId: 'listRiskRules', tags, response: { 200: ListRiskRulesReply } },
    },
    async (request) => ok(await listRiskRules(deps.db, staffOf(request))),
  );

  app.post(
    '/risk-rules/:id',
    {
      config: { access: 'risk.rules', target: 'brand' },
      schema: {
        operationId: 'updateRiskRules',
        tags,
        params: BrandParams,
        body: UpdateRiskRulesBody,
        response: { 200: UpdateRiskRulesReply },
      },
    },
    async (request) =>
      ok(await updateRiskRules(deps, staffOf(request), request.params.id, request.body)),
  );
}
