/**
 * `npm start`: the product on one port. Builds the H5 app when it is missing or its sources
 * changed since the last build, then runs the API server, which migrates and seeds the embedded
 * database when empty and serves the app beside the API (PORT, default 8080).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const h5Dir = path.join(root, 'dist', 'h5');
const stampFile = path.join(h5Dir, '.source-hash');
const SOURCES = [
  'src',
  'config',
  'contract',
  'package-lock.json',
  'babel.config.js',
  'tsconfig.json',
];

function files(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((child) => files(path.join(entry, child.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** A hash of everything that goes into the H5 build: names and contents. */
function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files).sort()) {
    hash.update(path.relative(root, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

function ensureH5Build(): void {
  const hash = sourceHash();
  const built = fs.existsSync(path.join(h5Dir, 'index.html')) && fs.existsSync(stampFile);
  if (built && fs.readFileSync(stampFile, 'utf8').trim() === hash) {
    console.log('H5 app is up to date.');
    return;
  }
  console.log(
    built ? 'Sources changed: rebuilding the H5 app…' : 'Building the H5 app (first run)…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', 'h5'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stampFile, `${hash}\n`);
}

ensureH5Build();
const server = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, H5_DIR: process.env.H5_DIR ?? h5Dir },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
