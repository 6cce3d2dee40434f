/**
 * Runs the server: config from the environment, database (PGlite under DATA_DIR, or PostgreSQL
 * from DATABASE_URL), migrations, demo seed when empty, the API and, when built, the H5 app on one
 * port. SIGINT/SIGTERM stop accepting, let requests in flight finish, then close the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { createProviders } from './providers/index.ts';
import { seedIfEmpty } from './seed/index.ts';

/** How long in-flight requests get to finish on shutdown before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(handle.db);
  await seedIfEmpty(handle.db);

  const h5Dir = fs.existsSync(path.join(config.h5Dir, 'index.html')) ? config.h5Dir : undefined;
  const app = await buildApp(
    { db: handle.db, config, providers: createProviders(config), now: () => new Date() },
    { h5Dir },
  );
  app.log.info(
    { engine: handle.engine, h5: h5Dir ? 'served' : 'not built', env: config.appEnv },
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
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('server failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
