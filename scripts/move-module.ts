/**
 * Moves source files with `git mv` and rewrites every relative module path that points at them
 * (static and dynamic imports, `import type`, `export … from`, `require`, `jest.mock`,
 * `new URL('…', import.meta.url)`), as well as the moved files' own relative imports, in every
 * tracked file of the repository. Repository paths written out in text (`server/src/main.ts` in a
 * test, a README or a comment) are rewritten too.
 *
 *   npx tsx scripts/move-module.ts <from> <to> [<from> <to> …]
 *
 * A <from> that is a folder moves every tracked file under it. Paths are repository paths.
 * Afterwards run both tsc projects and eslint: the script rewrites, the checks prove.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
process.chdir(root);

const CODE = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx)$/;
const TEXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|md|json|yml|yaml|sh)$/;
/** tsconfig.json's path aliases, kept as aliases when their target moves. */
const ALIASES: [string, string][] = [
  ['@contract/', 'contract/'],
  ['@/', 'src/'],
];
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && fs.existsSync(file));
const trackedSet = new Set(tracked);

/** Old repository path → new, one entry a file. */
function plan(pairs: string[]): Map<string, string> {
  if (pairs.length === 0 || pairs.length % 2 !== 0)
    throw new Error('usage: move-module.ts <from> <to> [<from> <to> …]');
  const moves = new Map<string, string>();
  for (let i = 0; i < pairs.length; i += 2) {
    const from = pairs[i].replace(/\/$/, '');
    const to = pairs[i + 1].replace(/\/$/, '');
    if (trackedSet.has(from)) {
      moves.set(from, to);
      continue;
    }
    const under = tracked.filter((file) => file.startsWith(`${from}/`));
    if (under.length === 0) throw new Error(`${from}: no tracked file or folder`);
    for (const file of under) moves.set(file, to + file.slice(from.length));
  }
  for (const to of moves.values())
    if (trackedSet.has(to) && !moves.has(to)) throw new Error(`${to}: already exists`);
  return moves;
}

const posix = (p: string) => p.split(path.sep).join('/');

/** The tracked file a relative specifier written in `fromFile` names, and the suffix it left off. */
function resolve(
  specifier: string,
  fromFile: string,
): { file: string; suffix: string } | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  const base = alias
    ? alias[1] + specifier.slice(alias[0].length)
    : posix(path.normalize(path.join(path.dirname(fromFile), specifier)));
  for (const suffix of RESOLVE_SUFFIXES)
    if (trackedSet.has(base + suffix)) return { file: base + suffix, suffix };
  return undefined;
}

/** The specifier that names `target` from `fromFile`, leaving off what the old one left off. */
function specifierFor(target: string, suffix: string, fromFile: string, old: string): string {
  const written = suffix ? target.slice(0, -suffix.length) : target;
  const alias = ALIASES.find(
    ([prefix, folder]) => old.startsWith(prefix) && written.startsWith(folder),
  );
  if (alias) return alias[0] + written.slice(alias[1].length);
  let relative = posix(path.relative(path.dirname(fromFile), written));
  if (!relative.startsWith('.')) relative = `./${relative}`;
  return relative;
}

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function main() {
  const moves = plan(process.argv.slice(2));
  const movedFolders = new Map<string, string>();
  for (let i = 2; i < process.argv.length; i += 2) {
    const from = process.argv[i].replace(/\/$/, '');
    if (!trackedSet.has(from)) movedFolders.set(from, process.argv[i + 1].replace(/\/$/, ''));
  }
  const changed: string[] = [];
  for (const file of tracked) {
    if (!TEXT.test(file) || file.startsWith('node_modules/')) continue;
    const original = fs.readFileSync(file, 'utf8');
    let text = original;
    const newFile = moves.get(file) ?? file;
    if (CODE.test(file)) {
      // Any quoted relative path: the module paths of every import form, and import.meta.url's.
      text = text.replace(
        /(['"`])((?:\.\.?\/|@contract\/|@\/)[^'"`\s]*)\1/g,
        (whole, quote: string, specifier: string) => {
          const found = resolve(specifier, file);
          if (!found) return whole;
          const newTarget = moves.get(found.file) ?? found.file;
          if (newTarget === found.file && newFile === file) return whole;
          return quote + specifierFor(newTarget, found.suffix, newFile, specifier) + quote;
        },
      );
    }
    // Repository paths written out: files first (longest first), then moved folders.
    const written = [...moves.entries(), ...movedFolders.entries()].sort(
      (a, b) => b[0].length - a[0].length,
    );
    for (const [from, to] of written) {
      const pattern = new RegExp(`(?<![\\w./-])${escape(from)}(?![\\w-])`, 'g');
      text = text.replace(pattern, to);
    }
    if (text !== original) {
      fs.writeFileSync(file, text);
      changed.push(file);
    }
  }
  for (const [from, to] of moves) {
    fs.mkdirSync(path.dirname(to), { recursive: true });
    execFileSync('git', ['mv', from, to]);
  }
  console.log(`moved ${moves.size} file(s); rewrote paths in ${changed.length} file(s)`);
  for (const file of changed) console.log(`  ${file}`);
}

main();
