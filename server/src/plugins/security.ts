/**
 * Security headers for every response (helmet) and request rate limits on the routes an
 * attacker would hammer (@fastify/rate-limit): login and SMS codes per client IP, payments per IP
 * and per user, provider notifications that fail verification per IP. Counters live in Redis when REDIS_URL is set, so every API process shares them,
 * in memory otherwise. The database keeps its own per-mobile SMS limits (sms-codes.ts) besides.
 *
 * The Content-Security-Policy is the H5 app's: its own scripts, plus the inline start-up scripts
 * of index.html by their SHA-256 (read from the build at start), its own API, pictures from
 * itself and data/blob URLs (its uploads read picked files from blob: URLs), inline styles (React
 * and Taro write style attributes), and https frames for the web-view page, which checks the hosts
 * itself. Only the app itself may frame its pages. The brands' chat providers' origins
 * (CHAT_SCRIPT_URL_<brand>, service-desk/chat.ts) may serve scripts and pictures and take
 * connections (their widget talks to their servers, over https or a websocket).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../boot/config.ts';
import { chatProviderOrigins } from '../service-desk/chat.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of the login and SMS-code routes: requests per client IP. */
    limitLogin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook of the payment routes, after `authenticate`: per client IP and per user. */
    limitPayment(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * Called for a provider notification that failed verification, before anything of it is
     * stored: 429 past the sender's limit. Verified notifications never get here, so a
     * provider's retries are never limited.
     */
    limitRejectedNotification(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** `'sha256-…'` sources for the inline scripts of the built index.html (JSON data blocks aside). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? '';
    if (/\ssrc=/.test(attributes) || /type="application\/json"/.test(attributes)) continue;
    const digest = createHash('sha256')
      .update(match[2] ?? '')
      .digest('base64');
    hashes.push(`'sha256-${digest}'`);
  }
  return hashes;
}

const WINDOW_MS = 60_000;

export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  options: { h5Dir?: string },
): Promise<void> {
  const indexHtml = options.h5Dir ? path.join(options.h5Dir, 'index.html') : undefined;
  const scriptHashes =
    indexHtml && fs.existsSync(indexHtml)
      ? inlineScriptHashes(fs.readFileSync(indexHtml, 'utf8'))
      : [];
  const chat = chatProviderOrigins(config.chatScripts);
  const chatSockets = chat.map((origin) => origin.replace(/^http/, 'ws'));
  // helmet's middleware is built once: @fastify/helmet called helmet(options) on every request,
  // which parsed the whole policy again (~2 % of the server thread in bench:orders' profile).
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes, ...chat],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...chat],
        fontSrc: ["'self'", 'data:'],
        // The H5 upload reads the picked file back from its blob: URL before sending it.
        connectSrc: ["'self'", 'blob:', 'data:', ...chat, ...chatSockets],
        frameSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The app's own web-view page frames the app's own pages; no one else may.
        frameAncestors: ["'self'"],
      },
    },
    // The API answers the mini-programs and pictures are loaded cross-origin by them.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, () => done());
  });

  // ioredis only when REDIS_URL is set: it took ~0.04 s of CPU to import (profile of a test
  // server's start, 28 Nov), paid by every process that keeps its counters in memory.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        // A limiter must not hold a request up: give up fast and let it through (skipOnError).
        connectTimeout: 500,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.redisKeyPrefix } : {}),
    skipOnError: true,
  });

  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
  const loginByIp = limiter('login-ip', config.rateLimits.loginPerIp, (r) => r.ip);
  const payByIp = limiter('pay-ip', config.rateLimits.payPerIp, (r) => r.ip);
  const payByUser = limiter('pay-user', config.rateLimits.payPerUser, (r) =>
    String(r.user?.id ?? r.ip),
  );
  const rejectedNotifyByIp = limiter(
    'notify-rejected-ip',
    config.rateLimits.notifyRejectedPerIp,
    (r) => r.ip,
  );

  const enforce = async (
    request: FastifyRequest,
    reply: FastifyReply,
    checks: (typeof loginByIp)[],
  ) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new ApiError(429, '请求过于频繁，请稍后再试', 429);
      }
    }
  };
  app.decorate('limitLogin', (request: FastifyRequest, reply: FastifyReply) =>
    enforce(request, reply, [loginByIp]),
  );
  app.decorate('limitPayment', (request: FastifyRequest, reply: FastifyReply) =>
    enforce(request, reply, [payByIp, payByUser]),
  );
  app.decorate('limitRejectedNotification', (request: FastifyRequest, reply: FastifyReply) =>
    enforce(request, reply, [rejectedNotifyByIp]),
  );
}
