import { failureDigest } from './failure-digest';

describe('failureDigest: what failed, at the end of npm test', () => {
  it("keeps a failed node:test test's name, place and message, not its stack or its suite", () => {
    const tap = [
      '# Subtest: return flow',
      '    # Subtest: ships the item back',
      '    ok 1 - ships the item back',
      '      ---',
      '      duration_ms: 1200',
      '      ...',
      '    # Subtest: sees the refund',
      '    not ok 2 - sees the refund',
      '      ---',
      '      duration_ms: 3000',
      "      location: '/repo/e2e/return-flow.test.ts:88:3'",
      "      failureType: 'testCodeFailure'",
      '      error: |-',
      '        expected 退款成功 on the order page',
      '      stack: |-',
      '        at Object.<anonymous> (/repo/e2e/return-flow.test.ts:99:5)',
      '      ...',
      '    1..2',
      'not ok 3 - return flow',
      '  ---',
      "  failureType: 'subtestsFailed'",
      "  error: '1 subtest failed'",
      '  ...',
    ];
    expect(failureDigest(tap)).toEqual([
      '    not ok 2 - sees the refund',
      '      ---',
      '      duration_ms: 3000',
      "      location: '/repo/e2e/return-flow.test.ts:88:3'",
      "      failureType: 'testCodeFailure'",
      '      error: |-',
      '        expected 退款成功 on the order page',
    ]);
  });

  it("keeps Jest's failure once, without logging blocks", () => {
    const jest = [
      'FAIL src/features/order/OrderCard.test.tsx',
      '  ● Console',
      '    console.warn',
      '      slow render',
      '  ● OrderCard › names the link by what it shows',
      '',
      '    expect(received).toBe(expected)',
      '',
      '      at Object.toBe (src/features/order/OrderCard.test.tsx:40:7)',
      'Summary of all failing tests',
      '  ● OrderCard › names the link by what it shows',
      '',
      '    expect(received).toBe(expected)',
    ];
    expect(failureDigest(jest)).toEqual([
      '  ● OrderCard › names the link by what it shows',
      '',
      '    expect(received).toBe(expected)',
      '',
    ]);
  });

  it("keeps node:test's spec list of failures: each test's place, name and message, not its stack", () => {
    // What `node --test` prints (Node 24's spec reporter), shortened.
    const spec = [
      '▶ mini-program boot, brand 1, logged in',
      '  ✔ launches with nothing thrown or logged (2.1ms)',
      '  ✖ pages/order/order renders its own content (30.5ms)',
      '✖ mini-program boot, brand 1, logged in (4120.2ms)',
      'ℹ tests 2',
      'ℹ fail 1',
      '',
      '✖ failing tests:',
      '',
      'test at e2e/miniprogram-boot.test.ts:128:9',
      '✖ pages/order/order renders its own content (30.5ms)',
      "  Error: ENOENT: no such file or directory, open '/repo/dist/alipay/1/pages/order/order.js'",
      '      at Object.readFileSync (node:fs:441:20)',
      '      at FakeHost.require (file:///repo/e2e/mini-host.ts:223:21) {',
      '    errno: -2,',
      "    code: 'ENOENT',",
      '  }',
      '',
      'test at e2e/return-flow.test.ts:88:3',
      '✖ sees the refund (3000.1ms)',
      '  AssertionError [ERR_ASSERTION]: expected 退款成功 on the order page',
      '  ',
      "  '退款中' !== '退款成功'",
      '  ',
      '      at TestContext.<anonymous> (file:///repo/e2e/return-flow.test.ts:99:5)',
    ];
    expect(failureDigest(spec)).toEqual([
      'test at e2e/miniprogram-boot.test.ts:128:9',
      '✖ pages/order/order renders its own content (30.5ms)',
      "  Error: ENOENT: no such file or directory, open '/repo/dist/alipay/1/pages/order/order.js'",
      'test at e2e/return-flow.test.ts:88:3',
      '✖ sees the refund (3000.1ms)',
      '  AssertionError [ERR_ASSERTION]: expected 退款成功 on the order page',
      '  ',
      "  '退款中' !== '退款成功'",
      '  ',
    ]);
  });

  it('gives nothing for a passing run', () => {
    expect(failureDigest(['ok 1 - everything', '# pass 1', '# fail 0'])).toEqual([]);
  });
});
