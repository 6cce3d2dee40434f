// engines: both (contract dates read back from date and timestamptz columns)
/** Rental contract: render, e-sign sandbox flow, the signed callback moving the order, signHFB. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, test } from 'node:test';
import type { ContractCheck, Signing, Withholding } from '../../contract/api/contract.ts';
import { BRAND_RECORDS } from '../../contract/brands/records.ts';
import { renderContract, type ContractData } from '../src/esign/render.ts';
import { SandboxEsign } from '../src/providers/esign/sandbox.ts';
import { ResultCode } from '../../contract/http.ts';
import { fuzzFile, startTestServer, type TestServer } from './helpers.ts';
import {
  agreeToAll,
  insertOrder,
  loginAgreed,
  testIdNumber,
  userIdOf,
  verifyFully,
  waitFor,
} from './kyc-fixtures.ts';

let server: TestServer;
let token: string;
let userId: number;
const idNo = testIdNumber(520);

before(async () => {
  server = await startTestServer();
  token = await server.loginAs('13800000001');
  userId = await userIdOf(server, token);
  await verifyFully(server, token, { name: '签约人', idNo });
});
after(() => server.close());

const esign = () => {
  const provider = server.app.deps.providers.esign;
  if (!(provider instanceof SandboxEsign)) throw new Error('not the sandbox');
  return provider;
};
const orderStatus = async (orderId: number) =>
  (
    await server.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow()
  ).status;
const signEvents = async (orderId: number) =>
  server.db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('action', '=', 'sign')
    .execute();

/** Every tag is from the contract's allow-list, and carries nothing but a plain class. */
function assertInert(html: string, label: string) {
  const allowed = new Set([
    'article',
    'h1',
    'h2',
    'p',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'ol',
    'li',
    'strong',
    'span',
  ]);
  for (const match of html.matchAll(/<\/?([^\s>/]+)([^>]*)>/g)) {
    const [, tag, attributes] = match;
    assert.ok(allowed.has(tag.toLowerCase()), `${label}: tag <${tag}>`);
    const rest = attributes.replace(/\sclass="[a-z-]+"/g, '').trim();
    assert.equal(rest, '', `${label}: attributes ${attributes}`);
  }
  assert.doesNotMatch(html, /<script/i, label);
  assert.doesNotMatch(html, /<[^>]*\son[a-z]+\s*=/i, label);
  assert.doesNotMatch(html, /<[^>]*javascript:/i, label);
}

test('the contract shows the parties, goods, plan, bills, deposit, return and buy-out terms', async () => {
  const orderId = await insertOrder(server, userId, { platform: 1 });
  const reply = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
    token,
    body: { orderId },
  });
  assert.equal(reply.body.code, 200);
  const html = reply.body.data.html;
  const brand = BRAND_RECORDS.find((b) => b.id === 1);
  assert.ok(brand && html.includes(brand.companyName));
  assert.ok(html.includes('签约人'));
  assert.ok(html.includes(`${idNo.slice(0, 4)}**********${idNo.slice(-4)}`));
  assert.ok(!html.includes(idNo));
  const order = await server.db
    .selectFrom('orders')
    .select(['snapshot', 'term'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  assert.ok(html.includes(order.snapshot.goods.name.replaceAll('&', '&amp;')));
  assert.equal(html.match(/<tr><td>(首期租金|分期租金)/g)?.length, order.term);
  for (const heading of ['协议双方', '租赁物', '租期与租金', '押金', '归还', '买断']) {
    assert.ok(html.includes(heading), heading);
  }
  assertInert(html, 'plain contract');
});

test('signing: the order moves only when the signed callback arrives, once', async () => {
  const orderId = await insertOrder(server, userId, { depositMethod: 'freeze' });
  const created = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  assert.equal(created.body.code, 200);
  const { flowId, signUrl } = created.body.data;
  assert.ok(signUrl.startsWith(`${server.baseUrl}/sandbox/esign/`));
  // A second create, and the GET spelling, resume the same flow.
  const again = await server.request<Signing>('GET', '/api/contract/create2', {
    token,
    query: { orderId },
  });
  assert.equal(again.body.data.flowId, flowId);
  const check = await server.request<ContractCheck>('GET', '/api/contract/check', {
    token,
    query: { orderId },
  });
  assert.equal(check.body.data.status, 'signing');

  const pageResponse = await fetch(signUrl);
  assert.equal(pageResponse.status, 200);
  assert.match(pageResponse.headers.get('content-security-policy') ?? '', /default-src 'none'/);
  const pageHtml = await pageResponse.text();
  assert.match(pageHtml, /同意并签署/);
  assert.equal(await orderStatus(orderId), 'PENDING_SIGN');

  await fetch(`${signUrl}/sign`, { method: 'POST' });
  await esign().settled();
  await waitFor(async () => (await orderStatus(orderId)) === 'PENDING_FREEZE');
  const signed = await server.request<ContractCheck>('GET', '/api/contract/check', {
    token,
    query: { orderId },
  });
  assert.equal(signed.body.data.status, 'signed');
  assert.ok(signed.body.data.signedAt);

  // Replays, one by one and all at once, change nothing.
  await esign().renotify(flowId);
  await Promise.all(Array.from({ length: 10 }, () => esign().renotify(flowId)));
  assert.equal((await signEvents(orderId)).length, 1);
  assert.equal(await orderStatus(orderId), 'PENDING_FREEZE');

  // Signed is final: no new flow; the stored text is what contract/html answers now.
  const late = await server.request('POST', '/api/contract/create', { token, body: { orderId } });
  assert.equal(late.status, 409);
  const view = await server.request<{ status: string; html: string }>(
    'POST',
    '/api/client/contract',
    {
      token,
      body: { orderId },
    },
  );
  assert.equal(view.body.data.status, 'signed');
  const stored = await server.db
    .selectFrom('contracts')
    .select('html')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  assert.equal(view.body.data.html, stored.html);
  // The flow id opens the signing page: like a token, it never reaches a log line.
  assert.ok(server.logs().includes('/api/contract/create'));
  assert.ok(!server.logs().includes(flowId));
});

test('a paid deposit goes straight to payment after signing', async () => {
  const orderId = await insertOrder(server, userId, { depositMethod: 'paid' });
  const created = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  await fetch(`${created.body.data.signUrl}/sign`, { method: 'POST' });
  await esign().settled();
  await waitFor(async () => (await orderStatus(orderId)) === 'PENDING_PAY');
});

test('a refusal leaves the order waiting; a new flow can be started', async () => {
  const orderId = await insertOrder(server, userId);
  const first = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  await fetch(`${first.body.data.signUrl}/refuse`, { method: 'POST' });
  await esign().settled();
  const check = await server.request<ContractCheck>('GET', '/api/contract/check', {
    token,
    query: { orderId },
  });
  assert.equal(check.body.data.status, 'refused');
  assert.equal(await orderStatus(orderId), 'PENDING_SIGN');
  const second = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  assert.notEqual(second.body.data.flowId, first.body.data.flowId);
});

test('a forged or altered notification is refused and changes nothing', async () => {
  const orderId = await insertOrder(server, userId);
  const created = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  const body = JSON.stringify({
    flowId: created.body.data.flowId,
    contractNo: created.body.data.contractNo,
    outcome: 'signed',
    finishedAt: new Date().toISOString(),
    notifyId: 'forged',
  });
  for (const signature of ['', 'deadbeef', esign().sign(`${body} `)]) {
    const response = await fetch(`${server.baseUrl}/notify/esign`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-esign-signature': signature },
      body,
    });
    assert.equal(response.status, 401);
  }
  assert.equal(await orderStatus(orderId), 'PENDING_SIGN');
  assert.equal((await signEvents(orderId)).length, 0);
});

test('signing is refused in a state that does not allow it, naming the state', async () => {
  const orderId = await insertOrder(server, userId, { status: 'PENDING_VERIFY' });
  const reply = await server.request('POST', '/api/contract/create', { token, body: { orderId } });
  assert.equal(reply.status, 409);
  assert.match(reply.body.msg, /PENDING_VERIFY/);
});

test('signHFB signs the withholding agreement once, on the bound card', async () => {
  const orderId = await insertOrder(server, userId);
  const first = await server.request<Withholding>('GET', `/api/order/signHFB/${orderId}`, {
    token,
  });
  assert.equal(first.body.code, 200);
  assert.match(first.body.data.cardNoMasked, /^\d{6}\*{6}\d{4}$/);
  const second = await server.request<Withholding>('GET', `/api/order/signHFB/${orderId}`, {
    token,
  });
  assert.equal(second.body.data.agreementNo, first.body.data.agreementNo);

  const noCard = await loginAgreed(server, '13800000002');
  const noCardId = await userIdOf(server, noCard);
  const otherOrder = await insertOrder(server, noCardId);
  const refused = await server.request('GET', `/api/order/signHFB/${otherOrder}`, {
    token: noCard,
  });
  assert.equal(refused.status, 400);
});

test('signHFB refuses without the withholding consent, before the bank is asked', async () => {
  const orderId = await insertOrder(server, userId);
  const withdrawn = await server.request('POST', '/api/privacy/consents/withdraw', {
    token,
    body: { kind: 'withholding' },
  });
  assert.equal(withdrawn.body.code, 200, withdrawn.body.msg);
  const bank = server.app.deps.providers.bankCard;
  const signWithholding = bank.signWithholding.bind(bank);
  let bankAsked = 0;
  bank.signWithholding = (input) => {
    bankAsked += 1;
    return signWithholding(input);
  };
  try {
    const refused = await server.request('GET', `/api/order/signHFB/${orderId}`, { token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, ResultCode.CONSENT_REQUIRED);
    assert.match(refused.body.msg, /代扣授权协议/);
    assert.equal(bankAsked, 0);
    const rows = await server.db
      .selectFrom('withholding_agreements')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    assert.deepEqual(rows, []);

    await agreeToAll(server, token);
    const signed = await server.request<Withholding>('GET', `/api/order/signHFB/${orderId}`, {
      token,
    });
    assert.equal(signed.body.code, 200, signed.body.msg);
    assert.equal(bankAsked, 1);
  } finally {
    bank.signWithholding = signWithholding;
  }
});

const xss = ['xss-intruders.txt', 'xss-polyglots.txt'].flatMap((file) =>
  fs
    .readFileSync(fuzzFile(file), 'utf8')
    .split('\n')
    .filter((line) => line.length > 0),
);

test('the renderer keeps every XSS payload inert in every field', async () => {
  const base: ContractData = {
    contractNo: 'HT1',
    lessor: { company: '公司', platformName: '平台', servicePhone: '400' },
    lessee: { name: '张三', idNoMasked: '1101**********0011', mobileMasked: '138****0000' },
    address: { name: 'a', mobileMasked: 'm', province: 'p', city: 'c', district: 'd', detail: 'x' },
    contact: { name: 'n', relation: 'r', mobileMasked: 'm' },
    goods: { name: 'g', color: 'c', capacity: 'c', condition: 'c', marketPrice: 100 },
    termUnit: 'month',
    term: 1,
    money: {
      perPeriod: 2,
      rentPerPeriod: 1,
      servicesPerPeriod: 1,
      servicesOnce: 1,
      firstBill: 3,
      couponDiscount: 0,
      deposit: 1,
      depositPaidNow: 1,
      payNow: 4,
      totalPayable: 3,
    },
    services: [{ name: 's', price: 1, priceUnit: 'once' }],
    depositMethod: 'freeze',
    bills: [{ kind: 'FIRST', period: 1, dueDate: '2027-01-01', amount: 1 }],
    buyout: [{ afterPeriods: 1, price: 1 }],
    date: '2026-01-01',
  };
  const setters: [string, (data: ContractData, value: string) => void][] = [
    ['contractNo', (d, v) => (d.contractNo = v)],
    ['company', (d, v) => (d.lessor.company = v)],
    ['lessee.name', (d, v) => (d.lessee.name = v)],
    ['address.name', (d, v) => (d.address.name = v)],
    ['address.province', (d, v) => (d.address.province = v)],
    ['address.city', (d, v) => (d.address.city = v)],
    ['address.district', (d, v) => (d.address.district = v)],
    ['address.detail', (d, v) => (d.address.detail = v)],
    ['contact.name', (d, v) => d.contact && (d.contact.name = v)],
    ['contact.relation', (d, v) => d.contact && (d.contact.relation = v)],
    ['goods.name', (d, v) => (d.goods.name = v)],
    ['goods.color', (d, v) => (d.goods.color = v)],
    ['service.name', (d, v) => (d.services[0].name = v)],
    ['bill.kind', (d, v) => (d.bills[0].kind = v)],
    ['bill.dueDate', (d, v) => (d.bills[0].dueDate = v)],
  ];
  assert.ok(xss.length >= 190);
  for (const payload of xss) {
    for (const [field, set] of setters) {
      const data = structuredClone(base);
      set(data, payload);
      assertInert(await renderContract(data), `${field} = ${payload}`);
    }
  }
});

test('contract/html and the signing page with XSS in the address and emergency contact', async () => {
  const t = await server.loginAs('13800000003');
  const uid = await userIdOf(server, t);
  await verifyFully(server, t, {
    name: '测试',
    idNo: testIdNumber(530),
    cardNo: '6222021234567890144',
  });
  const orderId = await insertOrder(server, uid);
  for (const [index, payload] of xss.entries()) {
    const order = await server.db
      .selectFrom('orders')
      .select('snapshot')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    const snapshot = order.snapshot;
    snapshot.address = {
      ...snapshot.address,
      name: payload,
      province: payload,
      city: payload,
      district: payload,
      detail: payload,
    };
    await server.db
      .updateTable('orders')
      .set({ snapshot: JSON.stringify(snapshot) })
      .where('id', '=', orderId)
      .execute();
    await server.db
      .updateTable('emergency_contacts')
      .set({ name: payload, relation: payload })
      .where('user_id', '=', uid)
      .execute();
    const reply = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
      token: t,
      body: { orderId },
    });
    assert.equal(reply.body.code, 200, payload);
    assertInert(reply.body.data.html, payload);
    if (index % 20 === 0) {
      // The signing page wraps the same sanitised text; a fresh flow carries this payload.
      await server.db.deleteFrom('contracts').where('order_id', '=', orderId).execute();
      const created = await server.request<Signing>('POST', '/api/contract/create', {
        token: t,
        body: { orderId },
      });
      const page = await (await fetch(created.body.data.signUrl)).text();
      const body = page.slice(page.indexOf('<body>') + 6, page.indexOf('<form'));
      assertInert(body.replace(/^<p>签署人：[^<]*<\/p>/, ''), `page: ${payload}`);
    }
  }
});
