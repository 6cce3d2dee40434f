/**
 * The server suite on one engine: `tsx scripts/server-tests.ts <pglite|postgres> [--isolated]
 * [node test options]`. The pass's files run one after another in one Node process
 * (scripts/server-test-files.ts says why); `--isolated` runs each in a process of its own, as
 * `node --test` does, for telling whether a failure comes from a file before it.
 *
 * Each server/test/*.test.ts starts with its engines and why:
 *
 *   // engines: both (row locks decide which notification counts)
 *   // engines: pglite (validation of fields: no engine difference)
 *   // engines: postgres (real processes on one database)
 *
 * Both engines are the same PostgreSQL, so SQL parses, plans and computes alike. They differ in
 * the connection (PGlite is one session: concurrent requests queue, a lock is never contended,
 * NOTIFY stays in the process), in what each driver makes of a value's text (pinned for every
 * column type by engine-types.test.ts) and in how a process reaches the database. `both` is for a
 * file whose outcome can depend on those (concurrency, row locks, transactions that roll back,
 * LISTEN/NOTIFY, a second process); a file whose only question is "the SQL and the values read
 * back" runs in one pass: PGlite for the storefront's (npm start's engine), PostgreSQL for the
 * console's and for the fuzz runs (a statement costs PostgreSQL about a quarter of PGlite's
 * CPU). A file without the line, or with a suite pinned by `onlyOn` to the pass it never runs
 * in, fails the run before any test starts.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TEST_NODE_ARGS } from '../server/test/node-args';
import { memoryTmpdir } from './memory-tmpdir';

export type Engine = 'pglite' | 'postgres';
const TAG = /^\/\/ engines: (both|pglite|postgres) \(.+\)$/m;

export interface TestFile {
  file: string;
  engines: readonly Engine[];
}

/** Each test file's engines, or the problems that keep the suite from running. */
export function readEngines(dir: string): { files: TestFile[]; problems: string[] } {
  const files: TestFile[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(dir)
    .filter((entry) => entry.endsWith('.test.ts'))
    .sort()) {
    const text = readFileSync(path.join(dir, name), 'utf8');
    const tag = TAG.exec(text.slice(0, 400))?.[1];
    if (!tag) {
      problems.push(`${name}: no "// engines: both|pglite|postgres (why)" line at the top`);
      continue;
    }
    const engines: Engine[] = tag === 'both' ? ['pglite', 'postgres'] : [tag as Engine];
    for (const pinned of ['pglite', 'postgres'] as const) {
      if (text.includes(`onlyOn('${pinned}')`) && !engines.includes(pinned))
        problems.push(`${name}: a suite runs only on ${pinned}, a pass this file is not in`);
    }
    files.push({ file: path.join(dir, name), engines });
  }
  return { files, problems };
}

function main() {
  const [engine, ...options] = process.argv.slice(2);
  if (engine !== 'pglite' && engine !== 'postgres') {
    console.error(
      'usage: tsx scripts/server-tests.ts <pglite|postgres> [--isolated] [node test options]',
    );
    process.exit(2);
  }
  const { files, problems } = readEngines(path.resolve('server/test'));
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const chosen = files.filter((entry) => entry.engines.includes(engine)).map((entry) => entry.file);
  const isolated = options.includes('--isolated');
  const nodeOptions = options.filter((option) => option !== '--isolated');
  console.log(
    `server tests on ${engine}: ${chosen.length} of ${files.length} files, ` +
      (isolated ? 'a process each' : 'in one process'),
  );
  const args = isolated
    ? [...TEST_NODE_ARGS, '--test', '--test-concurrency=1', ...nodeOptions, ...chosen]
    : [...TEST_NODE_ARGS, ...nodeOptions, path.join(__dirname, 'server-test-files.ts')];
  const tmpdir = process.env.TMPDIR ?? memoryTmpdir();
  const run = spawnSync(process.execPath, args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_DB: engine,
      SERVER_TEST_FILES: chosen.join('\n'),
      // Each PGlite test server copies the seeded database into its temp folder.
      ...(tmpdir ? { TMPDIR: tmpdir } : {}),
    },
  });
  process.exit(run.status ?? 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) main();
