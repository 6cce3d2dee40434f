// engines: pglite (the e-sign callback; its transitions are checked on both by contract and order-flow)
/**
 * The contract inside the real order flow: place → confirm (needs verificationStatus) → contract
 * create → sign on the sandbox page → the signed callback moves the order to freeze; the order's
 * timeline shows the signature.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Address } from '../../contract/api/address.ts';
import type { Signing } from '../../contract/api/contract.ts';
import { SandboxEsign } from '../src/providers/esign/sandbox.ts';
import { startTestServer, type TestServer } from './helpers.ts';
import { testIdNumber, verifyFully, waitFor } from './kyc-fixtures.ts';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('an order placed through the order routes is signed through the contract routes', async () => {
  const token = await server.loginAs('13800000011');
  const address = await server.request<Address>('POST', '/api/user/userAddress', {
    token,
    body: {
      name: '收货人',
      mobile: '13800000011',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      detail: '<img src=x onerror=alert(1)> 世纪大道 100 号',
    },
  });
  const plan = await server.db
    .selectFrom('goods_plan')
    .select(['id', 'goods_id', 'sku_id'])
    .where('term_unit', '=', 'month')
    .where('deposit', '>', 0)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
    token,
    headers: { 'idempotency-key': 'contract-order-1' },
    body: {
      goodsId: plan.goods_id,
      skuId: plan.sku_id,
      planId: plan.id,
      addressId: address.body.data.id,
      depositMethod: 'freeze',
    },
  });
  assert.equal(placed.body.code, 200, JSON.stringify(placed.body));
  const orderId = placed.body.data.id;

  // Not verified yet: confirm is refused, and signing is refused in PENDING_VERIFY.
  const early = await server.request('POST', '/api/order/confirm', { token, body: { orderId } });
  assert.ok(early.status >= 400 && early.status < 500);
  await verifyFully(server, token, { name: '下单人', idNo: testIdNumber(600) });
  const tooSoon = await server.request('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  assert.equal(tooSoon.status, 409);

  const confirmed = await server.request<{ status: string }>('POST', '/api/order/confirm', {
    token,
    body: { orderId },
  });
  assert.equal(confirmed.body.code, 200, JSON.stringify(confirmed.body));
  assert.equal(confirmed.body.data.status, 'PENDING_SIGN');

  const preview = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
    token,
    body: { orderId },
  });
  assert.ok(preview.body.data.html.includes('世纪大道 100 号'));
  // The address is shown verbatim as text, never as markup.
  assert.ok(preview.body.data.html.includes('&lt;img src=x onerror=alert(1)&gt;'));
  assert.doesNotMatch(preview.body.data.html, /<img/i);

  const signing = await server.request<Signing>('POST', '/api/contract/create', {
    token,
    body: { orderId },
  });
  await fetch(`${signing.body.data.signUrl}/sign`, { method: 'POST' });
  const esign = server.app.deps.providers.esign;
  assert.ok(esign instanceof SandboxEsign);
  await esign.settled();
  await waitFor(async () => {
    const detail = await server.request<{ status: string }>('GET', `/api/order/detail/${orderId}`, {
      token,
    });
    return detail.body.data.status === 'PENDING_FREEZE';
  });
  const events = await server.db
    .selectFrom('order_events')
    .select(['action', 'from_status', 'to_status'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  assert.deepEqual(events.slice(-1), [
    { action: 'sign', from_status: 'PENDING_SIGN', to_status: 'PENDING_FREEZE' },
  ]);
});
