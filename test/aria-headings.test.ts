/**
 * Every element the storefront marks `role="heading"` says its level: a heading without
 * `aria-level` is an ARIA error (Lighthouse's aria-required-attr), and it was one on most pages
 * through the page frame's policy prompt. Read from the sources, so a new screen is covered.
 */
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [file] : [];
  });
}

/** Opening tags (attributes may hold `{…}` expressions) that carry role="heading". */
const HEADING_TAG = /<\w+(?:[^>{]|\{[^}]*\})*?role="heading"(?:[^>{]|\{[^}]*\})*?>/g;

test('every role="heading" carries aria-level', () => {
  const withoutLevel = sourceFiles(SRC).flatMap((file) => {
    const source = fs.readFileSync(file, 'utf8');
    return [...source.matchAll(HEADING_TAG)]
      .filter((match) => !match[0].includes('aria-level'))
      .map((match) => `${path.relative(SRC, file)}: ${match[0].replace(/\s+/g, ' ')}`);
  });
  expect(withoutLevel).toEqual([]);
});

test('the check sees headings written over several lines', () => {
  const source = '<Text\n  className="x"\n  role="heading"\n  onClick={() => go({ a: 1 })}\n>';
  expect(source.match(HEADING_TAG)).toHaveLength(1);
});
