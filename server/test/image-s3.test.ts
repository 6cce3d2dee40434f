// engines: pglite (the S3 adapter against a loopback server: no engine difference)
/**
 * The S3-compatible image store (IMAGE_STORAGE=s3: Alibaba Cloud OSS, MinIO) against a loopback
 * server that checks every request's SigV4 signature (s3-server.ts): the adapter reaches it only
 * through its configured endpoint, a wrong key is refused, a missing object reads as none, and a
 * console upload on a server configured for it is stored in the bucket and served from it — with
 * the secret key nowhere in the logs.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { createOwner } from '../src/admin/bootstrap.ts';
import { s3ImageStore, type S3StorageSettings } from '../src/images/storage.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { startS3TestServer, type S3TestServer } from './s3-server.ts';

let s3: S3TestServer;
let settings: S3StorageSettings;

before(async () => {
  s3 = await startS3TestServer();
  settings = {
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: 'rental-images',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'test/',
  };
});

after(async () => {
  await s3?.close();
});

const NAME = `${'ab'.repeat(16)}.png`;

test('put and get through the endpoint, signed; a missing object reads as none', async () => {
  const store = s3ImageStore(settings);
  const bytes = Buffer.from('picture bytes');
  await store.put(NAME, bytes, 'image/png');
  const object = s3.objects.get(`rental-images/test/${NAME}`);
  assert.ok(object, [...s3.objects.keys()].join(','));
  assert.deepEqual(object.body, bytes);
  assert.equal(object.contentType, 'image/png');
  assert.match(object.cacheControl ?? '', /immutable/);
  assert.deepEqual(await store.get(NAME), bytes);
  assert.equal(await store.get(`${'cd'.repeat(16)}.png`), undefined);
  assert.ok(s3.requests.length >= 3);
  assert.ok(s3.requests.every((request) => request.signed));
});

test('a wrong secret key is refused by the server, and the store says so', async () => {
  const store = s3ImageStore({ ...settings, secretAccessKey: 'not-the-key' });
  const before = s3.objects.size;
  await assert.rejects(store.put(`${'ef'.repeat(16)}.png`, Buffer.from('x'), 'image/png'));
  assert.equal(s3.objects.size, before);
  assert.ok(s3.requests.some((request) => !request.signed));
});

test('a name that is not a content hash is never sent', async () => {
  const store = s3ImageStore(settings);
  const count = s3.requests.length;
  await assert.rejects(store.put('../escape.png', Buffer.from('x'), 'image/png'));
  assert.equal(await store.get('../escape.png'), undefined);
  assert.equal(s3.requests.length, count);
});

test('a console upload on a server set to S3 is stored in the bucket and served from it', async () => {
  let server: TestServer | undefined;
  try {
    server = await startTestServer({
      env: {
        IMAGE_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: s3.region,
        S3_BUCKET: 'console-bucket',
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: '1',
        LOG_LEVEL: 'info',
      },
    });
    const { password } = await createOwner(server.db, server.config, 'owner-s3', '店主');
    const base = `${server.baseUrl}/admin/api`;
    let cookie = '';
    const call = async (path: string, body: unknown, csrf = '') => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify(body),
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        if (pair?.startsWith('admin_session=')) cookie = pair;
      }
      return { status: response.status, body: (await response.json()) as { data: never } };
    };
    const login = await call('/login', { login: 'owner-s3', password });
    const { csrfToken } = login.body.data as { csrfToken: string };
    const newPassword = 'correct-horse-battery-9';
    assert.equal(
      (await call('/password', { currentPassword: password, newPassword }, csrfToken)).status,
      200,
    );
    const png = await sharp({
      create: { width: 900, height: 400, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const uploaded = await call(
      '/images',
      { platform: 2, purpose: 'banner', data: png.toString('base64') },
      csrfToken,
    );
    assert.equal(uploaded.status, 200, JSON.stringify(uploaded.body));
    const { url, webpUrl } = uploaded.body.data as { url: string; webpUrl: string };
    const name = url.split('/').pop()!;
    assert.ok(s3.objects.has(`console-bucket/${name}`));
    assert.ok(s3.objects.has(`console-bucket/${webpUrl.split('/').pop()!}`));
    const served = await fetch(`${server.baseUrl}${url}`);
    assert.equal(served.status, 200);
    assert.match(served.headers.get('cache-control') ?? '', /immutable/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', 750, 300]);
    assert.ok(!server.logs().includes(s3.secretAccessKey), 'the secret key is in the logs');
    assert.ok(!JSON.stringify(server.config).includes(s3.secretAccessKey));
  } finally {
    await server?.close();
  }
});
