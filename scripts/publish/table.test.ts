import type { PublishResult } from './run';
import { formatResultTable, summarize } from './table';

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
