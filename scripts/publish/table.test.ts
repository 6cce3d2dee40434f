import type { PublishResult } from './run';
import { formatDomainTables, formatResultTable, summarize } from './table';

const row = (overrides: Partial<PublishResult>): PublishResult => ({
  target: 'weapp',
  brand: 1,
  appId: 'wx3a1f6c2e9b4d7a01',
  mainPackageBytes: 486_297,
  totalBytes: 1_345_228,
  outcome: 'uploaded',
  detail: 'uploaded 1.2.3 as robot 1',
  seconds: 12.34,
  ...overrides,
});

it('prints one aligned row per brand and platform, with sizes in KB', () => {
  const table = formatResultTable([
    row({}),
    row({
      target: 'alipay',
      brand: 9,
      appId: '2021004100000009',
      mainPackageBytes: undefined,
      totalBytes: undefined,
      outcome: 'failed',
      detail: 'credentials: ALIPAY_TOOL_ID_9 is not set\nsecond line',
      seconds: 0,
    }),
  ]);
  expect(table.split('\n')).toEqual([
    'platform  brand  app id              main KB  total KB  result    seconds  detail',
    '--------  -----  ------------------  -------  --------  --------  -------  ----------------------------------------',
    'weapp     1      wx3a1f6c2e9b4d7a01  474.9    1313.7    uploaded  12.3     uploaded 1.2.3 as robot 1',
    'alipay    9      2021004100000009    -        -         FAILED    0.0      credentials: ALIPAY_TOOL_ID_9 is not set',
  ]);
});

it('cuts a long reason to one line of 200 characters', () => {
  const table = formatResultTable([row({ outcome: 'failed', detail: 'x'.repeat(500) })]);
  const last = table.split('\n')[2];
  expect(last.endsWith(`${'x'.repeat(199)}…`)).toBe(true);
});

it('counts each outcome', () => {
  expect(summarize([row({}), row({ outcome: 'failed' }), row({ outcome: 'uploaded' })])).toBe(
    '3 artifact(s): 2 uploaded, 1 failed',
  );
  expect(summarize([row({ outcome: 'checked' })])).toBe(
    '1 artifact(s): 1 checked (dry run), 0 failed',
  );
});

it('lists, per platform and brand, the domains each console list must hold', () => {
  const api = 'https://api.example-brand.test';
  const tables = formatDomainTables([
    row({
      domains: { request: [api], uploadFile: [api], downloadFile: [api], 'web-view': [api] },
    }),
    row({ brand: 2, appId: 'wx5b2e7d3f0c6a8b02', outcome: 'failed', domains: undefined }),
    row({
      target: 'alipay',
      appId: '2021004100000001',
      domains: { server: [api], 'web-view': ['https://a.example.com', 'https://b.example.com'] },
    }),
  ]).split('\n');
  expect(tables[0]).toMatch(/^Domains to register, WeChat .*服务器域名.*业务域名/);
  expect(tables.slice(1, 5)).toEqual([
    `brand  app id              request                         uploadFile                      downloadFile                    web-view`,
    `-----  ------------------  ------------------------------  ------------------------------  ------------------------------  ------------------------------`,
    `1      wx3a1f6c2e9b4d7a01  ${api}  ${api}  ${api}  ${api}`,
    `2      wx5b2e7d3f0c6a8b02  -                               -                               -                               -`,
  ]);
  expect(tables[5]).toBe('');
  expect(tables[6]).toMatch(/^Domains to register, Alipay .*服务器域名白名单.*H5 域名/);
  expect(tables[9]).toBe(
    `1      2021004100000001  ${api}  https://a.example.com https://b.example.com`,
  );
});
