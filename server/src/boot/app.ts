/**
 * Builds the API as a Fastify instance (not listening): envelope and error handling, the client
 * credential and brand checks, sessions, and every route plugin found in `src/routes/`.
 *
 * A route file `src/routes/<name>.ts` exports `default` (a Fastify plugin) and optionally
 * `prefix`; without one it is mounted at `/api/<name>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { AppDeps } from './deps.ts';
import { registerAuth } from '../plugins/auth.ts';
import { registerContentLanguage } from '../plugins/content-language.ts';
import { registerEnvelope } from '../plugins/envelope.ts';
import { failure } from '../plugins/error-reasons.ts';
import { registerHeaderChecks } from '../plugins/headers.ts';
import { registerOpenApi } from '../plugins/openapi.ts';
import { registerSecurity } from '../plugins/security.ts';
import { lazySchemaController } from '../plugins/lazy-compilers.ts';
import { redactUrl } from '../lib/redact.ts';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const PACKAGE_VERSION = (
  JSON.parse(
    fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json'),
      'utf8',
    ),
  ) as { version: string }
).version;

export const ROUTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../routes');

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream;
  /** Serve the built H5 app from this folder at `/` (main.ts passes it when the folder exists). */
  h5Dir?: string;
  /** Serve the built merchant console (admin/, Vite) from this folder at `/admin/`. */
  adminDir?: string;
  /**
   * 'at-start': every route's schemas compile while the app gets ready, so a schema Ajv or
   * fast-json-stringify cannot compile fails start-up and no first request waits for a compile;
   * production's default. 'on-first-use': each route compiles on its first request
   * (plugins/lazy-compilers.ts), the default elsewhere: a test server or `npm start` uses a few
   * routes, and compiling all took 0.6-0.7 CPU-s of every start. openapi.test.ts compiles them all.
   */
  schemaCompilation?: 'on-first-use' | 'at-start';
}

/** Hashed file names (`app.3f9a1c2b.js`) never change content: cache them for a year. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * The route files, by path: routes/<domain>/<file>.ts, one folder a domain (the service folder
 * of the same name), and the console's routes/admin/console.ts with its admin/<area>.ts parts.
 */
function routeFiles(): string[] {
  return fs
    .readdirSync(ROUTES_DIR, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(
      (file) => /^([a-z][\w-]*\/)?[a-z][\w-]*\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'),
    )
    .sort();
}

interface RouteModule {
  /** Absent in a console area's file (admin/<area>.ts), which routes/admin/console.ts registers. */
  default?: FastifyPluginAsync;
  prefix?: string;
  /** An API with an OpenAPI document of its own (the console's): kept out of the storefront's. */
  ownDocument?: boolean;
}

/** Logger settings: no token, credential, SMS code or full mobile reaches a log line. */
function loggerOptions(deps: AppDeps, options: BuildOptions): FastifyServerOptions['logger'] {
  return {
    level: deps.config.logLevel,
    ...(options.logStream ? { stream: options.logStream } : {}),
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.authorization',
        'req.headers["x-client-authorization"]',
        'headers.token',
        'headers.authorization',
        'headers["x-client-authorization"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: {
        method: string;
        url: string;
        ip?: string;
        socket?: { remoteAddress?: string };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        };
      },
    },
  };
}

export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const schemaCompilation =
    options.schemaCompilation ??
    (deps.config.appEnv === 'production' ? 'at-start' : 'on-first-use');
  const app = Fastify({
    logger: loggerOptions(deps, options),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Ids in paths are plain numbers; anything odd is a 404 or 400 envelope, never a crash.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed URLs and over-long path params fail in the router, before any hook: envelope them too.
    frameworkErrors(error, _request, reply) {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const msg = tooLong ? '请求地址过长' : '请求地址格式不正确';
      // The router hands over a reply typed for no route in particular; it is an ordinary reply.
      const plain = reply as unknown as FastifyReply;
      const status = tooLong ? 414 : 400;
      void plain.status(status).send(failure(status, msg, status));
    },
    ...(schemaCompilation === 'on-first-use' && { schemaController: lazySchemaController() }),
    ajv: {
      customOptions: {
        // Accept "1" for 1 (form posts, query strings) but never turn values into other shapes.
        coerceTypes: 'array',
        removeAdditional: true,
        allErrors: false,
      },
    },
  });
  app.decorate('deps', deps);
  // What the configuration accepted but the operator should hear (config.ts `warnings`).
  for (const warning of deps.config.warnings) app.log.warn(warning);

  // The storefront sends form-urlencoded bodies when its content type says so.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  // gzip/brotli for everything over 1 KB: JSON lists and the H5 bundle alike.
  await app.register(compress, { threshold: 1024 });
  // Headers and rate limits first, so the static files and every route get them.
  await registerSecurity(app, deps.config, { h5Dir: options.h5Dir });
  if (options.h5Dir) {
    await app.register(fastifyStatic, {
      root: options.h5Dir,
      prefix: '/',
      wildcard: true,
      // scripts/build.ts writes brotli (quality 11) and gzip (level 9) siblings of the H5 text
      // files; serving those beats compressing on every request at the plugin's quality 4.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        // A precompressed sibling (app.3f9a1c2b.js.br) is cached as the file it encodes.
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        const policy =
          name === 'index.html'
            ? 'no-cache'
            : HASHED_ASSET.test(name)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600';
        reply.header('cache-control', policy);
        // The same URL answers brotli, gzip or plain by Accept-Encoding: shared caches must key on it.
        reply.header('vary', 'accept-encoding');
      },
    });
  }

  if (options.adminDir) await serveAdminConsole(app, options.adminDir);

  registerEnvelope(app);
  registerContentLanguage(app);
  registerHeaderChecks(app, deps.config);
  registerAuth(app, deps);

  const routeModules: { module: RouteModule; plugin: FastifyPluginAsync; prefix: string }[] = [];
  for (const file of routeFiles()) {
    const module = (await import(pathToFileURL(path.join(ROUTES_DIR, file)).href)) as RouteModule;
    // A part of another file's scope (the console's admin/<area>.ts) is no plugin of its own.
    if (typeof module.default !== 'function') continue;
    // A file in a domain's folder says its prefix; one right in routes/ may leave it to its name.
    if (module.prefix === undefined && file.includes('/'))
      throw new Error(`routes/${file}: a route file in a domain's folder exports its prefix`);
    routeModules.push({
      module,
      plugin: module.default,
      prefix: module.prefix ?? `/api/${file.replace(/\.(ts|js)$/, '')}`,
    });
  }
  // Every storefront route file in one scope, which its OpenAPI document describes
  // (plugins/openapi.ts); an API with its own document gets a scope of its own beside it.
  for (const { plugin, prefix } of routeModules.filter(({ module }) => module.ownDocument))
    await app.register(plugin, { prefix });
  await app.register(async (api) => {
    await registerOpenApi(api, {
      documentPath: '/api/openapi.json',
      // The reference page is for developers; production serves the document only.
      ...(deps.config.appEnv === 'development' ? { referencePath: '/api/reference' } : {}),
      basePath: '/api',
      title: 'Rental storefront API',
      version: PACKAGE_VERSION,
      description:
        'What the storefront (H5, WeChat and Alipay mini-programs) calls. Every reply is the ' +
        'envelope `{ code, msg, data }`; a failure carries `reason` (contract/errors.ts). Calls ' +
        'under /api send `X-Client-Authorization` and `X-Platform`; a logged-in user also `token`.',
    });
    for (const { plugin, prefix } of routeModules.filter(({ module }) => !module.ownDocument))
      await api.register(plugin, { prefix });
  });
  return app;
}

/**
 * The merchant console at /admin/: its hashed assets from `adminDir/assets` (cached a year), and
 * index.html for /admin/ and every client route under it (React Router's), read once at start.
 * /admin/api/* stays the API's: an unknown API path answers the JSON 404, never the page. The
 * page has no inline script, so the CSP above (scripts from 'self' only) holds for it as is.
 */
async function serveAdminConsole(app: FastifyInstance, adminDir: string): Promise<void> {
  const indexHtml = fs.readFileSync(path.join(adminDir, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: path.join(adminDir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    cacheControl: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  // The router ignores trailing slashes: this route answers /admin and /admin/ alike, and the
  // page's relative routes need the slash.
  app.get('/admin', (request, reply) =>
    request.url.split('?')[0] === '/admin' ? reply.redirect('/admin/') : sendIndex(request, reply),
  );
  app.get('/admin/*', (request, reply) =>
    request.url.startsWith('/admin/api/') || request.url.startsWith('/admin/assets/')
      ? reply.callNotFound()
      : sendIndex(request, reply),
  );
}
