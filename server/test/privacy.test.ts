// engines: pglite (consent versions and reminder dates from timestamptz columns: driver reads pinned in engine-types.test.ts)
/**
 * Consents (per brand, per policy version), the sensitive steps that refuse without them, and the
 * identity step's age check.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ConsentState } from '../../contract/api/privacy.ts';
import { ResultCode } from '../../contract/http.ts';
import { dayOf } from '../src/orders/bills.ts';
import { POLICY_VERSIONS } from '../src/privacy/policies.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { PNG, agreeToAll, testIdNumber, upload, userIdOf } from './kyc-fixtures.ts';
import { newShopper, placeBody, plans } from './order-fixtures.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const consents = async (token: string, platform = 1) =>
  (await server.request<ConsentState[]>('GET', '/api/privacy/consents', { token, platform })).body
    .data;
const stateOf = (list: ConsentState[], kind: string) => list.find((c) => c.kind === kind);
const consentRows = async (userId: number) =>
  server.db.selectFrom('consents').selectAll().where('user_id', '=', userId).execute();
const agree = (token: string, kinds: string[], platform = 1) =>
  server.request<ConsentState[]>('POST', '/api/privacy/consents', {
    token,
    platform,
    body: {
      channel: 'weapp',
      consents: kinds.map((kind) => ({
        kind,
        version: POLICY_VERSIONS[kind as keyof typeof POLICY_VERSIONS],
      })),
    },
  });

test('anonymous callers are refused 401 before their body is looked at', async () => {
  for (const [method, path] of [
    ['GET', '/api/privacy/consents'],
    ['POST', '/api/privacy/consents'],
    ['POST', '/api/privacy/consents/withdraw'],
  ] as const) {
    const reply = await server.request(method, path, {
      body: method === 'POST' ? { nonsense: true } : undefined,
    });
    assert.equal(reply.status, 401, `${method} ${path}`);
  }
});

test('a new user has every consent pending; agreeing records who, where, what, which version, when', async () => {
  const token = await server.loginAs('13700000001');
  const userId = await userIdOf(server, token);
  const fresh = await consents(token);
  assert.deepEqual(
    fresh.map((c) => c.kind),
    ['privacy_policy', 'user_agreement', 'identity_and_face', 'credit_query', 'withholding'],
  );
  assert.ok(fresh.every((c) => c.pending && !c.updated && c.agreedVersion === null));

  const reply = await agree(token, ['privacy_policy', 'user_agreement']);
  assert.equal(reply.body.code, 200);
  assert.equal(stateOf(reply.body.data, 'privacy_policy')?.pending, false);
  assert.equal(stateOf(reply.body.data, 'identity_and_face')?.pending, true);
  const rows = await consentRows(userId);
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.equal(row.platform, 1);
    assert.equal(row.channel, 'weapp');
    assert.equal(row.policy_version, POLICY_VERSIONS[row.kind]);
    assert.ok(row.granted_at instanceof Date);
    assert.ok(row.ip.length > 0);
  }
});

test('bad consent input is a 4xx with a reason and writes nothing', async () => {
  const token = await server.loginAs('13700000002');
  const userId = await userIdOf(server, token);
  const cases: unknown[] = [
    { channel: 'h5', consents: [{ kind: 'marketing', version: '1' }] },
    {
      channel: 'fax',
      consents: [{ kind: 'privacy_policy', version: POLICY_VERSIONS.privacy_policy }],
    },
    { channel: 'h5', consents: [] },
    { channel: 'h5' },
    // A valid one beside an outdated one: the whole request is refused.
    {
      channel: 'h5',
      consents: [
        { kind: 'privacy_policy', version: POLICY_VERSIONS.privacy_policy },
        { kind: 'identity_and_face', version: '2001-01-01' },
      ],
    },
    {
      channel: 'h5',
      consents: [
        { kind: 'privacy_policy', version: POLICY_VERSIONS.privacy_policy },
        { kind: 'privacy_policy', version: POLICY_VERSIONS.privacy_policy },
      ],
    },
  ];
  for (const body of cases) {
    const reply = await server.request('POST', '/api/privacy/consents', { token, body });
    assert.equal(reply.status, 400, JSON.stringify(body));
    assert.equal(reply.body.code, 400);
    assert.ok(reply.body.msg.length > 0);
    assert.equal(reply.body.data, null);
  }
  const outdated = await server.request('POST', '/api/privacy/consents', {
    token,
    body: cases[4],
  });
  assert.match(outdated.body.msg, /已更新/);
  assert.deepEqual(outdated.body.terms, { title: ['privacy.kind.identity_and_face'] });
  assert.deepEqual(await consentRows(userId), []);
  const withdraw = await server.request('POST', '/api/privacy/consents/withdraw', {
    token,
    body: { kind: 'everything' },
  });
  assert.equal(withdraw.status, 400);
});

test('identity, ID-card OCR and face refuse without their consent and store nothing', async () => {
  const token = await server.loginAs('13700000003');
  const userId = await userIdOf(server, token);
  const idNo = testIdNumber(610);
  const photo = await upload(server, token, PNG, 'front.png');

  const expectRefused = async (path: string, body: unknown, names: RegExp) => {
    const reply = await server.request(path === '' ? 'GET' : 'POST', path, { token, body });
    assert.equal(reply.status, 403, path);
    assert.equal(reply.body.code, ResultCode.CONSENT_REQUIRED, path);
    assert.match(reply.body.msg, names, path);
    return reply.body;
  };
  const both = await expectRefused(
    '/api/user/auth/submit',
    { name: '王五', idNo },
    /身份证件与人脸.*征信/,
  );
  // What is missing, by catalogue key: the storefront names the documents in the user's language.
  assert.deepEqual(both.terms, {
    titles: ['privacy.kind.identity_and_face', 'privacy.kind.credit_query'],
  });
  await expectRefused('/api/client/auth/submit', { name: '王五', idNo }, /身份证件与人脸/);
  await expectRefused('/api/client/idcard/ocr', { fileId: photo, side: 'front' }, /人脸/);
  await expectRefused('/api/user/auth/face', undefined, /人脸/);

  // Identity and face alone: the real-name step also queries credit, so it still refuses.
  await agree(token, ['identity_and_face']);
  await expectRefused('/api/user/auth/submit', { name: '王五', idNo }, /征信查询/);
  const ocr = await server.request('POST', '/api/client/idcard/ocr', {
    token,
    body: { fileId: photo, side: 'front' },
  });
  assert.equal(ocr.body.code, 200);

  const identities = await server.db
    .selectFrom('identities')
    .select('user_id')
    .where('user_id', '=', userId)
    .execute();
  const scores = await server.db
    .selectFrom('credit_scores')
    .select('user_id')
    .where('user_id', '=', userId)
    .execute();
  assert.deepEqual([identities, scores], [[], []]);

  await agree(token, ['credit_query']);
  const submit = await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '王五', idNo },
  });
  assert.equal(submit.body.code, 200);
  const face = await server.request('POST', '/api/user/auth/face', { token });
  assert.equal(face.body.code, 200);
});

test('a new policy version asks again, and the steps that need it refuse until then', async () => {
  const token = await server.loginAs('13700000004');
  const userId = await userIdOf(server, token);
  await agreeToAll(server, token);
  assert.ok((await consents(token)).every((c) => !c.pending));
  await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '赵六', idNo: testIdNumber(620) },
  });

  // What the user agreed to is now an older text than the current one.
  await server.db
    .updateTable('consents')
    .set({ policy_version: '2020-01-01' })
    .where('user_id', '=', userId)
    .where('kind', 'in', ['privacy_policy', 'identity_and_face'])
    .execute();
  const after = await consents(token);
  const privacy = stateOf(after, 'privacy_policy');
  assert.deepEqual(
    { pending: privacy?.pending, updated: privacy?.updated, agreed: privacy?.agreedVersion },
    { pending: true, updated: true, agreed: '2020-01-01' },
  );
  assert.equal(stateOf(after, 'user_agreement')?.pending, false);
  const face = await server.request('POST', '/api/user/auth/face', { token });
  assert.equal(face.status, 403);

  const again = await agree(token, ['privacy_policy', 'identity_and_face']);
  assert.ok(again.body.data.every((c) => !c.pending));
  // The earlier agreement stays on record beside the new one.
  assert.equal((await consentRows(userId)).length, 7);
  assert.equal((await server.request('POST', '/api/user/auth/face', { token })).body.code, 200);
});

test('consent is per brand, and withdrawing it stops the steps that need it', async () => {
  const token1 = await server.loginAs('13700000005', 1);
  await agreeToAll(server, token1);
  server.advanceClock(61); // one code a minute per mobile
  const token2 = await server.loginAs('13700000005', 2);
  assert.ok((await consents(token2, 2)).every((c) => c.pending));
  const onBrand2 = await server.request('POST', '/api/client/auth/submit', {
    token: token2,
    platform: 2,
    body: { name: '孙七', idNo: testIdNumber(630) },
  });
  assert.equal(onBrand2.status, 403);

  const withdrawn = await server.request<ConsentState[]>('POST', '/api/privacy/consents/withdraw', {
    token: token1,
    body: { kind: 'identity_and_face' },
  });
  assert.equal(stateOf(withdrawn.body.data, 'identity_and_face')?.pending, true);
  const submit = await server.request('POST', '/api/user/auth/submit', {
    token: token1,
    body: { name: '孙七', idNo: testIdNumber(630) },
  });
  assert.equal(submit.status, 403);
  // Agreeing again restores it.
  await agree(token1, ['identity_and_face']);
  const retry = await server.request('POST', '/api/user/auth/submit', {
    token: token1,
    body: { name: '孙七', idNo: testIdNumber(630) },
  });
  assert.equal(retry.body.code, 200);
});

test('the identity step refuses renters under 18, from the birth date in the ID number', async () => {
  const token = await server.loginAs('13700000006');
  const userId = await userIdOf(server, token);
  await agreeToAll(server, token);
  const today = dayOf(new Date());
  const [y, m, d] = today.split('-');
  const eighteenYearsAgo = `${Number(y) - 18}${m}${d}`;
  // Born one day after the 18th-birthday line: 17 years and 364 days old today.
  const dayAfter = new Date(`${Number(y) - 18}-${m}-${d}T00:00:00Z`);
  dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
  const minorBirth = dayAfter.toISOString().slice(0, 10).replaceAll('-', '');

  const refused = await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '少年', idNo: testIdNumber(640, minorBirth) },
  });
  assert.equal(refused.status, 400);
  assert.match(refused.body.msg, /年满18周岁/);
  const stored = await server.db
    .selectFrom('identities')
    .select('user_id')
    .where('user_id', '=', userId)
    .execute();
  assert.deepEqual(stored, []);

  // 18 today: an adult.
  const adult = await server.request('POST', '/api/user/auth/submit', {
    token,
    body: { name: '成年', idNo: testIdNumber(641, eighteenYearsAgo) },
  });
  assert.equal(adult.body.code, 200);
});

test('an identity verified before the age rule is checked again when an order is placed', async () => {
  const shopper = await newShopper(server);
  await agreeToAll(server, shopper.token);
  const today = dayOf(new Date());
  const [y, m, d] = today.split('-');
  const eighteenYearsAgo = `${Number(y) - 18}-${m}-${d}`;
  const submitted = await server.request('POST', '/api/user/auth/submit', {
    token: shopper.token,
    body: { name: '旧认证', idNo: testIdNumber(642, eighteenYearsAgo.replaceAll('-', '')) },
  });
  assert.equal(submitted.body.code, 200, submitted.body.msg);
  // The identity on file from before the rule: 17 years and 364 days old today.
  const minorBirth = new Date(`${eighteenYearsAgo}T00:00:00Z`);
  minorBirth.setUTCDate(minorBirth.getUTCDate() + 1);
  await server.db
    .updateTable('identities')
    .set({ birth_date: minorBirth.toISOString().slice(0, 10) })
    .where('user_id', '=', shopper.userId)
    .execute();
  const { month } = await plans(server);
  const stockOf = async () =>
    (
      await server.db
        .selectFrom('goods_sku')
        .select('stock')
        .where('id', '=', month.sku_id)
        .executeTakeFirstOrThrow()
    ).stock;
  const stockBefore = await stockOf();

  const refused = await server.request('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(month, shopper),
  });
  assert.equal(refused.status, 403);
  assert.match(refused.body.msg, /年满18周岁才能租赁.*未满18周岁/);
  const orders = await server.db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', shopper.userId)
    .execute();
  assert.deepEqual(orders, [], 'no order is written');
  assert.equal(await stockOf(), stockBefore, 'no unit is taken from stock');

  // Turning 18 today is old enough.
  await server.db
    .updateTable('identities')
    .set({ birth_date: eighteenYearsAgo })
    .where('user_id', '=', shopper.userId)
    .execute();
  const placed = await server.request('POST', '/api/order/place', {
    token: shopper.token,
    body: placeBody(month, shopper),
  });
  assert.equal(placed.body.code, 200, placed.body.msg);
});
