/**
 * `npm start`: the product on one port. Builds the H5 app (scripts/build.ts compiles only when
 * its inputs changed since the last build, so an unchanged app costs a second) and the merchant
 * console (scripts/build-admin.ts, likewise), then runs the API server, which migrates and seeds
 * the embedded database when empty and serves the app beside the API (PORT, default 8080) and
 * the console at /admin/.
 */
import '../server/src/boot/node-version.ts';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
// Same output folder as scripts/build.ts (DIST_DIR, default dist/).
const h5Dir = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'h5');
const adminDir = path.resolve(root, process.env.DIST_DIR ?? 'dist', 'admin');

// The H5 app, then the merchant console (served at /admin/; skipped when unchanged too).
for (const script of [['scripts/build.ts', 'h5'], ['scripts/build-admin.ts']]) {
  const build = spawnSync(process.execPath, [tsx, ...script], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// As `npm run server` runs it (server/load-typescript.mjs says why not tsx).
const server = spawn(
  process.execPath,
  ['--import', './server/load-typescript.mjs', 'server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      H5_DIR: process.env.H5_DIR ?? h5Dir,
      ADMIN_DIR: process.env.ADMIN_DIR ?? adminDir,
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
