/**
 * What fills a mini-program's main package, module by module.
 *
 *   ANALYZE=1 DIST_DIR=/tmp/dist-x npx tsx scripts/build.ts weapp    writes dist/.stage/weapp.stats.json
 *   npx tsx scripts/mini-stats.ts /tmp/dist-x/.stage/weapp [--top 25]
 *
 * For each script of the main package (outside every subpackage root) it prints the biggest
 * modules by minified bytes, measured in the built file itself, and for each one the import
 * chain that puts it there: the first path from the app or a main-package page. A module that
 * only subpackage pages need, pulled in through app.ts or a barrel file, shows up here.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as acorn from 'acorn';
import type { Compiler } from 'webpack';

/** The part of webpack's stats JSON this report reads. */
interface StatsModule {
  id?: string | number | null;
  name: string;
  size: number;
  chunks?: (string | number)[];
  reasons?: { moduleName?: string | null; resolvedModule?: string | null; type?: string }[];
  modules?: StatsModule[];
}
interface Stats {
  modules: StatsModule[];
}

/** Webpack plugin (config/index.ts adds it when ANALYZE=1): the stats JSON beside the output. */
export class StatsFilePlugin {
  constructor(private readonly file: string) {}

  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({
        all: false,
        modules: true,
        // With the persistent cache on, unchanged modules are "cached" and left out otherwise.
        cachedModules: true,
        nestedModules: true,
        reasons: true,
        ids: true,
        // H5: which modules each chunk holds (the first route's chunks are named in index.html).
        chunks: true,
        chunkModules: true,
        // Every module by name: by default webpack folds the modules that only other modules
        // need (those concatenated into another) into one nameless group per chunk.
        dependentModules: true,
      });
      fs.writeFileSync(this.file, JSON.stringify(json));
    });
  }
}

/** Minified bytes per module id in one built chunk file (`push([[id],{<id>:function…}])`). */
export function moduleBytes(code: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const program = acorn.parse(code, { ecmaVersion: 'latest' }) as acorn.Node & {
    body: acorn.Node[];
  };
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; properties?: unknown[] } & Record<string, unknown>;
    if (n.type === 'ObjectExpression' && n.properties?.length) {
      const props = n.properties as {
        type: string;
        key: { type: string; value?: unknown; name?: string };
        value: acorn.Node & { type: string };
      }[];
      const modules = props.every(
        (p) =>
          p.type === 'Property' &&
          (p.key.type === 'Literal' || p.key.type === 'Identifier') &&
          /Function/.test(p.value.type),
      );
      if (modules && props.length > 0) {
        for (const p of props)
          sizes.set(
            String(p.key.value ?? p.key.name),
            Buffer.byteLength(code.slice(p.value.start, p.value.end)),
          );
        return;
      }
    }
    for (const value of Object.values(n)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return sizes;
}

const short = (name: string) =>
  name
    .replace(/^(\.\.\/[^ ]*?)?node_modules\//, '~/')
    .replace(/ \+ \d+ modules$/, '')
    .replace(/\?.*$/, '');

/** Runtime entries of the main package: app.ts and the pages outside every subpackage. */
function isMainEntry(unit: string, subRoots: string[]): boolean {
  const file = short(unit);
  if (/^\.\/src\/app\.tsx?$/.test(file)) return true;
  const page = file.match(/^\.\/src\/(pages\/.+)\.tsx?$/)?.[1];
  return !!page && !subRoots.some((root) => page.startsWith(`${root}/`));
}

/**
 * The import graph between emitted modules. Webpack concatenates modules into one emitted unit
 * (`./src/i18n/index.ts + 5 modules`) and names the inner ones in its reasons, so every name is
 * mapped to its unit. Page `.config.ts` files are build-time entries, not importers at run time.
 */
function importGraph(stats: Stats): {
  byId: Map<string, string>;
  importers: Map<string, Set<string>>;
} {
  const unitOf = new Map<string, string>();
  const byId = new Map<string, string>();
  for (const m of stats.modules) {
    unitOf.set(m.name, m.name);
    if (m.id !== undefined && m.id !== null) byId.set(String(m.id), m.name);
    for (const inner of m.modules ?? []) unitOf.set(inner.name, m.name);
  }
  const importers = new Map<string, Set<string>>();
  for (const m of stats.modules) {
    const set = importers.get(m.name) ?? new Set<string>();
    for (const reason of [m, ...(m.modules ?? [])].flatMap((x) => x.reasons ?? [])) {
      const from = reason.moduleName ? (unitOf.get(reason.moduleName) ?? reason.moduleName) : '';
      if (from && from !== m.name && !/\.config\.ts$/.test(short(from))) set.add(from);
    }
    importers.set(m.name, set);
  }
  return { byId, importers };
}

/** The shortest import chain from a main-package entry to `target`, entry first. */
function chainTo(target: string, importers: Map<string, Set<string>>, subRoots: string[]) {
  const cameFrom = new Map<string, string | null>([[target, null]]);
  const queue = [target];
  while (queue.length) {
    const current = queue.shift() as string;
    if (isMainEntry(current, subRoots)) {
      const chain: string[] = [];
      for (let at: string | null = current; at; at = cameFrom.get(at) ?? null)
        chain.push(short(at));
      return chain;
    }
    for (const importer of importers.get(current) ?? []) {
      if (!cameFrom.has(importer)) {
        cameFrom.set(importer, current);
        queue.push(importer);
      }
    }
  }
  return [];
}

function main(): void {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const topAt = args.indexOf('--top');
  const top = topAt === -1 ? 20 : Number(args[topAt + 1]);
  if (!dir) throw new Error('usage: mini-stats.ts <staged mini-program folder> [--top N]');
  const stats = JSON.parse(
    fs.readFileSync(`${dir.replace(/\/$/, '')}.stats.json`, 'utf8'),
  ) as Stats;
  const app = JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as {
    subPackages?: { root: string }[];
    subpackages?: { root: string }[];
  };
  const subRoots = (app.subPackages ?? app.subpackages ?? []).map((s) => s.root);

  const { byId, importers } = importGraph(stats);

  const mainScripts = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .concat(
      (function pages(rel: string): string[] {
        const full = path.join(dir, rel);
        if (!fs.existsSync(full)) return [];
        return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => {
          const child = `${rel}/${e.name}`;
          if (subRoots.some((root) => child === root || child.startsWith(`${root}/`))) return [];
          if (e.isDirectory()) return pages(child);
          return e.name.endsWith('.js') ? [child] : [];
        });
      })('pages'),
    );

  let total = 0;
  for (const file of mainScripts) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    total += Buffer.byteLength(code);
    const sizes = moduleBytes(code);
    console.log(
      `\n${file}: ${(Buffer.byteLength(code) / 1024).toFixed(1)} KB, ${sizes.size} modules`,
    );
    const rows = [...sizes]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([id, bytes]) => {
        const unit = byId.get(id);
        const name = unit ? short(unit) : `#${id}`;
        const via = unit ? chainTo(unit, importers, subRoots).slice(0, -1).join(' → ') : '';
        return `  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${name}${via ? `  ⟵ ${via}` : ''}`;
      });
    rows.forEach((row) => console.log(row));
  }
  console.log(`\nmain-package scripts: ${(total / 1024).toFixed(1)} KB `);
}

if (require.main === module) main();
