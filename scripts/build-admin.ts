/**
 * `npm run build:admin`: the merchant console (admin/) with Vite into DIST_DIR/admin (default
 * dist/admin), served by the API server at /admin/. Skipped when its inputs (admin/,
 * contract/, the lockfile) are unchanged since the last build, as scripts/build.ts skips an
 * unchanged H5 compile. Prints the first load's JS (the entry and what index.html preloads),
 * gzipped, against its budget; over budget exits non-zero.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(__dirname, '..');
const out = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'admin');
const INPUTS = ['admin', 'contract', 'package-lock.json'];
const FIRST_LOAD_JS_GZIP_BUDGET = 300 * 1024;
const STAMP = '.build-inputs';

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files)) {
    hash.update(file).update(fs.readFileSync(path.join(root, file)));
  }
  hash.update(process.env.DIST_DIR ?? '');
  return hash.digest('hex');
}

/** The JS index.html loads before anything is clicked: its module scripts and modulepreloads. */
export function firstLoadJsGzipBytes(dir: string): { files: string[]; gzipBytes: number } {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((match) => match[1] ?? '');
  const names = [...new Set(urls)].map((url) => url.replace(/^\/admin\//, ''));
  const gzipBytes = names.reduce(
    (sum, name) => sum + zlib.gzipSync(fs.readFileSync(path.join(dir, name)), { level: 9 }).length,
    0,
  );
  return { files: names, gzipBytes };
}

async function main(): Promise<void> {
  const hash = inputsHash();
  const stamp = path.join(out, STAMP);
  const started = Date.now();
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) {
    console.log('admin: unchanged since the last build, kept dist/admin');
  } else {
    const { build } = await import('vite');
    await build({ configFile: path.join(root, 'admin/vite.config.ts'), logLevel: 'warn' });
    fs.writeFileSync(stamp, hash);
    console.log(`admin: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const first = firstLoadJsGzipBytes(out);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `admin: first-load JS ${kb(first.gzipBytes)} gzip (budget ${kb(FIRST_LOAD_JS_GZIP_BUDGET)}): ${first.files.join(', ')}`,
  );
  if (first.gzipBytes > FIRST_LOAD_JS_GZIP_BUDGET) {
    console.error('admin: first-load JS over budget');
    process.exit(1);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
