/**
 * ORDER_STATE_FACTS is the one place a state's facts live: a new state must not compile until its
 * row and its catalogue texts exist, and the server's order-centre trigger (plain SQL, which no
 * compiler reads) must say what the rows say.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_TABS } from './api/order';
import {
  ORDER_STATE_FACTS,
  ORDER_STATUSES,
  PAYABLE_STATUSES,
  type OrderCentreState,
  type OrderStatus,
} from './order-status';

const ROOT = join(__dirname, '..');

/** The compiler's errors for the contract with `edit` applied, as `file: message` lines. */
function compileEdited(edit: (dir: string) => void): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'order-states-'));
  try {
    cpSync(join(ROOT, 'contract'), join(dir, 'contract'), {
      recursive: true,
      filter: (path) => !path.endsWith('.test.ts'),
    });
    edit(join(dir, 'contract'));
    const config = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        types: [],
        typeRoots: [join(ROOT, 'node_modules/@types')],
        paths: { '@sinclair/typebox': [join(ROOT, 'node_modules/@sinclair/typebox')] },
      },
      // The table, the five catalogues and the lists derived from the table.
      files: ['order-status.ts', 'i18n/index.ts', 'api/order.ts', 'admin/index.ts'].map((file) =>
        join(dir, 'contract', file),
      ),
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
    try {
      // The compiler `npm run typecheck` runs (TypeScript 7; the README's Layout says why), its
      // errors one a line: it colours them whenever FORCE_COLOR is set, to 0 too (npm test's).
      const compiler = join(ROOT, 'node_modules/typescript-7/bin/tsc');
      execFileSync(compiler, ['-p', dir, '--pretty', 'false'], { encoding: 'utf8' });
      return [];
    } catch (failure) {
      const output = String((failure as { stdout?: string }).stdout ?? '');
      return output
        .split('\n')
        .filter((line) => line.includes('error TS'))
        .map((line) => line.slice(line.indexOf('contract/') + 'contract/'.length));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const edited = (dir: string, file: string, change: (text: string) => string) =>
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));

const addState = (dir: string) =>
  edited(dir, 'order-status.ts', (text) =>
    text.replace("  'REJECTED',\n] as const;", "  'REJECTED',\n  'DUMMY',\n] as const;"),
  );

const filesNamed = (errors: string[]) =>
  Array.from(new Set(errors.map((line) => line.slice(0, line.indexOf('(')))));

describe('a new order state', () => {
  it('fails to compile until the facts table and the Simplified Chinese catalogue answer', () => {
    const errors = compileEdited(addState);
    expect(filesNamed(errors).sort()).toEqual([
      'i18n/zh-Hans/order.ts',
      'i18n/zh-Hans/shared.ts',
      'order-status.ts',
    ]);
    expect(errors.join('\n')).toMatch(/order-status\.ts.*Property 'DUMMY' is missing/);
    expect(errors.join('\n')).toContain('"order.status.DUMMY"');
    expect(errors.join('\n')).toContain('"order.hint.DUMMY"');
  }, 60_000);

  it('then fails in every other language until each names it', () => {
    const errors = compileEdited((dir) => {
      addState(dir);
      edited(dir, 'order-status.ts', (text) =>
        text.replace(
          'export const ORDER_STATE_FACTS: { readonly [State in OrderStatus]: OrderStateFacts } = {',
          '$&\n  DUMMY: { step: null, tab: "done", owing: false, deskTab: null, payable: [], orderCentre: null, terminal: true },',
        ),
      );
      edited(dir, 'i18n/zh-Hans/shared.ts', (text) =>
        text.replace("  'order.status.REJECTED': '审核拒绝',", "$&\n  'order.status.DUMMY': '假',"),
      );
      edited(dir, 'i18n/zh-Hans/order.ts', (text) =>
        text.replace("  'order.hint.other':", "  'order.hint.DUMMY': '假',\n$&"),
      );
    });
    expect(filesNamed(errors).sort()).toEqual([
      'i18n/en.ts',
      'i18n/es.ts',
      'i18n/fr.ts',
      'i18n/zh-Hant.ts',
    ]);
  }, 60_000);
});

describe('the lists read off the table', () => {
  it('puts every state on exactly one tab of My orders besides 全部', () => {
    const { all, owing, ...tabs } = ORDER_TABS;
    const listed = Object.values(tabs).flatMap((tab) => tab.statuses);
    expect([...listed].sort()).toEqual([...ORDER_STATUSES].sort());
    expect(all.statuses).toEqual([]);
    // 待还款: once the first payment is made and until the order is over.
    expect(owing.statuses).not.toContain('PENDING_PAY');
    expect(owing.statuses).toContain('SHIPPED');
    expect(owing.statuses).not.toContain('COMPLETED');
  });

  it('lets the first payment open only while the order waits for it', () => {
    expect(PAYABLE_STATUSES.first).toEqual(['PENDING_PAY']);
    expect(PAYABLE_STATUSES.stage).toContain('SHIPPED');
    expect(PAYABLE_STATUSES.foot).not.toContain('SHIPPED');
    for (const state of ['CANCELLED', 'COMPLETED', 'REJECTED'] as const)
      for (const kind of ['first', 'stage', 'foot', 'all'] as const)
        expect(PAYABLE_STATUSES[kind]).not.toContain(state);
  });
});

describe("the server's order-centre trigger", () => {
  /** The last migration that (re)defines the trigger function is the one in force. */
  function triggerMapping(): Map<string, string> {
    const dir = join(ROOT, 'server/migrations');
    const sql = readdirSync(dir)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(join(dir, file), 'utf8'))
      .filter((text) => text.includes('function alipay_order_sync_enqueue'))
      .pop();
    const pairs = [...(sql ?? '').matchAll(/when new\.to_status = '(\w+)' then '(\w+)'/g)];
    return new Map(pairs.map(([, state, centre]) => [state, centre]));
  }

  it("sends each state's order-centre state as its row says, and nothing for the others", () => {
    const fromTable = new Map<OrderStatus, OrderCentreState>();
    for (const state of ORDER_STATUSES) {
      const centre = ORDER_STATE_FACTS[state].orderCentre;
      if (centre) fromTable.set(state, centre);
    }
    expect(Object.fromEntries(triggerMapping())).toEqual(Object.fromEntries(fromTable));
  });
});
