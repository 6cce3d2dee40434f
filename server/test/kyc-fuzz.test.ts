// engines: postgres (validation of fields: no engine difference)
/**
 * Every body, query and path field of the verification routes, tried with each string of the Big
 * List of Naughty Strings. Formatted fields (ids, card and ID numbers, mobiles, codes) answer a
 * 4xx envelope and write nothing; free text (the emergency contact's name and relation) is refused
 * or kept verbatim; nothing answers 5xx.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { TObject } from '@sinclair/typebox';
import Ajv from 'ajv';
import { sql } from 'kysely';
import {
  BankInfoQuery,
  BindBody,
  BindPreOrderBody,
  VerifyBindBody,
} from '../../contract/api/bankcard.ts';
import { OrderRef } from '../../contract/api/contract.ts';
import { IdParams } from '../../contract/api/envelope.ts';
import {
  AuthSubmitBody,
  FacePutBody,
  FaceResultBody,
  LinkSubmitBody,
  OcrBody,
} from '../../contract/api/kyc.ts';
import { fuzzFile, startTestServer, type TestServer, onlyOn } from './helpers.ts';
import {
  PNG,
  insertOrder,
  loginAgreed,
  testIdNumber,
  upload,
  userIdOf,
  verifyFully,
} from './kyc-fixtures.ts';

const NAUGHTY: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8')) as string[];

/** The server's Ajv settings, to tell a naughty string that is in fact valid for its field. */
const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  strict: false,
});
const compiled = new Map<TObject, ReturnType<typeof ajv.compile>>();
function acceptedBySchema(schema: TObject, input: Record<string, unknown>): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(structuredClone(input)) === true;
}

interface RouteCase {
  method: 'GET' | 'POST';
  path: string | ((input: Record<string, unknown>) => string);
  in: 'body' | 'query' | 'path';
  schema: TObject;
  valid: () => Record<string, unknown>;
  format: string[];
  text?: string[];
  /** Which user calls (a: fully verified with an order; c: no identity yet). */
  as?: 'a' | 'c';
}

describe('naughty strings in every verification field', { skip: onlyOn('postgres') }, () => {
  let server: TestServer;
  const tokens: Record<'a' | 'c', string> = { a: '', c: '' };
  let orderId = 0;
  let fileId = '';
  let certifyId = '';
  let bindId = '';

  /** Everything the verification routes can write, in one comparable string. */
  async function fingerprint(): Promise<string> {
    const { rows } = await sql<Record<string, unknown>>`select
      (select count(*) from identities) as identities,
      (select count(*) from ocr_results) as ocr,
      (select count(*) || ':' || coalesce(string_agg(status, ',' order by id), '') from face_sessions) as face,
      (select count(*) from credit_scores) as credit,
      (select count(*) from bank_cards) as cards,
      (select coalesce(string_agg(status || attempts, ',' order by id), '') from bank_card_binds) as binds,
      (select coalesce(string_agg(status, ',' order by id), '') from contracts) as contracts,
      (select count(*) from sign_sessions) as sign_sessions,
      (select count(*) from withholding_agreements) as withholding,
      (select coalesce(string_agg(name || mobile || relation, ',' order by user_id), '') from emergency_contacts) as contacts
    `.execute(server.db);
    return JSON.stringify(rows[0]);
  }

  before(async () => {
    // Thousands of requests that check what the routes answer, not the wire.
    server = await startTestServer({ transport: 'inject' });
    tokens.a = await loginAgreed(server, '13100000001');
    tokens.c = await loginAgreed(server, '13100000003');
    await verifyFully(server, tokens.a, { name: '模糊', idNo: testIdNumber(777) });
    orderId = await insertOrder(server, await userIdOf(server, tokens.a));
    fileId = await upload(server, tokens.a, PNG, 'IMG_1.png');
    certifyId = (
      await server.request<{ certifyId: string }>('POST', '/api/user/auth/face', {
        token: tokens.a,
      })
    ).body.data.certifyId;
    bindId = (
      await server.request<{ bindId: string }>('POST', '/api/user/bindCardPreOrder', {
        token: tokens.a,
        body: { cardNo: '6225880123456789', mobile: '13700001234' },
      })
    ).body.data.bindId;
  });
  after(() => server.close());

  const cases: RouteCase[] = [
    {
      method: 'GET',
      path: '/api/user/getBankInfo',
      in: 'query',
      schema: BankInfoQuery,
      valid: () => ({ cardNo: '6222021234567890128' }),
      format: ['cardNo'],
    },
    {
      method: 'POST',
      path: '/api/user/bindCardPreOrder',
      in: 'body',
      schema: BindPreOrderBody,
      valid: () => ({ cardNo: '6222021234567890151', mobile: '13700004321' }),
      format: ['cardNo', 'mobile'],
    },
    {
      method: 'POST',
      path: '/api/user/verifyBindCard',
      in: 'body',
      schema: VerifyBindBody,
      valid: () => ({ bindId, code: '000000' }),
      format: ['bindId', 'code'],
    },
    {
      method: 'POST',
      path: '/api/user/bindBindCard',
      in: 'body',
      schema: BindBody,
      valid: () => ({ bindId }),
      format: ['bindId'],
    },
    {
      method: 'POST',
      path: '/api/user/auth/submit',
      in: 'body',
      schema: AuthSubmitBody,
      valid: () => ({ name: '无名', idNo: testIdNumber(778) }),
      format: ['name', 'idNo', 'ocrId'],
      as: 'c',
    },
    {
      method: 'POST',
      path: '/api/client/auth/submit',
      in: 'body',
      schema: AuthSubmitBody,
      valid: () => ({ name: '无名', idNo: testIdNumber(778) }),
      format: ['name', 'idNo', 'ocrId'],
      as: 'c',
    },
    {
      method: 'POST',
      path: '/api/user/face/result',
      in: 'body',
      schema: FaceResultBody,
      valid: () => ({ certifyId }),
      format: ['certifyId'],
    },
    {
      method: 'POST',
      path: '/api/client/face/result',
      in: 'body',
      schema: FaceResultBody,
      valid: () => ({ certifyId }),
      format: ['certifyId'],
    },
    {
      method: 'POST',
      path: '/api/client/face/put',
      in: 'body',
      schema: FacePutBody,
      valid: () => ({ certifyId, fileId }),
      format: ['certifyId', 'fileId'],
    },
    {
      method: 'POST',
      path: '/api/client/idcard/ocr',
      in: 'body',
      schema: OcrBody,
      valid: () => ({ fileId, side: 'front' }),
      format: ['fileId', 'side'],
    },
    {
      method: 'POST',
      path: '/api/client/link/submit',
      in: 'body',
      schema: LinkSubmitBody,
      valid: () => ({ name: '联系人', mobile: '13912345678', relation: '朋友' }),
      format: ['mobile'],
      text: ['name', 'relation'],
    },
    {
      method: 'POST',
      path: '/api/client/contract',
      in: 'body',
      schema: OrderRef,
      valid: () => ({ orderId }),
      format: ['orderId'],
    },
    {
      method: 'POST',
      path: '/api/contract/create',
      in: 'body',
      schema: OrderRef,
      valid: () => ({ orderId }),
      format: ['orderId'],
    },
    {
      method: 'POST',
      path: '/api/order/contract/html',
      in: 'body',
      schema: OrderRef,
      valid: () => ({ orderId }),
      format: ['orderId'],
    },
    {
      method: 'GET',
      path: '/api/contract/create2',
      in: 'query',
      schema: OrderRef,
      valid: () => ({ orderId }),
      format: ['orderId'],
    },
    {
      method: 'GET',
      path: '/api/contract/check',
      in: 'query',
      schema: OrderRef,
      valid: () => ({ orderId }),
      format: ['orderId'],
    },
    {
      method: 'GET',
      path: (input) => `/api/order/signHFB/${encodeURIComponent(String(input.id))}`,
      in: 'path',
      schema: IdParams,
      valid: () => ({ id: orderId }),
      format: ['id'],
    },
  ];

  for (const route of cases) {
    const label = typeof route.path === 'string' ? route.path : '/api/order/signHFB/{id}';
    for (const field of [...route.format, ...(route.text ?? [])]) {
      const isText = route.text?.includes(field) ?? false;
      test(`${route.method} ${label} ${field}`, async () => {
        const token = tokens[route.as ?? 'a'];
        const start = await fingerprint();
        let wrote = false;
        for (const naughty of NAUGHTY) {
          const input = { ...route.valid(), [field]: naughty };
          const url = typeof route.path === 'string' ? route.path : route.path(input);
          const reply = await server.request(route.method, url, {
            token,
            ...(route.in === 'body' ? { body: input } : {}),
            ...(route.in === 'query' ? { query: input as Record<string, string> } : {}),
          });
          const where = `${field} = ${JSON.stringify(naughty)}`;
          assert.ok(reply.status < 500, `${where}: ${reply.status} ${JSON.stringify(reply.body)}`);
          if (reply.status >= 400) {
            assert.equal(reply.body.data, null, where);
            assert.equal(typeof reply.body.msg, 'string', where);
            continue;
          }
          wrote = true;
          if (isText) {
            const detail = await server.request<Record<string, string>>(
              'POST',
              '/api/client/link/detail',
              { token },
            );
            assert.equal(detail.body.data[field], naughty, `${where} read back`);
          } else {
            assert.ok(
              acceptedBySchema(route.schema, input),
              `${where} accepted: ${JSON.stringify(reply.body)}`,
            );
          }
        }
        // Refused calls wrote nothing: unchanged unless some call was accepted.
        if (!wrote) assert.equal(await fingerprint(), start);
      });
    }
  }

  test('refused formatted values on an accepting route write nothing, one call at a time', async () => {
    // The handler-level refusals (schema-valid shape, wrong content): unknown card, bad checksum.
    for (const [url, body, token] of [
      [
        '/api/user/bindCardPreOrder',
        { cardNo: '1234567890123456', mobile: '13700000000' },
        tokens.a,
      ],
      ['/api/user/auth/submit', { name: '无名', idNo: '110101199001010000' }, tokens.c],
      ['/api/user/verifyBindCard', { bindId: 'sbxbindnotthere000000', code: '123456' }, tokens.a],
    ] as const) {
      const before = await fingerprint();
      const reply = await server.request('POST', url, { token, body });
      assert.ok(reply.status >= 400 && reply.status < 500, url);
      assert.equal(await fingerprint(), before, url);
    }
  });
});
