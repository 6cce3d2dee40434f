// engines: both (concurrent default addresses and coupon claims: row locks and unique constraints)
/** The logged-in user's own data: profile, contact, addresses, coupons, feedback and uploads. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Address } from '../../contract/api/address.ts';
import type { Complaint } from '../../contract/api/client.ts';
import type { Coupon, MyCoupon } from '../../contract/api/coupon.ts';
import type { UserInfo } from '../../contract/api/user.ts';
import { startTestServer, type TestServer } from './helpers.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const address = (overrides: Partial<Address> = {}) => ({
  name: '王一',
  mobile: '13912345678',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路 100 号 1 幢 101',
  ...overrides,
});

function uploadForm(bytes: Buffer, name = 'photo.png', type = 'image/png'): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}

describe('account', () => {
  let server: TestServer;
  let token: string;

  before(async () => {
    server = await startTestServer({ env: { UPLOAD_MAX_BYTES: '2048' } });
    token = await server.loginAs('13512340000');
  });
  after(() => server.close());

  test('user info shows the own mobile and brand; the emergency contact is saved', async () => {
    const info = await server.request<UserInfo>('GET', '/api/user/info', { token, platform: 1 });
    assert.equal(info.body.data.mobile, '13512340000');
    assert.equal(info.body.data.platform, 1);
    assert.equal(info.body.data.contact, null);

    const contact = { name: '阿卜杜热合曼·买买提', mobile: '13812345678', relation: '父母' };
    const saved = await server.request('POST', '/api/user/contact', { token, body: contact });
    assert.deepEqual(saved.body.data, contact);
    const after = await server.request<UserInfo>('GET', '/api/user/info', { token });
    assert.deepEqual(after.body.data.contact, contact);

    const self = await server.request('POST', '/api/user/contact', {
      token,
      body: { ...contact, mobile: '13512340000' },
    });
    assert.equal(self.body.code, 400);
    assert.match(self.body.msg, /mobile/);
  });

  test("updateUserOpenId binds this brand's open id, and silent login then finds the user", async () => {
    const bound = await server.request('POST', '/api/user/updateUserOpenId', {
      token,
      body: { provider: 'wechat', loginCode: 'sbx_acct1_a' },
    });
    assert.deepEqual(bound.body.data, { bound: true });
    const silent = await server.request<{ token: string | null }>(
      'GET',
      '/api/login/getTokenForUni',
      {
        query: { provider: 'wechat', loginCode: 'sbx_acct1_b' },
        headers: { 'x-user-type': 'app' },
      },
    );
    assert.equal(silent.body.code, 200);
    assert.ok(silent.body.data.token);
    const info = await server.request<UserInfo>('GET', '/api/user/info', {
      token: silent.body.data.token!,
    });
    assert.equal(info.body.data.mobile, '13512340000');
    // Another brand has its own app, so the same open id is not bound there.
    const otherBrand = await server.request<{ token: string | null }>(
      'GET',
      '/api/login/getTokenForUni',
      {
        query: { provider: 'wechat', loginCode: 'sbx_acct1_c' },
        headers: { 'x-user-type': 'app' },
        platform: 2,
      },
    );
    assert.equal(otherBrand.body.data.token, null);
  });

  describe('addresses', () => {
    let userToken: string;
    before(async () => {
      userToken = await server.loginAs('13512340001');
    });
    const list = async () =>
      (await server.request<Address[]>('GET', '/api/user/userAddress', { token: userToken })).body
        .data;

    test('the first address becomes the default; one default at a time', async () => {
      const first = await server.request<Address>('POST', '/api/user/userAddress', {
        token: userToken,
        body: address(),
      });
      assert.equal(first.body.code, 200);
      assert.equal(first.body.data.isDefault, true);
      const second = await server.request<Address>('POST', '/api/user/userAddress', {
        token: userToken,
        body: address({ name: '李堃', detail: '另一处' }),
      });
      assert.equal(second.body.data.isDefault, false);

      const third = await server.request<Address>('POST', '/api/user/userAddress', {
        token: userToken,
        body: { ...address({ name: '张䶮' }), isDefault: true },
      });
      assert.equal(third.body.data.isDefault, true);
      const all = await list();
      assert.equal(all.length, 3);
      assert.deepEqual(
        all.filter((row) => row.isDefault).map((row) => row.id),
        [third.body.data.id],
      );
      assert.equal(all[0].id, third.body.data.id, 'the default comes first');

      const updated = await server.request<Address>('PUT', '/api/user/userAddress', {
        token: userToken,
        body: { ...address({ detail: '改过的地址' }), id: first.body.data.id, isDefault: true },
      });
      assert.equal(updated.body.data.detail, '改过的地址');
      assert.deepEqual(
        (await list()).filter((row) => row.isDefault).map((row) => row.id),
        [first.body.data.id],
      );

      const removed = await server.request(
        'DELETE',
        `/api/user/userAddress/${first.body.data.id}`,
        {
          token: userToken,
        },
      );
      assert.equal(removed.body.code, 200);
      const left = await list();
      assert.equal(left.length, 2);
      assert.equal(left.filter((row) => row.isDefault).length, 1, 'another address takes over');
    });

    test('concurrent additions that each ask to be the default leave one default', async () => {
      // Every address change locks the user's row first (addresses/service.ts).
      const racer = await server.loginAs('13512340009');
      const replies = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          server.request<Address>('POST', '/api/user/userAddress', {
            token: racer,
            body: { ...address({ detail: `并发地址 ${n}` }), isDefault: true },
          }),
        ),
      );
      assert.ok(replies.every((reply) => reply.body.code === 200));
      const all = (
        await server.request<Address[]>('GET', '/api/user/userAddress', { token: racer })
      ).body.data;
      assert.equal(all.length, 8);
      assert.equal(all.filter((row) => row.isDefault).length, 1);
    });

    test('fields are checked and named', async () => {
      const badMobile = await server.request('POST', '/api/user/userAddress', {
        token: userToken,
        body: address({ mobile: '1234' }),
      });
      assert.equal(badMobile.status, 400);
      assert.equal(badMobile.body.msg, 'mobile 格式不正确');
      const { detail: _omitted, ...noDetail } = address();
      const missing = await server.request('POST', '/api/user/userAddress', {
        token: userToken,
        body: noDetail,
      });
      assert.equal(missing.body.msg, '缺少 detail');
      const empty = await server.request('POST', '/api/user/userAddress', {
        token: userToken,
        body: address({ name: '' }),
      });
      assert.equal(empty.body.msg, 'name 不能为空');
    });

    test('an unknown address answers 404 on update and delete', async () => {
      const put = await server.request('PUT', '/api/user/userAddress', {
        token: userToken,
        body: { ...address(), id: 999999 },
      });
      assert.equal(put.body.code, 404);
      const del = await server.request('DELETE', '/api/user/userAddress/999999', {
        token: userToken,
      });
      assert.equal(del.body.code, 404);
      const badId = await server.request('DELETE', '/api/user/userAddress/abc', {
        token: userToken,
      });
      assert.equal(badId.status, 400);
      assert.equal(badId.body.msg, 'id 格式不正确');
    });
  });

  describe('coupons', () => {
    test("the list shows this brand's coupons; a coupon is claimed once", async () => {
      const userToken = await server.loginAs('13512340002', 3);
      const offered = await server.request<Coupon[]>('GET', '/api/coupon/list', {
        token: userToken,
        platform: 3,
      });
      assert.ok(offered.body.data.length >= 2);
      const brandOnly = await server.db.selectFrom('coupons').select(['id', 'platform']).execute();
      const ids = new Set(offered.body.data.map((coupon) => coupon.id));
      for (const coupon of brandOnly) {
        assert.equal(ids.has(coupon.id), coupon.platform === null || coupon.platform === 3);
      }
      const target = offered.body.data[0];
      assert.equal(target.claimed, false);
      const claim = await server.request<MyCoupon>('POST', '/api/coupon/get', {
        token: userToken,
        platform: 3,
        body: { couponId: target.id },
      });
      assert.equal(claim.body.code, 200);
      assert.equal(claim.body.data.status, 'unused');
      const twice = await server.request('POST', '/api/coupon/get', {
        token: userToken,
        platform: 3,
        body: { couponId: target.id },
      });
      assert.equal(twice.body.code, 409);
      const relisted = await server.request<Coupon[]>('GET', '/api/coupon/list', {
        token: userToken,
        platform: 3,
      });
      assert.equal(relisted.body.data.find((coupon) => coupon.id === target.id)?.claimed, true);

      const otherBrandCoupon = brandOnly.find((coupon) => coupon.platform === 4)!;
      const wrongBrand = await server.request('POST', '/api/coupon/get', {
        token: userToken,
        platform: 3,
        body: { couponId: otherBrandCoupon.id },
      });
      assert.equal(wrongBrand.body.code, 404);
    });

    test('concurrent claims of one coupon give one claim', async () => {
      const userToken = await server.loginAs('13512340003');
      const [coupon] = (
        await server.request<Coupon[]>('GET', '/api/coupon/list', { token: userToken })
      ).body.data;
      const replies = await Promise.all(
        Array.from({ length: 20 }, () =>
          server.request('POST', '/api/coupon/get', {
            token: userToken,
            body: { couponId: coupon.id },
          }),
        ),
      );
      assert.equal(replies.filter((reply) => reply.body.code === 200).length, 1);
      assert.ok(replies.every((reply) => reply.status < 500));
    });

    test('stock runs out', async () => {
      const inserted = await server.db
        .insertInto('coupons')
        .values({ platform: null, title: '限量券', amount: 100, valid_days: 1, stock: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const first = await server.loginAs('13512340004');
      const second = await server.loginAs('13512340005');
      assert.equal(
        (
          await server.request('POST', '/api/coupon/get', {
            token: first,
            body: { couponId: inserted.id },
          })
        ).body.code,
        200,
      );
      const late = await server.request('POST', '/api/coupon/get', {
        token: second,
        body: { couponId: inserted.id },
      });
      assert.equal(late.body.code, 400);
      assert.match(late.body.msg, /领完/);
    });

    test('my coupons by status: unused, then expired when the time passes', async () => {
      const userToken = await server.loginAs('13512340006');
      const [coupon] = (
        await server.request<Coupon[]>('GET', '/api/coupon/list', { token: userToken })
      ).body.data;
      await server.request('POST', '/api/coupon/get', {
        token: userToken,
        body: { couponId: coupon.id },
      });
      const mine = async (status: string) =>
        (
          await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', {
            token: userToken,
            query: { status },
          })
        ).body.data;
      assert.equal((await mine('unused')).length, 1);
      assert.equal((await mine('expired')).length, 0);
      server.advanceClock((coupon.validDays + 1) * 86400);
      // Tokens live 30 days; refresh the session if the coupon outlived it.
      const fresh = await server.loginAs('13512340006');
      const expired = await server.request<MyCoupon[]>('GET', '/api/coupon/my/list', {
        token: fresh,
        query: { status: 'expired' },
      });
      assert.equal(expired.body.data.length, 1);
      assert.equal(expired.body.data[0].status, 'expired');
      const bad = await server.request('GET', '/api/coupon/my/list', {
        token: fresh,
        query: { status: 'lost' },
      });
      assert.equal(bad.body.msg, 'status 格式不正确');
    });
  });

  describe('feedback and uploads', () => {
    test('an image upload is stored under a random name and read back by its owner', async () => {
      const userToken = await server.loginAs('13512340007');
      const reply = await server.request<{ id: string; url: string; mime: string; size: number }>(
        'POST',
        '/api/client/put-file',
        { token: userToken, body: uploadForm(PNG, '../../etc/passwd.png') },
      );
      assert.equal(reply.body.code, 200);
      assert.match(reply.body.data.id, /^[0-9a-f]{32}$/);
      assert.equal(reply.body.data.mime, 'image/png');
      const read = await fetch(new URL(reply.body.data.url, server.baseUrl), {
        headers: {
          token: userToken,
          'x-platform': '1',
          'x-client-authorization': `Basic ${Buffer.from('storefront:storefront').toString('base64')}`,
        },
      });
      assert.equal(read.status, 200);
      assert.equal(read.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await read.arrayBuffer()), PNG);

      const complaint = await server.request<Complaint>('POST', '/api/client/complaint/submit', {
        token: userToken,
        body: {
          type: 'service',
          content: '客服回复太慢了，<b>请改进</b>',
          images: [reply.body.data.id],
        },
      });
      assert.equal(complaint.body.code, 200);
      assert.equal(complaint.body.data.content, '客服回复太慢了，<b>请改进</b>');
      assert.deepEqual(complaint.body.data.images, [reply.body.data.id]);
    });

    test('a complaint type outside the dictionary is refused by name, and nothing is stored', async () => {
      const userToken = await server.loginAs('13512340009');
      const types = await server.request<{ value: string }[]>('GET', '/api/common/dictionary', {
        query: { type: 'complaint_type' },
      });
      assert.ok(types.body.data.some((t) => t.value === 'service'));
      for (const type of ['nonsense', 'cancel_reason', 'other_x']) {
        const reply = await server.request('POST', '/api/client/complaint/submit', {
          token: userToken,
          body: { type, content: '这个类型不存在的反馈' },
        });
        assert.equal(reply.status, 400, type);
        assert.equal(reply.body.reason, 'COMPLAINT_TYPE_UNKNOWN');
      }
      const stored = await server.db
        .selectFrom('complaints')
        .innerJoin('users', 'users.id', 'complaints.user_id')
        .select('complaints.id')
        .where('users.mobile', '=', '13512340009')
        .execute();
      assert.equal(stored.length, 0);
    });

    test('a file that is not an accepted type, too large, or missing is refused', async () => {
      const userToken = await server.loginAs('13512340008');
      const script = await server.request('POST', '/api/client/put-file', {
        token: userToken,
        body: uploadForm(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png'),
      });
      assert.equal(script.status, 415);
      assert.equal(script.body.code, 415);
      const big = Buffer.concat([PNG, Buffer.alloc(4096)]);
      const tooLarge = await server.request('POST', '/api/client/put-file', {
        token: userToken,
        body: uploadForm(big),
      });
      assert.equal(tooLarge.status, 413);
      assert.equal(tooLarge.body.code, 413);
      const form = new FormData();
      form.append('other', 'x');
      const missing = await server.request('POST', '/api/client/put-file', {
        token: userToken,
        body: form,
      });
      assert.equal(missing.body.code, 400);
      const json = await server.request('POST', '/api/client/put-file', {
        token: userToken,
        body: { a: 1 },
      });
      assert.equal(json.status, 415);
      const stored = await server.db
        .selectFrom('uploads')
        .innerJoin('users', 'users.id', 'uploads.user_id')
        .select('uploads.id')
        .where('users.mobile', '=', '13512340008')
        .execute();
      assert.equal(stored.length, 0);
    });
  });

  describe('daily quotas', () => {
    let quota: TestServer;
    before(async () => {
      quota = await startTestServer({
        env: {
          COMPLAINTS_PER_DAY: '2',
          UPLOADS_PER_DAY: '2',
          UPLOAD_BYTES_PER_DAY: String(PNG.length * 3),
        },
      });
    });
    after(() => quota.close());

    const complain = (token: string, n: number) =>
      quota.request('POST', '/api/client/complaint/submit', {
        token,
        body: { type: 'other', content: `第 ${n} 条反馈内容` },
      });
    const countOf = async (table: 'complaints' | 'uploads', mobile: string) =>
      (
        await quota.db
          .selectFrom(table)
          .innerJoin('users', 'users.id', `${table}.user_id`)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('users.mobile', '=', mobile)
          .executeTakeFirstOrThrow()
      ).n;

    test('a burst of complaints stores a day’s quota; the rest wait, as Retry-After says', async () => {
      const token = await quota.loginAs('13512341001');
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => complain(token, i)));
      assert.deepEqual(burst.map((r) => r.status).sort(), [
        200,
        200,
        ...Array.from({ length: 8 }, () => 429),
      ]);
      const refused = burst.find((r) => r.status === 429)!;
      assert.equal(refused.body.reason, 'COMPLAINT_DAILY_LIMIT');
      const wait = Number(refused.headers.get('retry-after'));
      assert.ok(wait > 0 && wait <= 86400, String(wait));
      assert.equal(await countOf('complaints', '13512341001'), 2);
      // Another user is not held up; a day later this one may write again.
      assert.equal((await complain(await quota.loginAs('13512341002'), 1)).status, 200);
      quota.advanceClock(wait);
      assert.equal((await complain(token, 11)).status, 200);
    });

    test('uploads: so many files and so many bytes a day per user, nothing written past them', async () => {
      const countToken = await quota.loginAs('13512341003');
      const send = (token: string, bytes: Buffer) =>
        quota.request('POST', '/api/client/put-file', { token, body: uploadForm(bytes) });
      assert.equal((await send(countToken, PNG)).status, 200);
      assert.equal((await send(countToken, PNG)).status, 200);
      const third = await send(countToken, PNG);
      assert.equal(third.status, 429);
      assert.equal(third.body.reason, 'UPLOAD_DAILY_LIMIT');
      assert.ok(Number(third.headers.get('retry-after')) > 0);
      assert.equal(await countOf('uploads', '13512341003'), 2);

      const bytesToken = await quota.loginAs('13512341004');
      const big = Buffer.concat([PNG, Buffer.alloc(PNG.length * 2)]);
      assert.equal((await send(bytesToken, big)).status, 200, 'exactly the day’s bytes');
      const over = await send(bytesToken, PNG);
      assert.equal(over.status, 429, 'one byte more is over');
      assert.equal(await countOf('uploads', '13512341004'), 1);
      const files = fs.readdirSync(quota.config.uploadDir);
      assert.equal(files.length, 3, 'no file written for a refused upload');
    });
  });
});
