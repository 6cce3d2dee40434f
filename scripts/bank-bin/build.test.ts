import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

// The committed issuer table must be exactly what the generator makes from the installed
// packages, so nobody hand-edits it and a package upgrade is a visible, regenerated change.
it('the committed issuer table is what build.ts generates', () => {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const out = execFileSync(tsx, [path.join(__dirname, 'build.ts'), '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(JSON.parse(out)).toEqual(expect.objectContaining({ upToDate: true }));
}, 60_000);
