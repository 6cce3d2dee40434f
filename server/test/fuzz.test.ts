// engines: postgres (validation of fields: no engine difference; PostgreSQL answers its thousands of statements for a quarter of PGlite's CPU)
/**
 * Every field of every body and query of the core routes, tried with each string of the Big List
 * of Naughty Strings. A field with a format answers a 4xx envelope naming the field (unless the
 * string is in fact valid for it) and refused calls write nothing; a free-text field is refused
 * with a 4xx or stored and returned unchanged; nothing answers 5xx.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { TObject } from '@sinclair/typebox';
import Ajv from 'ajv';
import { AddressBody, AddressUpdateBody, type Address } from '../../contract/api/address.ts';
import { ComplaintBody } from '../../contract/api/client.ts';
import { ClaimCouponBody, MyCouponListQuery } from '../../contract/api/coupon.ts';
import { IdParams } from '../../contract/api/envelope.ts';
import {
  DevSmsLastQuery,
  GetTokenForUniQuery,
  LoginForAlipayBody,
  LoginForSmsBody,
  LoginForUniBody,
  OauthRenderBody,
  SendCodeBody,
} from '../../contract/api/login.ts';
import {
  ChangeMobileBody,
  ContactBody,
  UpdateOpenIdBody,
  type UserInfo,
} from '../../contract/api/user.ts';
import type { Database } from '../src/db/schema.ts';
import { fuzzFile, startTestServer, type TestServer, onlyOn } from './helpers.ts';

const NAUGHTY: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];
const APP = { 'x-user-type': 'app' };

/** The server's own Ajv settings, to tell a naughty string that is in fact valid (e.g. "1"). */
const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  strict: false,
});
const validators = new Map<TObject, ReturnType<typeof ajv.compile>>();
function acceptedBySchema(schema: TObject, input: Record<string, unknown>): boolean {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate(structuredClone(input)) === true;
}

let nonce = 0;
const fresh = () => `${Date.now().toString(36)}${++nonce}`;

interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Where the fields go. */
  in: 'body' | 'query' | 'path';
  schema: TObject;
  url: (input: Record<string, unknown>) => string;
  /** A valid input (fresh each call: wallet codes are single use). */
  valid: () => Record<string, unknown>;
  format: string[];
  text?: string[];
  auth?: boolean;
  headers?: Record<string, string>;
  /** Rows that only a successful call may add or change. */
  table?: keyof Database;
  /** Reads a free-text field back from storage after a successful call. */
  readBack?: (server: TestServer, token: string, field: string, data: unknown) => Promise<unknown>;
}

describe('naughty strings in every field', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  let token: string;
  let addressId: number;
  let couponId: number;

  before(async () => {
    server = await startTestServer({
      env: { SMS_PER_IP_HOUR: '100000', SMS_PER_HOUR: '100000', SMS_PER_DAY: '100000' },
      // Thousands of requests that check what the routes answer, not the wire.
      transport: 'inject',
    });
    token = await server.loginAs('13100000000');
    const created = await server.request<Address>('POST', '/api/user/userAddress', {
      token,
      body: {
        name: '测试',
        mobile: '13100000000',
        province: '上海市',
        city: '上海市',
        district: '徐汇区',
        detail: '漕溪北路 1 号',
      },
    });
    addressId = created.body.data.id;
    const coupon = await server.db
      .selectFrom('coupons')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    couponId = coupon.id;
  });
  after(() => server.close());

  const address = () => ({
    name: '王一',
    mobile: '13900000000',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 1 号',
  });

  const cases: RouteCase[] = [
    {
      name: 'POST /api/login/sendCode',
      method: 'POST',
      in: 'body',
      schema: SendCodeBody,
      url: () => '/api/login/sendCode',
      valid: () => ({ mobile: '13100000001' }),
      format: ['mobile'],
      headers: APP,
      table: 'sms_codes',
    },
    {
      name: 'POST /api/login/loginForSms',
      method: 'POST',
      in: 'body',
      schema: LoginForSmsBody,
      url: () => '/api/login/loginForSms',
      valid: () => ({ mobile: '13100000002', code: '123456', channelCode: 'ch01' }),
      format: ['mobile', 'code', 'channelCode'],
      headers: APP,
      table: 'sessions',
    },
    {
      name: 'POST /api/login/loginForAlipay',
      method: 'POST',
      in: 'body',
      schema: LoginForAlipayBody,
      url: () => '/api/login/loginForAlipay',
      valid: () => ({ grantType: 'alipay', code: `sbx_fuzz_${fresh()}`, channelCode: 'ch01' }),
      format: ['grantType', 'code', 'channelCode'],
      headers: APP,
      table: 'sessions',
    },
    {
      name: 'POST /api/login/loginForUni',
      method: 'POST',
      in: 'body',
      schema: LoginForUniBody,
      url: () => '/api/login/loginForUni',
      valid: () => ({
        provider: 'wechat',
        phoneCode: `sbx_13100000003_${fresh()}`,
        loginCode: `sbx_fuzzuni_${fresh()}`,
        channelCode: 'ch01',
      }),
      format: ['provider', 'phoneCode', 'loginCode', 'channelCode'],
      headers: APP,
      table: 'sessions',
    },
    {
      name: 'GET /api/login/getTokenForUni',
      method: 'GET',
      in: 'query',
      schema: GetTokenForUniQuery,
      url: () => '/api/login/getTokenForUni',
      valid: () => ({ provider: 'wechat', loginCode: `sbx_fuzzuni_${fresh()}` }),
      format: ['provider', 'loginCode'],
      headers: APP,
      table: 'sessions',
    },
    {
      name: 'POST /api/oauth/render/alipay',
      method: 'POST',
      in: 'body',
      schema: OauthRenderBody,
      url: () => '/api/oauth/render/alipay',
      valid: () => ({ redirectUri: 'http://localhost:8080/', state: 'st' }),
      format: ['redirectUri', 'state'],
    },
    {
      name: 'GET /dev/sms/last',
      method: 'GET',
      in: 'query',
      schema: DevSmsLastQuery,
      url: () => '/dev/sms/last',
      valid: () => ({ mobile: '13100000000' }),
      format: ['mobile'],
    },
    {
      name: 'POST /api/user/contact',
      method: 'POST',
      in: 'body',
      schema: ContactBody,
      url: () => '/api/user/contact',
      valid: () => ({ name: '李四', mobile: '13800000000', relation: '朋友' }),
      format: ['mobile'],
      text: ['name', 'relation'],
      auth: true,
      readBack: async (srv, tok, field) => {
        const info = await srv.request<UserInfo>('GET', '/api/user/info', { token: tok });
        return (info.body.data.contact as Record<string, unknown> | null)?.[field];
      },
    },
    {
      // No code was sent for this number: a valid body is refused too, but never with a 5xx,
      // and the mobile never changes (the `users` table is compared).
      name: 'POST /api/user/changeMobile',
      method: 'POST',
      in: 'body',
      schema: ChangeMobileBody,
      url: () => '/api/user/changeMobile',
      valid: () => ({ mobile: '13700000077', code: '123456' }),
      format: ['mobile', 'code'],
      auth: true,
      table: 'users',
    },
    {
      name: 'POST /api/user/updateUserOpenId',
      method: 'POST',
      in: 'body',
      schema: UpdateOpenIdBody,
      url: () => '/api/user/updateUserOpenId',
      valid: () => ({ provider: 'wechat', loginCode: `sbx_fuzzbind_${fresh()}` }),
      format: ['provider', 'loginCode'],
      auth: true,
      table: 'user_open_ids',
    },
    {
      name: 'POST /api/user/userAddress',
      method: 'POST',
      in: 'body',
      schema: AddressBody,
      url: () => '/api/user/userAddress',
      valid: () => ({ ...address(), isDefault: false }),
      format: ['mobile', 'isDefault'],
      auth: true,
      table: 'addresses',
    },
    {
      name: 'PUT /api/user/userAddress',
      method: 'PUT',
      in: 'body',
      schema: AddressUpdateBody,
      url: () => '/api/user/userAddress',
      valid: () => ({ ...address(), id: addressId, isDefault: true }),
      format: ['id', 'mobile', 'isDefault'],
      text: ['name', 'province', 'city', 'district', 'detail'],
      auth: true,
      readBack: async (srv, tok, field) => {
        const list = await srv.request<Address[]>('GET', '/api/user/userAddress', { token: tok });
        return (
          list.body.data.find((row) => row.id === addressId) as Record<string, unknown> | undefined
        )?.[field];
      },
    },
    {
      name: 'DELETE /api/user/userAddress/{id}',
      method: 'DELETE',
      in: 'path',
      schema: IdParams,
      url: (input) => `/api/user/userAddress/${encodeURIComponent(String(input.id))}`,
      valid: () => ({ id: 999999 }),
      format: ['id'],
      auth: true,
      table: 'addresses',
    },
    {
      name: 'POST /api/coupon/get',
      method: 'POST',
      in: 'body',
      schema: ClaimCouponBody,
      url: () => '/api/coupon/get',
      valid: () => ({ couponId }),
      format: ['couponId'],
      auth: true,
      table: 'user_coupons',
    },
    {
      name: 'GET /api/coupon/my/list',
      method: 'GET',
      in: 'query',
      schema: MyCouponListQuery,
      url: () => '/api/coupon/my/list',
      valid: () => ({ status: 'unused' }),
      format: ['status'],
      auth: true,
    },
    {
      name: 'POST /api/client/complaint/submit',
      method: 'POST',
      in: 'body',
      schema: ComplaintBody,
      url: () => '/api/client/complaint/submit',
      valid: () => ({
        type: 'service',
        content: '这是一条反馈内容',
        contactMobile: '13800000000',
        images: [],
      }),
      format: ['type', 'contactMobile', 'images'],
      text: ['content'],
      auth: true,
      table: 'complaints',
      readBack: async (srv, _tok, field, data) => {
        const row = await srv.db
          .selectFrom('complaints')
          .select('content')
          .where('id', '=', (data as { id: number }).id)
          .executeTakeFirstOrThrow();
        return field === 'content' ? row.content : undefined;
      },
    },
  ];

  async function send(route: RouteCase, input: Record<string, unknown>) {
    const common = { token: route.auth ? token : undefined, headers: route.headers };
    if (route.in === 'body')
      return server.request(route.method, route.url(input), { ...common, body: input });
    if (route.in === 'query') {
      return server.request(route.method, route.url(input), {
        ...common,
        query: Object.fromEntries(
          Object.entries(input).map(([key, value]) => [key, String(value)]),
        ),
      });
    }
    return server.request(route.method, route.url(input), common);
  }

  const countRows = async (table: keyof Database) =>
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  for (const route of cases) {
    describe(route.name, () => {
      test('the valid input is answered', async () => {
        const reply = await send(route, route.valid());
        assert.ok(reply.status < 500, JSON.stringify(reply.body));
        assert.equal(typeof reply.body.code, 'number');
      });

      for (const field of route.format) {
        test(`format field ${field}`, async () => {
          const before = route.table ? await countRows(route.table) : 0;
          let successes = 0;
          for (const naughty of NAUGHTY) {
            const input = { ...route.valid(), [field]: naughty };
            const reply = await send(route, input);
            const label = `${field}=${JSON.stringify(naughty)} → ${reply.status} ${JSON.stringify(reply.body)}`;
            assert.ok(reply.status < 500, label);
            // A refusal also carries its stable code (contract/errors.ts), and its parts if any.
            const keys = Object.keys(reply.body).filter((key) => key !== 'params');
            const expected = reply.body.code === 200 ? [] : ['reason'];
            assert.deepEqual(keys.sort(), ['code', 'data', 'msg', ...expected], label);
            if (reply.body.code === 200) {
              successes++;
              assert.ok(
                acceptedBySchema(route.schema, input),
                `accepted an invalid value: ${label}`,
              );
              continue;
            }
            assert.ok(reply.status >= 400 && reply.status < 500, label);
            assert.equal(reply.body.data, null, label);
            if (!acceptedBySchema(route.schema, input)) {
              // In a path, `..`, `/` or an over-long value change or refuse the URL itself.
              const pathChanged = route.in === 'path' && [404, 414].includes(reply.status);
              assert.ok(
                pathChanged || reply.body.msg.includes(field),
                `msg does not name the field: ${label}`,
              );
            }
          }
          if (route.table) {
            const afterCount = await countRows(route.table);
            // Refused calls write nothing; accepted ones (a naughty string that is valid) may add one row.
            assert.ok(
              afterCount - before <= successes,
              `${route.table}: ${before} → ${afterCount}, ${successes} accepted`,
            );
          }
        });
      }

      for (const field of route.text ?? []) {
        test(`free-text field ${field}`, async () => {
          let stored = 0;
          for (const naughty of NAUGHTY) {
            const input = { ...route.valid(), [field]: naughty };
            const reply = await send(route, input);
            const label = `${field}=${JSON.stringify(naughty)} → ${reply.status} ${JSON.stringify(reply.body)}`;
            assert.ok(reply.status < 500, label);
            if (reply.body.code !== 200) {
              assert.ok(reply.status >= 400 && reply.status < 500, label);
              assert.ok(reply.body.msg.includes(field), label);
              continue;
            }
            stored++;
            assert.equal(
              (reply.body.data as Record<string, unknown>)[field],
              naughty,
              `echo: ${label}`,
            );
            if (route.readBack) {
              assert.equal(
                await route.readBack(server, token, field, reply.body.data),
                naughty,
                `stored: ${label}`,
              );
            }
          }
          // Length limits refuse the long ones; the rest, plain text of every kind, must be kept.
          assert.ok(stored > 100, `plain text gets stored (${stored})`);
        });
      }
    });
  }
});
