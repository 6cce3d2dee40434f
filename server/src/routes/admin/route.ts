/**
 * One console route in one call: what the staff guard (admin/guard.ts) checks before the body is
 * read — the permission (`access`) and, with `target`, the brand of the row the `:id` names — its
 * OpenAPI operation (id, tags, params, query, body, the 200 reply), and its handler, whose request
 * is typed by those schemas and whose result must be the reply's envelope. It registers the same
 * route options the routes spelt out by hand (`config` + `schema` with `response: { 200 }`).
 * `consoleDownload` does the same for a GET that answers with a file rather than the envelope;
 * `consoleEditor` registers a brand's editor, its GET (`?platform=`) and PUT, in one call.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { BrandQuery } from '../../../../contract/admin/home.ts';
import type { RouteAccess, RouteTarget } from '../../admin/guard.ts';

type AdminScope = Parameters<FastifyPluginAsyncTypebox>[0];

/** What a console route declares, but its reply. */
export interface ConsoleRequestSpec<P, Q, B> {
  /** The permission the guard requires ('public' and 'session' as in admin/guard.ts). */
  access: RouteAccess;
  /** What `:id` names; the guard checks the staff member may act for its brand. */
  target?: RouteTarget;
  operationId: string;
  tags: readonly string[];
  description?: string;
  /** The OpenAPI security requirement, where it is not the document's (sign-in: none). */
  security?: Record<string, string[]>[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** Above the server's default, for a file sent as base64. */
  bodyLimit?: number;
  /** Hooks of this route alone (sign-in's rate limits). */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

export interface ConsoleOperation<P, Q, B, R> extends ConsoleRequestSpec<P, Q, B> {
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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function register<P extends TSchema, Q extends TSchema, B extends TSchema>(
  app: AdminScope,
  method: Method,
  url: string,
  spec: ConsoleRequestSpec<P, Q, B>,
  response: Record<number, TSchema> | undefined,
  handler: (request: ConsoleRequest<P, Q, B>, reply: FastifyReply) => Promise<unknown>,
): void {
  const { access, target, bodyLimit, onRequest, preHandler, ...schema } = spec;
  // The schemas validate the request before the handler runs: it is what they say.
  const handle = (request: FastifyRequest, reply: FastifyReply): Promise<unknown> =>
    handler(request as ConsoleRequest<P, Q, B>, reply);
  const routeSchema: FastifySchema = { ...schema, ...(response ? { response } : {}) };
  app.route({
    method,
    url,
    config: { access, ...(target ? { target } : {}) },
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    ...(onRequest ? { onRequest } : {}),
    ...(preHandler ? { preHandler } : {}),
    schema: routeSchema,
    handler: handle,
  });
}

export function consoleRoute<
  P extends TSchema,
  Q extends TSchema,
  B extends TSchema,
  R extends TSchema,
>(
  app: AdminScope,
  method: Method,
  url: string,
  operation: ConsoleOperation<P, Q, B, R>,
  handler: (request: ConsoleRequest<P, Q, B>, reply: FastifyReply) => Promise<Static<R>>,
): void {
  const { reply, ...spec } = operation;
  register(app, method, url, spec, { 200: reply }, handler);
}

/** A GET whose answer is a file (the handler sends it); a refusal is still the envelope. */
export function consoleDownload<P extends TSchema, Q extends TSchema>(
  app: AdminScope,
  url: string,
  spec: ConsoleRequestSpec<P, Q, TSchema>,
  handler: (request: ConsoleRequest<P, Q, TSchema>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  register(app, 'GET', url, spec, undefined, handler);
}

/**
 * One brand's editor at `url`: GET reads it (`?platform=`), PUT saves the new one (`body`); both
 * answer with it (`reply`). Operation ids in that order.
 */
export function consoleEditor<B extends TSchema, R extends TSchema>(
  app: AdminScope,
  url: string,
  editor: {
    access: RouteAccess;
    tags: readonly string[];
    operationIds: [get: string, save: string];
    body: B;
    reply: R;
  },
  get: (request: ConsoleRequest<TSchema, typeof BrandQuery, TSchema>) => Promise<Static<R>>,
  save: (request: ConsoleRequest<TSchema, TSchema, B>) => Promise<Static<R>>,
): void {
  const { access, tags, operationIds, body, reply } = editor;
  const [getId, saveId] = operationIds;
  consoleRoute(
    app,
    'GET',
    url,
    { access, operationId: getId, tags, querystring: BrandQuery, reply },
    get,
  );
  consoleRoute(app, 'PUT', url, { access, operationId: saveId, tags, body, reply }, save);
}
