// engines: pglite (dictionaries: no database)
/** GET /api/i18n/messages: the dictionaries the storefront does not compile in. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { LanguagePack } from '../../contract/api/i18n.ts';
import { en } from '../../contract/i18n/en.ts';
import { fr } from '../../contract/i18n/fr.ts';
import { CLIENT_AUTHORIZATION, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer;

before(async () => {
  server = await startTestServer();
});
after(async () => {
  await server.close();
});

const messages = (query: Record<string, string>) =>
  server.request<LanguagePack>('GET', '/api/i18n/messages', { query });

test('serves a language as the source files have it, with its version as ETag', async () => {
  const reply = await messages({ language: 'en' });
  assert.equal(reply.status, 200);
  assert.equal(reply.body.code, 200);
  assert.equal(reply.body.data.language, 'en');
  assert.deepEqual(reply.body.data.messages, en);
  assert.match(reply.body.data.version, /^[0-9a-f]{8}$/);
  assert.equal(reply.headers.get('etag'), `"${reply.body.data.version}"`);
  // No version named: revalidated on every use.
  assert.equal(reply.headers.get('cache-control'), 'no-cache');

  const french = await messages({ language: 'fr' });
  assert.deepEqual(french.body.data.messages, fr);
  assert.notEqual(french.body.data.version, reply.body.data.version);
});

test('the current version in the URL is cached for a year; an old one is not', async () => {
  const { version } = (await messages({ language: 'es' })).body.data;
  const current = await messages({ language: 'es', v: version });
  assert.equal(current.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const old = await messages({
    language: 'es',
    v: version === '00000000' ? '11111111' : '00000000',
  });
  assert.equal(old.body.data.version, version);
  assert.equal(old.headers.get('cache-control'), 'no-cache');
});

test('If-None-Match with the current ETag answers 304 without a body', async () => {
  const { headers } = await messages({ language: 'zh-Hant' });
  const etag = headers.get('etag') as string;
  const url = `${server.baseUrl}/api/i18n/messages?language=zh-Hant`;
  const base = { 'x-client-authorization': CLIENT_AUTHORIZATION, 'x-platform': '1' };
  for (const ifNoneMatch of [etag, `W/${etag}`, `"00000000", ${etag}`]) {
    const reply = await fetch(url, { headers: { ...base, 'if-none-match': ifNoneMatch } });
    assert.equal(reply.status, 304, ifNoneMatch);
    assert.equal(await reply.text(), '');
  }
  const changed = await fetch(url, { headers: { ...base, 'if-none-match': '"00000000"' } });
  assert.equal(changed.status, 200);
});

test('bad input is a 400 envelope', async () => {
  const bad: Record<string, string>[] = [
    {},
    { language: 'de' },
    { language: 'EN' },
    { language: 'en', v: 'not-hex!' },
    { language: 'en', v: '0'.repeat(64) },
  ];
  for (const query of bad) {
    const reply = await messages(query);
    assert.equal(reply.status, 400, JSON.stringify(query));
    assert.equal(reply.body.code, 400);
    assert.equal(reply.body.data, null);
    assert.ok(reply.body.msg, 'the envelope says what was wrong');
  }
});

test('needs the client credential, like every API call', async () => {
  const reply = await server.request('GET', '/api/i18n/messages', {
    query: { language: 'en' },
    headers: { 'x-client-authorization': undefined },
  });
  assert.equal(reply.status, 401);
  assert.equal(reply.body.code, 401);
});
