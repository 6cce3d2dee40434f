/**
 * What the API process, the worker process, the tests and the benchmark all start the same way:
 * the database (migrated, and seeded when empty), the job queue, the providers, and the deps that
 * tie them together. Who runs jobs is the caller's choice (`runJobs`): the worker always, the API
 * when JOBS=in-process (the single-machine default), tests never on their own (they drain).
 */
import { CATALOG_CHANNEL, catalogChanged } from '../catalog/changes.ts';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { armCrashPoint } from '../lib/crash-points.ts';
import { createDatabase, type DatabaseHandle } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import type { AppDeps } from './deps.ts';
import { JOB_DEFINITIONS } from '../jobs/definitions.ts';
import { JobQueue } from '../jobs/queue.ts';
import { createProviders } from '../providers/index.ts';
import { seedIfEmpty } from '../seed/index.ts';
import { SESSIONS_CHANNEL, sessionCacheOf } from '../plugins/session-cache.ts';

export interface RuntimeOptions {
  /** PGlite data directory (or `memory://`) when the config names no PostgreSQL. */
  dataDir: string;
  /** Run scheduled jobs and supervise the queue from this process (not just add jobs). */
  runJobs: boolean;
  /**
   * This process's own address: the origin of notifications and of the pages users are sent to
   * when the config names none (NOTIFY_BASE_URL, PUBLIC_BASE_URL).
   */
  notifyBase: () => string;
  /**
   * The origin users reach this process on when PUBLIC_BASE_URL is unset (development): the
   * address the README opens (`http://localhost:PORT`), so the face and signing pages share the
   * H5 app's origin. Defaults to `notifyBase`.
   */
  publicBase?: () => string;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Until the app's own logger exists. */
  log?: FastifyBaseLogger;
  /** Fill an empty database with the demo catalogue (not the worker's job). */
  seed?: boolean;
}

export interface Runtime {
  deps: AppDeps;
  database: DatabaseHandle;
  /** Stops the job queue, then closes the database. */
  close(): Promise<void>;
}

export async function openRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  armCrashPoint(config.crashAt);
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    preparedStatements: config.databasePreparedStatements,
    dataDir: options.dataDir,
  });
  await migrate(database.db);
  if (options.seed !== false) await seedIfEmpty(database.db);
  const log = options.log ?? (pino({ level: config.logLevel }) as FastifyBaseLogger);
  const jobs = new JobQueue<AppDeps>(database.db, {
    schedule: options.runJobs,
    supervise: options.runJobs,
    log,
    listen: database.listen,
  });
  // Configured origins, else this process's address: never a request's Host.
  const notifyBase = () => config.notifyBaseUrl ?? options.notifyBase();
  const publicBase = () => config.publicBaseUrl ?? (options.publicBase ?? options.notifyBase)();
  const providers = await createProviders(config, {
    db: database.db,
    jobs,
    notifyBase,
    now: options.now,
  });
  const deps: AppDeps = {
    db: database.db,
    config,
    providers,
    jobs,
    now: options.now ?? (() => new Date()),
    publicBase,
    notifyBase,
  };
  jobs.attach(deps, JOB_DEFINITIONS);
  await jobs.start();
  // Another process's catalogue write (the console on another API process) empties this one's
  // catalogue caches when it commits.
  const unlistenCatalog = await database.listen(CATALOG_CHANNEL, catalogChanged);
  // Shoppers' sessions are kept in memory only while this process hears every revocation.
  const sessions = sessionCacheOf(database.db);
  const unlistenSessions = await database.listen(
    SESSIONS_CHANNEL,
    (tokenHash) => sessions.forgetToken(tokenHash),
    () => sessions.disable(),
  );
  sessions.enable();
  return {
    deps,
    database,
    async close() {
      sessions.disable();
      await unlistenSessions();
      await unlistenCatalog();
      await jobs.stop();
      await database.close();
    },
  };
}
