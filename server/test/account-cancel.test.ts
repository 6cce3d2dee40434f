// engines: postgres (deletes and keeps data in transactions under row locks, with a suite of concurrent cancels and orders that only PostgreSQL's connections make real; dates pinned in engine-types.test.ts)
/**
 * Account cancellation (注销账户): blocked, with the reason, while a rental runs or a bill is
 * owed; otherwise personal data goes, sessions end, and what the law keeps stays. And the export
 * of a user's personal data.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { CancellationCheck } from '../../contract/api/privacy.ts';
import { ResultCode } from '../../contract/http.ts';
import { onlyOn, startTestServer, type TestReply, type TestServer } from './helpers.ts';
import {
  PNG,
  insertOrder,
  loginAgreed,
  testIdNumber,
  upload,
  userIdOf,
  verifyFully,
} from './kyc-fixtures.ts';
import { newShopper, placeBody, plans, type Plan, type Shopper } from './order-fixtures.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

const check = async (token: string) =>
  (await server.request<CancellationCheck>('GET', '/api/privacy/account/cancellation', { token }))
    .body.data;
const cancel = (token: string, confirm = '注销') =>
  server.request<{ cancelledAt: string; retainUntil: string }>(
    'POST',
    '/api/privacy/account/cancel',
    { token, body: { confirm } },
  );
const countWhere = async (
  table:
    | 'identities'
    | 'identity_verifications'
    | 'addresses'
    | 'emergency_contacts'
    | 'credit_scores'
    | 'face_sessions'
    | 'uploads'
    | 'bank_cards'
    | 'orders'
    | 'bills'
    | 'consents',
  userId: number,
) =>
  (
    await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).n;

/** A verified user with an address, an upload and one order in the given state. */
async function userWithData(mobile: string, idSequence: number) {
  const token = await loginAgreed(server, mobile);
  const userId = await userIdOf(server, token);
  await verifyFully(server, token, {
    name: '注销者',
    idNo: testIdNumber(idSequence),
    cardNo: '6222021234567890128',
    contactMobile: '13912345679',
  });
  const address = await server.request('POST', '/api/user/userAddress', {
    token,
    body: {
      name: '注销者',
      mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: '文三路 9 号',
      isDefault: true,
    },
  });
  assert.equal(address.body.code, 200);
  const fileId = await upload(server, token, PNG, 'id-front.png');
  return { token, userId, fileId, idNo: testIdNumber(idSequence) };
}

test('anonymous callers get 401 from cancellation and export', async () => {
  for (const [method, url] of [
    ['GET', '/api/privacy/account/cancellation'],
    ['POST', '/api/privacy/account/cancel'],
    ['GET', '/api/privacy/export'],
  ] as const) {
    const reply = await server.request(method, url, {
      body: method === 'POST' ? { confirm: 'no' } : undefined,
    });
    assert.equal(reply.status, 401, url);
  }
});

test('cancellation is refused while a rental runs or a bill is owed, and says which', async () => {
  const { token, userId } = await userWithData('13710000001', 700);
  const orderId = await insertOrder(server, userId, { status: 'RENTING' });
  await server.db
    .updateTable('bills')
    .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
    .where('order_id', '=', orderId)
    .execute();

  const running = await check(token);
  assert.equal(running.allowed, false);
  assert.deepEqual(
    running.blockers.orders.map((o) => [o.orderId, o.statusText]),
    [[orderId, '租用中']],
  );
  assert.deepEqual(running.blockers.bills, []);
  assert.ok(running.retained.some((r) => r.years === 3 && /电子商务法/.test(r.why)));
  const refused = await cancel(token);
  assert.equal(refused.status, 409);
  assert.match(refused.body.msg, new RegExp(`${orderId}（租用中）`));

  // The rental is over but its last instalment is still owed.
  await server.db
    .updateTable('orders')
    .set({ status: 'COMPLETED' })
    .where('id', '=', orderId)
    .execute();
  const owed = await server.db
    .updateTable('bills')
    .set({ status: 'unpaid', paid: 0 })
    .where('order_id', '=', orderId)
    .where('period', '=', 2)
    .returning(['id', 'original'])
    .executeTakeFirstOrThrow();
  const billOwed = await check(token);
  assert.deepEqual(billOwed.blockers.orders, []);
  assert.deepEqual(
    billOwed.blockers.bills.map((b) => [b.billId, b.orderId, b.period, b.outstanding]),
    [[owed.id, orderId, 2, owed.original]],
  );
  const refusedAgain = await cancel(token);
  assert.equal(refusedAgain.status, 409);
  assert.match(refusedAgain.body.msg, new RegExp(`订单${orderId}第2期`));

  // Nothing was touched by the refusals.
  const user = await server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  assert.equal(user.mobile, '13710000001');
  assert.equal(user.cancelled_at, null);
  assert.equal(await countWhere('identities', userId), 1);
  assert.equal((await server.request('GET', '/api/user/info', { token })).body.code, 200);
});

test('cancelling anonymises personal data, ends every session and keeps the records the law requires', async () => {
  const mobile = '13710000002';
  const { token, userId, fileId, idNo } = await userWithData(mobile, 701);
  server.advanceClock(61);
  const otherBrand = await server.loginAs(mobile, 3);
  const orderId = await insertOrder(server, userId, { status: 'COMPLETED' });
  await server.db
    .updateTable('bills')
    .set((eb) => ({ status: 'paid', paid: eb.ref('original') }))
    .where('order_id', '=', orderId)
    .execute();
  assert.equal((await check(token)).allowed, true);

  const wrongConfirm = await cancel(token, 'yes');
  assert.equal(wrongConfirm.status, 400);
  assert.equal(await countWhere('identities', userId), 1);

  const done = await cancel(token);
  assert.equal(done.body.code, 200);
  const retainYears =
    (Date.parse(done.body.data.retainUntil) - Date.parse(done.body.data.cancelledAt)) /
    31_557_600_000;
  assert.ok(retainYears > 2.99 && retainYears < 3.01, `kept ${retainYears} years`);

  // Sessions on both brands end: the app sends the user to log in.
  for (const [t, platform] of [
    [token, 1],
    [otherBrand, 3],
  ] as const) {
    const info = await server.request('GET', '/api/user/info', { token: t, platform });
    assert.equal(info.body.code, ResultCode.TOKEN_REVOKED);
  }

  const user = await server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  assert.deepEqual(
    { mobile: user.mobile, nickname: user.nickname, alipay: user.alipay_user_id },
    { mobile: null, nickname: '已注销用户', alipay: null },
  );
  assert.ok(user.cancelled_at);
  for (const table of [
    'identities',
    'identity_verifications',
    'addresses',
    'emergency_contacts',
    'credit_scores',
    'face_sessions',
    'uploads',
    'bank_cards',
  ] as const) {
    assert.equal(await countWhere(table, userId), 0, `${table} deleted`);
  }
  assert.equal(
    fs.existsSync(path.join(server.config.uploadDir, fileId)),
    false,
    'the photo file is gone',
  );
  // Kept: the order and its bills, and the consent records (withdrawn).
  assert.equal(await countWhere('orders', userId), 1);
  assert.ok((await countWhere('bills', userId)) > 0);
  const consents = await server.db
    .selectFrom('consents')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  assert.ok(consents.length >= 5);
  assert.ok(consents.every((c) => c.withdrawn_at !== null));
  // Nothing that identifies the person is left in the user's rows.
  const leftovers = JSON.stringify(
    await server.db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
  );
  assert.ok(!leftovers.includes(mobile) && !leftovers.includes(idNo));

  // The mobile can register afresh: a new, empty account, and the ID number is free again.
  server.advanceClock(61);
  const fresh = await loginAgreed(server, mobile);
  const freshId = await userIdOf(server, fresh);
  assert.notEqual(freshId, userId);
  const orders = await server.request<{ list: unknown[] }>('GET', '/api/order/list', {
    token: fresh,
  });
  assert.equal(orders.body.data.list.length, 0);
  const again = await server.request('POST', '/api/user/auth/submit', {
    token: fresh,
    body: { name: '注销者', idNo },
  });
  assert.equal(again.body.code, 200);
});

test('export: the user downloads their personal data as JSON, their own only, ID masked', async () => {
  const { token, userId, idNo } = await userWithData('13710000003', 702);
  await insertOrder(server, userId, { status: 'RENTING' });
  const other = await userWithData('13710000004', 703);

  const reply = await server.request<Record<string, unknown>>('GET', '/api/privacy/export', {
    token,
  });
  assert.equal(reply.body.code, 200);
  const data = reply.body.data as {
    account: { id: number; mobile: string };
    identity: { name: string; idNoMasked: string; birthDate: string };
    identityVerifications: { platform: number; source: string }[];
    creditScores: { platform: number; score: number }[];
    faceVerifications: { platform: number; status: string }[];
    addresses: { detail: string }[];
    emergencyContact: { mobile: string };
    bankCards: { cardNoMasked: string }[];
    orders: { id: number; statusText: string }[];
    bills: unknown[];
    consents: { kind: string }[];
    uploads: { name: string }[];
  };
  assert.deepEqual(data.account, { ...data.account, id: userId, mobile: '13710000003' });
  assert.equal(data.identity.name, '注销者');
  assert.equal(data.identity.birthDate, '1990-01-01');
  // What each brand verified and queried is listed with its brand.
  assert.deepEqual(
    data.identityVerifications.map((v) => v.platform),
    [1],
  );
  assert.deepEqual(
    data.creditScores.map((c) => c.platform),
    [1],
  );
  assert.ok(data.faceVerifications.every((f) => f.platform === 1));
  assert.equal(data.addresses[0]?.detail, '文三路 9 号');
  assert.equal(data.emergencyContact.mobile, '13912345679');
  assert.equal(data.bankCards[0]?.cardNoMasked, '622202******0128');
  assert.equal(data.orders[0]?.statusText, '租用中');
  assert.ok(data.bills.length > 0);
  assert.equal(data.consents.length, 5);
  assert.ok(data.uploads.some((u) => u.name === 'id-front.png'));

  const text = JSON.stringify(reply.body);
  assert.ok(!text.includes(idNo), 'the full ID number is never stored, so never exported');
  assert.ok(!text.includes('13710000004') && !text.includes(other.idNo.slice(-4) + '"'));
  assert.ok(!/token_hash|card_hash|id_hash|provider_token/.test(text));
});

describe(
  'a cancellation and an order placed at the same moment',
  { skip: onlyOn('postgres') },
  () => {
    // PGlite runs one transaction at a time, so only PostgreSQL can race them.
    const place = async (shopper: Shopper, plan: Plan) =>
      server.request<{ id: number }>('POST', '/api/order/place', {
        token: shopper.token,
        body: placeBody(plan, shopper),
      });

    test('an order waits for a cancellation that holds the account, then is refused', async () => {
      const shopper = await newShopper(server);
      const { month } = await plans(server);
      let placing: Promise<TestReply<{ id: number }>> | undefined;
      await server.db.transaction().execute(async (trx) => {
        // What cancelAccount does first: lock the user's row for the whole cancellation.
        await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', shopper.userId)
          .forUpdate()
          .execute();
        placing = place(shopper, month);
        // The placement is waiting on that lock (not finished, not failed) before we go on.
        for (;;) {
          const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(server.db);
          if (rows[0].waiting > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        const now = new Date();
        await trx
          .updateTable('users')
          .set({ mobile: null, cancelled_at: now })
          .where('id', '=', shopper.userId)
          .execute();
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now, revoked_reason: 'cancelled' })
          .where('user_id', '=', shopper.userId)
          .execute();
      });
      const reply = await placing!;
      assert.equal(reply.status, 401, reply.body.msg);
      assert.equal(await countWhere('orders', shopper.userId), 0);
    });

    test('racing each other, never both succeed', async () => {
      const { month } = await plans(server);
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper(server)));
      const outcomes = await Promise.all(
        shoppers.map(async (shopper) => {
          const [placed, cancelled] = await Promise.all([
            place(shopper, month),
            cancel(shopper.token),
          ]);
          return { shopper, placed: placed.status, cancelled: cancelled.status };
        }),
      );
      for (const { shopper, placed, cancelled } of outcomes) {
        const orders = await countWhere('orders', shopper.userId);
        if (cancelled === 200) {
          assert.equal(placed, 401, 'an order after the cancellation is refused');
          assert.equal(orders, 0);
        } else {
          assert.equal(cancelled, 409, 'the cancellation after the order is blocked by it');
          assert.equal(placed, 200);
          assert.equal(orders, 1);
        }
      }
    });
  },
);
