/**
 * A real server for tests: a fresh database (PGlite in memory, or a throwaway PostgreSQL database
 * when `engine` is 'postgres' or TEST_DB=postgres), migrated and seeded, the app listening on an
 * ephemeral port, and a `request` that sends the storefront's headers over real HTTP.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, type Envelope } from '../../contract/http.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/schema.ts';
import { createProviders, type Providers } from '../src/providers/index.ts';
import { SandboxSms } from '../src/providers/sms/sandbox.ts';
import { seedIfEmpty } from '../src/seed/index.ts';

export type Engine = 'pglite' | 'postgres';

/** The engine the suite runs on: PGlite unless TEST_DB=postgres. */
export const TEST_ENGINE: Engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
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
  /** Logs a mobile in by SMS code through the real routes; returns the token. */
  loginAs(mobile: string, platform?: number): Promise<string>;
  close(): Promise<void>;
}

export interface StartOptions {
  engine?: Engine;
  /** Environment overrides for loadConfig (limits, APP_ENV…). */
  env?: Record<string, string>;
  /** Serve a built H5 app from this folder, as main.ts does. */
  h5Dir?: string;
}

async function createThrowawayPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_server_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: PG_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? TEST_ENGINE;
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-test-'));
  const throwaway = engine === 'postgres' ? await createThrowawayPostgres() : undefined;
  const config = loadConfig({
    APP_ENV: 'test',
    DATA_DIR: tmpDir,
    LOG_LEVEL: 'info',
    ...(throwaway ? { DATABASE_URL: throwaway.url } : {}),
    ...options.env,
  });
  const handle = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: 'memory://',
  });
  await migrate(handle.db);
  await seedIfEmpty(handle.db);

  let clockOffsetMs = 0;
  const providers = createProviders(config);
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString());
      callback();
    },
  });
  const app = await buildApp(
    { db: handle.db, config, providers, now: () => new Date(Date.now() + clockOffsetMs) },
    { logStream, h5Dir: options.h5Dir },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind a port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

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
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    let parsed: Envelope<T>;
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(
        `${method} ${urlPath} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`,
      );
    }
    return { status: response.status, body: parsed, headers: response.headers };
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
    db: handle.db,
    app,
    config,
    providers,
    engine,
    logs: () => logLines.join(''),
    advanceClock(seconds: number) {
      clockOffsetMs += seconds * 1000;
    },
    request,
    loginAs,
    async close() {
      await app.close();
      await handle.close();
      await throwaway?.drop();
      fs.rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}
