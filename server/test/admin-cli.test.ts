// engines: postgres (the CLI's suite makes its own PostgreSQL database and the demo owner's runs a development server on PGlite, as npm start does, whichever the pass: the file is the same in both)
/**
 * The first accounts: `npm run admin -- create-owner` on a real database prints a one-time
 * password that must be changed at first login; `create-ops-token` gives `npm run ops` a
 * credential acting as a staff account; the development server seeds a demo owner (login in the
 * log, password in a file) and its ops credential acts as it; production refuses to start while
 * a demo account is enabled.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { ensureDemoOwner, productionStaffProblems } from '../src/admin/bootstrap.ts';
import { createThrowawayPostgres, REPO_ROOT, startTestServer, type TestServer } from './helpers.ts';
import { startServerProcess } from './processes.ts';

const run = promisify(execFile);

async function cli(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', './server/load-typescript.mjs', path.join(REPO_ROOT, script), ...args],
      { env: { ...process.env, ...env }, cwd: REPO_ROOT },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function login(baseUrl: string, loginName: string, password: string) {
  const response = await fetch(`${baseUrl}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: loginName, password }),
  });
  const body = (await response.json()) as { data: { csrfToken: string } | null; msg: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair?.startsWith('admin_session='));
  return { status: response.status, body, cookie: cookie ?? '', csrf: body.data?.csrfToken ?? '' };
}

describe('npm run admin on a real database', () => {
  let database: { url: string; drop(): Promise<void> };
  let server: TestServer;

  before(async () => {
    database = await createThrowawayPostgres();
  });
  after(async () => {
    await server?.close();
    await database.drop();
  });

  test('create-owner prints a one-time password that must be changed at first login', async () => {
    const env = { DATABASE_URL: database.url, APP_ENV: 'test' };
    const bad = await cli('scripts/admin.ts', ['create-owner', '--login', 'Bad Name'], env);
    assert.equal(bad.code, 2);
    const made = await cli('scripts/admin.ts', ['create-owner', '--login', 'chief'], env);
    assert.equal(made.code, 0, made.stderr);
    const password = /one-time password: (\S+)/.exec(made.stdout)?.[1];
    assert.ok(password && password.length >= 20, made.stdout);
    const again = await cli('scripts/admin.ts', ['create-owner', '--login', 'chief'], env);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /chief/);

    server = await startTestServer({ databaseUrl: database.url, engine: 'postgres' });
    const session = await login(server.baseUrl, 'chief', password);
    assert.equal(session.status, 200, JSON.stringify(session.body));
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const blocked = await fetch(`${server.baseUrl}/admin/api/staff`, { headers });
    assert.equal(blocked.status, 403);
    const changed = await fetch(`${server.baseUrl}/admin/api/password`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: password, newPassword: 'a-new-owner-password' }),
    });
    assert.equal(changed.status, 200);
    assert.equal((await fetch(`${server.baseUrl}/admin/api/staff`, { headers })).status, 200);
    assert.equal((await login(server.baseUrl, 'chief', password)).status, 401, 'spent');
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['action', 'staff_login', 'via'])
      .where('action', 'in', ['staff.create', 'staff.password'])
      .orderBy('id')
      .execute();
    assert.deepEqual(audit, [
      { action: 'staff.create', staff_login: 'cli', via: 'cli' },
      { action: 'staff.password', staff_login: 'chief', via: 'console' },
    ]);
  });

  test('create-ops-token: npm run ops acts with that account’s role', async () => {
    const env = { DATABASE_URL: database.url, APP_ENV: 'test' };
    const viewer = await server.db
      .insertInto('staff')
      .values({
        login: 'watcher',
        display_name: '观察员',
        password_hash: '!',
        role: 'viewer',
        brands: [1],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    assert.ok(viewer.id);
    const made = await cli('scripts/admin.ts', ['create-ops-token', '--login', 'watcher'], env);
    assert.equal(made.code, 0, made.stderr);
    const token = made.stdout.split('\n')[1]?.trim() ?? '';
    assert.match(token, /^[A-Za-z0-9_-]{32}$/);
    const jobs = await cli('scripts/ops.ts', ['run-jobs'], {
      OPS_URL: server.baseUrl,
      OPS_TOKEN: token,
    });
    assert.equal(jobs.code, 1, 'a viewer does not run the jobs');
    assert.match(jobs.stderr, /403/);
    const chief = await cli('scripts/admin.ts', ['create-ops-token', '--login', 'chief'], env);
    const ownerToken = chief.stdout.split('\n')[1]?.trim() ?? '';
    const ran = await cli('scripts/ops.ts', ['run-jobs'], {
      OPS_URL: server.baseUrl,
      OPS_TOKEN: ownerToken,
    });
    assert.equal(ran.code, 0, ran.stderr);
  });
});

describe('the demo owner', () => {
  test('development seeds it, logs its login (not its password) and its ops credential acts as it', async () => {
    const running = await startServerProcess({ APP_ENV: 'development', LOG_LEVEL: 'info' });
    try {
      const line = running
        .output()
        .split('\n')
        .find((l) => l.includes('development demo owner'));
      assert.ok(line, running.output());
      const logged = JSON.parse(line) as { login: string; passwordFile: string };
      assert.equal(logged.login, 'demo-owner');
      const password = fs.readFileSync(logged.passwordFile, 'utf8').trim();
      assert.ok(!running.output().includes(password), 'the password never reaches the log');
      assert.equal(fs.statSync(logged.passwordFile).mode & 0o077, 0, 'owner-readable only');
      const session = await login(running.baseUrl, 'demo-owner', password);
      assert.equal(session.status, 200, JSON.stringify(session.body));
      const token = fs
        .readFileSync(path.join(path.dirname(logged.passwordFile), 'ops-token'), 'utf8')
        .trim();
      const jobs = await fetch(`${running.baseUrl}/ops/jobs/run`, {
        method: 'POST',
        headers: { 'x-ops-token': token, 'content-type': 'application/json' },
        body: '{}',
      });
      assert.equal(jobs.status, 200);
    } finally {
      await running.stop();
    }
  });

  test('production never seeds one, and names an enabled one as a reason not to start', async () => {
    const server = await startTestServer();
    try {
      assert.deepEqual(await productionStaffProblems(server.db), []);
      await ensureDemoOwner(server.db, server.config);
      const problems = await productionStaffProblems(server.db);
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, /demo-owner/);
      await assert.rejects(
        ensureDemoOwner(server.db, { ...server.config, appEnv: 'production' }),
        /never seeds/,
      );
      await server.db
        .updateTable('staff')
        .set({ disabled_at: new Date() })
        .where('demo', '=', true)
        .execute();
      assert.deepEqual(await productionStaffProblems(server.db), []);
    } finally {
      await server.close();
    }
  });
});
