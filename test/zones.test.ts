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

/** The parts of an ESTree node these cases read or mark. */
interface ImportNode {
  type: string;
  range: [number, number];
  importKind?: 'type' | 'value';
  specifiers?: ImportNode[];
}

/**
 * ESLint's own parser (espree) plus the one piece of TypeScript the route rule reads: `type` in
 * `import type …` and `import { type A }`, blanked to spaces (so every offset stays put) and set
 * as `importKind` on the node. typescript-eslint's parser would do, but jest transforms all of
 * node_modules, and transforming TypeScript's compiler takes minutes.
 */
function typeImportParser() {
  const espree = require('espree') as {
    parse(code: string, options: object): { body: ImportNode[] };
  };
  return {
    parseForESLint(code: string) {
      const marks: number[] = [];
      const plain = code.replace(/(?<=\bimport |[{,]\s*)type (?=[\w{])/g, (word, at: number) => {
        marks.push(at);
        return ' '.repeat(word.length);
      });
      const ast = espree.parse(plain, {
        ecmaVersion: 'latest',
        sourceType: 'module',
        range: true,
        loc: true,
        tokens: true,
        comment: true,
      });
      // `import type …`: the mark right after `import `; `{ type A }`: right before `A`.
      for (const node of ast.body) {
        if (node.type !== 'ImportDeclaration') continue;
        node.importKind = marks.includes(node.range[0] + 'import '.length) ? 'type' : 'value';
        for (const specifier of node.specifiers ?? [])
          specifier.importKind = marks.includes(specifier.range[0] - 'type '.length)
            ? 'type'
            : 'value';
      }
      return { ast };
    },
  };
}

const root = path.resolve(__dirname, '..');
const linter = new Linter({ configType: 'flat', cwd: root });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: typeImportParser() },
    plugins: { zones },
    rules: {
      'zones/no-cross-zone': 'error' as const,
      'zones/no-database-in-routes': 'error' as const,
    },
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
  expect(refusals('server/src/main.ts', "import '../src/boot/app';")).toEqual([]);
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

test('the console (admin/) imports the kernel, never the server or the storefront', () => {
  expect(refusals('admin/src/pages/a.ts', "import '../../../contract/admin/index.ts';")).toEqual(
    [],
  );
  expect(refusals('admin/src/a.ts', "import '../../server/src/admin/staff.ts';")).toEqual([
    expect.stringContaining('The merchant console (admin/)'),
  ]);
  expect(refusals('admin/src/a.ts', "import '@/api/request';")).toEqual([
    expect.stringContaining('The merchant console (admin/)'),
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

test('the server keeps its layers: entry points → boot → routes → domains → db → lib', () => {
  // Allowed: boot wires everything; routes call domains; domains read settings, db and lib.
  expect(refusals('server/src/main.ts', "import './boot/runtime.ts';")).toEqual([]);
  expect(refusals('server/src/boot/app.ts', "import '../routes/goods.ts';")).toEqual([]);
  expect(refusals('server/src/routes/catalog/goods.ts', "import '../catalog/service.ts';")).toEqual(
    [],
  );
  expect(
    refusals('server/src/orders/a.ts', "import type { AppDeps } from '../boot/deps.ts';"),
  ).toEqual([]);
  expect(refusals('server/src/orders/a.ts', "import '../boot/config.ts';")).toEqual([]);
  expect(refusals('server/src/orders/a.ts', "import { yuan } from '../lib/money.ts';")).toEqual([]);
  expect(refusals('server/src/db/a.ts', "import '../lib/sealed.ts';")).toEqual([]);
  expect(refusals('server/src/lib/a.ts', "import './money.ts';")).toEqual([]);
  // Refused: a domain importing a route file, lib or db importing upwards, the wiring from below.
  expect(refusals('server/src/orders/a.ts', "import '../routes/order.ts';")).toEqual([
    expect.stringContaining('a domain never imports routes/'),
  ]);
  expect(refusals('server/src/lib/a.ts', "import '../orders/machine.ts';")).toEqual([
    expect.stringContaining('server/src/lib/ holds shared utilities and imports no domain'),
  ]);
  expect(refusals('server/src/db/a.ts', "import('../orders/schema.ts');")).toEqual([
    expect.stringContaining('server/src/db/'),
  ]);
  expect(refusals('server/src/jobs/a.ts', "import '../boot/runtime.ts';")).toEqual([
    expect.stringContaining('The start-up wiring'),
  ]);
  expect(refusals('server/src/boot/a.ts', "import '../main.ts';")).toEqual([
    expect.stringContaining('Nothing imports an entry point'),
  ]);
});

test('server/src holds folders and the entry points only', () => {
  expect(refusals('server/src/worker.ts', '')).toEqual([]);
  expect(refusals('server/src/boot/config.ts', '')).toEqual([]);
  expect(refusals('server/src/users.ts', '')).toEqual([
    expect.stringContaining('server/src holds only the entry points'),
  ]);
});

test('the kernel imports nothing from the storefront or the server', () => {
  expect(refusals('contract/api/a.ts', "import { Envelope } from './envelope.ts';")).toEqual([]);
  expect(refusals('contract/brands/a.ts', "import '../../src/brands';")).toEqual([
    expect.stringContaining('The kernel (contract/) imports nothing'),
  ]);
});

test('route files hand the database to services and never query it themselves', () => {
  const route = 'server/src/routes/catalog/goods.ts';
  const refused = expect.stringContaining('route handlers keep to HTTP');
  // Allowed: types, services, and passing `db` on to a service.
  expect(refusals(route, "import type { Kysely } from 'kysely';")).toEqual([]);
  expect(refusals(route, "import type { Database } from '../../db/schema.ts';")).toEqual([]);
  expect(refusals(route, "import { type Database } from '../../db/schema.ts';")).toEqual([]);
  expect(refusals(route, "import { createCatalog } from '../../catalog/service.ts';")).toEqual([]);
  expect(refusals(route, 'const { db } = app.deps; await listAddresses(db, user);')).toEqual([]);
  expect(refusals(route, 'const later = [1, 2].with(0, 3);')).toEqual([]);
  // Refused: kysely's values, the db folder's values, and any query or transaction.
  expect(refusals(route, "import { sql } from 'kysely';")).toEqual([refused]);
  expect(refusals(route, "import { MIGRATIONS_DIR } from '../../db/migrate.ts';")).toEqual([
    refused,
  ]);
  expect(refusals(route, "const db = await import('../../db/index.ts');")).toEqual([refused]);
  expect(refusals(route, "await app.deps.db.selectFrom('goods').selectAll().execute();")).toEqual([
    refused,
  ]);
  expect(refusals(route, "await db.insertInto('uv_daily').values(row).execute();")).toEqual([
    refused,
  ]);
  expect(refusals(route, 'await deps.db.transaction().execute(work);')).toEqual([refused]);
  expect(refusals(route, "await trx.updateTable('addresses').set(change).execute();")).toEqual([
    refused,
  ]);
  expect(refusals(route, "deps.db.with('recent', query);")).toEqual([refused]);
  // Elsewhere in the server, services and repositories own the SQL.
  expect(refusals('server/src/catalog/repository.ts', "import { sql } from 'kysely';")).toEqual([]);
  expect(refusals('server/src/addresses/service.ts', "db.deleteFrom('addresses');")).toEqual([]);
});
