/**
 * Every page shell (src/pages) is the route table's: one shell per route, at the route's path,
 * defining that route and composing the screen ROUTE_SCREENS names for it, so the screen behind a
 * URL is found in src/routes.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROUTES, ROUTE_SCREENS } from '@/routes';

const SRC = path.join(__dirname, '../src');

function shells(dir = path.join(SRC, 'pages')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return shells(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

const routePathOf = (file: string) =>
  path
    .relative(SRC, file)
    .split(path.sep)
    .join('/')
    .replace(/\.tsx$/, '');

describe('page shells', () => {
  it('are one per route, at the route path', () => {
    expect(shells().map(routePathOf).sort()).toEqual(ROUTES.map((route) => route.path).sort());
  });

  it.each(ROUTES.map((route) => route.path))('%s composes the screen the table names', (page) => {
    const source = fs.readFileSync(path.join(SRC, `${page}.tsx`), 'utf8');
    const [module, exported] = ROUTE_SCREENS[page].split('.');
    const name = exported ?? module.split('/').pop();
    expect(source).toContain(`definePage('${page}', `);
    const imported = new RegExp(
      `import \\{[^}]*\\b${name}\\b[^}]*\\} from '@/features/${module}';`,
    );
    expect(source).toMatch(imported);
    // Composed, not only imported: the name appears again past its import.
    expect(source.replace(imported, '')).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('each has its page config beside it', () => {
    for (const route of ROUTES)
      expect(fs.existsSync(path.join(SRC, `${route.path}.config.ts`))).toBe(true);
  });
});
