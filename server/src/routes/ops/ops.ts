/**
 * The operations API: merchant steps on any order (review, ship, deliver, receive a return,
 * inspect, decide a cancellation, ask compensation), an order's full view, and the scheduled jobs
 * on demand. Its own credential: `X-Ops-Token`, whose SHA-256 must be in `ops_credentials`
 * (`OPS_TOKEN` in the environment is registered at start, and revoked by a start without it).
 * Each credential belongs to a staff account and acts with its role and brands (the console's
 * permission table), and each step is audited with its author. Not under /api: the storefront's
 * client credential and brand headers do not apply.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { IdParams } from '../../../../contract/api/envelope.ts';
import {
  HEADER_OPS_TOKEN,
  OpsOrderReply,
  OpsStepBody,
  OpsStepParams,
  OpsStepReply,
  ReconcileBody,
  ReconcileReply,
  RunJobsBody,
  RunJobsReply,
} from '../../../../contract/api/ops.ts';
import { opsRunClock, runJobs } from '../../jobs/index.ts';
import { RECONCILE_AFTER_SECONDS, reconcile } from '../../jobs/reconcile.ts';
import { billLine } from '../../orders/bills.ts';
import { STATUS_TEXT } from '../../orders/machine.ts';
import { opsOrderView, orderNumber } from '../../orders/queries.ts';
import { OPS_STEP_PERMISSIONS, type Permission } from '../../../../contract/admin/permissions.ts';
import { authorise, brandOfTarget, staffOf } from '../../admin/guard.ts';
import { deskStep } from '../../admin/orders.ts';
import { actorOf } from '../../admin/staff.ts';
import { opsCredentialStaff, syncEnvironmentOpsCredential } from '../../ops/credentials.ts';
import { ApiError, ok } from '../../plugins/errors.ts';

const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = app.deps;
  const { db } = deps;
  // OPS_TOKEN bootstraps the first credential of a deployment; unsetting it revokes that one.
  const fromEnvironment = await syncEnvironmentOpsCredential(
    db,
    deps.config.opsToken,
    deps.now(),
    deps.config.admin.opsTokenStaff,
  );
  if (fromEnvironment === 'revoked')
    app.log.warn('OPS_TOKEN is not set: the ops credential of an earlier OPS_TOKEN is revoked');

  app.decorateRequest('staff', null);
  // Who (credential → staff account), then may they (role, and the order's brand): before the
  // body is read.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.headers[HEADER_OPS_TOKEN.toLowerCase()];
    if (typeof token !== 'string' || token.length < 16 || token.length > 200)
      throw new ApiError(401, '需要运营凭证', 401);
    const staff = await opsCredentialStaff(db, token);
    if (!staff) throw new ApiError(401, '运营凭证无效', 401);
    request.staff = actorOf(staff, request.ip, 'ops');
    const params = request.params as { id?: unknown; step?: unknown };
    const permission: Permission = (request.routeOptions.url ?? '').startsWith('/ops/jobs/')
      ? 'jobs.run'
      : typeof params.step === 'string'
        ? (OPS_STEP_PERMISSIONS[params.step as keyof typeof OPS_STEP_PERMISSIONS] ?? 'orders.read')
        : 'orders.read';
    const platform =
      params.id === undefined ? undefined : await brandOfTarget(deps, 'order', params.id);
    authorise(request.staff, permission, platform);
  });

  app.post(
    '/orders/:id/:step',
    { schema: { params: OpsStepParams, body: OpsStepBody, response: { 200: OpsStepReply } } },
    async (request) => {
      const { repeated, ...result } = await deskStep(
        deps,
        staffOf(request),
        request.params.id,
        request.params.step,
        request.body ?? {},
        { replay: false },
      );
      void repeated;
      return ok(result);
    },
  );

  app.get(
    '/orders/:id',
    { schema: { params: IdParams, response: { 200: OpsOrderReply } } },
    async (request) => {
      const view = await opsOrderView(db, request.params.id);
      const { order, bills, payments, events } = view;
      return ok({
        id: order.id,
        orderNo: orderNumber(order),
        userId: order.user_id,
        status: order.status,
        statusText: STATUS_TEXT[order.status],
        depositMethod: order.deposit_method,
        subProcess: order.sub_process,
        cancelReason: view.cancelReason,
        returnReason: view.returnReason,
        bills: bills.map(billLine),
        payments: payments.map((p) => ({
          outTradeNo: p.out_trade_no,
          channel: p.channel,
          amount: p.amount,
          status: p.status,
        })),
        events: events.map((e) => ({
          action: e.action,
          from: e.from_status,
          to: e.to_status,
          at: e.created_at.toISOString(),
          note: e.note,
          params: e.params,
        })),
      });
    },
  );

  app.post(
    '/jobs/run',
    { schema: { body: RunJobsBody, response: { 200: RunJobsReply } } },
    async (request) => {
      return ok(await runJobs(deps, opsRunClock(deps, request.body?.at)));
    },
  );

  // Settle what is pending now by asking the providers (after a crash, say), then run what it queued.
  app.post(
    '/jobs/reconcile',
    { schema: { body: ReconcileBody, response: { 200: ReconcileReply } } },
    async (request) => {
      const report = await reconcile(deps, {
        olderThanSeconds: request.body?.olderThanSeconds ?? RECONCILE_AFTER_SECONDS,
      });
      const jobsRun = await deps.jobs.drain();
      return ok({ ...report, jobsRun });
    },
  );
};

export default opsRoutes;
export const prefix = '/ops';
