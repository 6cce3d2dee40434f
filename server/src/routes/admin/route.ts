/**
 * One console route in one call: what the staff guard (admin/guard.ts) checks before the body is
 * read — the permission (`access`) and, with `target`, the brand of the row the `:id` names — its
 * OpenAPI operation (id, tags, params, query, body, the 200 reply), and its handler, whose request
 * is typed by those schemas and whose result must be the reply's envelope. It registers the same
 * route options the routes spelt out by hand (`config` + `schema` with `response: { 200 }`).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { RouteAccess, RouteTarget } from '../../admin/guard.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

export interface ConsoleOperation<P, Q, B, R> {
  /** The permission the guard requires ('public' and 'session' as in admin/guard.ts). */
  access: RouteAccess;
  /** What `:id` names; the guard checks the staff member may act for its brand. */
  target?: RouteTarget;
  operationId: string;
  tags: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** The reply's schema (status 200). */
  reply: R;
}

export type ConsoleRequest<
  P extends TSchema,
  Q extends TSchema,
  B extends TSchema,
> = FastifyRequest<{
  Params: Static<P>;
  Querystring: Static<Q>;
  Body: Static<B>;
}>;

export function consoleRoute<
  P extends TSchema,
  Q extends TSchema,
  B extends TSchema,
  R extends TSchema,
>(
  app: AdminScope,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  operation: ConsoleOperation<P, Q, B, R>,
  handler: (request: ConsoleRequest<P, Q, B>) => Promise<Static<R>>,
): void {
  const { access, target, reply, ...schema } = operation;
  // The schemas validate the request before the handler runs: it is what they say.
  const handle = (request: FastifyRequest): Promise<unknown> =>
    handler(request as ConsoleRequest<P, Q, B>);
  const routeSchema: FastifySchema = { ...schema, response: { 200: reply } };
  app.route({
    method,
    url,
    config: { access, ...(target ? { target } : {}) },
    schema: routeSchema,
    handler: handle,
  });
}
