/**
 * Simplified Chinese by area (contract/i18n/zh-Hans/, issue 22), read from the source as the
 * bundler sees it:
 * - every key sits in exactly one area;
 * - a module that names a key has the key's area registered by the time its code runs: the
 *   shared area always, any other by a top-level `registerMessages(…)` in the module or in a
 *   module it imports (imports run first), so no screen renders before its area is there; a
 *   module that reads an area's object itself (src/routes.ts its titles) needs no registration;
 * - the app and the main-package pages register only the main areas, so no subpackage's
 *   messages are pulled into the main package;
 * - the storefront imports the whole dictionaries for their types only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';
import type { Node, Statement } from '@babel/types';
import TestUtils from '@tarojs/test-utils-react';
import { createElement } from 'react';
import { ZH_HANS_AREAS, zhHans, type MessageArea } from '@contract/i18n/zh-Hans';
import { splitPackages } from '@/routes';
import { OrderCard } from '@/features/order/OrderList';

const root = path.resolve(__dirname, '../..');

/** The areas the main package carries: the shared layer's and the main-package pages'. */
const MAIN_AREAS: readonly MessageArea[] = [
  'shared',
  'routes',
  'home',
  'user',
  'customerService',
  'testAuth',
];

/** Files an import may resolve to: Taro picks `<name>.<platform>.ts` before `<name>.ts`. */
const EXTENSIONS = ['', '.ts', '.tsx', '.h5.ts', '.h5.tsx', '.weapp.ts', '.alipay.ts'];

const repoPath = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** Every platform's file `specifier` may resolve to from `from`, as repository paths. */
function resolveImport(from: string, specifier: string): string[] {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('@contract/'))
    base = path.join(root, 'contract', specifier.slice(10));
  else if (specifier.startsWith('.'))
    base = path.resolve(path.dirname(path.join(root, from)), specifier);
  else return [];
  const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile();
  const files = EXTENSIONS.map((ext) => base + ext).filter(isFile);
  if (files.length) return files.map(repoPath);
  return ['/index.ts', '/index.tsx']
    .map((index) => base + index)
    .filter(isFile)
    .map(repoPath);
}

interface SourceModule {
  /** What its value imports resolve to (type-only imports never run). */
  imports: string[];
  /** Keys it names: its string literals that are keys, and the keys a template literal starts. */
  keys: Set<string>;
  /** Areas its top-level `registerMessages(…)` calls register. */
  registers: Set<MessageArea>;
  /** Areas whose messages object it imports, and so reads without `t`. */
  reads: Set<MessageArea>;
}

const allKeys = Object.keys(zhHans);
const areaOfKey = new Map<string, MessageArea>();
for (const [area, messages] of Object.entries(ZH_HANS_AREAS) as [MessageArea, object][])
  for (const key of Object.keys(messages)) areaOfKey.set(key, area);

/** The area whose messages object `exported` (of the module at `file`) is, if any. */
function areaOf(file: string, exported: string): MessageArea | undefined {
  if (!file.startsWith('contract/i18n/zh-Hans/')) return undefined;
  const value: unknown = (require(path.join(root, file)) as Record<string, unknown>)[exported];
  return (Object.keys(ZH_HANS_AREAS) as MessageArea[]).find((a) => ZH_HANS_AREAS[a] === value);
}

/** The keys `node` and everything under it names. */
function keysUnder(node: Node, keys: Set<string>): void {
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') return;
  if (node.type === 'StringLiteral' && areaOfKey.has(node.value)) keys.add(node.value);
  if (node.type === 'TemplateLiteral') {
    const head = node.quasis[0].value.cooked ?? '';
    if (node.expressions.length === 0 && areaOfKey.has(head)) keys.add(head);
    if (node.expressions.length > 0 && head.includes('.'))
      allKeys.filter((key) => key.startsWith(head)).forEach((key) => keys.add(key));
  }
  for (const [field, value] of Object.entries(node)) {
    if (field === 'loc' || field.endsWith('Comments')) continue;
    for (const child of Array.isArray(value) ? value : [value])
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
        keysUnder(child as Node, keys);
  }
}

function readModule(file: string): SourceModule {
  const program = parse(fs.readFileSync(path.join(root, file), 'utf8'), {
    sourceType: 'module',
    plugins: ['typescript', 'jsx'],
  }).program;
  const imports: string[] = [];
  /** Local name → the area whose messages object it was imported as. */
  const areaNames = new Map<string, MessageArea>();
  const registers = new Set<MessageArea>();
  for (const statement of program.body as Statement[]) {
    if (statement.type === 'ImportDeclaration' && statement.importKind !== 'type') {
      const targets = resolveImport(file, statement.source.value);
      imports.push(...targets);
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ImportSpecifier') continue;
        const { imported } = specifier;
        const name = imported.type === 'Identifier' ? imported.name : imported.value;
        const area = targets.map((target) => areaOf(target, name)).find(Boolean);
        if (area) areaNames.set(specifier.local.name, area);
      }
    } else if (
      (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportAllDeclaration') &&
      statement.source &&
      statement.exportKind !== 'type'
    ) {
      imports.push(...resolveImport(file, statement.source.value));
    } else if (
      statement.type === 'ExpressionStatement' &&
      statement.expression.type === 'CallExpression' &&
      statement.expression.callee.type === 'Identifier' &&
      statement.expression.callee.name === 'registerMessages'
    ) {
      for (const argument of statement.expression.arguments) {
        const area = argument.type === 'Identifier' ? areaNames.get(argument.name) : undefined;
        if (!area) throw new Error(`${file}: registerMessages is given something not an area`);
        registers.add(area);
      }
    }
  }
  const keys = new Set<string>();
  keysUnder(program, keys);
  return { imports, keys, registers, reads: new Set(areaNames.values()) };
}

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const modules = new Map(sourceFiles('src').map((file) => [file, readModule(file)]));

const registeredMemo = new Map<string, Set<MessageArea>>();
/** Areas registered once `file` has loaded: by it and by everything it imports. */
function registeredBy(file: string, visiting = new Set<string>()): Set<MessageArea> {
  const known = registeredMemo.get(file);
  if (known) return known;
  const areas = new Set<MessageArea>(['shared']);
  const module = modules.get(file);
  if (!module || visiting.has(file)) return areas;
  visiting.add(file);
  for (const imported of module.imports)
    registeredBy(imported, visiting).forEach((area) => areas.add(area));
  module.registers.forEach((area) => areas.add(area));
  registeredMemo.set(file, areas);
  return areas;
}

/** Every module `entries` load. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file) || !modules.has(file)) continue;
    seen.add(file);
    stack.push(...(modules.get(file)?.imports ?? []));
  }
  return seen;
}

describe('Simplified Chinese by area', () => {
  test('every key sits in exactly one area', () => {
    const counted = Object.values(ZH_HANS_AREAS).reduce((n, m) => n + Object.keys(m).length, 0);
    expect(counted).toBe(allKeys.length);
    expect([...areaOfKey.keys()].sort()).toEqual([...allKeys].sort());
  });

  test("every module's keys are registered before its code runs", () => {
    const unregistered: string[] = [];
    for (const [file, module] of modules) {
      const areas = registeredBy(file);
      for (const key of module.keys) {
        const area = areaOfKey.get(key) as MessageArea;
        if (!areas.has(area) && !module.reads.has(area))
          unregistered.push(`${file}: ${key} (area ${area})`);
      }
    }
    expect(unregistered).toEqual([]);
  });

  test('the app and the main-package pages register only the main areas', () => {
    const entries = ['src/app.ts', ...splitPackages().mainPages.map((page) => `src/${page}.tsx`)];
    entries.forEach((entry) => expect([entry, modules.has(entry)]).toEqual([entry, true]));
    const registered = new Set<string>();
    for (const file of reachable(entries))
      modules.get(file)?.registers.forEach((area) => registered.add(`${area} (${file})`));
    const outside = [...registered].filter(
      (entry) => !MAIN_AREAS.some((area) => entry.startsWith(`${area} (`)),
    );
    expect(outside).toEqual([]);
  });

  test('the storefront imports whole dictionaries for their types only', () => {
    const dictionaries = fs
      .readdirSync(path.join(root, 'contract/i18n'))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => `contract/i18n/${name}`);
    const imports = [...modules].flatMap(([file, module]) =>
      module.imports.filter((target) => dictionaries.includes(target)).map((t) => `${file} → ${t}`),
    );
    expect(imports).toEqual([]);
  });
});

describe('a subpackage screen', () => {
  test('brings its area: the shared layer alone does not have it', () => {
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('./index')>('./index');
      expect(fresh.t('order.number', { id: 7 })).toBe('order.number');
    });
  });

  test('renders its Chinese text, never a key', async () => {
    const testUtils = new TestUtils();
    const order = {
      id: 7,
      orderNo: '20261101000007',
      status: 'RENTING',
      statusText: '租用中',
      actions: ['payBills'],
      goodsName: 'iPhone 15',
      cover: '',
      skuText: '256G',
      termUnit: 'month',
      term: 12,
      rentPerPeriod: 19900,
      perPeriod: 19900,
      deposit: 0,
      depositMethod: 'freeze',
      createdAt: '2026-11-01 10:00:00',
    };
    await testUtils.mount(() => createElement(OrderCard, { order }));
    const html = testUtils.html();
    expect(html).toContain('订单号 20261101000007');
    expect(html).toContain('查看账单');
    expect(html).not.toMatch(/order\.\w+/);
    testUtils.unmout();
  });
});
