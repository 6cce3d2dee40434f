/** What every route and job can use, handed to `buildApp` (real ones in main.ts, fresh ones per test). */
import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from '../db/schema.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Providers } from '../providers/index.ts';

export interface AppDeps {
  db: Kysely<Database>;
  config: Config;
  providers: Providers;
  /** The job queue: the outbox of provider calls and the scheduled jobs (jobs/). */
  jobs: JobQueue<AppDeps>;
  /** The current time; tests move it forward to expire codes and tokens. */
  now: () => Date;
  /** Origin of the pages users are sent to (PUBLIC_BASE_URL, else this process's address). */
  publicBase: () => string;
  /** Origin providers call back (NOTIFY_BASE_URL, else this process's address). */
  notifyBase: () => string;
}
