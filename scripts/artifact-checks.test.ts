import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkArtifact, miniPackageSizes, MAX_MAIN_PACKAGE_BYTES } from './artifact-checks';
import { BRAND_PLACEHOLDER } from './brand-tokens';

let dir: string;

function write(rel: string, content: string | Buffer): void {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** A minimal, valid weapp artifact with a main page and one subpackage page. */
function goodWeapp(): void {
  write(
    'app.json',
    JSON.stringify({
      pages: ['pages/home/home'],
      subPackages: [{ root: 'pages/myOrder', pages: ['myOrder'] }],
    }),
  );
  write('app.js', 'App({})');
  for (const page of ['pages/home/home', 'pages/myOrder/myOrder']) {
    write(`${page}.js`, 'Page({})');
    write(`${page}.json`, '{}');
  }
  write('project.config.json', JSON.stringify({ appid: 'wx0000000000000001' }));
}

const base = {
  target: 'weapp' as const,
  brand: 1,
  appId: 'wx0000000000000001',
  seconds: 0,
  expectedPages: ['pages/home/home', 'pages/myOrder/myOrder'],
};

function check(overrides: Partial<Parameters<typeof checkArtifact>[0]> = {}) {
  return checkArtifact({ ...base, dir, ...miniPackageSizes(dir, ['pages/myOrder']), ...overrides })
    .problems;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artifact-'));
  goodWeapp();
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('passes a complete artifact', () => {
  expect(check()).toEqual([]);
});

it('counts subpackage files outside the main package', () => {
  write('pages/myOrder/big.js', Buffer.alloc(5000));
  const sizes = miniPackageSizes(dir, ['pages/myOrder']);
  expect(sizes.totalBytes - sizes.mainPackageBytes).toBeGreaterThanOrEqual(5000);
});

it('fails a route missing from app.json or from disk', () => {
  write('app.json', JSON.stringify({ pages: ['pages/home/home'] }));
  expect(check()).toContain('route pages/myOrder/myOrder missing from app.json');
  goodWeapp();
  fs.rmSync(path.join(dir, 'pages/myOrder/myOrder.js'));
  expect(check()).toContain('pages/myOrder/myOrder.js missing');
});

it('fails a missing app id, or a project file that names another', () => {
  expect(check({ appId: '' })).toContain('app id missing');
  write('project.config.json', JSON.stringify({ appid: 'wx0000000000000002' }));
  expect(check()).toContain('project.config.json has app id wx0000000000000002');
});

it('fails a main package over 2 MB', () => {
  write('vendors.js', Buffer.alloc(MAX_MAIN_PACKAGE_BYTES + 1));
  expect(check().some((p) => p.startsWith('main package'))).toBe(true);
});

it('fails a brand token left unstamped', () => {
  write('common.js', `var b="${BRAND_PLACEHOLDER}"`);
  expect(check()).toContain('unstamped brand token in common.js');
});
