// engines: pglite (process signals: no engine difference)
/** `main.ts` as it runs in production: SIGTERM stops accepting, finishes what is in flight, exits 0. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { test } from 'node:test';
import { CLIENT_AUTHORIZATION, onlyOn, REPO_ROOT } from './helpers.ts';
import { TEST_NODE_ARGS } from './node-args.ts';

const headers = (extra: Record<string, string> = {}) => ({
  'x-client-authorization': CLIENT_AUTHORIZATION,
  'x-platform': '1',
  'content-type': 'application/json',
  ...extra,
});

// Its server runs on PGlite in either pass (DATABASE_URL ''): one pass is enough.
test(
  'SIGTERM lets a request in flight finish, then the process exits cleanly',
  { skip: onlyOn('pglite') },
  async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-main-'));
    const child = spawn(process.execPath, [...TEST_NODE_ARGS, 'server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        APP_ENV: 'development',
        DATA_DIR: dataDir,
        H5_DIR: dataDir,
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited early (${code}): ${output}`)));
      });

      const mobile = '13400000001';
      const app = { 'x-user-type': 'app' };
      await fetch(`${baseUrl}/api/login/sendCode`, {
        method: 'POST',
        headers: headers(app),
        body: JSON.stringify({ mobile }),
      });
      const dev = (await (await fetch(`${baseUrl}/dev/sms/last?mobile=${mobile}`)).json()) as {
        data: { code: string };
      };
      const login = (await (
        await fetch(`${baseUrl}/api/login/loginForSms`, {
          method: 'POST',
          headers: headers(app),
          body: JSON.stringify({ mobile, code: dev.data.code }),
        })
      ).json()) as { data: { token: string } };

      // A request whose body is still arriving when the signal comes.
      const body = JSON.stringify({ name: '在途请求', mobile: '13811110000', relation: '朋友' });
      const url = new URL('/api/user/contact', baseUrl);
      const request = http.request(url, {
        method: 'POST',
        headers: {
          ...headers({ token: login.data.token }),
          'content-length': Buffer.byteLength(body),
        },
      });
      const replied = once(request, 'response');
      request.write(body.slice(0, 10));
      // The signal comes once the server has taken the request in (its "incoming request" log
      // line), not after a fixed wait: on a loaded machine 200 ms was not always enough for it to
      // read the headers, and a request first seen while closing is rightly answered 503.
      const deadline = Date.now() + 15_000;
      while (!/"url":"\/api\/user\/contact"[^\n]*"msg":"incoming request"/.test(output)) {
        if (Date.now() > deadline)
          throw new Error(`the request never reached the server:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      request.end(body.slice(10));
      const [response] = (await replied) as [http.IncomingMessage];
      let text = '';
      for await (const chunk of response) text += String(chunk);
      assert.equal(response.statusCode, 200, text);
      assert.equal((JSON.parse(text) as { code: number }).code, 200);

      const [exitCode] = (await once(child, 'exit')) as [number | null];
      assert.equal(exitCode, 0);
      await assert.rejects(fetch(`${baseUrl}/api/coupon/list`, { headers: headers() }));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
