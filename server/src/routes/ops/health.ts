/**
 * Health for load balancers and orchestrators (not under /api: no client credential).
 * `GET /health/live`: the process answers. `GET /health/ready`: it can serve — the checks of
 * server/src/ops/health.ts all pass. 503 with the failing checks otherwise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readinessChecks, shippedMigrations } from '../../ops/health.ts';

const LiveReply = Type.Object({ status: Type.Literal('ok') });
/** 200 when every check passes, 503 naming the failing ones. */
const ReadyReply = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Record(
    Type.String(),
    Type.Object({ ok: Type.Boolean(), detail: Type.Optional(Type.String()) }),
  ),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const expected = await shippedMigrations();

  app.get('/live', { schema: { response: { 200: LiveReply } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/ready',
    { schema: { response: { 200: ReadyReply, 503: ReadyReply } } },
    async (_request, reply) => {
      const checks = await readinessChecks(app.deps, expected, app.log);
      const ok = Object.values(checks).every((check) => check.ok);
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
};

export default healthRoutes;
export const prefix = '/health';
