// engines: postgres (related-order matching in SQL over JSON snapshots: the same SQL on both engines; driver reads pinned in engine-types.test.ts)
/**
 * Risk review and the complaints desk of the merchant console (`/admin/api`, issue 36) on a real
 * server and database: an order's risk facts (credit, age and ID region from the identity, related
 * orders of the last 90 days found by ID number, mobile, address and device, in its own brand
 * only), the flags a brand's rules raise, the review's decision with its reason; the owner's rules
 * audited with before and after; the complaints queue (assign, state, reply, brands) and the
 * customer reading the reply in the storefront. Every new route answers 401/403 before it
 * validates a body, and writes nothing then.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { RiskReview } from '../../contract/admin/risk.ts';
import type { DeskComplaint } from '../../contract/admin/complaints.ts';
import type { MyComplaint } from '../../contract/api/client.ts';
import { Desk, ownerDesk, staffDesk, type Reply } from './admin-fixtures.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import {
  newShopper,
  payAtCashier,
  placeBody,
  plans,
  restock,
  signOrder,
  verifyUser,
  type Plan,
  type Shopper,
} from './order-fixtures.ts';

let server: TestServer;
let owner: Desk;
let month: Plan;

/** Another delivery address of the shopper; the shopper shipping to it. */
async function withAddress(
  shopper: Shopper,
  platform: number,
  address: { detail: string; mobile?: string },
): Promise<Shopper> {
  const made = await server.request<{ id: number }>('POST', '/api/user/userAddress', {
    token: shopper.token,
    platform,
    body: {
      name: '王五',
      mobile: address.mobile ?? shopper.mobile,
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      detail: address.detail,
      isDefault: false,
    },
  });
  assert.equal(made.body.code, 200, JSON.stringify(made.body));
  return { ...shopper, addressId: made.body.data.id };
}

async function place(shopper: Shopper, platform: number, deviceId?: string): Promise<number> {
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token: shopper.token,
    platform,
    body: placeBody(month, shopper, { depositMethod: 'paid', ...(deviceId ? { deviceId } : {}) }),
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  return placed.body.data.id;
}

/** Confirms, signs and pays a placed brand-1 order of a verified shopper: PENDING_REVIEW. */
async function toReview(shopper: Shopper, id: number) {
  const confirmed = await server.request('POST', '/api/order/confirm', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  await signOrder(server, id);
  const pay = await server.request<{ outTradeNo: string }>('POST', '/api/order/pay', {
    token: shopper.token,
    body: { orderId: id },
  });
  assert.equal(pay.body.code, 200, JSON.stringify(pay.body));
  await payAtCashier(server, pay.body.data.outTradeNo);
}

const device = () => randomBytes(16).toString('hex');
const street = () => `文三路 ${randomBytes(3).toString('hex')} 号`;

async function counts() {
  const row = await sql<{ audit: string; rules: string; touched: string }>`
    select (select count(*) from audit_events)::text as audit,
           (select count(*) from risk_rules)::text as rules,
           (select count(*) from complaints where status <> 'new' or reply is not null
              or assignee_id is not null)::text as touched`.execute(server.db);
  return row.rows[0];
}

before(async () => {
  server = await startTestServer({
    env: { ADMIN_LOGIN_PER_IP: '100000', ADMIN_LOGIN_PER_ACCOUNT: '100000' },
  });
  ({ month } = await plans(server));
  await restock(server, [month.sku_id]);
  owner = await ownerDesk(server);
});

after(async () => {
  await server?.close();
});

describe('risk review', () => {
  let subject: number;
  let risk: Desk;
  const related: Record<string, number> = {};
  const unrelated: Record<string, number> = {};

  before(async () => {
    ({ desk: risk } = await staffDesk(server, owner, 'risky', 'risk', [1]));
    const deviceA = device();
    const streetA = street();
    const a = await withAddress(await newShopper(server, 1), 1, { detail: streetA });
    await verifyUser(server, a.userId, { platform: 1 });
    subject = await place(a, 1, deviceA);
    await toReview(a, subject);

    // The same person again (one identity per ID number), elsewhere, from another phone.
    const aElsewhere = await withAddress(a, 1, { detail: street() });
    related.idNumber = await place(aElsewhere, 1, device());
    // Someone else shipping to the subject's mobile.
    const b = await newShopper(server, 1);
    related.mobile = await place(
      await withAddress(b, 1, { detail: street(), mobile: a.mobile }),
      1,
      device(),
    );
    // Someone else at the same address, written with other spacing.
    const c = await newShopper(server, 1);
    related.address = await place(
      await withAddress(c, 1, { detail: `  ${streetA.replace(/ /g, '')} ` }),
      1,
      device(),
    );
    // Someone else on the same phone.
    const e = await newShopper(server, 1);
    related.device = await place(await withAddress(e, 1, { detail: street() }), 1, deviceA);

    // Not related: a stranger; the same phone on another brand; the same phone 100 days ago.
    const f = await newShopper(server, 1);
    unrelated.stranger = await place(await withAddress(f, 1, { detail: street() }), 1, device());
    const g = await newShopper(server, 2);
    unrelated.otherBrand = await place(await withAddress(g, 2, { detail: street() }), 2, deviceA);
    const h = await newShopper(server, 1);
    unrelated.old = await place(await withAddress(h, 1, { detail: street() }), 1, deviceA);
    await server.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 100 * 86_400_000) })
      .where('id', '=', unrelated.old)
      .execute();
  });

  test('shows credit, age, ID region and the orders related by ID number, mobile, address and device', async () => {
    const reply = await risk.send<RiskReview>('GET', `/orders/${subject}/risk`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const review = reply.body.data;
    assert.equal(review.status, 'PENDING_REVIEW');
    assert.deepEqual(review.credit, { score: 720, passed: true });
    assert.equal(review.identity.verified, true);
    assert.equal(review.identity.idNumber, '1101**********002X');
    // Born 1990-01-01: as old as the Beijing year says.
    const beijingYear = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();
    assert.equal(review.identity.age, beijingYear - 1990);
    assert.deepEqual(review.identity.region, { code: '1101', province: '北京市', city: '市辖区' });
    assert.match(review.mobile, /^1\d{2}\*{4}\d{4}$/);
    assert.equal(review.deviceKnown, true);
    const matched = new Map(review.related.map((r) => [r.id, r.matchedBy]));
    assert.deepEqual(matched.get(related.idNumber), ['idNumber', 'mobile']);
    assert.deepEqual(matched.get(related.mobile), ['mobile']);
    assert.deepEqual(matched.get(related.address), ['address']);
    assert.deepEqual(matched.get(related.device), ['device']);
    for (const [why, id] of Object.entries(unrelated))
      assert.equal(matched.has(id), false, `${why} order ${id} is not related`);
    assert.equal(review.related.length, 4);
    assert.deepEqual(review.relatedCounts, { idNumber: 1, mobile: 2, address: 1, device: 1 });
    // No rules yet: nothing flagged.
    assert.equal(review.rules, null);
    assert.deepEqual(review.flags, []);
    assert.equal(review.decision, null);
  });

  test("the owner's rules flag the order (audited with before and after); the risk user approves it with a reason", async () => {
    const rules = {
      minAge: 18,
      maxAge: 30,
      maxRelatedOrders: 4,
      minCreditScore: 750,
      idRegions: ['11'],
    };
    const first = await owner.send('POST', '/risk-rules/1', {
      body: { rules: { ...rules, maxAge: null, idRegions: [] }, reason: '首版规则' },
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const saved = await owner.send('POST', '/risk-rules/1', {
      body: { rules, reason: '收紧年龄与地区' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const audit = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'risk.rules')
      .orderBy('id')
      .execute();
    assert.equal(audit.length, 2);
    assert.equal(audit[0]?.before, null);
    assert.deepEqual(audit[1]?.before, { ...rules, maxAge: null, idRegions: [] });
    assert.deepEqual(audit[1]?.after, rules);
    assert.equal(audit[1]?.reason, '收紧年龄与地区');
    assert.equal(audit[1]?.platform, 1);

    const listed = await owner.send<{ list: { platform: number; rules: unknown }[] }>(
      'GET',
      '/risk-rules',
    );
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.data.list.find((b) => b.platform === 1)?.rules, rules);
    assert.equal(listed.body.data.list.find((b) => b.platform === 2)?.rules, null);

    const refused = await owner.send('POST', '/risk-rules/1', {
      body: { rules: { ...rules, minAge: 40, maxAge: 30 }, reason: '错误' },
    });
    assert.equal(refused.status, 400);

    const review = (await risk.send<RiskReview>('GET', `/orders/${subject}/risk`)).body.data;
    assert.deepEqual(review.flags.map((f) => f.rule).sort(), [
      'idRegions',
      'maxAge',
      'maxRelatedOrders',
      'minCreditScore',
    ]);
    assert.match(review.flags.find((f) => f.rule === 'minCreditScore')?.message ?? '', /720.*750/);

    // Flags never decide: the order is still waiting for the reviewer.
    const approved = await risk.send('POST', `/orders/${subject}/approve`, {
      body: { note: '电话核实本人，地址与单位一致' },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const decided = (await risk.send<RiskReview>('GET', `/orders/${subject}/risk`)).body.data;
    assert.equal(decided.decision?.action, 'approve');
    assert.equal(decided.decision?.by, 'risky');
    assert.equal(decided.decision?.reason, '电话核实本人，地址与单位一致');
  });

  test('401 and 403 come before the body is read, and nothing is written', async () => {
    const { desk: service } = await staffDesk(server, owner, 'helper', 'service', [1]);
    const { desk: riskTwo } = await staffDesk(server, owner, 'risktwo', 'risk', [2]);
    const { desk: ownerTwo } = await staffDesk(server, owner, 'ownertwo', 'owner', [2]);
    const anonymous = new Desk(server);
    const bad = { rules: 'nonsense' };
    const start = await counts();
    const expect = async (reply: Promise<Reply<unknown>>, status: number, what: string) => {
      const answered = await reply;
      assert.equal(answered.status, status, `${what}: ${JSON.stringify(answered.body)}`);
    };
    await expect(anonymous.send('GET', `/orders/${subject}/risk`), 401, 'risk, no session');
    await expect(service.send('GET', `/orders/${subject}/risk`), 403, 'risk, service role');
    await expect(riskTwo.send('GET', `/orders/${subject}/risk`), 403, 'risk, other brand');
    await expect(anonymous.send('GET', '/risk-rules'), 401, 'rules, no session');
    await expect(risk.send('GET', '/risk-rules'), 403, 'rules, risk role');
    await expect(anonymous.send('POST', '/risk-rules/1', { body: bad }), 401, 'set, no session');
    await expect(risk.send('POST', '/risk-rules/1', { body: bad }), 403, 'set, risk role');
    await expect(ownerTwo.send('POST', '/risk-rules/1', { body: bad }), 403, 'set, brand 2');
    await expect(
      owner.send('POST', '/risk-rules/1', { body: bad, csrf: false }),
      403,
      'set, no CSRF',
    );
    await expect(owner.send('POST', '/risk-rules/1', { body: bad }), 400, 'set, bad body');
    // A brand-2 owner sees only brand 2's rules.
    const two = await ownerTwo.send<{ list: { platform: number }[] }>('GET', '/risk-rules');
    assert.deepEqual(
      two.body.data.list.map((b) => b.platform),
      [2],
    );
    assert.deepEqual(await counts(), start);
  });
});

describe('complaints desk', () => {
  let shopper: Shopper;
  let complaintId: number;
  let service: Desk;
  let serviceId: number;

  before(async () => {
    shopper = await newShopper(server, 1);
    const filed = await server.request<{ id: number }>('POST', '/api/client/complaint/submit', {
      token: shopper.token,
      body: {
        type: 'logistics',
        content: '快递三天没有更新物流信息',
        contactMobile: shopper.mobile,
      },
    });
    assert.equal(filed.body.code, 200, JSON.stringify(filed.body));
    complaintId = filed.body.data.id;
    ({ desk: service, id: serviceId } = await staffDesk(server, owner, 'carer', 'service', [1]));
  });

  test('a service user assigns, replies and resolves; the customer reads the reply in the storefront', async () => {
    const before = await server.request<{ list: MyComplaint[] }>(
      'GET',
      '/api/client/complaint/list',
      {
        token: shopper.token,
      },
    );
    assert.equal(before.body.code, 200, JSON.stringify(before.body));
    assert.equal(before.body.data.list[0]?.status, 'new');
    assert.equal(before.body.data.list[0]?.reply, null);

    const queue = await service.send<{
      list: DeskComplaint[];
      counts: Record<string, number>;
      assignees: { id: number; login: string }[];
    }>('GET', '/complaints?status=new');
    assert.equal(queue.status, 200, JSON.stringify(queue.body));
    const row = queue.body.data.list.find((c) => c.id === complaintId);
    assert.ok(row, 'the new complaint is in the queue');
    assert.equal(row.typeLabel, '物流问题');
    assert.match(row.mobile, /^1\d{2}\*{4}\d{4}$/);
    assert.ok(queue.body.data.assignees.some((a) => a.login === 'carer'));
    assert.ok(!queue.body.data.assignees.some((a) => a.login === 'risky'), 'risk does not handle');

    const assigned = await service.send<DeskComplaint>('POST', `/complaints/${complaintId}`, {
      body: { assigneeId: serviceId, status: 'in_progress' },
    });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.equal(assigned.body.data.assignee?.login, 'carer');
    assert.equal(assigned.body.data.status, 'in_progress');
    const mine = await service.send<{ list: DeskComplaint[] }>(
      'GET',
      `/complaints?assigneeId=${serviceId}&status=in_progress&platform=1`,
    );
    assert.deepEqual(
      mine.body.data.list.map((c) => c.id),
      [complaintId],
    );
    const risky = await server.db
      .selectFrom('staff')
      .select('id')
      .where('login', '=', 'risky')
      .executeTakeFirstOrThrow();
    const wrongAssignee = await service.send('POST', `/complaints/${complaintId}`, {
      body: { assigneeId: risky.id },
    });
    assert.equal(wrongAssignee.status, 400);

    const replied = await service.send<DeskComplaint>('POST', `/complaints/${complaintId}/reply`, {
      body: { reply: '已联系快递公司，明天送达', resolve: true },
    });
    assert.equal(replied.status, 200, JSON.stringify(replied.body));
    assert.equal(replied.body.data.status, 'resolved');
    assert.equal(replied.body.data.repliedBy, 'carer');

    const audit = await server.db
      .selectFrom('audit_events')
      .select(['action', 'before', 'after', 'staff_login'])
      .where('target_type', '=', 'complaint')
      .where('target_id', '=', String(complaintId))
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((a) => a.action),
      ['complaint.update', 'complaint.reply'],
    );
    assert.deepEqual(audit[0]?.before, { status: 'new', assigneeId: null });
    assert.deepEqual(audit[1]?.after, { status: 'resolved', reply: '已联系快递公司，明天送达' });

    const after = await server.request<{ list: MyComplaint[] }>(
      'GET',
      '/api/client/complaint/list',
      {
        token: shopper.token,
      },
    );
    const seen = after.body.data.list.find((c) => c.id === complaintId);
    assert.equal(seen?.reply, '已联系快递公司，明天送达');
    assert.equal(seen?.status, 'resolved');
    // Another customer sees none of it.
    const other = await newShopper(server, 1);
    const theirs = await server.request<{ list: MyComplaint[] }>(
      'GET',
      '/api/client/complaint/list',
      {
        token: other.token,
      },
    );
    assert.deepEqual(theirs.body.data.list, []);
  });

  test('brands are enforced and 401/403 come before the body; nothing is written', async () => {
    const { desk: serviceTwo } = await staffDesk(server, owner, 'cartwo', 'service', [2]);
    const { desk: viewer } = await staffDesk(server, owner, 'looker', 'viewer', 'all');
    const anonymous = new Desk(server);
    const fresh = await server.request<{ id: number }>('POST', '/api/client/complaint/submit', {
      token: shopper.token,
      body: { type: 'billing', content: '账单金额与合同不一致' },
    });
    const id = fresh.body.data.id;
    const start = await counts();
    const bad = { status: 'closed' };
    const expect = async (reply: Promise<Reply<unknown>>, status: number, what: string) => {
      const answered = await reply;
      assert.equal(answered.status, status, `${what}: ${JSON.stringify(answered.body)}`);
    };
    await expect(anonymous.send('GET', '/complaints'), 401, 'list, no session');
    await expect(viewer.send('GET', '/complaints'), 403, 'list, viewer');
    for (const path of [`/complaints/${id}`, `/complaints/${id}/reply`]) {
      await expect(anonymous.send('POST', path, { body: bad }), 401, `${path}, no session`);
      await expect(viewer.send('POST', path, { body: bad }), 403, `${path}, viewer`);
      await expect(serviceTwo.send('POST', path, { body: bad }), 403, `${path}, brand 2`);
      await expect(service.send('POST', path, { body: bad, csrf: false }), 403, `${path}, no CSRF`);
      await expect(service.send('POST', path, { body: bad }), 400, `${path}, bad body`);
    }
    await expect(service.send('POST', '/complaints/999999', { body: bad }), 404, 'missing');
    // Brand 2's desk does not see brand 1's complaints.
    const two = await serviceTwo.send<{ list: DeskComplaint[]; total: number }>(
      'GET',
      '/complaints',
    );
    assert.equal(two.status, 200);
    assert.equal(
      two.body.data.list.some((c) => c.platform === 1),
      false,
    );
    assert.deepEqual(await counts(), start);
  });
});
