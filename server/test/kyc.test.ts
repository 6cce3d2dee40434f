// engines: both (concurrent submits of one ID number: unique constraint under concurrency)
/** Identity and credit: real name, OCR, face, credit score, emergency contact, verification status. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FaceResult, Identity, OcrResult } from '../../contract/api/kyc.ts';
import { verificationStatus } from '../src/kyc/status.ts';
import { sandboxScore } from '../src/providers/credit/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { PNG, loginAgreed, testIdNumber, upload, userIdOf, waitFor } from './kyc-fixtures.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const countIdentities = async () =>
  (
    await server.db
      .selectFrom('identities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

test('real name: a checksum-valid ID is accepted once and only ever shown masked', async () => {
  const token = await loginAgreed(server, '13500000001');
  const idNo = testIdNumber(500);
  const reply = await server.request<Identity>('POST', '/api/user/auth/submit', {
    token,
    body: { name: '张三', idNo },
  });
  assert.equal(reply.body.code, 200);
  assert.equal(reply.body.data.name, '张三');
  assert.equal(reply.body.data.idNoMasked, `${idNo.slice(0, 4)}**********${idNo.slice(-4)}`);
  assert.equal(reply.body.data.source, 'manual');
  // Zhima sandbox: sequence 500 → 350 + round(500 × 600 / 999) = 650, over the 550 line.
  assert.deepEqual(reply.body.data.credit, { score: 650, passed: true });
  assert.equal(sandboxScore(idNo), 650);

  // The same identity again answers the one on file; a different one is refused.
  const again = await server.request<Identity>('POST', '/api/client/auth/submit', {
    token,
    body: { name: '张三', idNo },
  });
  assert.equal(again.body.code, 200);
  const other = await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '李四', idNo: testIdNumber(501) },
  });
  assert.equal(other.status, 409);

  // No column holds the full number.
  const row = await server.db.selectFrom('identities').selectAll().executeTakeFirstOrThrow();
  assert.ok(!JSON.stringify(row).includes(idNo));
  const status = await server.request<{ identity: Identity }>('GET', '/api/user/auth/status', {
    token,
  });
  assert.ok(!JSON.stringify(status.body).includes(idNo));
});

test('real name: a bad checksum, region or date, or a non-Chinese name, writes nothing', async () => {
  const token = await loginAgreed(server, '13500000002');
  const valid = testIdNumber(400);
  const badCheck = `${valid.slice(0, 17)}${valid[17] === '0' ? '1' : '0'}`;
  const before = await countIdentities();
  for (const body of [
    { name: '王五', idNo: badCheck },
    { name: '王五', idNo: `990101${valid.slice(6)}` },
    { name: '王五', idNo: testIdNumber(400, '19901301') },
    { name: 'Wang Wu', idNo: valid },
    { name: '王', idNo: valid },
    { name: '王五' },
    {},
  ]) {
    const reply = await server.request('POST', '/api/client/auth/submit', { token, body });
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.data, null);
  }
  assert.equal(await countIdentities(), before);
});

test('one user per ID number: another account cannot take an identity on file', async () => {
  const first = await loginAgreed(server, '13500000003');
  const second = await loginAgreed(server, '13500000004');
  const idNo = testIdNumber(610);
  assert.equal(
    (
      await server.request('POST', '/api/user/auth/submit', {
        token: first,
        body: { name: '赵六', idNo },
      })
    ).body.code,
    200,
  );
  const taken = await server.request('POST', '/api/user/auth/submit', {
    token: second,
    body: { name: '赵六', idNo },
  });
  // The answer does not tell anyone that the number is registered; the log tells ops.
  assert.equal(taken.status, 400);
  assert.equal(taken.body.reason, 'IDENTITY_CHECK_FAILED');
  assert.doesNotMatch(taken.body.msg, /账号|已被|认证过/);
  assert.match(server.logs(), /real-name refused: the ID number is verified on another account/);
  assert.ok(!server.logs().includes(idNo));
});

test('credit: a low sequence scores under the pass line, deterministically', async () => {
  const token = await loginAgreed(server, '13500000005');
  const reply = await server.request<Identity>('POST', '/api/user/auth/submit', {
    token,
    body: { name: '钱七', idNo: testIdNumber(2) },
  });
  assert.deepEqual(reply.body.data.credit, { score: 351, passed: false });
  const status = await verificationStatus(server.db, {
    id: await userIdOf(server, token),
    platform: 1,
  });
  assert.equal(status.realName, true);
  assert.equal(status.credit, false);
});

test('OCR recognises a test identity from the file name or the bytes, else asks for entry', async () => {
  const token = await loginAgreed(server, '13500000006');
  const idNo = testIdNumber(700);
  const byName = await upload(server, token, PNG, `idcard_${idNo}_孙八.png`);
  const byBytes = await upload(
    server,
    token,
    Buffer.concat([PNG, Buffer.from(`SBXID:${idNo}:孙八;`)]),
    'photo.png',
  );
  const plain = await upload(server, token, PNG, 'IMG_0001.png');
  const back = await upload(server, token, PNG, 'idcard_back_20350101.png');

  for (const fileId of [byName, byBytes]) {
    const reply = await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
      token,
      body: { fileId, side: 'front' },
    });
    assert.equal(reply.body.data.recognised, true);
    assert.equal(reply.body.data.name, '孙八');
    assert.equal(reply.body.data.idNoMasked, `${idNo.slice(0, 4)}**********${idNo.slice(-4)}`);
    assert.ok(!JSON.stringify(reply.body).includes(idNo));
  }
  const none = await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
    token,
    body: { fileId: plain, side: 'front' },
  });
  assert.equal(none.body.data.recognised, false);
  assert.equal(none.body.data.name, null);
  const backSide = await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
    token,
    body: { fileId: back, side: 'back' },
  });
  assert.equal(backSide.body.data.validTo, '20350101');

  // Unrecognised results cannot be confirmed; a recognised front becomes the identity.
  const refused = await server.request('POST', '/api/client/auth/submit', {
    token,
    body: { ocrId: none.body.data.ocrId },
  });
  assert.equal(refused.status, 400);
  const recognised = await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
    token,
    body: { fileId: byName, side: 'front' },
  });
  const confirmed = await server.request<Identity>('POST', '/api/client/auth/submit', {
    token,
    body: { ocrId: recognised.body.data.ocrId },
  });
  assert.equal(confirmed.body.code, 200);
  assert.equal(confirmed.body.data.source, 'ocr');
  assert.equal(confirmed.body.data.name, '孙八');
});

test('OCR of a misread (invalid) ID number asks for manual entry', async () => {
  const token = await loginAgreed(server, '13500000007');
  const fileId = await upload(server, token, PNG, 'idcard_110101199001010000_周九.png');
  const reply = await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
    token,
    body: { fileId, side: 'front' },
  });
  assert.equal(reply.body.data.recognised, false);
});

test('face: needs a real name, passes or fails on demand, and the verdict arrives later', async () => {
  const token = await loginAgreed(server, '13500000008');
  const early = await server.request('POST', '/api/user/auth/face', { token });
  assert.equal(early.status, 400);
  await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '吴十', idNo: testIdNumber(800) },
  });

  // Through the sandbox page's button.
  const started = await server.request<{ certifyId: string; url: string }>(
    'POST',
    '/api/user/auth/face',
    { token },
  );
  const { certifyId, url } = started.body.data;
  assert.ok(url.startsWith(server.baseUrl));
  const pageHtml = await (await fetch(url)).text();
  assert.match(pageHtml, /认证通过/);
  const pending = await server.request<FaceResult>('POST', '/api/user/face/result', {
    token,
    body: { certifyId },
  });
  assert.equal(pending.body.data.status, 'pending');
  await fetch(`${url}/fail`, { method: 'POST' });
  await waitFor(async () => {
    const r = await server.request<FaceResult>('POST', '/api/user/face/result', {
      token,
      body: { certifyId },
    });
    return r.body.data.status === 'failed';
  });
  const userId = await userIdOf(server, token);
  assert.equal((await verificationStatus(server.db, { id: userId, platform: 1 })).face, false);

  // Through face/put with a photo; face/result2 reads the latest session.
  const second = await server.request<{ certifyId: string }>('POST', '/api/client/auth/face', {
    token,
  });
  const photo = await upload(server, token, PNG, 'selfie.png');
  const put = await server.request<FaceResult>('POST', '/api/client/face/put', {
    token,
    body: { certifyId: second.body.data.certifyId, fileId: photo },
  });
  assert.equal(put.body.data.status, 'pending');
  await waitFor(async () => {
    const r = await server.request<FaceResult>('POST', '/api/client/face/result2', { token });
    return r.body.data.status === 'passed' && r.body.data.certifyId === second.body.data.certifyId;
  });
  assert.equal((await verificationStatus(server.db, { id: userId, platform: 1 })).face, true);
  // A finished session takes no more photos.
  const late = await server.request('POST', '/api/client/face/put', {
    token,
    body: { certifyId: second.body.data.certifyId, fileId: photo },
  });
  assert.equal(late.status, 409);
});

test('emergency contact through link/submit and link/detail, never the own mobile', async () => {
  const token = await loginAgreed(server, '13500000009');
  const empty = await server.request('POST', '/api/client/link/detail', { token });
  assert.equal(empty.body.data, null);
  const own = await server.request('POST', '/api/client/link/submit', {
    token,
    body: { name: '自己', mobile: '13500000009', relation: '本人' },
  });
  assert.equal(own.status, 400);
  const contact = { name: '母亲', mobile: '13911112222', relation: '父母' };
  assert.equal(
    (await server.request('POST', '/api/client/link/submit', { token, body: contact })).body.code,
    200,
  );
  assert.deepEqual(
    (await server.request('POST', '/api/client/link/detail', { token })).body.data,
    contact,
  );
  // The same contact /api/user/info shows: one source.
  const info = await server.request<{ contact: unknown }>('GET', '/api/user/info', { token });
  assert.deepEqual(info.body.data.contact, contact);
  assert.equal(
    (await verificationStatus(server.db, { id: await userIdOf(server, token), platform: 1 }))
      .emergencyContact,
    true,
  );
});

test('concurrent submits: one ID number ends up on exactly one account', async () => {
  const tokens = await Promise.all(
    ['13500000011', '13500000012', '13500000013', '13500000014'].map((m) => loginAgreed(server, m)),
  );
  const idNo = testIdNumber(888);
  const replies = await Promise.all(
    tokens.map((token) =>
      server.request('POST', '/api/user/auth/submit', { token, body: { name: '并发', idNo } }),
    ),
  );
  assert.deepEqual(replies.map((r) => r.status).sort(), [200, 400, 400, 400]);
  // One account, several identities at once: one is kept, the rest refused.
  const token = await loginAgreed(server, '13500000015');
  const mixed = await Promise.all(
    [881, 882, 883].map((sequence) =>
      server.request('POST', '/api/client/auth/submit', {
        token,
        body: { name: '多身份', idNo: testIdNumber(sequence) },
      }),
    ),
  );
  assert.deepEqual(mixed.map((r) => r.status).sort(), [200, 409, 409]);
});
