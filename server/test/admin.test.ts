// engines: postgres (the audit log's no-update trigger, JSON params, the order desk's row locks, session expiry by the clock: the same SQL on both engines, and the console runs on PostgreSQL in production; driver reads pinned in engine-types.test.ts)
/**
 * The merchant console's API (`/admin/api`, issue 36) on a real server and database: staff
 * sessions (cookie, CSRF, idle and absolute expiry, lock, second factor), the permission table
 * route by route and brand by brand, the order desk driving a storefront order from review to a
 * damage bill, refunds, the audit log (and that nobody can change it), ops credentials acting as
 * staff accounts, and the fuzz corpora on login and staff creation.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { generate } from 'otplib';
import { sql } from 'kysely';
import { createOwner } from '../src/admin/bootstrap.ts';
import { addOpsCredential } from '../src/ops/credentials.ts';
import { Desk, PASSWORD, staffDesk } from './admin-fixtures.ts';
import { fuzzFile, startTestServer, type TestServer } from './helpers.ts';
import {
  agreeEarlyReturn,
  newShopper,
  payAtCashier,
  placeBody,
  plans,
  restock,
  sandboxes,
  settle,
  signOrder,
  verifyUser,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let owner: Desk;
let month: Plan;

async function countRows() {
  const tables = ['audit_events', 'staff', 'refunds', 'order_events', 'order_inspections'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await sql<{
      n: string;
    }>`select count(*)::text as n from ${sql.table(table)}`.execute(server.db);
    counts[table] = Number(row.rows[0]?.n);
  }
  return counts;
}

/** A storefront order on `platform`, placed, verified, signed and paid: PENDING_REVIEW. */
async function paidOrder(platform: number): Promise<{ id: number; shopper: Shopper }> {
  const shopper = await newShopper(server, platform);
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    platform,
    body: placeBody(month, shopper, { depositMethod: 'paid' }),
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  const id = placed.body.data.id;
  await verifyUser(server, shopper.userId, { platform });
  const confirmed = await server.request('POST', '/api/order/confirm', {
    token: shopper.token,
    platform,
    body: { orderId: id },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await signOrder(server, id);
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    platform,
    body: { orderId: id },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
  await payOnBrand(pay.body.data.outTradeNo, platform);
  const status = await server.db
    .selectFrom('orders')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.equal(status.status, 'PENDING_REVIEW');
  return { id, shopper };
}

/** Pays at the brand's sandbox cashier as the user would, and waits for the notification. */
async function payOnBrand(outTradeNo: string, platform: number) {
  if (platform === 1) return payAtCashier(server, outTradeNo);
  const sig = sandboxes(server, platform).alipay.cashierSignature(outTradeNo);
  const response = await fetch(`${server.baseUrl}/pay/cashier/${outTradeNo}/pay?sig=${sig}`, {
    method: 'POST',
    redirect: 'manual',
  });
  assert.ok(response.status < 400, `cashier answered ${response.status}`);
  await settle(server);
}

async function auditOf(targetType: string, targetId: number) {
  return server.db
    .selectFrom('audit_events')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

before(async () => {
  server = await startTestServer({
    // The fuzz runs sign in hundreds of times from 127.0.0.1; the limits have a test of their own.
    env: { ADMIN_LOGIN_PER_IP: '100000', ADMIN_LOGIN_PER_ACCOUNT: '100000' },
  });
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  const { password } = await createOwner(server.db, server.config, 'boss', '店主');
  owner = new Desk(server);
  assert.equal((await owner.login('boss', password)).status, 200);
  // The one-time password only lets its holder change it.
  const blocked = await owner.send('GET', '/orders');
  assert.equal(blocked.status, 403);
  assert.match(blocked.body.msg, /修改初始密码/);
  const changed = await owner.send('POST', '/password', {
    body: { currentPassword: password, newPassword: PASSWORD },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
});
after(() => server.close());

describe('sessions', () => {
  test('the session is an httpOnly, SameSite=Strict cookie on /admin; logout ends it', async () => {
    const desk = new Desk(server);
    const reply = await desk.login('boss', PASSWORD);
    assert.equal(reply.status, 200);
    const cookie = reply.headers.getSetCookie().find((c) => c.startsWith('admin_session='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Strict/i);
    assert.match(cookie, /Path=\/admin/);
    assert.doesNotMatch(cookie, /Secure/i, 'Secure only in production (plain http here)');
    const me = await desk.send<{ staff: { login: string }; permissions: string[] }>('GET', '/me');
    assert.equal(me.body.data.staff.login, 'boss');
    assert.ok(me.body.data.permissions.includes('staff.manage'));
    const saved = desk.cookie;
    assert.equal((await desk.send('POST', '/logout', { body: {} })).status, 200);
    desk.cookie = saved;
    assert.equal((await desk.send('GET', '/orders')).status, 401, 'the old cookie is dead');
  });

  test('a cross-site form cannot post: the console takes JSON only, even at login', async () => {
    const form = await fetch(`${server.baseUrl}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `login=boss&password=${encodeURIComponent(PASSWORD)}`,
    });
    assert.equal(form.status, 415);
    assert.equal(form.headers.getSetCookie().length, 0);
  });

  test('wrong passwords answer alike, then lock the account; the right one waits too', async () => {
    await staffDesk(server, owner, 'locky', 'viewer', [1]);
    const desk = new Desk(server);
    const unknown = await desk.login('nobody-here', 'whatever-password');
    const wrong = await desk.login('locky', 'not-the-password');
    assert.equal(unknown.status, 401);
    assert.equal(wrong.status, 401);
    assert.equal(unknown.body.msg, wrong.body.msg, 'no hint which logins exist');
    for (let i = 0; i < 4; i++) await desk.login('locky', 'not-the-password');
    const locked = await desk.login('locky', PASSWORD);
    assert.equal(locked.status, 423, JSON.stringify(locked.body));
    assert.match(locked.body.msg, /锁定/);
    const lockRow = (await auditOf('staff', (await staffId('locky'))!)).find(
      (row) => row.action === 'staff.lock',
    );
    assert.ok(lockRow, 'the lock is in the audit log');
    server.advanceClock(16 * 60);
    assert.equal((await desk.login('locky', PASSWORD)).status, 200, 'the lock passes');
  });

  test('an account with a second factor needs its current TOTP code', async () => {
    const created = await owner.send<{ totpUri: string }>('POST', '/staff', {
      body: {
        login: 'twofactor',
        displayName: '双因素',
        role: 'viewer',
        brands: [3],
        password: 'first-password-123',
        totp: true,
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const secret = new URL(created.body.data.totpUri).searchParams.get('secret');
    assert.ok(secret);
    const row = await server.db
      .selectFrom('staff')
      .select('totp_secret')
      .where('login', '=', 'twofactor')
      .executeTakeFirstOrThrow();
    assert.ok(row.totp_secret && !row.totp_secret.includes(secret), 'the secret is sealed at rest');
    const desk = new Desk(server);
    const without = await desk.login('twofactor', 'first-password-123');
    assert.equal(without.status, 401);
    assert.match(without.body.msg, /动态验证码/);
    assert.equal((await desk.login('twofactor', 'first-password-123', '000000')).status, 401);
    const code = await generate({
      secret,
      epoch: Math.floor(server.app.deps.now().getTime() / 1000),
    });
    assert.equal((await desk.login('twofactor', 'first-password-123', code)).status, 200);
    const replayed = await new Desk(server).login('twofactor', 'first-password-123', code);
    assert.equal(replayed.status, 401, 'a code works once');
  });

  test('a disabled account is out at once: its session, its next login, its ops credential', async () => {
    const { desk, id } = await staffDesk(server, owner, 'leaver', 'operator', [1]);
    await addOpsCredential(server.db, 'leaver-script', 'leaver-ops-token-0123456789', 'leaver');
    assert.equal((await desk.send('GET', '/orders')).status, 200);
    const disabled = await owner.send('POST', `/staff/${id}/disable`, { body: { reason: '离职' } });
    assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
    assert.equal((await desk.send('GET', '/orders')).status, 401);
    assert.equal((await desk.login('leaver', PASSWORD)).status, 403);
    const ops = await fetch(`${server.baseUrl}/ops/orders/1`, {
      headers: { 'x-ops-token': 'leaver-ops-token-0123456789' },
    });
    assert.equal(ops.status, 401);
    const audit = await auditOf('staff', id);
    const row = audit.find((r) => r.action === 'staff.disable');
    assert.equal(row?.staff_login, 'boss');
    assert.equal(row?.reason, '离职');
    // An owner cannot lock themself out.
    const self = await owner.send('POST', `/staff/${(await staffId('boss'))!}/disable`, {
      body: { reason: 'x' },
    });
    assert.equal(self.status, 409);
  });
});

describe('staff management', () => {
  test("an owner changes an account's role and brands: its open session acts with them at once", async () => {
    const { desk, id } = await staffDesk(server, owner, 'mover', 'viewer', [1]);
    assert.equal((await desk.send('GET', '/audit-events')).status, 403);
    const promoted = await owner.send<{ staff: { role: string } }>('POST', `/staff/${id}/update`, {
      body: { role: 'owner', reason: '升任店长' },
    });
    assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
    assert.equal(promoted.body.data.staff.role, 'owner');
    // The same session, no new login: the new role answers the next request.
    assert.equal((await desk.send('GET', '/audit-events')).status, 200);
    const me = await desk.send<{ staff: { role: string }; permissions: string[] }>('GET', '/me');
    assert.equal(me.body.data.staff.role, 'owner');
    assert.ok(me.body.data.permissions.includes('staff.manage'));

    const moved = await owner.send('POST', `/staff/${id}/update`, {
      body: { role: 'viewer', brands: [2, 3], reason: '调岗' },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await desk.send('GET', '/audit-events')).status, 403, 'demoted at once');
    const after = await desk.send<{ staff: { brands: number[]; allBrands: boolean } }>(
      'GET',
      '/me',
    );
    assert.deepEqual(after.body.data.staff.brands, [2, 3]);

    const rows = (await auditOf('staff', id)).filter((row) => row.action === 'staff.update');
    assert.equal(rows.length, 2);
    assert.equal(rows[1]?.staff_login, 'boss');
    assert.equal(rows[1]?.reason, '调岗');
    assert.deepEqual(rows[1]?.before, { role: 'owner', allBrands: false, brands: [1] });
    assert.deepEqual(rows[1]?.after, { role: 'viewer', allBrands: false, brands: [2, 3] });
  });

  test('refused changes write nothing: own account, brands beyond the owner, bad bodies', async () => {
    const { id } = await staffDesk(server, owner, 'steady', 'operator', [2]);
    const { desk: brandTwoOwner } = await staffDesk(server, owner, 'owner-of-two', 'owner', [2]);
    const before = await countRows();
    const bossId = (await staffId('boss'))!;
    const self = await owner.send('POST', `/staff/${bossId}/update`, {
      body: { role: 'viewer', reason: '误操作' },
    });
    assert.equal(self.status, 409, 'an owner cannot demote itself');
    const wider = await brandTwoOwner.send('POST', `/staff/${id}/update`, {
      body: { brands: [1, 2], reason: '扩权' },
    });
    assert.equal(wider.status, 403, JSON.stringify(wider.body));
    const everyBrand = await brandTwoOwner.send('POST', `/staff/${id}/update`, {
      body: { allBrands: true, reason: '扩权' },
    });
    assert.equal(everyBrand.status, 403);
    const above = await brandTwoOwner.send('POST', `/staff/${bossId}/update`, {
      body: { role: 'viewer', reason: '越权' },
    });
    assert.equal(above.status, 404, 'an account above it is not there');
    for (const body of [
      { role: 'viewer' },
      { role: 'king', reason: 'x' },
      { brands: [], reason: 'x' },
      { brands: [10], reason: 'x' },
      { allBrands: true, brands: [1], reason: 'x' },
    ]) {
      const reply = await owner.send('POST', `/staff/${id}/update`, { body });
      assert.equal(reply.status, 400, JSON.stringify(body));
    }
    assert.equal(
      (await owner.send('POST', '/staff/999999/update', { body: { role: 'viewer', reason: 'x' } }))
        .status,
      404,
    );
    assert.deepEqual(await countRows(), before);
  });

  test('a password reset: a one-time password shown once, sessions end, it must be changed', async () => {
    const { desk, id } = await staffDesk(server, owner, 'forgetful', 'operator', [1]);
    // Locked by wrong passwords: the reset lifts it.
    for (let i = 0; i < 5; i++) await new Desk(server).login('forgetful', 'wrong-password-x');
    assert.equal((await new Desk(server).login('forgetful', PASSWORD)).status, 423);
    const reset = await owner.send<{ password: string; staff: { mustChangePassword: boolean } }>(
      'POST',
      `/staff/${id}/reset-password`,
      { body: { reason: '忘记密码' } },
    );
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const oneTime = reset.body.data.password;
    assert.match(oneTime, /^[A-Za-z0-9_-]{20}$/);
    assert.equal(reset.body.data.staff.mustChangePassword, true);
    assert.equal((await desk.send('GET', '/orders')).status, 401, 'the open session ended');
    assert.equal((await new Desk(server).login('forgetful', PASSWORD)).status, 401);

    const fresh = new Desk(server);
    assert.equal((await fresh.login('forgetful', oneTime)).status, 200);
    const blocked = await fresh.send('GET', '/orders');
    assert.equal(blocked.status, 403);
    assert.match(blocked.body.msg, /修改初始密码/);
    const changed = await fresh.send('POST', '/password', {
      body: { currentPassword: oneTime, newPassword: 'brand-new-password-7' },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal((await fresh.send('GET', '/orders')).status, 200);

    const row = (await auditOf('staff', id)).find((r) => r.action === 'staff.password_reset');
    assert.equal(row?.staff_login, 'boss');
    assert.equal(row?.reason, '忘记密码');
    assert.deepEqual(row?.before, { mustChangePassword: false, locked: true });
    assert.deepEqual(row?.after, { mustChangePassword: true, sessionsEnded: 1 });
    assert.ok(!JSON.stringify(row).includes(oneTime), 'the password is not in the log');

    const self = await owner.send('POST', `/staff/${(await staffId('boss'))!}/reset-password`, {
      body: { reason: 'x' },
    });
    assert.equal(self.status, 409);
  });
});

async function staffId(login: string) {
  return (
    await server.db.selectFrom('staff').select('id').where('login', '=', login).executeTakeFirst()
  )?.id;
}

describe('every /admin/api route is guarded before it reads the body', () => {
  let operations: { method: string; path: string; operationId: string }[];
  let brandOneOrder: number;

  before(async () => {
    const document = (await (await fetch(`${server.baseUrl}/admin/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    assert.match(document.openapi, /^3\./);
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace('/admin/api', '').replace('{id}', ':id'),
        operationId: operation.operationId ?? '',
      })),
    );
    ({ id: brandOneOrder } = await paidOrder(1));
  });

  test('the document names every operation the console uses, and no storefront route', () => {
    const ids = operations.map((o) => o.operationId);
    for (const id of [
      'adminLogin',
      'adminLogout',
      'listOrders',
      'getOrder',
      'approveOrder',
      'rejectOrder',
      'shipOrder',
      'receiveReturn',
      'inspectReturn',
      'refundBill',
      'listAuditEvents',
      'createStaff',
      'listStaff',
      'disableStaff',
      'updateStaff',
      'resetStaffPassword',
    ])
      assert.ok(ids.includes(id), `${id} missing from openapi.json`);
    assert.ok(operations.every((o) => !o.path.startsWith('/api/')));
  });

  const url = (path: string, id: number) => path.replace(':id', String(id));
  /** A body no route accepts: wrong types everywhere. */
  const BAD = { login: 5, amount: 'x', checklist: 'x', reasonCode: 7, field: [], reason: {} };

  test('no session: 401, nothing written', async () => {
    const before = await countRows();
    const anonymous = new Desk(server);
    for (const op of operations.filter((o) => o.operationId !== 'adminLogin')) {
      const reply = await anonymous.send(op.method, url(op.path, brandOneOrder), {
        body: op.method === 'GET' ? undefined : BAD,
      });
      // The OpenAPI document itself is public.
      if (op.path === '/openapi.json') continue;
      assert.equal(reply.status, 401, `${op.method} ${op.path}: ${JSON.stringify(reply.body)}`);
    }
    assert.deepEqual(await countRows(), before);
  });

  test('no CSRF token: 403 on every state-changing route, nothing written', async () => {
    const desk = new Desk(server);
    await desk.login('boss', PASSWORD);
    const before = await countRows();
    for (const op of operations.filter(
      (o) => o.method !== 'GET' && o.operationId !== 'adminLogin',
    )) {
      const reply = await desk.send(op.method, url(op.path, brandOneOrder), {
        body: BAD,
        csrf: false,
      });
      assert.equal(reply.status, 403, `${op.method} ${op.path}: ${JSON.stringify(reply.body)}`);
      assert.match(reply.body.msg, /CSRF/);
      const wrong = await desk.send(op.method, url(op.path, brandOneOrder), {
        body: BAD,
        csrf: false,
        headers: { 'x-csrf-token': 'forged-token' },
      });
      assert.equal(wrong.status, 403, `${op.method} ${op.path} with a forged token`);
    }
    assert.deepEqual(await countRows(), before);
  });

  test('another role: 403 on what the role may not do, before the body', async () => {
    const { desk: viewer } = await staffDesk(server, owner, 'looker', 'viewer', 'all');
    const { desk: serviceDesk } = await staffDesk(server, owner, 'helper', 'service', 'all');
    const before = await countRows();
    const allowed = new Set([
      'listOrders',
      'getOrder',
      'adminLogout',
      'adminMe',
      'changePassword',
      'adminLogin',
      // Reports are for every role (their own test: admin-reports.test.ts).
      'getReport',
      'exportReport',
      '',
    ]);
    // The service role handles complaints (their routes are tested in admin-risk-service.test.ts)
    // and works the overdue queue and its contact log (issue 38).
    const serviceMay = new Set([
      'listComplaints',
      'updateComplaint',
      'replyComplaint',
      'listOverdue',
      'listCollectors',
      'listContactRecords',
      'addContactRecord',
    ]);
    for (const [desk, mayAlso] of [
      [viewer, new Set<string>()],
      [serviceDesk, serviceMay],
    ] as const)
      for (const op of operations.filter(
        (o) => !allowed.has(o.operationId) && !mayAlso.has(o.operationId),
      )) {
        const reply = await desk.send(op.method, url(op.path, brandOneOrder), {
          body: op.method === 'GET' ? undefined : BAD,
        });
        assert.equal(reply.status, 403, `${op.method} ${op.path}: ${JSON.stringify(reply.body)}`);
      }
    assert.deepEqual(await countRows(), before);
  });

  test('another brand: 403 on a brand-1 order or bill for a brand-2 account, before the body', async () => {
    const { desk } = await staffDesk(server, owner, 'owner-two', 'owner', [2]);
    const bill = await server.db
      .selectFrom('bills')
      .select('id')
      .where('order_id', '=', brandOneOrder)
      .executeTakeFirstOrThrow();
    // A brand-1 complaint, for the complaint routes; a risk-rules route's id is the brand.
    const complaint = await server.db
      .insertInto('complaints')
      .values({
        user_id: (
          await server.db
            .selectFrom('orders')
            .select('user_id')
            .where('id', '=', brandOneOrder)
            .executeTakeFirstOrThrow()
        ).user_id,
        platform: 1,
        type: 'other',
        content: '品牌一的反馈',
        images: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A brand-1 banner, and a coupon brand 2 may not touch (brand 1's, or one every brand shares).
    const banner = await server.db
      .selectFrom('banner')
      .select('id')
      .where('platform', '=', 1)
      .executeTakeFirstOrThrow();
    const coupon = await server.db
      .selectFrom('coupons')
      .select('id')
      .where((eb) => eb.or([eb('platform', '=', 1), eb('platform', 'is', null)]))
      .executeTakeFirstOrThrow();
    const idFor = (path: string) =>
      path.startsWith('/bills')
        ? bill.id
        : path.startsWith('/complaints')
          ? complaint.id
          : path.startsWith('/risk-rules')
            ? 1
            : path.startsWith('/home/banners')
              ? banner.id
              : path.startsWith('/coupons')
                ? coupon.id
                : brandOneOrder;
    const before = await countRows();
    // Goods and SKUs belong to the brands selling them, not to one brand: their own test
    // (admin-catalog.test.ts) refuses another brand's goods.
    for (const op of operations.filter(
      (o) =>
        o.path.includes(':id') &&
        !o.path.startsWith('/staff') &&
        !o.path.startsWith('/goods') &&
        !o.path.startsWith('/skus'),
    )) {
      const id = idFor(op.path);
      const reply = await desk.send(op.method, url(op.path, id), {
        body: op.method === 'GET' ? undefined : BAD,
      });
      assert.equal(reply.status, 403, `${op.method} ${op.path}: ${JSON.stringify(reply.body)}`);
    }
    assert.deepEqual(await countRows(), before);
    // With the right role and brand, the same bad body is the schema's 400.
    const bad = await owner.send('POST', `/orders/${brandOneOrder}/ship`, { body: BAD });
    assert.equal(bad.status, 400);

    // An owner of brand 2 manages brand 2's accounts only: never one wider than itself.
    const account = (extra: Record<string, unknown>) => ({
      login: `b2-${Object.keys(extra).join('').toLowerCase()}${JSON.stringify(extra).length}`,
      displayName: '二号店员',
      role: 'operator',
      password: 'first-password-123',
      ...extra,
    });
    for (const wider of [{ allBrands: true }, { brands: [1] }, { brands: [1, 2] }]) {
      const reply = await desk.send('POST', '/staff', { body: account(wider) });
      assert.equal(reply.status, 403, JSON.stringify(wider));
    }
    const made = await desk.send('POST', '/staff', { body: account({ brands: [2] }) });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const listed = await desk.send<{ list: { allBrands: boolean; brands: number[] }[] }>(
      'GET',
      '/staff',
    );
    assert.ok(listed.body.data.list.length >= 2);
    assert.ok(listed.body.data.list.every((s) => !s.allBrands && s.brands.every((b) => b === 2)));
    const bossId = (await staffId('boss'))!;
    const stop = await desk.send('POST', `/staff/${bossId}/disable`, { body: { reason: '越权' } });
    assert.equal(stop.status, 404, 'an account above it is not even there');
  });
});

describe('the order desk', () => {
  let risk: Desk;
  let operator: Desk;
  let finance: Desk;

  before(async () => {
    ({ desk: risk } = await staffDesk(server, owner, 'risk-two', 'risk', [2]));
    ({ desk: operator } = await staffDesk(server, owner, 'ops-two', 'operator', [2]));
    ({ desk: finance } = await staffDesk(server, owner, 'money', 'finance', [1, 2]));
  });

  test('review, ship with a serial, customer receipt, return, inspection with damage: all audited', async () => {
    const other = await paidOrder(1);
    const { id, shopper } = await paidOrder(2);

    // The operator of brand 2 sees brand 2's orders only, with counts per tab.
    const queue = await operator.send<{
      list: { id: number; platform: number; mobile: string }[];
      tabs: { key: string; label: string; count: number }[];
      total: number;
    }>('GET', '/orders?tab=review');
    assert.equal(queue.status, 200, JSON.stringify(queue.body));
    assert.ok(queue.body.data.list.some((o) => o.id === id));
    assert.ok(queue.body.data.list.every((o) => o.platform === 2));
    assert.ok(!queue.body.data.list.some((o) => o.id === other.id));
    const all = await operator.send<{ list: { platform: number }[] }>(
      'GET',
      '/orders?pageSize=100',
    );
    assert.ok(
      all.body.data.list.every((o) => o.platform === 2),
      'none of brand 1 anywhere',
    );
    const review = queue.body.data.tabs.find((t) => t.key === 'review');
    assert.equal(review?.label, '待审核');
    assert.equal(review?.count, queue.body.data.total);
    assert.match(queue.body.data.list[0]!.mobile, /^1\d{2}\*{4}\d{4}$/);
    assert.equal((await operator.send('GET', `/orders/${other.id}`)).status, 403);
    // The keyword finds the order by its masked mobile.
    const masked = `${shopper.mobile.slice(0, 3)}****${shopper.mobile.slice(-4)}`;
    const found = await operator.send<{ list: { id: number }[] }>(
      'GET',
      `/orders?keyword=${encodeURIComponent(masked)}`,
    );
    assert.deepEqual(
      found.body.data.list.map((o) => o.id),
      [id],
    );

    // The operator may not approve; the risk reviewer does, once.
    assert.equal((await operator.send('POST', `/orders/${id}/approve`, { body: {} })).status, 403);
    const approved = await risk.send<{ to: string; repeated: boolean }>(
      'POST',
      `/orders/${id}/approve`,
      {
        body: { note: '资料齐全' },
      },
    );
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.data.to, 'PENDING_SHIP');
    const again = await risk.send<{ to: string; repeated: boolean }>(
      'POST',
      `/orders/${id}/approve`,
      {
        body: {},
      },
    );
    assert.equal(again.body.data.repeated, true, 'a repeated click changes nothing');

    // Shipping records courier, waybill and serial; one serial is on one active order only.
    const ship = { courier: '顺丰', waybill: 'SF1234567890', serial: 'IMEI-356938035643809' };
    const shipped = await operator.send<{ to: string }>('POST', `/orders/${id}/ship`, {
      body: ship,
    });
    assert.equal(shipped.status, 200, JSON.stringify(shipped.body));
    assert.equal(shipped.body.data.to, 'SHIPPED');
    const second = await paidOrder(2);
    await risk.send('POST', `/orders/${second.id}/approve`, { body: {} });
    const clash = await operator.send('POST', `/orders/${second.id}/ship`, {
      body: { ...ship, waybill: 'SF1234567899' },
    });
    assert.equal(clash.status, 409, JSON.stringify(clash.body));
    assert.match(clash.body.msg, /IMEI-356938035643809/);

    // The customer's own order list shows it awaiting receipt.
    const mine = await server.request<{
      list: { id: number; status: string; statusText: string }[];
    }>('GET', '/api/order/list', {
      token: shopper.token,
      platform: 2,
      query: { status: 'receive' },
    });
    const listed = mine.body.data.list.find((o) => o.id === id);
    assert.equal(listed?.status, 'SHIPPED');
    assert.equal(listed?.statusText, '待收货');

    // Receipt, an early return, the return shipped, received and inspected with damage.
    await server.request('POST', '/api/order/confirmReceive', {
      token: shopper.token,
      platform: 2,
      body: { orderId: id },
    });
    await agreeEarlyReturn(server, shopper, id, { platform: 2 });
    await server.request('POST', '/api/order/apply/return', {
      token: shopper.token,
      platform: 2,
      body: { orderId: id },
    });
    const returned = await server.request('POST', '/api/order/confirm/return', {
      token: shopper.token,
      platform: 2,
      body: { orderId: id, expressCode: 'sf', waybill: 'SF99887766' },
    });
    assert.equal(returned.body.code, 200, JSON.stringify(returned.body));
    assert.equal(
      (await operator.send('POST', `/orders/${id}/receive-return`, { body: {} })).status,
      200,
    );
    const inspected = await operator.send<{ to: string }>('POST', `/orders/${id}/inspect`, {
      body: {
        checklist: [
          { item: '屏幕', ok: false },
          { item: '外壳', ok: true },
        ],
        damage: 5000,
        note: '屏幕碎裂',
      },
    });
    assert.equal(inspected.status, 200, JSON.stringify(inspected.body));
    assert.equal(inspected.body.data.to, 'COMPENSATION');
    const bills = await server.request<{
      bills: { kind: string; status: string; amount?: number; due?: number }[];
    }>('GET', `/api/order/detail/${id}`, { token: shopper.token, platform: 2 });
    const damage = bills.body.data.bills.find((b) => b.kind === 'COMPENSATION');
    assert.ok(damage, JSON.stringify(bills.body.data.bills));
    assert.equal(damage.status, 'unpaid');

    // The desk's detail: masked customer, logistics, the inspection and the timeline.
    const detail = await operator.send<{
      customer: { mobile: string; masked: boolean };
      logistics: { courier: string; waybill: string; deviceSerial: string };
      inspections: { damage: number; by: string; checklist: unknown[] }[];
      events: { action: string }[];
    }>('GET', `/orders/${id}`);
    assert.equal(detail.status, 200, JSON.stringify(detail.body));
    assert.equal(detail.body.data.customer.mobile, masked);
    assert.deepEqual(detail.body.data.logistics.deviceSerial, ship.serial);
    assert.equal(detail.body.data.logistics.courier, '顺丰');
    assert.equal(detail.body.data.inspections[0]?.damage, 5000);
    assert.equal(detail.body.data.inspections[0]?.by, 'ops-two');
    assert.ok(detail.body.data.events.some((e) => e.action === 'inspect_damage'));

    // The audit log has each step with its author.
    const trail = (await auditOf('order', id)).map((row) => [
      row.action,
      row.staff_login,
      row.platform,
    ]);
    assert.deepEqual(trail, [
      ['order.approve', 'risk-two', 2],
      ['order.ship', 'ops-two', 2],
      ['order.receive-return', 'ops-two', 2],
      ['order.inspect', 'ops-two', 2],
    ]);
    const logged = await owner.send<{ list: { action: string; staffLogin: string }[] }>(
      'GET',
      `/audit-events?targetType=order&targetId=${id}`,
    );
    assert.deepEqual(
      logged.body.data.list.map((e) => e.action),
      ['order.inspect', 'order.receive-return', 'order.ship', 'order.approve'],
    );
  });

  test('the queue filters by brand, day, channel and keyword, sorts and pages on the server', async () => {
    const a = await paidOrder(2);
    const b = await paidOrder(2);
    await server.db
      .updateTable('users')
      .set({ channel_code: 'spring-fair' })
      .where('id', '=', b.shopper.userId)
      .execute();
    type Page = { list: { id: number; orderNo: string; channel: string | null }[]; total: number };
    const list = (query: string) => owner.send<Page>('GET', `/orders?${query}`);
    const newest = await list('platform=2&pageSize=1&sort=-createdAt');
    assert.equal(newest.body.data.list[0]?.id, b.id);
    assert.ok(newest.body.data.total >= 2);
    const second = await list('platform=2&pageSize=1&pageNum=2&sort=-createdAt');
    assert.equal(second.body.data.list[0]?.id, a.id);
    const oldest = await list('platform=2&pageSize=1&sort=createdAt');
    assert.ok(oldest.body.data.list[0]!.id < a.id);
    const channel = await list('channel=spring-fair');
    assert.deepEqual(
      channel.body.data.list.map((o) => [o.id, o.channel]),
      [[b.id, 'spring-fair']],
    );
    const byNumber = await list(`keyword=${newest.body.data.list[0]!.orderNo}`);
    assert.deepEqual(
      byNumber.body.data.list.map((o) => o.id),
      [b.id],
    );
    // The customer's verified name, or the delivery address's name; the whole mobile, its last 4;
    // each with the channel and a tab, the counts as the list.
    await server.db
      .updateTable('identities')
      .set({ name: '柳如烟' })
      .where('user_id', '=', b.shopper.userId)
      .execute();
    await server.db
      .updateTable('orders')
      .set({
        snapshot: sql`jsonb_set(snapshot, '{address,name}', to_jsonb('顾长风'::text))`,
      })
      .where('id', '=', a.id)
      .execute();
    const ids = async (query: string) => {
      const page = await list(query);
      assert.equal(page.body.data.total, page.body.data.list.length, query);
      return page.body.data.list.map((o) => o.id);
    };
    assert.deepEqual(await ids(`keyword=${encodeURIComponent('柳如烟')}`), [b.id]);
    assert.deepEqual(await ids(`keyword=${encodeURIComponent('顾长风')}`), [a.id]);
    assert.deepEqual(await ids(`keyword=${b.shopper.mobile}&tab=review`), [b.id]);
    assert.ok((await ids(`keyword=${b.shopper.mobile.slice(-4)}`)).includes(b.id));
    assert.deepEqual(
      await ids(`keyword=${a.shopper.mobile.slice(-4)}&channel=spring-fair&platform=2`),
      [],
    );
    assert.deepEqual(
      await ids(`keyword=${encodeURIComponent('柳如烟')}&channel=spring-fair&tab=review`),
      [b.id],
    );
    assert.deepEqual(await ids(`keyword=${encodeURIComponent('柳如烟')}&tab=renting`), []);
    const beijingToday = new Date(server.app.deps.now().getTime() + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    const tomorrow = new Date(Date.parse(beijingToday) + 86_400_000).toISOString().slice(0, 10);
    const today = await list(`platform=2&from=${beijingToday}&to=${beijingToday}&pageSize=100`);
    assert.ok(today.body.data.list.some((o) => o.id === b.id));
    const later = await list(`platform=2&from=${tomorrow}`);
    assert.equal(later.body.data.total, 0);
    assert.equal((await list('from=yesterday')).status, 400);
    assert.equal((await list('sort=price')).status, 400);
  });

  test('reject takes a reason code from the list', async () => {
    const { id } = await paidOrder(2);
    const unknown = await risk.send('POST', `/orders/${id}/reject`, {
      body: { reasonCode: 'BECAUSE' },
    });
    assert.equal(unknown.status, 400);
    const rejected = await risk.send<{ to: string }>('POST', `/orders/${id}/reject`, {
      body: { reasonCode: 'CREDIT_INSUFFICIENT' },
    });
    assert.equal(rejected.body.data.to, 'REJECTED');
    const [row] = await auditOf('order', id);
    assert.equal(row?.reason, 'CREDIT_INSUFFICIENT');
    // The desk's timeline names the code (the console shows it in its language); the customer's
    // event carries no reason code.
    const detail = await risk.send<{ events: { action: string; reason: string | null }[] }>(
      'GET',
      `/orders/${id}`,
    );
    const event = detail.body.data.events.find((e) => e.action === 'reject');
    assert.equal(event?.reason, 'CREDIT_INSUFFICIENT');
    const customer = await server.db
      .selectFrom('order_events')
      .select('params')
      .where('order_id', '=', id)
      .where('action', '=', 'reject')
      .executeTakeFirstOrThrow();
    assert.equal((customer.params as { reason?: string }).reason, undefined);
  });

  test('a refund, whole or part, once per key, never more than was paid', async () => {
    const { id } = await paidOrder(2);
    const first = await server.db
      .selectFrom('bills')
      .select(['id', 'paid'])
      .where('order_id', '=', id)
      .where('kind', '=', 'FIRST')
      .executeTakeFirstOrThrow();
    assert.ok(first.paid > 100);
    const key = randomUUID();
    const refund = (desk: Desk, amount: number, k = key) =>
      desk.send<{ repeated: boolean; outRefundNo: string }>('POST', `/bills/${first.id}/refund`, {
        body: { amount, reason: '商品降价补差' },
        headers: { 'idempotency-key': k },
      });
    assert.equal((await refund(operator, 100)).status, 403, 'operators do not refund');
    const noKey = await finance.send('POST', `/bills/${first.id}/refund`, {
      body: { amount: 100, reason: '补差价' },
    });
    assert.equal(noKey.status, 400);
    const done = await refund(finance, 100);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    const repeated = await refund(finance, 100);
    assert.equal(repeated.body.data.repeated, true);
    assert.equal(repeated.body.data.outRefundNo, done.body.data.outRefundNo);
    const tooMuch = await refund(finance, first.paid, randomUUID());
    assert.equal(tooMuch.status, 400, JSON.stringify(tooMuch.body));
    const rest = await refund(finance, first.paid - 100, randomUUID());
    assert.equal(rest.status, 200, JSON.stringify(rest.body));
    const refunds = await server.db
      .selectFrom('refunds')
      .select('amount')
      .where('bill_id', '=', first.id)
      .execute();
    assert.deepEqual(
      refunds.map((r) => r.amount).sort((a, b) => a - b),
      [100, first.paid - 100].sort((a, b) => a - b),
    );
    const audit = (await auditOf('bill', first.id)).map((r) => [r.action, r.staff_login]);
    assert.deepEqual(audit, [
      ['bill.refund', 'money'],
      ['bill.refund', 'money'],
    ]);
  });

  test('revealing a mobile is for risk and owners, and is itself audited', async () => {
    const { id, shopper } = await paidOrder(2);
    assert.equal(
      (
        await operator.send('POST', `/orders/${id}/reveal`, {
          body: { field: 'mobile', reason: '联系客户' },
        })
      ).status,
      403,
    );
    const shown = await risk.send<{ value: string; complete: boolean }>(
      'POST',
      `/orders/${id}/reveal`,
      {
        body: { field: 'mobile', reason: '核实身份' },
      },
    );
    assert.equal(shown.body.data.value, shopper.mobile);
    const id_ = await risk.send<{ value: string; complete: boolean }>(
      'POST',
      `/orders/${id}/reveal`,
      {
        body: { field: 'idNumber', reason: '核实身份' },
      },
    );
    assert.equal(id_.body.data.complete, false, 'the full ID number is never stored');
    const rows = (await auditOf('order', id)).filter((r) => r.action === 'customer.reveal');
    assert.deepEqual(
      rows.map((r) => [r.staff_login, r.reason]),
      [
        ['risk-two', '核实身份'],
        ['risk-two', '核实身份'],
      ],
    );
  });

  test('an ops credential acts as its staff account: role, brands, and the audit log', async () => {
    await addOpsCredential(server.db, 'ops-two-script', 'ops-two-token-0123456789abc', 'ops-two');
    const send = (path: string, body?: unknown) =>
      fetch(`${server.baseUrl}/ops${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'x-ops-token': 'ops-two-token-0123456789abc',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const mine = await paidOrder(2);
    const theirs = await paidOrder(1);
    assert.equal(
      (await send(`/orders/${mine.id}/approve`, {})).status,
      403,
      'an operator does not review',
    );
    assert.equal((await send(`/orders/${theirs.id}`)).status, 403, 'nor sees brand 1');
    assert.equal((await send('/jobs/run', {})).status, 403);
    await risk.send('POST', `/orders/${mine.id}/approve`, { body: {} });
    const shipped = await send(`/orders/${mine.id}/ship`, { waybill: 'YT0000000777' });
    assert.equal(shipped.status, 200);
    const row = (await auditOf('order', mine.id)).find((r) => r.action === 'order.ship');
    assert.equal(row?.staff_login, 'ops-two');
    assert.equal(row?.via, 'ops');
  });
});

describe('the audit log', () => {
  test('the database refuses to change or delete a row', async () => {
    const [row] = await server.db.selectFrom('audit_events').select('id').limit(1).execute();
    assert.ok(row);
    await assert.rejects(
      server.db
        .updateTable('audit_events')
        .set({ reason: 'edited' })
        .where('id', '=', row.id)
        .execute(),
      /append-only/,
    );
    await assert.rejects(
      server.db.deleteFrom('audit_events').where('id', '=', row.id).execute(),
      /append-only/,
    );
    await assert.rejects(sql`truncate audit_events`.execute(server.db), /append-only/);
  });

  test('an account of some brands sees only their rows; only owners read it', async () => {
    const { desk } = await staffDesk(server, owner, 'owner-three', 'owner', [3]);
    const page = await desk.send<{ list: { platform: number | null }[] }>(
      'GET',
      '/audit-events?pageSize=100',
    );
    assert.equal(page.status, 200);
    assert.ok(page.body.data.list.every((e) => e.platform === 3));
  });
});

describe('bad input from the fuzz corpora', () => {
  const naughty = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];
  const cn = JSON.parse(fs.readFileSync(fuzzFile('cn-form-edge-cases.json'), 'utf8')) as Record<
    string,
    unknown
  >;

  test('login: every naughty login and password is a 400 or 401, nothing else', async () => {
    // Wrong passwords lock an account: this one, not an account later tests use.
    await staffDesk(server, owner, 'fuzz-target', 'viewer', [1]);
    const desk = new Desk(server);
    const before = await countRows();
    const seen = new Set<number>();
    for (const text of naughty) {
      const asLogin = await desk.login(text, 'whatever-password');
      const asPassword = await desk.login('fuzz-target', text);
      for (const reply of [asLogin, asPassword]) {
        seen.add(reply.status);
        assert.ok(
          [400, 401, 423].includes(reply.status),
          `${JSON.stringify(text)} → ${reply.status}`,
        );
        assert.equal(reply.body.data, null);
      }
    }
    assert.ok(seen.has(401));
    // Wrong passwords count towards the lock; nothing else is written.
    const after = await countRows();
    assert.equal(after.staff, before.staff);
    assert.equal(after.audit_events - before.audit_events <= naughty.length, true);
  });

  test('staff creation: naughty logins refused; naughty display names stored exactly or refused', async () => {
    const before = await countRows();
    for (const text of naughty) {
      const reply = await owner.send('POST', '/staff', {
        body: { login: text, displayName: '张三', role: 'viewer', brands: [1], password: 'short' },
      });
      assert.equal(reply.status, 400, `${JSON.stringify(text)} → ${reply.status}`);
    }
    assert.deepEqual(await countRows(), before);
    const names = [
      ...((cn.names_should_accept as string[]) ?? []),
      ...naughty.filter((text) => text.length > 0).slice(0, 40),
    ];
    let n = 0;
    for (const name of names) {
      n += 1;
      const reply = await owner.send<{ staff: { displayName: string } }>('POST', '/staff', {
        body: {
          login: `fuzz${n}`,
          displayName: name,
          role: 'viewer',
          brands: [1],
          password: 'first-password-123',
        },
      });
      assert.ok([200, 400].includes(reply.status), `${JSON.stringify(name)} → ${reply.status}`);
      if (reply.status === 200) assert.equal(reply.body.data.staff.displayName, name);
    }
    for (const bad of [
      { brands: [0] },
      { brands: [10] },
      { brands: [] },
      { brands: [1, 1] },
      { allBrands: true, brands: [1] },
      {},
      { brands: [1], role: 'root' },
    ]) {
      const reply = await owner.send('POST', '/staff', {
        body: {
          login: 'shape-check',
          displayName: '形状',
          role: 'viewer',
          password: 'first-password-123',
          ...bad,
        },
      });
      assert.equal(reply.status, 400, `${JSON.stringify(bad)} → ${JSON.stringify(reply.body)}`);
    }
  });
});

describe('session clocks (last: they move the server clock)', () => {
  test('30 minutes idle ends a session', async () => {
    const desk = new Desk(server);
    await desk.login('boss', PASSWORD);
    server.advanceClock(29 * 60);
    assert.equal((await desk.send('GET', '/orders')).status, 200);
    server.advanceClock(31 * 60);
    assert.equal((await desk.send('GET', '/orders')).status, 401);
  });

  test('12 hours end a session however busy', async () => {
    const desk = new Desk(server);
    await desk.login('boss', PASSWORD);
    for (let i = 0; i < 28; i++) {
      server.advanceClock(25 * 60);
      assert.equal((await desk.send('GET', '/me')).status, 200, `after ${(i + 1) * 25} minutes`);
    }
    server.advanceClock(25 * 60);
    assert.equal((await desk.send('GET', '/me')).status, 401);
  });
});

describe('login limits', () => {
  test('per IP and per account, with Retry-After', async () => {
    const limited = await startTestServer({
      env: { ADMIN_LOGIN_PER_IP: '6', ADMIN_LOGIN_PER_ACCOUNT: '3', ADMIN_LOCK_AFTER: '100' },
    });
    try {
      const send = (login: string) =>
        fetch(`${limited.baseUrl}/admin/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login, password: 'wrong-password' }),
        });
      const first = await Promise.all([send('alice'), send('alice'), send('alice')]);
      assert.deepEqual(
        first.map((r) => r.status),
        [401, 401, 401],
      );
      const fourth = await send('alice');
      assert.equal(fourth.status, 429, 'the account limit');
      assert.ok(Number(fourth.headers.get('retry-after')) > 0);
      assert.equal((await send('bob')).status, 401, 'another account still may');
      assert.equal((await send('carol')).status, 401);
      assert.equal((await send('dave')).status, 429, 'the IP limit (6 a minute)');
    } finally {
      await limited.close();
    }
  });
});
