// engines: postgres (home-page and coupon writes in transactions, NOTIFY across processes; driver reads pinned in engine-types.test.ts)
/**
 * The console's home-page editor, coupons and picture uploads (issue 37) on a real server and
 * database: who may call them (401/403 before any body is read), the brand limits, a change
 * reaching the storefront's home, coupon centre and search suggestions at once, the audit rows,
 * bad input refused with the field named and nothing written, pictures checked by content,
 * resized and served with long cache lifetimes, and an order keeping its coupon's discount.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { Coupon, MyCoupon } from '../../contract/api/coupon.ts';
import type { GoodsInfo } from '../../contract/api/goods.ts';
import type { Envelope } from '../../contract/http.ts';
import { leaseQuote } from '../../contract/lease/index.ts';
import { Desk, ownerDesk, staffDesk } from './admin-fixtures.ts';
import {
  CLIENT_AUTHORIZATION,
  fuzzFile,
  onlyOn,
  startTestServer,
  type TestServer,
} from './helpers.ts';
import { newShopper, placeBody, plans, verifyUser } from './order-fixtures.ts';
import { startServerProcess } from './processes.ts';

const ALLOWED_HOST = 'partner.example.com';
const IMAGE_MAX_BYTES = 300_000;
let server: TestServer;
let imageDir: string;

let owner: Desk;
let operator3: Desk;
let viewer: Desk;

async function count(table: string): Promise<number> {
  const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
    server.db,
  );
  return Number(row.rows[0]?.n);
}

async function rowCounts() {
  const tables = ['banner', 'coupons', 'user_coupons', 'home_tab', 'hot_keyword', 'audit_events'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await count(table);
  return counts;
}

const imageFiles = () => (fs.existsSync(imageDir) ? fs.readdirSync(imageDir).sort() : []);

/** A real picture of `format`, drawn by sharp: a gradient, or noise (which hardly compresses). */
async function picture(format: 'jpeg' | 'png' | 'webp', width = 1200, height = 900, noisy = false) {
  const pixels = noisy ? randomBytes(width * height * 3) : Buffer.alloc(width * height * 3);
  if (!noisy)
    for (let i = 0; i < pixels.length; i += 3) {
      const x = (i / 3) % width;
      const y = Math.floor(i / 3 / width);
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

async function upload(desk: Desk, bytes: Buffer, platform = 3, purpose = 'banner') {
  return desk.send<{ url: string; webpUrl: string; width: number; height: number }>(
    'POST',
    '/images',
    { body: { platform, purpose, data: bytes.toString('base64') } },
  );
}

async function storefrontBanners(platform: number) {
  const reply = await server.request<{ title: string; image: string; linkValue: string }[]>(
    'GET',
    '/api/home/banner',
    { platform },
  );
  assert.equal(reply.status, 200);
  return reply.body.data;
}

before(async () => {
  imageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'h37-images-'));
  server = await startTestServer({
    env: {
      TARO_APP_WEBVIEW_HOSTS: ALLOWED_HOST,
      IMAGE_DIR: imageDir,
      IMAGE_MAX_BYTES: String(IMAGE_MAX_BYTES),
    },
  });
  owner = await ownerDesk(server, 'owner37');
  operator3 = (await staffDesk(server, owner, 'operator3', 'operator', [3])).desk;
  viewer = (await staffDesk(server, owner, 'viewer3', 'viewer', [3])).desk;
});

after(async () => {
  await server?.close();
  fs.rmSync(imageDir, { recursive: true, force: true });
});

const NEW_ROUTES: [string, string][] = [
  ['GET', '/home/banners?platform=3'],
  ['POST', '/home/banners'],
  ['PUT', '/home/banners/1'],
  ['DELETE', '/home/banners/1'],
  ['GET', '/home/banner-targets'],
  ['GET', '/home/tabs?platform=3'],
  ['PUT', '/home/tabs'],
  ['GET', '/home/hot-words?platform=3'],
  ['PUT', '/home/hot-words'],
  ['GET', '/coupons'],
  ['POST', '/coupons'],
  ['PUT', '/coupons/1'],
  ['POST', '/coupons/1/issue'],
  ['POST', '/images'],
];

describe('who may call the new routes', () => {
  test('no session: 401 on every route, before the (malformed) body is looked at', async () => {
    const anonymous = new Desk(server);
    for (const [method, urlPath] of NEW_ROUTES) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true };
      const reply = await anonymous.send(method, urlPath, { body: body });
      assert.equal(reply.status, 401, `${method} ${urlPath}`);
    }
  });

  test('a viewer: 403 on every route, before the body is validated; writes nothing', async () => {
    const counts = await rowCounts();
    for (const [method, urlPath] of NEW_ROUTES) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true };
      const reply = await viewer.send(method, urlPath, { body: body });
      assert.equal(reply.status, 403, `${method} ${urlPath}: ${JSON.stringify(reply.body)}`);
    }
    assert.deepEqual(await rowCounts(), counts);
  });

  test('a state change without the CSRF token: 403', async () => {
    const reply = await operator3.send('PUT', '/home/hot-words', {
      body: { platform: 3, words: ['x'] },
      csrf: false,
    });
    assert.equal(reply.status, 403);
  });

  test("an operator of brand 3 cannot touch brand 1's home page or coupons", async () => {
    const counts = await rowCounts();
    const banner = await operator3.send('POST', '/home/banners', {
      body: {
        platform: 1,
        title: '别家的图',
        image: '/assets/banner/drone.png',
        linkType: 'none',
        linkValue: '',
      },
    });
    assert.equal(banner.status, 403);
    const list = await operator3.send('GET', '/home/banners?platform=1');
    assert.equal(list.status, 403);
    const coupon = await operator3.send('POST', '/coupons', {
      body: {
        platform: 1,
        title: '别家的券',
        kind: 'amount',
        amount: 100,
        validDays: 7,
      },
    });
    assert.equal(coupon.status, 403);
    const brandOne = await server.db
      .selectFrom('banner')
      .select('id')
      .where('platform', '=', 1)
      .executeTakeFirstOrThrow();
    const update = await operator3.send('PUT', `/home/banners/${brandOne.id}`, {
      body: {
        platform: 3,
        title: '抢过来',
        image: '/assets/banner/drone.png',
        linkType: 'none',
        linkValue: '',
      },
    });
    assert.equal(update.status, 403);
    assert.deepEqual(await rowCounts(), counts);
  });
});

describe('pictures', () => {
  test('JPEG, PNG and WebP are resized to the banner size, stored as PNG + WebP, served a year', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const bytes = await picture(format);
      assert.ok(bytes.length < IMAGE_MAX_BYTES, `${format} fixture is ${bytes.length} bytes`);
      const reply = await upload(operator3, bytes);
      assert.equal(reply.status, 200, `${format}: ${JSON.stringify(reply.body)}`);
      const { url, webpUrl } = reply.body.data;
      assert.match(url, /^\/assets\/u\/[a-f0-9]{32}\.png$/);
      assert.equal(webpUrl, url.replace(/\.png$/, '.webp'));
      for (const [served, type] of [
        [url, 'png'],
        [webpUrl, 'webp'],
      ] as const) {
        const response = await fetch(`${server.baseUrl}${served}`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), `image/${type}`);
        assert.match(response.headers.get('cache-control') ?? '', /max-age=31536000.*immutable/);
        const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        assert.equal(meta.format, type);
        assert.deepEqual([meta.width, meta.height], [750, 300]);
      }
    }
    // A goods picture is cut square, at the goods size.
    const goods = await upload(operator3, await picture('png', 500, 800), 3, 'goods');
    assert.equal(goods.status, 200);
    assert.deepEqual([goods.body.data.width, goods.body.data.height], [600, 600]);
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['platform', 'after'])
      .where('action', '=', 'image.upload')
      .execute();
    assert.equal(audit.length, 4);
    assert.ok(audit.every((row) => row.platform === 3));
  });

  test('a text file named .png, a truncated picture and an oversized file are refused; nothing stored', async () => {
    const files = imageFiles();
    const audits = await count('audit_events');
    const text = Buffer.from('this is not a picture, whatever its name says\n'.repeat(20));
    const notImage = await upload(operator3, text);
    assert.equal(notImage.status, 415);
    assert.match(notImage.body.msg, /^data: /);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    assert.equal((await upload(operator3, svg)).status, 415);
    const png = await picture('png');
    const truncated = await upload(operator3, png.subarray(0, Math.floor(png.length / 3)));
    assert.equal(truncated.status, 415, JSON.stringify(truncated.body));
    // Over the limit, yet small enough that the request itself is read: the limit is named.
    const big = await picture('png', 350, 350, true);
    assert.ok(big.length > IMAGE_MAX_BYTES);
    const oversized = await upload(operator3, big);
    assert.equal(oversized.status, 413);
    assert.match(oversized.body.msg, /data: .*KB/);
    assert.deepEqual(imageFiles(), files);
    assert.equal(await count('audit_events'), audits);
  });

  test('an unknown or malformed picture name answers 404', async () => {
    for (const name of ['0'.repeat(32) + '.png', '..%2F..%2Fetc%2Fpasswd', 'x.png']) {
      const response = await fetch(`${server.baseUrl}/assets/u/${name}`);
      assert.equal(response.status, 404, name);
    }
  });
});

describe('banners', () => {
  test("an operator's new banner shows on brand 3's storefront home at once, not on brand 1's", async () => {
    // Read first, so the storefront's cache holds the old list.
    const beforeBrand3 = await storefrontBanners(3);
    const beforeBrand1 = await storefrontBanners(1);
    const image = await upload(operator3, await picture('jpeg'));
    const created = await operator3.send<{ id: number }>('POST', '/home/banners', {
      body: {
        platform: 3,
        title: '双十二特惠',
        image: image.body.data.url,
        linkType: 'web',
        linkValue: `https://${ALLOWED_HOST}/promo?id=12`,
        sort: 0,
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const brand3 = await storefrontBanners(3);
    assert.equal(brand3.length, beforeBrand3.length + 1);
    assert.ok(brand3.some((b) => b.title === '双十二特惠' && b.image === image.body.data.url));
    assert.deepEqual(await storefrontBanners(1), beforeBrand1);

    // Changed: the storefront shows the change, and the audit row has before and after.
    const id = created.body.data.id;
    const updated = await operator3.send('PUT', `/home/banners/${id}`, {
      body: {
        platform: 3,
        title: '双十二特惠（延长）',
        image: image.body.data.url,
        linkType: 'page',
        linkValue: 'pages/coupon/coupon',
      },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.ok((await storefrontBanners(3)).some((b) => b.title === '双十二特惠（延长）'));
    const audit = await server.db
      .selectFrom('audit_events')
      .select(['before', 'after', 'staff_login'])
      .where('action', '=', 'home.banner.update')
      .where('target_id', '=', String(id))
      .executeTakeFirstOrThrow();
    assert.equal(audit.staff_login, 'operator3');
    assert.equal((audit.before as { title: string }).title, '双十二特惠');
    assert.equal((audit.after as { title: string }).title, '双十二特惠（延长）');

    const removed = await operator3.send('DELETE', `/home/banners/${id}`);
    assert.equal(removed.status, 200);
    assert.equal((await storefrontBanners(3)).length, beforeBrand3.length);
  });

  test('links the storefront cannot follow are refused at the field, writing nothing', async () => {
    const counts = await rowCounts();
    const base = {
      platform: 3,
      title: '坏链接',
      image: '/assets/banner/drone.png',
    };
    const refused = async (linkType: string, linkValue: string) => {
      const reply = await operator3.send('POST', '/home/banners', {
        body: { ...base, linkType, linkValue },
      });
      assert.equal(reply.status, 400, `${linkType} ${linkValue}: ${JSON.stringify(reply.body)}`);
      return reply.body.msg;
    };
    assert.match(await refused('web', 'https://evil.test/phish'), /^linkValue: /);
    assert.match(await refused('web', `http://${ALLOWED_HOST}/plain-http`), /^linkValue: /);
    assert.match(await refused('web', `https://${ALLOWED_HOST}@evil.test/`), /^linkValue: /);
    assert.match(await refused('web', `https://${ALLOWED_HOST}:8443/`), /^linkValue: /);
    assert.match(await refused('page', 'pages/nowhere/nowhere'), /^linkValue: /);
    assert.match(await refused('goods', '999999'), /^linkValue: /);
    assert.match(await refused('category', 'abc'), /^linkValue: /);
    // Another site's picture is not a banner image.
    const external = await operator3.send('POST', '/home/banners', {
      body: {
        ...base,
        image: 'https://evil.test/x.png',
        linkType: 'none',
        linkValue: '',
      },
    });
    assert.equal(external.status, 400);
    assert.match(external.body.msg, /image/);
    // The open-redirect corpus: every payload refused as a web link and as a page link.
    const payloads = fs
      .readFileSync(fuzzFile('open-redirect-payloads.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && line.length <= 500);
    for (const payload of payloads) {
      for (const linkType of ['web', 'page']) {
        const reply = await operator3.send('POST', '/home/banners', {
          body: {
            ...base,
            linkType,
            linkValue: payload,
          },
        });
        assert.equal(reply.status, 400, `${linkType} ${payload}`);
      }
    }
    assert.deepEqual(await rowCounts(), counts);
  });

  test('naughty titles are stored exactly or refused with 400, never a 5xx', async () => {
    const strings = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];
    for (const title of strings.slice(0, 120)) {
      const reply = await operator3.send<{ id: number; title: string }>('POST', '/home/banners', {
        body: {
          platform: 3,
          title,
          image: '/assets/banner/drone.png',
          linkType: 'none',
          linkValue: '',
          enabled: false,
        },
      });
      assert.ok(reply.status === 200 || reply.status === 400, `${reply.status} for ${title}`);
      if (reply.status === 200) {
        assert.equal(reply.body.data.title, title);
        await operator3.send('DELETE', `/home/banners/${reply.body.data.id}`);
      }
    }
  });
});

describe('tabs and hot words', () => {
  test("saved tabs and hot words are what brand 3's storefront shows next", async () => {
    const goods = await server.db.selectFrom('goods').select('id').orderBy('id').limit(3).execute();
    const ids = goods.map((row) => row.id);
    await server.request('GET', '/api/home/tab', { platform: 3 });
    const saved = await operator3.send<{ id: number; name: string; goodsIds: number[] }[]>(
      'PUT',
      '/home/tabs',
      { body: { platform: 3, tabs: [{ name: '新品', goodsIds: [ids[2], ids[0]] }] } },
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const tabs = await server.request<{ id: number; name: string }[]>('GET', '/api/home/tab', {
      platform: 3,
    });
    assert.deepEqual(
      tabs.body.data.map((tab) => tab.name),
      ['新品'],
    );
    const tabGoods = await server.request<{ list: { id: number }[] }>('GET', '/api/home/tabGoods', {
      platform: 3,
      query: { tabId: tabs.body.data[0]!.id },
    });
    assert.deepEqual(
      tabGoods.body.data.list.map((item) => item.id),
      [ids[2], ids[0]],
    );
    // Brand 1's tabs are as they were.
    const brandOne = await server.request<{ name: string }[]>('GET', '/api/home/tab', {
      platform: 1,
    });
    assert.ok(brandOne.body.data.length > 0);
    assert.ok(!brandOne.body.data.some((tab) => tab.name === '新品'));

    const unknownGoods = await operator3.send('PUT', '/home/tabs', {
      body: {
        platform: 3,
        tabs: [{ name: '坏', goodsIds: [987654] }],
      },
    });
    assert.equal(unknownGoods.status, 400);
    assert.match(unknownGoods.body.msg, /^goodsIds: /);

    const words = await operator3.send('PUT', '/home/hot-words', {
      body: {
        platform: 3,
        words: ['无人机', '游戏机'],
      },
    });
    assert.equal(words.status, 200, JSON.stringify(words.body));
    const hot = await server.request<string[]>('GET', '/api/common/hotKey', { platform: 3 });
    assert.deepEqual(hot.body.data.slice(0, 2), ['无人机', '游戏机']);
    const duplicate = await operator3.send('PUT', '/home/hot-words', {
      body: {
        platform: 3,
        words: ['无人机', '无人机'],
      },
    });
    assert.equal(duplicate.status, 400);
  });
});

describe('coupons', () => {
  const base = { platform: 3, title: '品牌3 立减 25', kind: 'amount', amount: 2500, validDays: 10 };

  test("a coupon created in the console is in brand 3's coupon centre at once, not brand 1's", async () => {
    // The console sends null for "no quota" and "no end": kept as null, not coerced to 0 or ''.
    const created = await operator3.send<{ id: number; stock: number | null; endsAt: null }>(
      'POST',
      '/coupons',
      { body: { ...base, stock: null, startsAt: null, endsAt: null, goodsIds: null } },
    );
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.stock, null);
    assert.equal(created.body.data.endsAt, null);
    const brand3 = await server.request<{ id: number; title: string }[]>(
      'GET',
      '/api/coupon/list',
      {
        platform: 3,
      },
    );
    assert.ok(brand3.body.data.some((coupon) => coupon.id === created.body.data.id));
    const brand1 = await server.request<{ id: number }[]>('GET', '/api/coupon/list', {
      platform: 1,
    });
    assert.ok(!brand1.body.data.some((coupon) => coupon.id === created.body.data.id));
    const listed = await operator3.send<{ list: { id: number }[] }>('GET', '/coupons?platform=3');
    assert.equal(listed.body.data.list[0]?.id, created.body.data.id);
    const audit = await server.db
      .selectFrom('audit_events')
      .select('after')
      .where('action', '=', 'coupon.create')
      .where('target_id', '=', String(created.body.data.id))
      .executeTakeFirstOrThrow();
    assert.equal((audit.after as { amount: number }).amount, 2500);
  });

  test('bad templates are refused at the field and write nothing', async () => {
    const counts = await rowCounts();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amount: -100 }, /^amount: /],
      [{ amount: 0 }, /^amount: /],
      [{ kind: 'percent', percentOff: 150 }, /^percentOff: /],
      [{ kind: 'percent', percentOff: 0 }, /^percentOff: /],
      [{ kind: 'percent' }, /^percentOff: /],
      [{ minAmount: -1 }, /^minAmount: /],
      [{ startsAt: '2026-12-10T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z' }, /^endsAt: /],
      [{ goodsIds: [987654] }, /^goodsIds: /],
    ];
    for (const [change, field] of cases) {
      const reply = await operator3.send('POST', '/coupons', { body: { ...base, ...change } });
      assert.equal(reply.status, 400, JSON.stringify(change));
      assert.match(reply.body.msg, field, reply.body.msg);
    }
    assert.deepEqual(await rowCounts(), counts);
  });

  test('issued by mobile within the per-user limit; outside its window it is not offered', async () => {
    const shopper = await newShopper(server, 3);
    const coupon = await operator3.send<{ id: number }>('POST', '/coupons', {
      body: {
        ...base,
        title: '每人两张',
        perUserLimit: 2,
        stock: 5,
      },
    });
    assert.equal(coupon.status, 200);
    const id = coupon.body.data.id;
    for (let i = 0; i < 2; i++) {
      const issued = await operator3.send('POST', `/coupons/${id}/issue`, {
        body: {
          mobile: shopper.mobile,
        },
      });
      assert.equal(issued.status, 200, JSON.stringify(issued.body));
    }
    const third = await operator3.send('POST', `/coupons/${id}/issue`, {
      body: { userId: shopper.userId },
    });
    assert.equal(third.status, 409);
    const mine = await server.request<{ couponId: number }[]>('GET', '/api/coupon/my/list', {
      platform: 3,
      token: shopper.token,
    });
    assert.equal(mine.body.data.filter((c) => c.couponId === id).length, 2);
    const unknown = await operator3.send('POST', `/coupons/${id}/issue`, {
      body: { mobile: '13000000000' },
    });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.msg, /^mobile: /);
    const both = await operator3.send('POST', `/coupons/${id}/issue`, { body: {} });
    assert.equal(both.status, 400);

    const later = await operator3.send<{ id: number }>('POST', '/coupons', {
      body: {
        ...base,
        title: '明年的券',
        startsAt: '2099-01-01T00:00:00.000Z',
        endsAt: '2099-02-01T00:00:00.000Z',
      },
    });
    assert.equal(later.status, 200);
    const offered = await server.request<{ id: number }[]>('GET', '/api/coupon/list', {
      platform: 3,
    });
    assert.ok(!offered.body.data.some((c) => c.id === later.body.data.id));
    const early = await server.request('POST', '/api/coupon/get', {
      platform: 3,
      token: shopper.token,
      body: { couponId: later.body.data.id },
    });
    assert.equal(early.status, 400);
  });

  test("changing a coupon never changes an order's bills; a percentage coupon takes its share", async () => {
    const { month } = await plans(server);
    const coupon = await operator3.send<{ id: number }>('POST', '/coupons', {
      body: {
        ...base,
        title: '九折',
        kind: 'percent',
        percentOff: 10,
      },
    });
    assert.equal(coupon.status, 200, JSON.stringify(coupon.body));
    const shopper = await newShopper(server, 3);
    const claimed = await server.request('POST', '/api/coupon/get', {
      platform: 3,
      token: shopper.token,
      body: { couponId: coupon.body.data.id },
    });
    assert.equal(claimed.status, 200, JSON.stringify(claimed.body));
    const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
      platform: 3,
      token: shopper.token,
      body: placeBody(month, shopper, { couponId: coupon.body.data.id }),
    });
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    const billsOf = () =>
      server.db
        .selectFrom('bills')
        .select(['kind', 'period', 'original', 'discount'])
        .where('order_id', '=', placed.body.data.id)
        .orderBy('id')
        .execute();
    const order = await server.db
      .selectFrom('orders')
      .select('coupon_discount')
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow();
    const first = (await billsOf()).find((bill) => bill.kind === 'FIRST');
    assert.ok(first);
    assert.equal(order.coupon_discount, Math.floor((first.original * 10) / 100));
    const billsBefore = await billsOf();

    const changed = await operator3.send('PUT', `/coupons/${coupon.body.data.id}`, {
      body: {
        ...base,
        title: '五折',
        kind: 'percent',
        percentOff: 50,
      },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual(await billsOf(), billsBefore);
    const after = await server.db
      .selectFrom('orders')
      .select('coupon_discount')
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow();
    assert.equal(after.coupon_discount, order.coupon_discount);
  });

  for (const [kind, extra, face] of [
    ['percent', { percentOff: 15 }, '8.5折'],
    ['first_month_free', {}, '首月免租'],
  ] as const)
    test(`a ${face} coupon: the checkout's figure is the order's, its bills' and its contract's`, async () => {
      const { month } = await plans(server);
      const created = await operator3.send<{ id: number }>('POST', '/coupons', {
        body: {
          ...base,
          title: face,
          kind,
          ...extra,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const couponId = created.body.data.id;
      const shopper = await newShopper(server, 3);
      // The coupon centre and my coupons say what kind it is (it read as ¥0 before).
      const offered = await server.request<Coupon[]>('GET', '/api/coupon/list', {
        platform: 3,
        token: shopper.token,
      });
      const offer = offered.body.data.find((c) => c.id === couponId);
      assert.deepEqual(
        offer && { kind: offer.kind, percentOff: offer.percentOff, amount: offer.amount },
        { kind, percentOff: 'percentOff' in extra ? extra.percentOff : undefined, amount: 0 },
      );
      await server.request('POST', '/api/coupon/get', {
        platform: 3,
        token: shopper.token,
        body: { couponId },
      });
      const mine = await server.request<MyCoupon[]>('GET', '/api/coupon/my/list?status=unused', {
        platform: 3,
        token: shopper.token,
      });
      const held = mine.body.data.find((c) => c.couponId === couponId);
      assert.ok(held, JSON.stringify(mine.body));
      assert.equal(held.kind, kind);

      // What the confirm page works out from what it was sent (src/features/checkout/pricing.ts):
      // the plan as brand 3's product page has it.
      const info = await server.request<GoodsInfo>('GET', `/api/goods/info/${month.goods_id}`, {
        platform: 3,
        token: shopper.token,
      });
      const plan = info.body.data.plans.find((p) => p.id === month.id);
      assert.ok(plan, JSON.stringify(info.body));
      const checkout = leaseQuote({
        plan,
        services: info.body.data.services.filter((service) => service.required),
        marketPrice: 0,
        depositMethod: 'freeze',
        coupon: held,
      });
      const expected =
        kind === 'percent'
          ? Math.floor((checkout.firstBill * 15) / 100)
          : Math.min(plan.rentPerPeriod, checkout.firstBill);
      assert.equal(checkout.couponDiscount, expected);
      assert.ok(expected > 0);

      const placed = await server.request<{ id: number }>('POST', '/api/order/place', {
        platform: 3,
        token: shopper.token,
        body: placeBody(month, shopper, { couponId }),
      });
      assert.equal(placed.status, 200, JSON.stringify(placed.body));
      const orderId = placed.body.data.id;
      const order = await server.db
        .selectFrom('orders')
        .select('coupon_discount')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      assert.equal(order.coupon_discount, expected);
      const bills = await server.db
        .selectFrom('bills')
        .select(['kind', 'original', 'discount'])
        .where('order_id', '=', orderId)
        .execute();
      const first = bills.find((bill) => bill.kind === 'FIRST');
      assert.equal(first?.discount, expected);
      assert.equal(first && first.original - first.discount, checkout.payNow);
      // The contract is shown to a verified renter.
      await verifyUser(server, shopper.userId, { platform: 3 });
      const contract = await server.request<{ html: string }>('POST', '/api/order/contract/html', {
        platform: 3,
        token: shopper.token,
        body: { orderId },
      });
      assert.equal(contract.status, 200, JSON.stringify(contract.body));
      assert.ok(
        contract.body.data.html.includes(`${(expected / 100).toFixed(2)} 元`),
        'the contract states the same discount',
      );
    });
});

describe('two API processes on one PostgreSQL database', { skip: onlyOn('postgres') }, () => {
  test("a banner saved through this process shows at once on another process's storefront", async () => {
    // A real second process (main.ts): its caches are its own, so only NOTIFY can reach them.
    const other = await startServerProcess({
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: server.config.databaseUrl ?? '',
      JOBS: 'worker',
      SANDBOX_SIGNING_KEY: server.config.sandboxSigningKey,
    });
    try {
      const read = async () => {
        const response = await fetch(`${other.baseUrl}/api/home/banner`, {
          headers: { 'x-client-authorization': CLIENT_AUTHORIZATION, 'x-platform': '3' },
        });
        return ((await response.json()) as Envelope<{ title: string }[]>).data;
      };
      // The other process caches brand 3's banners now (for 5 s).
      const before = await read();
      assert.ok(Array.isArray(before));
      const created = await operator3.send('POST', '/home/banners', {
        body: {
          platform: 3,
          title: '另一个进程也看到',
          image: '/assets/banner/drone.png',
          linkType: 'none',
          linkValue: '',
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      // NOTIFY arrives after the commit, asynchronously: well within the cache's 5 s.
      const deadline = Date.now() + 2_000;
      let after = await read();
      while (!after.some((b) => b.title === '另一个进程也看到') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        after = await read();
      }
      assert.ok(after.some((banner) => banner.title === '另一个进程也看到'));
    } finally {
      await other.stop();
    }
  });
});
