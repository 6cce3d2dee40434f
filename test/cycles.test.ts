/**
 * The repository's no-cycle check (scripts/check-cycles.ts, run by `npm run lint`) on small
 * made-up module sets: which imports count, and which cycles it finds.
 */
import { findCycles, importGraph, valueImports } from '../scripts/check-cycles';

const cyclesOf = (modules: Record<string, string>) =>
  findCycles(importGraph(new Map(Object.entries(modules))));

test('values count as imports; types only, comments and packages do not', () => {
  const source = [
    "import { a } from './a.ts';",
    "import b, { type B } from './b.ts';",
    "import type { C } from './c.ts';",
    "import { type D, type E } from './d.ts';",
    "export type { F } from './f.ts';",
    "export * from './g.ts';",
    "import './h.ts';",
    "const i = await import('./i.ts');",
    "jest.mock('@/j');",
    "// import { k } from './k.ts';",
    "import fs from 'node:fs';",
  ].join('\n');
  expect(valueImports(source)).toEqual([
    './a.ts',
    './b.ts',
    './g.ts',
    './h.ts',
    'node:fs',
    './i.ts',
    '@/j',
  ]);
});

test('an import graph without a cycle passes, whatever its depth', () => {
  expect(
    cyclesOf({
      'server/src/routes/orders/orders.ts': "import '../orders/service.ts';",
      'server/src/orders/service.ts': "import './order-rows.ts';\nimport '../lib/money.ts';",
      'server/src/orders/order-rows.ts': "import type { Service } from './service.ts';",
      'server/src/lib/money.ts': "import '../../../contract/money.ts';",
      'contract/money.ts': '',
    }),
  ).toEqual([]);
});

test('a cycle is found and shown as one path around it, across folders and aliases', () => {
  expect(
    cyclesOf({
      'server/src/orders/machine.ts': "import { find } from './order-rows';",
      'server/src/orders/order-rows.ts': "import { rules } from './rules.ts';",
      'server/src/orders/rules.ts': "export { STATES } from './machine.ts';",
      'src/a.ts': "import { b } from '@/b';",
      'src/b.ts': "const a = require('./a');",
      'src/c.ts': "import '@/a';",
    }),
  ).toEqual([
    [
      'server/src/orders/machine.ts',
      'server/src/orders/order-rows.ts',
      'server/src/orders/rules.ts',
      'server/src/orders/machine.ts',
    ],
    ['src/a.ts', 'src/b.ts', 'src/a.ts'],
  ]);
});
