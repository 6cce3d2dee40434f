/**
 * Runs the server: config from the environment (production refuses sandboxes and default secrets,
 * listing every problem), database (PGlite under DATA_DIR, or PostgreSQL from DATABASE_URL),
 * migrations, demo seed when empty, the API and, when built, the H5 app on one port. With
 * JOBS=in-process (the default) this process also runs the scheduled and outbox jobs; with
 * JOBS=worker a separate `npm run worker` does. SIGINT/SIGTERM stop accepting, let requests in
 * flight and the job in hand finish, then close the database.
 */
import './boot/node-version.ts';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './boot/app.ts';
import { ConfigError, loadConfig } from './boot/config.ts';
import { ensureDemoOwner, productionStaffProblems } from './admin/bootstrap.ts';
import { ensureDevelopmentOpsCredential } from './ops/credentials.ts';
import { openRuntime } from './boot/runtime.ts';

/** How long in-flight requests get to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  let listening: string | undefined;
  let localPort: number | undefined;
  const runJobs = config.jobs === 'in-process';
  const runtime = await openRuntime(config, {
    dataDir: path.join(config.dataDir, 'pglite'),
    runJobs,
    notifyBase: () => {
      if (!listening) throw new Error('the server is not listening yet');
      return listening;
    },
    // Bound to every address (`npm start`), the README opens http://localhost:PORT: pages users
    // are sent to stay on that origin (a page on 127.0.0.1 would be another origin to the browser
    // and to the H5 web-view's host check). Bound to one address, that address is the origin.
    publicBase: () => {
      if (!listening) throw new Error('the server is not listening yet');
      return localPort === undefined ? listening : `http://localhost:${localPort}`;
    },
  });
  if (config.appEnv === 'production') {
    const problems = await productionStaffProblems(runtime.deps.db);
    if (problems.length > 0) {
      await runtime.close();
      throw new ConfigError(problems);
    }
  }
  const h5Dir = fs.existsSync(path.join(config.h5Dir, 'index.html')) ? config.h5Dir : undefined;
  const adminDir = fs.existsSync(path.join(config.adminDir, 'index.html'))
    ? config.adminDir
    : undefined;
  const app = await buildApp(runtime.deps, { h5Dir, adminDir });
  runtime.deps.jobs.log = app.log.child({ component: 'jobs' });
  // Development: a demo owner for the console, and the README's run drives demo orders through
  // the merchant's steps too (npm run ops), as that owner.
  if (config.appEnv === 'development') {
    const demo = await ensureDemoOwner(runtime.deps.db, config);
    app.log.info(
      { login: demo.login, passwordFile: demo.passwordFile },
      'development demo owner for /admin/api (its password is in the file)',
    );
    if (!config.opsToken) {
      const file = await ensureDevelopmentOpsCredential(
        runtime.deps.db,
        config.dataDir,
        demo.login,
      );
      app.log.info({ file }, 'development ops credential (npm run ops reads it)');
    }
  }
  app.log.info(
    {
      engine: runtime.database.engine,
      h5: h5Dir ? 'served' : 'not built',
      admin: adminDir ? 'served at /admin/' : 'not built',
      env: config.appEnv,
      jobs: config.jobs,
    },
    'starting',
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    force.unref();
    app
      .close()
      .then(() => runtime.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    // A wildcard bind is reached on loopback by this machine's own sandbox notifications.
    const wildcard = host === '0.0.0.0' || host === '[::]';
    listening = `http://${wildcard ? '127.0.0.1' : host}:${address.port}`;
    if (wildcard) localPort = address.port;
  }
  if (runJobs) await runtime.deps.jobs.startPolling(config.jobsPollMs);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error('server refused to start:');
    for (const problem of error.problems) console.error(`  - ${problem}`);
  } else console.error('server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
