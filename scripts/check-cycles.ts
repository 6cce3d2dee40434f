/**
 * No import cycles anywhere in the repository's code: server/, src/, contract/, admin/ and the
 * scripts, browser tests and unit tests beside them (issue 35).
 * eslint-plugin-import's `no-cycle` is not installed; like eslint/zones.mjs this is the little of
 * it the repository needs. It reads every module, resolves its relative and aliased (`@/`,
 * `@contract/`) imports to files (static and dynamic imports, `export … from`, `require`,
 * `jest.mock`), and reports each strongly connected group of files with one path around it.
 *
 * Imports of types only (`import type …`, `import { type A }`, `export type … from`) are left
 * out: TypeScript erases them, so they order nothing at start-up.
 *
 *   npx tsx scripts/check-cycles.ts     (run by `npm run lint`; exits 1 on a cycle)
 */
import fs from 'node:fs';
import path from 'node:path';

export const CHECKED_FOLDERS = ['server', 'src', 'contract', 'admin', 'scripts', 'e2e', 'test'];
const CODE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const SKIPPED = /(^|\/)(node_modules|dist|coverage|reports|data)(\/|$)|\.d\.ts$/;
const ALIASES: [string, string][] = [
  ['@contract/', 'contract/'],
  ['@/', 'src/'],
];
const SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/** Each module specifier `source` imports for a value (not for types only). */
export function valueImports(source: string): string[] {
  // Comments out first, so an example in a doc comment is no import.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  const statement =
    /\b(import|export)\s+(type\s+)?([\w*\s{},$]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(statement)) {
    if (match[5]) {
      found.push(match[5]);
      continue;
    }
    if (match[2]) continue;
    const names = match[3].trim();
    const braces = /^(?:[\w$]+\s*,\s*)?\{([^}]*)\}$/.exec(names);
    const onlyTypes =
      braces &&
      !/^[\w$]+\s*,/.test(names) &&
      braces[1].trim() !== '' &&
      braces[1]
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith('type '));
    if (!onlyTypes) found.push(match[4]);
  }
  const call = /\b(?:import|require|jest\.(?:mock|doMock|requireActual))\s*\(\s*['"]([^'"]+)['"]/g;
  for (const match of code.matchAll(call)) found.push(match[1]);
  return found;
}

/** The repository file `specifier` names from `fromFile`, when it is one of `files`. */
export function resolveImport(
  specifier: string,
  fromFile: string,
  files: ReadonlySet<string>,
): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = alias[1] + specifier.slice(alias[0].length);
  else if (specifier.startsWith('.'))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return undefined;
  for (const suffix of SUFFIXES) if (files.has(base + suffix)) return base + suffix;
  // `./x.js` written for `./x.ts`.
  const withoutJs = base.replace(/\.js$/, '');
  for (const suffix of ['.ts', '.tsx'])
    if (files.has(withoutJs + suffix)) return withoutJs + suffix;
  return undefined;
}

/** Repository path → the sources of the modules it imports for a value. */
export function importGraph(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const files = new Set(sources.keys());
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const targets = valueImports(source)
      .map((specifier) => resolveImport(specifier, file, files))
      .filter((target): target is string => target !== undefined && target !== file);
    graph.set(file, [...new Set(targets)].sort());
  }
  return graph;
}

/** Every cycle as one path around it (`a → b → a`), one a strongly connected group. */
export function findCycles(graph: ReadonlyMap<string, string[]>): string[][] {
  // Tarjan's strongly connected components, iteratively (deep import chains).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length)
        low.set(
          work[work.length - 1].node,
          Math.min(low.get(work[work.length - 1].node)!, low.get(frame.node)!),
        );
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        if (group.length > 1) groups.push(group);
      }
    }
  }
  return groups.map((group) => pathAround(group, graph));
}

/** A shortest way from the group's first file back to itself, inside the group. */
function pathAround(group: string[], graph: ReadonlyMap<string, string[]>): string[] {
  const members = new Set(group);
  const start = [...group].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const way = [start];
        for (let at: string | undefined = node; at && at !== start; at = cameFrom.get(at))
          way.splice(1, 0, at);
        return [...way, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [...group, group[0]];
}

function sourcesUnder(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const file = folder ? `${folder}/${entry.name}` : entry.name;
      if (SKIPPED.test(file)) continue;
      if (entry.isDirectory()) walk(file);
      else if (CODE.test(entry.name))
        sources.set(file, fs.readFileSync(path.join(root, file), 'utf8'));
    }
  };
  for (const folder of CHECKED_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return sources;
}

function main() {
  const root = path.resolve(path.dirname(process.argv[1]), '..');
  const sources = sourcesUnder(root);
  const cycles = findCycles(importGraph(sources));
  if (cycles.length === 0) {
    console.log(`check-cycles: no import cycle among ${sources.size} modules`);
    return;
  }
  console.error(
    `check-cycles: ${cycles.length} import cycle(s); break each one (ARCHITECTURE.md):`,
  );
  for (const cycle of cycles) console.error(`  ${cycle.join(' → ')}`);
  process.exitCode = 1;
}

// Run as a script (not when a test imports it; no import.meta, which jest's CommonJS lacks).
if (/check-cycles\.ts$/.test(process.argv[1] ?? '')) main();
