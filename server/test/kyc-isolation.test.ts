// engines: pglite (ownership checks: the same SQL on both)
/** User B can never see or act on user A's identity, face sessions, OCR, cards, contracts. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { BindPreOrder } from '../../contract/api/bankcard.ts';
import type { OcrResult } from '../../contract/api/kyc.ts';
import type { Signing } from '../../contract/api/contract.ts';
import { verificationStatus } from '../src/kyc/status.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import {
  PNG,
  agreeToAll,
  insertOrder,
  loginAgreed,
  sandboxBank,
  testIdNumber,
  upload,
  userIdOf,
  verifyFully,
  waitFor,
} from './kyc-fixtures.ts';

let server: TestServer;
let tokenA: string;
let tokenB: string;
let orderA: number;
let certifyA: string;
let ocrA: number;
let fileA: string;
let pendingBindA: string;
let flowA: Signing;
const idA = testIdNumber(900);

before(async () => {
  server = await startTestServer();
  tokenA = await loginAgreed(server, '13900000001');
  tokenB = await loginAgreed(server, '13900000002');
  await verifyFully(server, tokenA, { name: '甲方', idNo: idA });
  orderA = await insertOrder(server, await userIdOf(server, tokenA));
  certifyA = (
    await server.request<{ certifyId: string }>('POST', '/api/user/auth/face', { token: tokenA })
  ).body.data.certifyId;
  fileA = await upload(server, tokenA, PNG, `idcard_${idA}_甲方.png`);
  ocrA = (
    await server.request<OcrResult>('POST', '/api/client/idcard/ocr', {
      token: tokenA,
      body: { fileId: fileA, side: 'front' },
    })
  ).body.data.ocrId;
  pendingBindA = (
    await server.request<BindPreOrder>('POST', '/api/user/bindCardPreOrder', {
      token: tokenA,
      body: { cardNo: '6225880123456789', mobile: '13700009999' },
    })
  ).body.data.bindId;
  flowA = (
    await server.request<Signing>('POST', '/api/contract/create', {
      token: tokenA,
      body: { orderId: orderA },
    })
  ).body.data;
});
after(() => server.close());

test("B's own views show nothing of A", async () => {
  const status = await server.request<{ identity: unknown; status: Record<string, boolean> }>(
    'GET',
    '/api/user/auth/status',
    { token: tokenB },
  );
  assert.equal(status.body.data.identity, null);
  assert.ok(Object.values(status.body.data.status).every((flag) => flag === false));
  assert.deepEqual(
    (await server.request('GET', '/api/user/bankCards', { token: tokenB })).body.data,
    [],
  );
  assert.equal(
    (await server.request('POST', '/api/client/link/detail', { token: tokenB })).body.data,
    null,
  );
  const face2 = await server.request('POST', '/api/client/face/result2', { token: tokenB });
  assert.equal(face2.status, 404);
});

test("B cannot use A's uploads, OCR results or face sessions", async () => {
  const calls: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/client/idcard/ocr', { fileId: fileA, side: 'front' }],
    ['POST', '/api/client/auth/submit', { ocrId: ocrA }],
    ['POST', '/api/user/auth/submit', { ocrId: ocrA }],
    ['POST', '/api/user/face/result', { certifyId: certifyA }],
    ['POST', '/api/client/face/result', { certifyId: certifyA }],
    ['POST', '/api/client/face/put', { certifyId: certifyA, fileId: fileA }],
  ];
  for (const [method, url, body] of calls) {
    const reply = await server.request(method, url, { token: tokenB, body });
    assert.equal(reply.status, 404, `${url} ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body.data, null);
  }
  const userB = await userIdOf(server, tokenB);
  assert.deepEqual(await verificationStatus(server.db, { id: userB, platform: 1 }), {
    realName: false,
    face: false,
    credit: false,
    emergencyContact: false,
    bankCard: false,
  });
  // A's pending face session is still A's, and still pending.
  const a = await server.request<{ status: string }>('POST', '/api/user/face/result', {
    token: tokenA,
    body: { certifyId: certifyA },
  });
  assert.equal(a.body.data.status, 'pending');
});

test("B cannot verify or complete A's card binding, even with A's code", async () => {
  const code = sandboxBank(server).lastCode('13700009999');
  const verify = await server.request('POST', '/api/user/verifyBindCard', {
    token: tokenB,
    body: { bindId: pendingBindA, code },
  });
  assert.equal(verify.status, 404);
  const bind = await server.request('POST', '/api/user/bindBindCard', {
    token: tokenB,
    body: { bindId: pendingBindA },
  });
  assert.equal(bind.status, 404);
  const row = await server.db
    .selectFrom('bank_card_binds')
    .select(['status', 'attempts'])
    .where('bind_request_no', '=', pendingBindA)
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { status: 'sent', attempts: 0 });
});

test("B cannot read, sign, check or withhold on A's order", async () => {
  const replies = [
    await server.request('POST', '/api/order/contract/html', {
      token: tokenB,
      body: { orderId: orderA },
    }),
    await server.request('POST', '/api/contract/create', {
      token: tokenB,
      body: { orderId: orderA },
    }),
    await server.request('GET', '/api/contract/create2', {
      token: tokenB,
      query: { orderId: orderA },
    }),
    await server.request('GET', '/api/contract/check', {
      token: tokenB,
      query: { orderId: orderA },
    }),
    await server.request('POST', '/api/client/contract', {
      token: tokenB,
      body: { orderId: orderA },
    }),
    await server.request('GET', `/api/order/signHFB/${orderA}`, { token: tokenB }),
  ];
  for (const reply of replies) {
    assert.equal(reply.status, 404, JSON.stringify(reply.body));
    assert.ok(!JSON.stringify(reply.body).includes('甲方'));
  }
  assert.equal(
    (await server.db.selectFrom('withholding_agreements').selectAll().execute()).length,
    0,
  );
  const sessions = await server.db.selectFrom('sign_sessions').selectAll().execute();
  assert.deepEqual(
    sessions.map((s) => s.flow_id),
    [flowA.flowId],
  );
});

test('every verification route needs a login', async () => {
  const routes: [string, string][] = [
    ['GET', '/api/user/getBankInfo?cardNo=6222021234567890128'],
    ['POST', '/api/user/bindCardPreOrder'],
    ['POST', '/api/user/verifyBindCard'],
    ['POST', '/api/user/bindBindCard'],
    ['POST', '/api/user/auth/face'],
    ['POST', '/api/user/face/result'],
    ['POST', '/api/user/auth/submit'],
    ['POST', '/api/client/idcard/ocr'],
    ['POST', '/api/client/auth/submit'],
    ['POST', '/api/client/auth/face'],
    ['POST', '/api/client/face/result'],
    ['POST', '/api/client/face/result2'],
    ['POST', '/api/client/face/put'],
    ['POST', '/api/client/contract'],
    ['POST', '/api/client/link/submit'],
    ['POST', '/api/client/link/detail'],
    ['POST', '/api/contract/create'],
    ['GET', '/api/contract/create2?orderId=1'],
    ['GET', '/api/contract/check?orderId=1'],
    ['POST', '/api/order/contract/html'],
    ['GET', `/api/order/signHFB/${orderA}`],
  ];
  for (const [method, url] of routes) {
    const reply = await server.request(method, url, { body: method === 'POST' ? {} : undefined });
    assert.equal(reply.status, 401, `${method} ${url}`);
  }
});

test('one person on two brands: brand 2 uses nothing of brand 1’s verification until the person verifies with brand 2', async () => {
  const mobile = '13900000011';
  const name = '两品牌';
  const idNo = testIdNumber(905);
  const brand1 = await loginAgreed(server, mobile, 1);
  await verifyFully(server, brand1, { name, idNo });
  const userId = await userIdOf(server, brand1);
  server.advanceClock(61); // the next login code, past the per-minute send limit
  const brand2 = await server.loginAs(mobile, 2);
  const on2 = { token: brand2, platform: 2 };
  const credit = server.providers.credit;
  const score = credit.score.bind(credit);
  let creditQueries = 0;
  credit.score = (input) => {
    creditQueries++;
    return score(input);
  };
  try {
    // Brand 2 sees no name, no ID, no score, and no check passed.
    const status = await server.request<{ identity: unknown; status: Record<string, boolean> }>(
      'GET',
      '/api/user/auth/status',
      on2,
    );
    assert.equal(status.body.data.identity, null);
    assert.deepEqual(
      [
        status.body.data.status.realName,
        status.body.data.status.face,
        status.body.data.status.credit,
      ],
      [false, false, false],
    );
    assert.ok(!JSON.stringify(status.body).includes(name));
    // Its orders cannot be confirmed on brand 1's checks, nor a contract drawn with its identity.
    const waiting = await insertOrder(server, userId, { platform: 2, status: 'PENDING_VERIFY' });
    const confirm = await server.request('POST', '/api/order/confirm', {
      ...on2,
      body: { orderId: waiting },
    });
    assert.equal(confirm.status, 422, JSON.stringify(confirm.body));
    const signing = await insertOrder(server, userId, { platform: 2 });
    for (const [method, url] of [
      ['POST', '/api/order/contract/html'],
      ['POST', '/api/contract/create'],
    ] as const) {
      const reply = await server.request(method, url, { ...on2, body: { orderId: signing } });
      assert.equal(reply.body.reason, 'REAL_NAME_REQUIRED', `${url} ${JSON.stringify(reply.body)}`);
      assert.ok(!JSON.stringify(reply.body).includes(name));
    }

    // Real name on brand 2 needs brand 2's own consents; nothing is asked of the bureau before.
    const refused = await server.request('POST', '/api/user/auth/submit', {
      ...on2,
      body: { name, idNo },
    });
    assert.equal(refused.status, 403);
    assert.equal(creditQueries, 0);
    await agreeToAll(server, brand2, 2);
    // Even with them, no face check of an identity brand 2 has not verified.
    const face = await server.request('POST', '/api/client/auth/face', on2);
    assert.equal(face.body.reason, 'REAL_NAME_REQUIRED');
    // The person cannot become someone else on brand 2; the same identity is accepted, scored
    // afresh under brand 2's consent.
    const other = await server.request('POST', '/api/user/auth/submit', {
      ...on2,
      body: { name: '别人', idNo: testIdNumber(906) },
    });
    assert.equal(other.body.reason, 'IDENTITY_ALREADY_VERIFIED');
    const accepted = await server.request<{ name: string }>('POST', '/api/user/auth/submit', {
      ...on2,
      body: { name, idNo },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(creditQueries, 1);
    const after2 = await server.request<{ status: Record<string, boolean> }>(
      'GET',
      '/api/user/auth/status',
      on2,
    );
    assert.equal(after2.body.data.status.realName, true);
    assert.equal(after2.body.data.status.credit, true);
    assert.equal(after2.body.data.status.face, false, 'brand 1’s face check is brand 1’s');

    // Brand 2's own face check, then its order goes on and its contract names the person.
    const session = await server.request<{ certifyId: string }>(
      'POST',
      '/api/client/auth/face',
      on2,
    );
    const photo = await upload(server, brand2, PNG, 'selfie.png', 2);
    await server.request('POST', '/api/client/face/put', {
      token: brand2,
      platform: 2,
      body: { certifyId: session.body.data.certifyId, fileId: photo },
    });
    await waitFor(async () => {
      const result = await server.request<{ status: string }>('POST', '/api/client/face/result', {
        ...on2,
        body: { certifyId: session.body.data.certifyId },
      });
      return result.body.data.status === 'passed';
    });
    const confirmed = await server.request('POST', '/api/order/confirm', {
      ...on2,
      body: { orderId: waiting },
    });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    const html = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
      ...on2,
      body: { orderId: signing },
    });
    assert.match(html.body.data.html, new RegExp(name));
    // Brand 1 is as it was.
    const still1 = await server.request<{ status: Record<string, boolean> }>(
      'GET',
      '/api/user/auth/status',
      { token: brand1 },
    );
    assert.deepEqual(
      [
        still1.body.data.status.realName,
        still1.body.data.status.face,
        still1.body.data.status.credit,
      ],
      [true, true, true],
    );
  } finally {
    credit.score = score;
  }
});
