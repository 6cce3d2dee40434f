/**
 * The lint zones (eslint/zones.mjs) on the files imports resolve to: the same text `../src/x` is
 * allowed from server/test (the server's own code) and refused from server/src/*.ts (the
 * storefront).
 */
import path from 'node:path';
import v8 from 'node:v8';
import { Linter } from 'eslint';
import zones from '../eslint/zones.mjs';

// ESLint clones rule options with structuredClone, which jest's jsdom environment lacks.
globalThis.structuredClone ??= <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

const root = path.resolve(__dirname, '..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config = [
  {
    files: ['**/*.ts'],
    plugins: { zones },
    rules: { 'zones/no-cross-zone': 'error' as const },
  },
];

/** The zone messages for `source` linted as the file at `file` (a repository path). */
function refusals(file: string, source: string): string[] {
  return linter
    .verify(source, config, { filename: path.join(root, file) })
    .map((problem) => problem.message);
}

test('the server may import the kernel and itself, never the storefront', () => {
  expect(refusals('server/test/a.test.ts', "import '../src/app.ts';")).toEqual([]);
  expect(refusals('server/src/kyc/a.ts', "import '../../../contract/validation';")).toEqual([]);
  expect(refusals('server/src/a.ts', "import '../src/app';")).toEqual([]);
  expect(refusals('server/src/kyc/a.ts', "import '../../../src/validation';")).toEqual([
    expect.stringContaining('The server does not import the storefront'),
  ]);
});

test('the storefront may import the kernel, never the server', () => {
  expect(refusals('src/api/a.ts', "import { ORDER_TABS } from '@contract/api/order';")).toEqual([]);
  expect(refusals('src/api/a.ts', "const app = require('../../server/src/app');")).toEqual([
    expect.stringContaining('The storefront does not import the server'),
  ]);
});

test('features do not import each other; the platform imports neither features nor pages', () => {
  expect(refusals('src/features/order/a.ts', "import './orderView';")).toEqual([]);
  expect(refusals('src/features/order/a.ts', "import '@/components/states';")).toEqual([]);
  expect(refusals('src/features/catalog/a.ts', "export * from '../order/orderView';")).toEqual([
    expect.stringContaining('Features do not import each other (catalog → order)'),
  ]);
  expect(refusals('src/features/catalog/a.test.ts', "jest.mock('@/features/order/x');")).toEqual([
    expect.stringContaining('Features do not import each other'),
  ]);
  expect(refusals('src/platform/a.ts', "import('../pages/home/home');")).toEqual([
    expect.stringContaining('The platform layer (src/platform) does not import features or pages'),
  ]);
});

test('the kernel imports nothing from the storefront or the server', () => {
  expect(refusals('contract/api/a.ts', "import { Envelope } from './envelope.ts';")).toEqual([]);
  expect(refusals('contract/brands/a.ts', "import '../../src/brands';")).toEqual([
    expect.stringContaining('The kernel (contract/) imports nothing'),
  ]);
});
