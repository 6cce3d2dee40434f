/**
 * `npm run worker`: a process that runs the scheduled and outbox jobs against PostgreSQL, for
 * set-ups where the API processes run with JOBS=worker. Several workers may run; pg-boss hands
 * each job to one of them. It leaves a heartbeat in `worker_heartbeats` every 15 s, which the
 * API's `/health/ready` checks. SIGINT/SIGTERM finish the job in hand, then exit.
 */
import './boot/node-version.ts';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './boot/config.ts';
import { openRuntime } from './boot/runtime.ts';

const HEARTBEAT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const problems: string[] = [];
  if (!config.databaseUrl)
    problems.push('DATABASE_URL must be set: the worker shares PostgreSQL with the API processes');
  if (config.anySandbox && !config.notifyBaseUrl)
    problems.push('NOTIFY_BASE_URL must be set: sandbox notifications from the worker go there');
  if (problems.length > 0) throw new ConfigError(problems);
  const runtime = await openRuntime(config, {
    dataDir: path.join(config.dataDir, 'pglite'),
    runJobs: true,
    seed: false,
    notifyBase: () => config.notifyBaseUrl!,
  });
  const { db, jobs } = runtime.deps;
  const worker = `${os.hostname()}:${process.pid}`;
  const startedAt = new Date();
  const beat = () =>
    db
      .insertInto('worker_heartbeats')
      .values({ worker, started_at: startedAt, seen_at: new Date() })
      .onConflict((oc) => oc.column('worker').doUpdateSet({ seen_at: new Date() }))
      .execute();
  await beat();
  const heartbeat = setInterval(() => {
    beat().catch((error: unknown) => jobs.log.error({ err: error }, 'heartbeat failed'));
  }, HEARTBEAT_MS);
  await jobs.startPolling(config.jobsPollMs);
  jobs.log.info({ worker }, 'worker started');
  for (const warning of config.warnings) jobs.log.warn(warning);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    jobs.log.info({ signal }, 'worker stopping');
    clearInterval(heartbeat);
    db.deleteFrom('worker_heartbeats')
      .where('worker', '=', worker)
      .execute()
      .catch(() => undefined)
      .then(() => runtime.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error('worker refused to start:');
    for (const problem of error.problems) console.error(`  - ${problem}`);
  } else console.error('worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
