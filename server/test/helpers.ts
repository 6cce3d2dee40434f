/**
 * A real server for tests: a fresh database (PGlite in memory, or a throwaway PostgreSQL database
 * when `engine` is 'postgres' or TEST_DB=postgres), migrated and seeded, the app listening on an
 * ephemeral port, and a `request` that sends the storefront's headers over real HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Envelope } from '../../contract/http.ts';
import { buildApp } from '../src/boot/app.ts';
import { loadConfig, type AppEnv, type Config } from '../src/boot/config.ts';
import type { Database } from '../src/db/schema.ts';
import type { Providers } from '../src/providers/index.ts';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { openRuntime } from '../src/boot/runtime.ts';
import { ReplyChecker, type OpenApiDocument } from './openapi-replies.ts';
import { copySeededDataDir, seededPostgres } from './seeded-database.ts';

export type Engine = 'pglite' | 'postgres';

/** The engine the suite runs on: PGlite unless TEST_DB=postgres. */
export const TEST_ENGINE: Engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * For `describe(name, { skip: onlyOn('pglite') }, …)`: a suite that checks what no engine changes
 * (validation of every field under the naughty-string corpora, say) runs in one pass, not both;
 * the long ones are shared out between the passes, which run side by side (scripts/test-all.ts).
 */
export const onlyOn = (engine: Engine): string | false =>
  TEST_ENGINE !== engine && `engine-independent: runs in the ${engine} pass`;
/** The PostgreSQL server throwaway databases are made on. */
const PG_ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** `../shared/fuzz/<file>` beside the repository, as CI lays it out. */
export const fuzzFile = (name: string) => path.resolve(REPO_ROOT, '../shared/fuzz', name);

export const CLIENT_AUTHORIZATION = `Basic ${Buffer.from(
  `${DEFAULT_CLIENT_ID}:${DEFAULT_CLIENT_SECRET}`,
).toString('base64')}`;

export interface RequestOptions {
  /** JSON body (objects), or a FormData / string sent as is. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  token?: string;
  /** X-Platform; 1 by default, `null` to leave the header off. */
  platform?: number | string | null;
  /** Extra headers, or `undefined` values to remove a default one. */
  headers?: Record<string, string | undefined>;
}

export interface TestReply<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface TestServer {
  baseUrl: string;
  db: Kysely<Database>;
  app: FastifyInstance;
  config: Config;
  providers: Providers;
  engine: Engine;
  /** Every log line the server wrote, as text. */
  logs(): string;
  /** Moves the server's clock forward (code and token expiry). */
  advanceClock(seconds: number): void;
  request<T = unknown>(
    method: string,
    urlPath: string,
    options?: RequestOptions,
  ): Promise<TestReply<T>>;
  /**
   * What is wrong with a JSON reply by the OpenAPI document of its API (undefined: it fits), for
   * tests that make their own calls (the console's cookie sessions).
   */
  replyProblem(
    method: string,
    pathname: string,
    status: number,
    body: unknown,
  ): Promise<string | null>;
  /** Logs a mobile in by SMS code through the real routes; returns the token. */
  loginAs(mobile: string, platform?: number): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  engine?: Engine;
  /** Use this PostgreSQL database (kept afterwards) instead of a throwaway one. */
  databaseUrl?: string;
  /** Listen on this port rather than any free one. */
  port?: number;
  /** Environment overrides for loadConfig (limits, APP_ENV…). */
  env?: Record<string, string>;
  /** Serve a built H5 app from this folder, as main.ts does. */
  h5Dir?: string;
  /** Serve a built merchant console from this folder at /admin/. */
  adminDir?: string;
  /**
   * Run the app in this mode after the configuration was accepted: a production-mode app on the
   * sandboxes, which loadConfig never allows, shows what the routes themselves do in production.
   */
  appEnv?: AppEnv;
  /**
   * 'inject': `request` hands JSON and text requests to Fastify's inject (same routes, hooks,
   * validation and error handling, no socket) — for suites that send thousands of requests and
   * check what the routes answer, not the wire (the naughty-string suites). Form uploads still
   * go over HTTP. 'http' (the default): every request over a real socket.
   */
  transport?: 'http' | 'inject';
  /** buildApp's schemaCompilation: 'at-start' compiles every route's schemas before listening. */
  schemaCompilation?: 'on-first-use' | 'at-start';
}

/** A throwaway PostgreSQL database, migrated and seeded (a clone of the seeded template). */
export async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  return seededPostgres(PG_ADMIN_URL);
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? TEST_ENGINE;
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  const throwaway =
    engine === 'postgres' && !options.databaseUrl ? await createThrowawayPostgres() : undefined;
  const databaseUrl = options.databaseUrl ?? throwaway?.url;
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: tmpDir,
    LOG_LEVEL: 'info',
    // Every test request comes from 127.0.0.1: the rate-limit tests set their own limits.
    RATE_LOGIN_PER_IP: '100000',
    RATE_PAY_PER_IP: '100000',
    RATE_PAY_PER_USER: '100000',
    RATE_NOTIFY_REJECTED_PER_IP: '100000',
    // Likewise the daily quotas per user (the fuzz test files hundreds of complaints as one user).
    COMPLAINTS_PER_DAY: '100000',
    UPLOADS_PER_DAY: '100000',
    UPLOAD_BYTES_PER_DAY: String(2 ** 40),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  if (options.appEnv) config.appEnv = options.appEnv;

  let clockOffsetMs = 0;
  let baseUrl = '';
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  // PGlite: this server's DATA_DIR starts as a copy of the seeded one (the cluster in pglite/,
  // where main.ts keeps it).
  if (!databaseUrl) await copySeededDataDir(tmpDir);
  // Jobs never run by themselves here: tests drain the queue (settle) when they mean to.
  const runtime = await openRuntime(config, {
    dataDir: path.join(tmpDir, 'pglite'),
    runJobs: false,
    notifyBase: () => baseUrl,
    now: () => new Date(Date.now() + clockOffsetMs),
  });
  const { providers } = runtime.deps;
  const app = await buildApp(runtime.deps, {
    logStream,
    h5Dir: options.h5Dir,
    adminDir: options.adminDir,
    schemaCompilation: options.schemaCompilation,
  });
  runtime.deps.jobs.log = app.log.child({ component: 'jobs' });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a port');
  baseUrl = `http://127.0.0.1:${address.port}`;

  async function request<T>(method: string, urlPath: string, opts: RequestOptions = {}) {
    const url = new URL(urlPath, baseUrl);
    for (const [key, value] of Object.entries(opts.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { 'x-client-authorization': CLIENT_AUTHORIZATION };
    const platform = opts.platform === undefined ? 1 : opts.platform;
    if (platform !== null) headers['x-platform'] = String(platform);
    if (opts.token) {
      headers.token = opts.token;
      headers.authorization = `Bearer ${opts.token}`;
    }
    let body: FormData | string | undefined;
    if (opts.body instanceof FormData || typeof opts.body === 'string') {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    for (const [key, value] of Object.entries(opts.headers ?? {})) {
      if (value === undefined) delete headers[key.toLowerCase()];
      else headers[key.toLowerCase()] = value;
    }
    let status: number;
    let text: string;
    let replyHeaders: Headers;
    if (options.transport === 'inject' && !(body instanceof FormData)) {
      const injected = await app.inject({
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      status = injected.statusCode;
      text = injected.body;
      replyHeaders = new Headers();
      for (const [key, value] of Object.entries(injected.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value])
          replyHeaders.append(key, String(one));
      }
    } else {
      const response = await fetch(url, { method, headers, body });
      status = response.status;
      text = await response.text();
      replyHeaders = response.headers;
    }
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(
        `${method} ${urlPath} answered ${status} with non-JSON: ${text.slice(0, 200)}`,
      );
    }
    // Every JSON reply must fit the server's own OpenAPI document (openapi-replies.ts).
    const problem = await replyProblem(method, url.pathname, status, parsed);
    if (problem) throw new Error(problem);
    return { status, body: parsed, headers: replyHeaders };
  }

  /** By the document of the reply's API: the console's own for /admin/api, else the storefront's. */
  async function replyProblem(method: string, pathname: string, status: number, body: unknown) {
    const document = pathname.startsWith('/admin/api/')
      ? '/admin/api/openapi.json'
      : '/api/openapi.json';
    return (await replyChecker(document)).problem(method, pathname, status, body);
  }

  const checkers = new Map<string, Promise<ReplyChecker>>();
  function replyChecker(document: string): Promise<ReplyChecker> {
    let checker = checkers.get(document);
    if (!checker) {
      checker = fetch(new URL(document, baseUrl)).then(async (response) => {
        if (!response.ok) throw new Error(`${document} answered ${response.status}`);
        return new ReplyChecker((await response.json()) as OpenApiDocument);
      });
      checkers.set(document, checker);
    }
    return checker;
  }

  async function loginAs(mobile: string, platform = 1): Promise<string> {
    const loginHeaders = { 'x-user-type': 'app' };
    const sent = await request('POST', '/api/login/sendCode', {
      body: { mobile },
      platform,
      headers: loginHeaders,
    });
    if (sent.body.code !== 200) throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
    const sms = providers.sms;
    const code = sms instanceof SandboxSms ? sms.lastCode(mobile) : undefined;
    if (!code) throw new Error('no code reached the sandbox SMS provider');
    const login = await request<{ token: string }>('POST', '/api/login/loginForSms', {
      body: { mobile, code },
      platform,
      headers: loginHeaders,
    });
    if (login.body.code !== 200)
      throw new Error(`loginForSms failed: ${JSON.stringify(login.body)}`);
    return login.body.data.token;
  }

  return {
    baseUrl,
    db: runtime.deps.db,
    app,
    config,
    providers,
    engine,
    logs: () => logLines.join(''),
    advanceClock(seconds: number) {
      clockOffsetMs += seconds * 1000;
    },
    request,
    replyProblem,
    loginAs,
    async close() {
      await app.close();
      await runtime.close();
      await throwaway?.drop();
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}
