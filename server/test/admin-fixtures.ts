/**
 * The merchant console's test client, shared by the console's server tests: a `Desk` keeps the
 * staff session cookie and the CSRF token its login handed out, sends JSON to `/admin/api`, and
 * checks every reply against the console's OpenAPI document; `ownerDesk` and `staffDesk` make the
 * signed-in accounts the tests act as (their one-time passwords already changed).
 */
import assert from 'node:assert/strict';
import type { Envelope } from '../../contract/http.ts';
import { createOwner } from '../src/admin/bootstrap.ts';
import type { TestServer } from './helpers.ts';

/** The password every test account ends up with once its one-time password is changed. */
export const PASSWORD = 'correct-horse-battery-9';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface SendOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it stands (with a JSON content type), for bodies JSON.stringify cannot make. */
  rawBody?: string;
  /** false: leave the CSRF token out. */
  csrf?: boolean;
  /** An `idempotency-key` header. */
  key?: string;
  headers?: Record<string, string>;
}

/** A browser of the console: keeps the session cookie and the CSRF token the login handed out. */
export class Desk {
  cookie = '';
  csrf = '';
  private readonly server: TestServer;

  constructor(server: TestServer) {
    this.server = server;
  }

  async send<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: SendOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (options.csrf !== false && this.csrf) headers['x-csrf-token'] = this.csrf;
    if (options.key) headers['idempotency-key'] = options.key;
    const payload =
      options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.server.baseUrl}/admin/api${path}`, {
      method,
      headers,
      body: payload,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair?.startsWith('admin_session=')) this.cookie = pair.endsWith('=') ? '' : pair;
    }
    const body = (await response.json()) as Envelope<T>;
    // Every reply fits the console's OpenAPI document, as the storefront's replies fit theirs.
    const problem = await this.server.replyProblem(
      method,
      `/admin/api${path.split('?')[0]}`,
      response.status,
      body,
    );
    if (problem) throw new Error(problem);
    return { status: response.status, body, headers: response.headers };
  }

  /** A GET whose reply is a file, not an envelope (exports, statements). */
  file(path: string): Promise<Response> {
    return fetch(`${this.server.baseUrl}/admin/api${path}`, { headers: { cookie: this.cookie } });
  }

  /** Tries to sign in; the reply says how it went. */
  async login(login: string, password: string, totp?: string) {
    const reply = await this.send<{ csrfToken: string; staff: { id: number } }>('POST', '/login', {
      body: { login, password, ...(totp ? { totp } : {}) },
    });
    if (reply.status === 200) this.csrf = reply.body.data.csrfToken;
    return reply;
  }

  /** Signs in, and fails the test unless it worked. */
  async signIn(login: string, password: string): Promise<void> {
    const reply = await this.login(login, password);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
  }

  /** Changes this account's password (a one-time password lets its holder do only this). */
  async changePassword(currentPassword: string, newPassword = PASSWORD): Promise<void> {
    const changed = await this.send('POST', '/password', {
      body: { currentPassword, newPassword },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
  }
}

/** The first owner, made as `admin:create-owner` makes it, signed in with PASSWORD. */
export async function ownerDesk(server: TestServer, login = 'boss'): Promise<Desk> {
  const { password } = await createOwner(server.db, server.config, login, '店主');
  const owner = new Desk(server);
  await owner.signIn(login, password);
  await owner.changePassword(password);
  return owner;
}

/** An account `owner` creates through the console, signed in (its first password changed). */
export async function staffDesk(
  server: TestServer,
  owner: Desk,
  login: string,
  role: string,
  brands: number[] | 'all',
): Promise<{ desk: Desk; id: number }> {
  const created = await owner.send<{ staff: { id: number } }>('POST', '/staff', {
    body: {
      login,
      displayName: `员工${login}`,
      role,
      ...(brands === 'all' ? { allBrands: true } : { brands }),
      password: 'first-password-123',
    },
  });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const desk = new Desk(server);
  await desk.signIn(login, 'first-password-123');
  await desk.changePassword('first-password-123');
  return { desk, id: created.body.data.staff.id };
}
