// engines: pglite (configuration only)
/**
 * Online chat (GET /api/service/chat): the brand that offers it (brand 9) gets the script of the
 * chat provider it configured (CHAT_SCRIPT_URL_9); without one, development gets the demo, which
 * says it is one, and production refuses to start rather than put the demo in front of customers.
 * Brands without chat are told so.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/boot/config.ts';
import { DEMO_CHAT_SCRIPT, onlineChat } from '../src/service-desk/chat.ts';
import { onlyOn, startTestServer, type TestServer } from './helpers.ts';

const PROVIDER_SCRIPT = 'https://chat.provider.example/widget.js?key=brand9';

let server: TestServer;

before(async () => {
  server = await startTestServer({ env: { CHAT_SCRIPT_URL_9: PROVIDER_SCRIPT } });
});
after(async () => {
  await server?.close();
});

describe('GET /api/service/chat', () => {
  it("answers brand 9 with its configured provider's script, not the demo", async () => {
    const reply = await server.request<{ scriptUrl: string; demo: boolean }>(
      'GET',
      '/api/service/chat',
      { platform: 9 },
    );
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.data, { scriptUrl: PROVIDER_SCRIPT, demo: false });
  });

  it('tells a brand without online chat that it has none, with the stable reason', async () => {
    const reply = await server.request('GET', '/api/service/chat', { platform: 1 });
    assert.equal(reply.status, 404);
    assert.equal(reply.body.reason, 'NO_ONLINE_CHAT');
  });
});

describe('without a configured provider', { skip: onlyOn('pglite') }, () => {
  it('development serves the demo, marked as one', () => {
    assert.deepEqual(onlineChat({}, 9, false), { scriptUrl: DEMO_CHAT_SCRIPT, demo: true });
    assert.equal(onlineChat({}, 1, false), undefined);
  });

  it('production refuses to start, naming the variable', () => {
    let problems: string[] = [];
    try {
      loadConfig({ APP_ENV: 'production' });
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      problems = error.problems;
    }
    assert.ok(
      problems.some((problem) => problem.startsWith('CHAT_SCRIPT_URL_9 must be the https URL')),
      problems.join('\n'),
    );
    // Nor is plain http enough there.
    assert.equal(onlineChat({ 9: 'https://x.example/a.js' }, 9, true)?.demo, false);
  });

  it('refuses a value that is no URL', () => {
    assert.throws(
      () => loadConfig({ CHAT_SCRIPT_URL_9: 'javascript:alert(1)' }),
      (error) => error instanceof ConfigError && /CHAT_SCRIPT_URL_9/.test(error.problems[0]),
    );
  });
});

describe('Content-Security-Policy', () => {
  it("lets the page run the configured provider's script and talk to its servers, and no others", async () => {
    const reply = await fetch(`${server.baseUrl}/api/service/phone`, {
      headers: { 'x-platform': '9' },
    });
    const policy = reply.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
    assert.match(directive('script-src'), / https:\/\/chat\.provider\.example(\s|$)/);
    assert.match(directive('connect-src'), / wss:\/\/chat\.provider\.example(\s|$)/);
    assert.doesNotMatch(directive('script-src'), /https:(\s|$)/, 'not every https origin');
  });
});
