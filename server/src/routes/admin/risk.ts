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
import { consoleRoute } from './route.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export function riskRoutes(app: AdminScope): void {
  const deps = app.deps;
  const tags = ['risk'];

  consoleRoute(
    app,
    'GET',
    '/orders/:id/risk',
    {
      access: 'orders.review',
      target: 'order',
      operationId: 'getRiskReview',
      tags,
      params: OrderIdParams,
      reply: GetRiskReviewReply,
    },
    async (request) => ok(await riskReview(deps, request.params.id)),
  );

  consoleRoute(
    app,
    'GET',
    '/risk-rules',
    { access: 'risk.rules', operationId: 'listRiskRules', tags, reply: ListRiskRulesReply },
    async (request) => ok(await listRiskRules(deps.db, staffOf(request))),
  );

  consoleRoute(
    app,
    'POST',
    '/risk-rules/:id',
    {
      access: 'risk.rules',
      target: 'brand',
      operationId: 'updateRiskRules',
      tags,
      params: BrandParams,
      body: UpdateRiskRulesBody,
      reply: UpdateRiskRulesReply,
    },
    async (request) =>
      ok(await updateRiskRules(deps, staffOf(request), request.params.id, request.body)),
  );
}
