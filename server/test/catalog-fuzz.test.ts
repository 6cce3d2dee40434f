// engines: postgres (validation of fields: no engine difference)
/**
 * Every query, body and path field of every catalogue route, tried with each string of the Big
 * List of Naughty Strings (../shared/fuzz/blns.json): a field with a format answers a 400
 * envelope naming the field unless the string is a valid value of that format; the free-text
 * search keyword answers a page or a 400 naming it; nothing answers 5xx; refused visit reports
 * write nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { normalizeSearchText } from '../src/seed/search-terms.ts';
import { fuzzFile, startTestServer, type TestReply, type TestServer, onlyOn } from './helpers.ts';

const NAUGHTY: string[] = JSON.parse(fs.readFileSync(fuzzFile('blns.json'), 'utf8'));

type Format =
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'pattern'; pattern: RegExp }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'keyword'; maxLength: number };

interface FieldCase {
  method: 'GET' | 'POST';
  /** `{id}` is replaced by the value when `where` is 'path'. */
  route: string;
  field: string;
  where: 'query' | 'body' | 'path';
  /** The other fields, valid. */
  base: Record<string, string | number>;
  format: Format;
}

const ID = { kind: 'integer', min: 1, max: 2147483647 } as const;
const PAGE_NUM = { kind: 'integer', min: 1, max: 100000 } as const;
const PAGE_SIZE = { kind: 'integer', min: 1, max: 50 } as const;
const CHANNEL = { kind: 'pattern', pattern: /^[A-Za-z0-9_-]{1,64}$/ } as const;

const pageFields = (route: string, base: Record<string, string | number> = {}): FieldCase[] => [
  { method: 'GET', route, field: 'pageNum', where: 'query', base, format: PAGE_NUM },
  { method: 'GET', route, field: 'pageSize', where: 'query', base, format: PAGE_SIZE },
];

const CASES: FieldCase[] = [
  {
    method: 'GET',
    route: '/api/home/banner',
    field: 'channelCode',
    where: 'query',
    base: {},
    format: CHANNEL,
  },
  ...pageFields('/api/home/hotGoods'),
  {
    method: 'GET',
    route: '/api/home/categoryByChannel',
    field: 'channelCode',
    where: 'query',
    base: {},
    format: CHANNEL,
  },
  {
    method: 'GET',
    route: '/api/home/tab',
    field: 'channelCode',
    where: 'query',
    base: {},
    format: CHANNEL,
  },
  {
    method: 'GET',
    route: '/api/home/tabGoods',
    field: 'tabId',
    where: 'query',
    base: {},
    format: ID,
  },
  ...pageFields('/api/home/tabGoods', { tabId: 1 }),
  {
    method: 'GET',
    route: '/api/home/search',
    field: 'keyword',
    where: 'query',
    base: {},
    format: { kind: 'keyword', maxLength: 50 },
  },
  ...pageFields('/api/home/search', { keyword: '手机' }),
  {
    method: 'POST',
    route: '/api/home/uv',
    field: 'channelCode',
    where: 'body',
    base: {},
    format: CHANNEL,
  },
  {
    method: 'POST',
    route: '/api/home/uv',
    field: 'deviceId',
    where: 'body',
    base: { channelCode: 'fuzz' },
    format: { kind: 'pattern', pattern: /^[A-Za-z0-9_-]{8,64}$/ },
  },
  {
    method: 'GET',
    route: '/api/common/dictionary',
    field: 'type',
    where: 'query',
    base: {},
    format: { kind: 'pattern', pattern: /^[a-z][a-z0-9_]{0,31}$/ },
  },
  {
    method: 'GET',
    route: '/api/category/goods',
    field: 'categoryId',
    where: 'query',
    base: {},
    format: ID,
  },
  {
    method: 'GET',
    route: '/api/category/goods',
    field: 'sort',
    where: 'query',
    base: { categoryId: 1 },
    format: { kind: 'enum', values: ['default', 'sales', 'rentAsc', 'rentDesc'] },
  },
  ...pageFields('/api/category/goods', { categoryId: 1 }),
  {
    method: 'GET',
    route: '/api/service/question',
    field: 'typeId',
    where: 'query',
    base: {},
    format: ID,
  },
  {
    method: 'GET',
    route: '/api/goods/info/{id}',
    field: 'id',
    where: 'path',
    base: {},
    format: ID,
  },
  {
    method: 'GET',
    route: '/api/goods/explain',
    field: 'goodsId',
    where: 'query',
    base: {},
    format: ID,
  },
  {
    method: 'GET',
    route: '/api/goods/explain',
    field: 'kind',
    where: 'query',
    base: {},
    format: { kind: 'enum', values: ['rent_rule', 'value_added', 'buyout', 'return', 'notice'] },
  },
  ...pageFields('/api/goods/enjoyList'),
];

/**
 * Whether the server should take the string as a valid value. Integers follow Ajv's coercion of
 * query strings (Fastify's default): a non-empty string that is a number ("1", " 2", "1E2").
 */
function isValid(format: Format, value: string): boolean {
  switch (format.kind) {
    case 'integer': {
      const number = Number(value);
      return (
        value !== '' && Number.isInteger(number) && number >= format.min && number <= format.max
      );
    }
    case 'pattern':
      return format.pattern.test(value);
    case 'enum':
      return format.values.includes(value);
    case 'keyword': {
      const length = Array.from(value).length;
      return length >= 1 && length <= format.maxLength && normalizeSearchText(value) !== '';
    }
  }
}

let server: TestServer;

before(async () => {
  // Thousands of requests that check what the routes answer, not the wire.
  server = await startTestServer({ transport: 'inject' });
});
after(async () => {
  await server?.close();
});

/** Runs `task` over `items` with a few requests in flight (the server is the bottleneck). */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  });
  await Promise.all(workers);
}

function send(fieldCase: FieldCase, value: string): Promise<TestReply> {
  const { method, route, field, where, base } = fieldCase;
  if (where === 'path') {
    return server.request(method, route.replace('{id}', encodeURIComponent(value)));
  }
  if (where === 'body') return server.request(method, route, { body: { ...base, [field]: value } });
  return server.request(method, route, { query: { ...base, [field]: value } });
}

describe(
  'catalogue routes under the Big List of Naughty Strings',
  { skip: onlyOn('postgres') },
  () => {
    let countedVisits = 0;

    for (const fieldCase of CASES) {
      it(`${fieldCase.method} ${fieldCase.route} ${fieldCase.field}`, async () => {
        const failures: string[] = [];
        await inParallel(NAUGHTY, 6, async (value) => {
          const reply = await send(fieldCase, value);
          const { status, body } = reply;
          const shown = JSON.stringify(value).slice(0, 60);
          if (status >= 500) failures.push(`${shown} → ${status} ${body.msg}`);
          if (typeof body.code !== 'number' || typeof body.msg !== 'string' || !('data' in body)) {
            failures.push(`${shown} → not an envelope`);
            return;
          }
          if (isValid(fieldCase.format, value)) {
            // A well-formed id may name nothing: 404 is the honest answer then.
            const accepted = status === 200 || (fieldCase.format === ID && status === 404);
            if (!accepted) failures.push(`${shown} (valid) → ${status} ${body.msg}`);
            if (
              fieldCase.route === '/api/home/uv' &&
              (body.data as { counted?: boolean })?.counted
            ) {
              countedVisits += 1;
            }
          } else if (fieldCase.where === 'path' && (status === 404 || status === 414)) {
            // Some strings never reach the route: "." and ".." are resolved away by the URL (404),
            // over-long segments are refused by the router (414). Both answer an envelope.
            if (body.code !== status) failures.push(`${shown} → ${status} with code ${body.code}`);
          } else if (status !== 400 || body.code !== 400 || !body.msg.includes(fieldCase.field)) {
            failures.push(`${shown} (invalid) → ${status} ${body.code} ${body.msg}`);
          }
        });
        assert.deepEqual(failures, [], failures.slice(0, 10).join('\n'));
      });
    }

    it('wrote a visit only for the reports it accepted', async () => {
      const rows = await server.db
        .selectFrom('uv_daily')
        .select(['channel_code', 'visits'])
        .execute();
      const total = rows.reduce((sum, row) => sum + row.visits, 0);
      assert.equal(total, countedVisits);
      for (const row of rows) assert.match(row.channel_code, CHANNEL.pattern);
      const devices = await server.db.selectFrom('uv_device').select('device_id').execute();
      for (const device of devices) assert.match(device.device_id, /^[A-Za-z0-9_-]{8,64}$/);
    });
  },
);
