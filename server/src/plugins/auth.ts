/**
 * Login sessions. A token is 256 random bits, handed to the client once; the database keeps only
 * its SHA-256. A session belongs to one brand (platform): a token is refused on any other brand.
 * `app.authenticate` is the onRequest hook of routes that need a user (it runs before the body is
 * validated); `app.optionalAuth` sets `request.user` when a valid token is present and lets
 * anonymous calls through.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode, type PlatformId } from '../../../contract/http.ts';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../boot/deps.ts';
import { ApiError } from './errors.ts';
import { forgetUserSessions, sessionCacheOf } from './session-cache.ts';

export interface AuthUser {
  id: number;
  sessionId: number;
  platform: PlatformId;
}

/** A route as registered, and who may call it (read after `ready()`). */
export interface RouteAuth {
  method: string;
  url: string;
  /** `user`: `authenticate` runs onRequest; `optional`: `optionalAuth` does; `none`: neither. */
  auth: 'user' | 'optional' | 'none';
  /** What the route validates, so a test can send it something invalid. */
  validates: ('body' | 'querystring' | 'params')[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, set by `authenticate` / `optionalAuth`; null when anonymous. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    optionalAuth(request: FastifyRequest): Promise<void>;
    /** Every route and its authentication (the 401-before-400 test walks it). */
    routeAuth(): RouteAuth[];
  }
}

/**
 * Every route of a plugin needs a logged-in user: `authenticate` becomes each route's first
 * onRequest hook (so it is in the route table, and runs before the body is validated).
 */
export function requireUser(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.onRequest = [app.authenticate, ...[route.onRequest ?? []].flat()];
  });
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token a request carries: the `token` header, else `Authorization: Bearer …`. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.token;
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authorization = request.headers.authorization;
  const match =
    typeof authorization === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
  return match?.[1];
}

/**
 * Starts a session for a user on one brand. Earlier live sessions of that user on that brand end
 * ("logged in elsewhere": their tokens then answer 60002).
 */
export async function issueSession(
  db: Kysely<Database>,
  input: { userId: number; platform: PlatformId; now: Date; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: input.now, revoked_reason: 'replaced' })
      .where('user_id', '=', input.userId)
      .where('platform', '=', input.platform)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        user_id: input.userId,
        token_hash: hashToken(token),
        platform: input.platform,
        created_at: input.now,
        expires_at: new Date(input.now.getTime() + input.ttlSeconds * 1000),
      })
      .execute();
  });
  // The replaced sessions are refused from the next request on (session-cache.ts).
  forgetUserSessions(db, input.userId, input.platform);
  return token;
}

export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  const sessions = sessionCacheOf(deps.db);

  async function resolve(request: FastifyRequest, required: boolean): Promise<void> {
    const token = tokenFrom(request);
    if (!token) {
      if (required) throw new ApiError(ResultCode.UNAUTHORIZED, '请先登录', 401);
      return;
    }
    const tokenHash = hashToken(token);
    // From memory while nothing says it changed (session-cache.ts); expiry is checked below.
    const session = await sessions.lookup(tokenHash, () =>
      deps.db
        .selectFrom('sessions')
        .select(['id', 'user_id', 'platform', 'expires_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst(),
    );
    // Public routes ignore a stale token rather than sending the visitor to the login page.
    if (!required) {
      const live =
        session &&
        session.platform === request.platform &&
        !session.revoked_at &&
        session.expires_at.getTime() > deps.now().getTime();
      if (live)
        request.user = { id: session.user_id, sessionId: session.id, platform: request.platform };
      return;
    }
    // Another brand's token is treated as no token at all.
    if (!session || session.platform !== request.platform) {
      throw new ApiError(ResultCode.UNAUTHORIZED, '登录已失效，请重新登录', 401);
    }
    if (session.revoked_at) {
      throw new ApiError(ResultCode.TOKEN_REVOKED, '您已退出登录或在其他设备登录', 401);
    }
    if (session.expires_at.getTime() <= deps.now().getTime()) {
      throw new ApiError(ResultCode.TOKEN_EXPIRED, '登录已过期，请重新登录', 401);
    }
    request.user = { id: session.user_id, sessionId: session.id, platform: request.platform };
  }

  const authenticate = (request: FastifyRequest) => resolve(request, true);
  const optionalAuth = (request: FastifyRequest) => resolve(request, false);
  app.decorate('authenticate', authenticate);
  app.decorate('optionalAuth', optionalAuth);
  // Who the caller is comes before what they sent: an anonymous request with a bad body is a
  // 401, never a 400 that reveals the route's validation. A route that authenticates later fails
  // at start-up rather than in production.
  const routes: { method: string; url: string; options: RouteOptions }[] = [];
  app.decorate('routeAuth', () =>
    routes.map(({ method, url, options }) => {
      // Read now, not at registration: a plugin's requireUser adds its hook after this one ran.
      const onRequest = [options.onRequest ?? []].flat();
      const schema = options.schema ?? {};
      return {
        method,
        url,
        auth: onRequest.includes(authenticate)
          ? ('user' as const)
          : onRequest.includes(optionalAuth)
            ? ('optional' as const)
            : ('none' as const),
        validates: (['body', 'querystring', 'params'] as const).filter((part) => schema[part]),
      };
    }),
  );
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, options: route });
    for (const stage of [route.preValidation, route.preHandler]) {
      const hooks = [stage ?? []].flat();
      if (hooks.includes(authenticate) || hooks.includes(optionalAuth))
        throw new Error(
          `${String(route.method)} ${route.url}: authenticate as an onRequest hook, before validation`,
        );
    }
  });
}

/** The user of a route behind `authenticate` (throws if the hook was left off). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(ResultCode.UNAUTHORIZED, '请先登录', 401);
  return request.user;
}
