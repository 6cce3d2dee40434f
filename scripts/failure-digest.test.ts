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

  it('gives nothing for a passing run', () => {
    expect(failureDigest(['ok 1 - everything', '# pass 1', '# fail 0'])).toEqual([]);
  });
});
