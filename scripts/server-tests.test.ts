/**
 * Every server test file says which engines it runs on, and a file whose suites are pinned to a
 * pass it is not in is refused (its tests would silently never run).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readEngines } from './server-tests';

describe('server test engines', () => {
  it('are declared by every file of server/test, a third or more on both engines', () => {
    const { files, problems } = readEngines(path.join(__dirname, '../server/test'));
    expect(problems).toEqual([]);
    const both = files.filter((entry) => entry.engines.length === 2);
    expect(both.map((entry) => path.basename(entry.file))).toEqual(
      expect.arrayContaining(['order-flow.test.ts', 'stock.test.ts', 'job-queue.test.ts']),
    );
  });

  it('refuses a file without the line and one pinned to the other pass', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'engines-'));
    try {
      writeFileSync(path.join(dir, 'bare.test.ts'), "test('x', () => {});\n");
      writeFileSync(
        path.join(dir, 'pinned.test.ts'),
        "// engines: pglite (headers)\ndescribe('h', { skip: onlyOn('postgres') }, () => {});\n",
      );
      writeFileSync(path.join(dir, 'fine.test.ts'), '// engines: both (row locks)\n');
      const { files, problems } = readEngines(dir);
      expect(problems).toEqual([
        expect.stringMatching(/^bare\.test\.ts: no "\/\/ engines/),
        'pinned.test.ts: a suite runs only on postgres, a pass this file is not in',
      ]);
      expect(files.find((entry) => entry.file.endsWith('fine.test.ts'))?.engines).toEqual([
        'pglite',
        'postgres',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
