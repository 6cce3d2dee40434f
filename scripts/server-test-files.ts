/**
 * One pass's server test files in one Node process, started by scripts/server-tests.ts with the
 * files in SERVER_TEST_FILES (one path a line). Each file is a suite of its own and is imported
 * inside it, so its top-level hooks and tests belong to that suite: the files run one after
 * another, each starting and closing its own servers as in a process of its own, and a failure
 * is reported under the file's path.
 *
 * Why one process: a file's process spent about 2 of its 5-7 CPU-s loading Node, tsx and the
 * server's ~1,500 modules before its first test, once per file, 88 times a run (29 Nov).
 * Imported without that suite (node --test --test-isolation=none), every file's top-level
 * `before` ran at once, all servers alive together.
 */
import path from 'node:path';
import { describe } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (process.env.SERVER_TEST_FILES ?? '').split('\n').filter(Boolean);
if (files.length === 0) throw new Error('SERVER_TEST_FILES names no test file');

for (const file of files) {
  describe(path.relative(root, file), async () => {
    await import(pathToFileURL(file).href);
  });
}
