// engines: pglite (ownership checks: the same SQL on both)
/** User B can never read or change user A's profile, addresses, coupons or uploads. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Address } from '../../contract/api/address.ts';
import type { Coupon, MyCoupon } from '../../contract/api/coupon.ts';
import type { UserInfo } from '../../contract/api/user.ts';
import { CLIENT_AUTHORIZATION, startTestServer, type TestServer } from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let tokenA: string;
let tokenB: string;
let addressA: Address;
let uploadA: string;
let couponA: MyCoupon;
const contactA = { name: '甲的联系人', mobile: '13811112222', relation: '配偶' };

before(async () => {
  server = await startTestServer();
  tokenA = await server.loginAs('13300000001');
  tokenB = await server.loginAs('13300000002');
  addressA = (
    await server.request<Address>('POST', '/api/user/userAddress', {
      token: tokenA,
      body: {
        name: '甲',
        mobile: '13300000001',
        province: '北京市',
        city: '北京市',
        district: '海淀区',
        detail: '甲的家',
      },
    })
  ).body.data;
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
  uploadA = (
    await server.request<{ id: string }>('POST', '/api/client/put-file', {
      token: tokenA,
      body: form,
    })
  ).body.data.id;
  const [coupon] = (await server.request<Coupon[]>('GET', '/api/coupon/list', { token: tokenA }))
    .body.data;
  couponA = (
    await server.request<MyCoupon>('POST', '/api/coupon/get', {
      token: tokenA,
      body: { couponId: coupon.id },
    })
  ).body.data;
  await server.request('POST', '/api/user/contact', { token: tokenA, body: contactA });
});
after(() => server.close());

test("B's profile is B's own", async () => {
  const info = await server.request<UserInfo>('GET', '/api/user/info', { token: tokenB });
  assert.equal(info.body.data.mobile, '13300000002');
  assert.equal(info.body.data.contact, null);
  await server.request('POST', '/api/user/contact', {
    token: tokenB,
    body: { name: '乙的联系人', mobile: '13899998888', relation: '朋友' },
  });
  const infoA = await server.request<UserInfo>('GET', '/api/user/info', { token: tokenA });
  assert.deepEqual(infoA.body.data.contact, contactA);
});

test("B cannot list, update or delete A's address", async () => {
  const listB = await server.request<Address[]>('GET', '/api/user/userAddress', { token: tokenB });
  assert.deepEqual(listB.body.data, []);
  const put = await server.request('PUT', '/api/user/userAddress', {
    token: tokenB,
    body: { ...addressA, name: '乙改的', isDefault: true },
  });
  assert.equal(put.body.code, 404);
  const del = await server.request('DELETE', `/api/user/userAddress/${addressA.id}`, {
    token: tokenB,
  });
  assert.equal(del.body.code, 404);
  const listA = await server.request<Address[]>('GET', '/api/user/userAddress', { token: tokenA });
  assert.deepEqual(listA.body.data, [addressA]);
});

test("B cannot read A's upload or attach it to feedback", async () => {
  const read = await fetch(`${server.baseUrl}/api/client/file/${uploadA}`, {
    headers: { token: tokenB, 'x-platform': '1', 'x-client-authorization': CLIENT_AUTHORIZATION },
  });
  assert.equal(read.status, 404);
  assert.equal(((await read.json()) as { code: number }).code, 404);
  const complaint = await server.request('POST', '/api/client/complaint/submit', {
    token: tokenB,
    body: { type: 'other', content: '借用别人的图片', images: [uploadA] },
  });
  assert.equal(complaint.body.code, 400);
  const readA = await fetch(`${server.baseUrl}/api/client/file/${uploadA}`, {
    headers: { token: tokenA, 'x-platform': '1', 'x-client-authorization': CLIENT_AUTHORIZATION },
  });
  assert.equal(readA.status, 200);
});

test("B does not see A's coupons; B's claim is B's own", async () => {
  for (const status of ['unused', 'used', 'expired']) {
    const mine = await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', {
      token: tokenB,
      query: { status },
    });
    assert.deepEqual(mine.body.data, []);
  }
  const list = await server.request<Coupon[]>('GET', '/api/coupon/list', { token: tokenB });
  assert.equal(list.body.data.find((coupon) => coupon.id === couponA.couponId)?.claimed, false);
  const claim = await server.request('POST', '/api/coupon/get', {
    token: tokenB,
    body: { couponId: couponA.couponId },
  });
  assert.equal(claim.body.code, 200);
  const mineA = await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', { token: tokenA });
  assert.deepEqual(mineA.body.data, [couponA]);
});

test('B logging out leaves A logged in', async () => {
  await server.request('POST', '/api/user/loginOut', { token: tokenB });
  assert.equal((await server.request('GET', '/api/user/info', { token: tokenA })).body.code, 200);
  assert.equal((await server.request('GET', '/api/user/info', { token: tokenB })).body.code, 60002);
});
