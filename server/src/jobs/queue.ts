/**
 * The job queue: pg-boss on the application's own database, PostgreSQL or PGlite alike.
 *
 * pg-boss reaches the database only through Kysely (one `executeSql` adapter), which is what
 * makes it an outbox: `enqueue(trx, …)` inserts the job with the caller's transaction, so the job
 * exists exactly when the state change that needs it committed. It also means PGlite's single
 * connection is shared through the dialect's queue instead of being opened twice.
 *
 * Jobs are taken with pg-boss's `fetch` (`FOR UPDATE SKIP LOCKED`: a job goes to one runner, however
 * many processes poll) and finished with `complete` / `fail` (pg-boss then retries with
 * exponential backoff up to the queue's limit). The same `runDue` serves the in-process timer,
 * the separate worker and the tests' `drain`. Scheduled jobs are pg-boss cron schedules, sent by
 * whichever process runs the scheduler (at most once per tick, however many do).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db, Executor } from '../db/index.ts';

/** The queues; each has one definition in jobs/definitions.ts. */
export type JobName =
  | 'outbox'
  | 'sandbox-notify'
  | 'sandbox-notify-sweep'
  | 'payments-expire'
  | 'orders-sweep'
  | 'bills-withhold'
  | 'deposit-deduct'
  | 'payments-reconcile'
  | 'alipay-order-sync'
  | 'bills-remind'
  | 'sms-receipts'
  | 'wechat-deposits-settle';

export interface JobMeta {
  id: string;
  retryCount: number;
  retryLimit: number;
}

export interface JobDefinition<Context> {
  name: JobName;
  /** Cron expression (Asia/Shanghai time) for jobs that run on a schedule. */
  cron?: string;
  /** `stately`: at most one waiting and one running (sweeps); `standard`: every job is kept. */
  policy: 'standard' | 'stately';
  retryLimit: number;
  /** First retry delay; each later one doubles (pg-boss's backoff). */
  retryDelaySeconds: number;
  /** A job running longer than this is taken as dead (its process crashed) and retried. */
  expireInSeconds: number;
  /** Jobs of one batch run at once (default 1: in order, one after another). */
  concurrency?: number;
  handle(context: Context, data: Record<string, unknown>, job: JobMeta): Promise<unknown>;
}

/** What code that only adds jobs needs (the sandbox, the order engine). */
export interface JobSender {
  enqueue(
    executor: Executor,
    name: JobName,
    data: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<void>;
  /** Whether `runHere` runs jobs in this process (it runs them: the in-process runner, the worker). */
  readonly runsHere: boolean;
  /**
   * Makes a job's first attempt now, in this process, without adding the job: call it after the
   * commit of what the job needs. If the attempt fails, the job is added to retry it (its first
   * retry, due after the queue's retry delay, with one retry fewer left). Only where `runsHere`.
   */
  runHere(name: JobName, data: Record<string, unknown>): void;
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
  /** Retries left (default: the queue's). */
  retryLimit?: number;
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);

/** Where pg-boss keeps its tables. */
const SCHEMA = 'pgboss';
export const SCHEDULE_TIME_ZONE = 'Asia/Shanghai';

/** pg-boss's database adapter over a Kysely handle or transaction. */
function adapterFor(executor: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await executor.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] as object[] };
    },
  } as PgBoss.Db;
}

/**
 * The channel a committed job is announced on: inserting a job due at once raises a NOTIFY in the
 * caller's transaction (the trigger of migration 0012, on pg-boss's job table), which PostgreSQL
 * delivers only when it commits, so a polling process runs the job at once instead of at its next
 * poll (the poll stays as the fallback). The payload is the queue's name.
 */
export const JOBS_CHANNEL = 'rental_jobs';
/** The trigger on pg-boss's job table; its function comes from migration 0012. */
const ANNOUNCE_TRIGGER = 'rental_jobs_announce';
/** PostgreSQL's duplicate_object: another process created the trigger first. */
const DUPLICATE_OBJECT = '42710';

/**
 * Subscribes to a NOTIFY channel; resolves to the unsubscribe (db/index.ts provides it). The
 * payload is what was notified (here the queue's name).
 */
export type Listen = (
  channel: string,
  onNotify: (payload?: string) => void,
) => Promise<() => Promise<void>>;

export interface JobQueueOptions {
  /** Send the cron schedules' jobs (the worker, or the single process that runs jobs). */
  schedule: boolean;
  /** Expire dead jobs, archive old ones (the same processes). */
  supervise: boolean;
  log: FastifyBaseLogger;
  /** Hear committed jobs at once (only processes that poll subscribe). */
  listen?: Listen;
}

/** The batches of one queue under way in this process. */
interface QueueRun {
  batches: Set<Promise<number>>;
  /** Jobs claimed (or being claimed) and not finished yet. */
  inFlight: number;
  /** A job was announced while no slot was free: look again when a batch ends. */
  again: boolean;
}

/** Jobs a queue that runs one at a time takes per fetch. */
const SERIAL_BATCH = 20;

let lastIdMs = 0;
let idSequence = 0;

/**
 * A job id that sorts in the order this process added its jobs (a UUID version 7 whose 12 bits
 * after the version count up within a millisecond: RFC 9562, section 6.2, method 1). Jobs are run
 * oldest first by created_on and then id; created_on is the adding transaction's start, the same
 * for every job one transaction adds, and pg-boss's own ids are random, so such jobs (a
 * notification and its follow-up) ran in any order. Node's crypto makes only random UUIDs.
 */
export function nextJobId(now = Date.now()): string {
  if (now > lastIdMs) {
    lastIdMs = now;
    idSequence = 0;
  } else if (++idSequence > 0xfff) {
    // 4,096 in one millisecond: borrow the next one, keeping the order.
    lastIdMs++;
    idSequence = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastIdMs, 0, 6);
  bytes[6] = 0x70 | (idSequence >> 8);
  bytes[7] = idSequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class JobQueue<Context = unknown> implements JobSender {
  private readonly boss: PgBoss;
  private definitions = new Map<JobName, JobDefinition<Context>>();
  private context: Context | undefined;
  private timer: NodeJS.Timeout | undefined;
  private kicked: NodeJS.Immediate | undefined;
  private running: Promise<number> | undefined;
  /** A kick without a queue name came while a pass was running: run another after it. */
  private again = false;
  /**
   * Each queue runs on its own (issue 22): a notification announced while the outbox is busy with
   * a slow provider call starts at once instead of after the whole pass.
   */
  private readonly queues = new Map<JobName, QueueRun>();
  /** Jobs this process added, and how many had been when `drain` last found nothing due. */
  private added = 0;
  private drainedAt = -1;
  private unlisten: (() => Promise<void>) | undefined;
  private started = false;
  private stopped = false;
  private polling = false;
  /** First attempts under way in this process (`runHere`): `stop` and `drain` wait for them. */
  private readonly here = new Set<Promise<void>>();
  /** Where job failures are logged; main.ts hands it the app's logger once the app exists. */
  log: FastifyBaseLogger;

  private readonly db: Db;
  private readonly options: JobQueueOptions;

  constructor(db: Db, options: JobQueueOptions) {
    this.db = db;
    this.options = options;
    this.log = options.log;
    this.boss = new PgBoss({
      db: adapterFor(db),
      schema: SCHEMA,
      schedule: options.schedule,
      supervise: options.supervise,
      // Dead jobs are noticed within a minute; finished ones move to the archive after an hour
      // (kept there a week, pg-boss's default) so the live table stays small.
      maintenanceIntervalSeconds: 60,
      archiveCompletedAfterSeconds: 3600,
    });
    this.boss.on('error', (error: Error) => this.log.error({ err: error }, 'job queue error'));
  }

  /** The handlers and what they run with (the app's deps); call before start(). */
  attach(context: Context, definitions: readonly JobDefinition<Context>[]): void {
    this.context = context;
    this.definitions = new Map(definitions.map((definition) => [definition.name, definition]));
  }

  /** Creates pg-boss's tables when missing, the queues, and (when scheduling) the cron schedules. */
  async start(): Promise<void> {
    if (this.started) return;
    if (this.options.schedule) {
      // pg-boss reads the cron schedules as soon as it starts, and then only every 30 s: they
      // must be in place first, so a short-lived instance that schedules nothing writes them.
      const preparer = new PgBoss({
        db: adapterFor(this.db),
        schema: SCHEMA,
        schedule: false,
        supervise: false,
      });
      await preparer.start();
      await this.defineQueues(preparer, true);
      await preparer.stop({ graceful: false, wait: true, close: false });
    }
    await this.boss.start();
    if (!this.options.schedule) await this.defineQueues(this.boss, false);
    await this.announceInserts();
    this.started = true;
  }

  /** Puts the announcing trigger on pg-boss's job table (its partitions get it too), once. */
  private async announceInserts(): Promise<void> {
    const present = await sql<{ found: number }>`
      select 1 as found from pg_trigger
      where tgname = ${ANNOUNCE_TRIGGER} and tgrelid = ${`${SCHEMA}.job`}::regclass`.execute(
      this.db,
    );
    if (present.rows.length > 0) return;
    try {
      await sql`
        create trigger ${sql.id(ANNOUNCE_TRIGGER)} after insert on ${sql.table(`${SCHEMA}.job`)}
        for each row execute function ${sql.id(ANNOUNCE_TRIGGER)}()`.execute(this.db);
    } catch (error) {
      if ((error as { code?: string }).code !== DUPLICATE_OBJECT) throw error;
    }
  }

  private async defineQueues(boss: PgBoss, schedule: boolean): Promise<void> {
    for (const definition of this.definitions.values()) {
      const settings = {
        name: definition.name,
        policy: definition.policy,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      };
      // Two processes starting together may both try to create it; the second one updates.
      if (await boss.getQueue(definition.name)) await boss.updateQueue(definition.name, settings);
      else {
        try {
          await boss.createQueue(definition.name, settings);
        } catch {
          await boss.updateQueue(definition.name, settings);
        }
      }
      if (schedule && definition.cron)
        await boss.schedule(definition.name, definition.cron, {}, { tz: SCHEDULE_TIME_ZONE });
    }
  }

  /**
   * Adds a job. Pass the transaction of the state change that needs it: the job then exists only
   * if that transaction commits (the outbox), and is run after it.
   */
  async enqueue(
    executor: Executor,
    name: JobName,
    data: Record<string, unknown>,
    options: EnqueueOptions = {},
  ): Promise<void> {
    await this.boss.send(name, data, {
      id: nextJobId(),
      db: adapterFor(executor),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(options.retryLimit !== undefined ? { retryLimit: options.retryLimit } : {}),
    });
    // The insert announced itself if due now (migration 0012's trigger).
    this.added++;
  }

  get runsHere(): boolean {
    return this.polling && !this.stopped && this.context !== undefined;
  }

  runHere(name: JobName, data: Record<string, unknown>): void {
    const definition = this.definitions.get(name);
    if (!definition || this.context === undefined) throw new Error(`no handler for ${name}`);
    const context = this.context;
    const attempt = (async () => {
      try {
        await definition.handle(context, data, {
          id: 'here',
          retryCount: 0,
          retryLimit: definition.retryLimit,
        });
      } catch (error) {
        this.log.warn(
          { job: name, data, error: error instanceof Error ? error.message : String(error) },
          'job failed, will retry',
        );
        if (definition.retryLimit > 0)
          await this.enqueue(this.db, name, data, {
            startAfterSeconds: definition.retryDelaySeconds,
            retryLimit: definition.retryLimit - 1,
          });
      }
    })()
      .catch((error: unknown) => this.log.error({ err: error, job: name }, 'job not retried'))
      .finally(() => this.here.delete(attempt));
    this.here.add(attempt);
  }

  /** Sends a scheduled job now (ops' run-jobs, tests); it runs like one the cron sent. */
  async trigger(name: JobName, data: Record<string, unknown> = {}): Promise<void> {
    this.added++;
    await this.boss.send(name, data);
  }

  /**
   * Runs the jobs that are due now in the given queues (all by default), one batch each;
   * returns how many ran. Concurrent calls share one pass.
   */
  runDue(names?: readonly JobName[]): Promise<number> {
    if (this.running) return this.running;
    const pass = this.pass(names ?? [...this.definitions.keys()]).finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
    this.running = pass;
    return pass;
  }

  /** The queues among `names` with a job due now: one query instead of a fetch per queue. */
  private async dueQueues(names: readonly JobName[]): Promise<JobName[]> {
    const due = await sql<{ name: string }>`
      select distinct name from ${sql.table(`${SCHEMA}.job`)}
      where state < 'active' and start_after < now()`.execute(this.db);
    const found = new Set(due.rows.map((row) => row.name));
    return names.filter((name) => found.has(name));
  }

  private async pass(names: readonly JobName[]): Promise<number> {
    // Queues side by side: a slow provider call must not hold up the notifications behind it.
    const counts = await Promise.all(
      (await this.dueQueues(names)).map((name) => this.runQueue(name)),
    );
    return sum(counts);
  }

  private queueRun(name: JobName): QueueRun {
    let run = this.queues.get(name);
    if (!run) {
      run = { batches: new Set(), inFlight: 0, again: false };
      this.queues.set(name, run);
    }
    return run;
  }

  /**
   * Runs a batch of one queue, or, when the queue has no free slot (a queue that runs one at a
   * time: any batch under way), notes that it must look again once the batch ends and resolves
   * with the batches under way. A queue with `concurrency` above 1 fills its free slots at once.
   */
  private runQueue(name: JobName): Promise<number> {
    const definition = this.definitions.get(name);
    if (!definition || this.stopped) return Promise.resolve(0);
    const run = this.queueRun(name);
    const limit = definition.concurrency ?? 1;
    const free = limit === 1 ? (run.batches.size > 0 ? 0 : SERIAL_BATCH) : limit - run.inFlight;
    if (free <= 0) {
      run.again = true;
      return Promise.all(run.batches).then(sum);
    }
    // Claimed before the fetch answers, so kicks in the meantime do not over-fetch.
    run.inFlight += free;
    const batch = this.runBatch(definition, run, free).finally(() => {
      run.batches.delete(batch);
    });
    run.batches.add(batch);
    void batch.then(
      (count) => {
        // A full batch may have left jobs behind; a kick may have found no slot.
        if ((count === free || run.again) && !this.stopped) {
          run.again = false;
          this.runQueue(name).catch((error: unknown) =>
            this.log.error({ err: error }, 'job pass failed'),
          );
        }
      },
      () => undefined,
    );
    return batch;
  }

  /**
   * One batch of a queue, oldest first: one job after another (notifications must not overtake),
   * or up to the queue's `concurrency` side by side.
   */
  private async runBatch(
    definition: JobDefinition<Context>,
    run: QueueRun,
    size: number,
  ): Promise<number> {
    let jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[] = [];
    try {
      jobs = await this.boss.fetch<Record<string, unknown>>(definition.name, {
        batchSize: size,
        includeMetadata: true,
      });
    } finally {
      // The slots taken for the fetch that it did not fill are free again.
      run.inFlight -= size - (jobs?.length ?? 0);
    }
    // The claim does not return them in order; ids break created_on's ties (nextJobId).
    const waiting = [...(jobs ?? [])].sort(
      (a, b) => a.createdOn.getTime() - b.createdOn.getTime() || a.id.localeCompare(b.id),
    );
    const count = waiting.length;
    const runner = async () => {
      for (let job = waiting.shift(); job; job = waiting.shift()) {
        try {
          await this.runOne(definition, job);
        } finally {
          run.inFlight--;
        }
      }
    };
    const lanes = Math.min(definition.concurrency ?? 1, count);
    const outcomes = await Promise.allSettled(Array.from({ length: lanes }, runner));
    // Jobs no lane got to (every lane failed) stay claimed until pg-boss expires them.
    run.inFlight -= waiting.length;
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    return count;
  }

  /** Until no batch of any queue is under way (those started meanwhile included). */
  private async settled(): Promise<void> {
    for (;;) {
      const batches = [
        ...[...this.queues.values()].flatMap((run) => [...run.batches]),
        ...this.here,
      ];
      if (batches.length === 0) return;
      await Promise.allSettled(batches);
    }
  }

  private async runOne(
    definition: JobDefinition<Context>,
    job: PgBoss.JobWithMetadata<Record<string, unknown>>,
  ): Promise<void> {
    const meta = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
    try {
      if (this.context === undefined) throw new Error('job queue has no handlers attached');
      const output = await definition.handle(this.context, job.data ?? {}, meta);
      await this.boss.complete(
        definition.name,
        job.id,
        output && typeof output === 'object' ? output : {},
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.retryCount >= job.retryLimit;
      this.log[last ? 'error' : 'warn'](
        {
          job: definition.name,
          jobId: job.id,
          attempt: job.retryCount + 1,
          data: job.data,
          error: message,
        },
        last ? 'job failed for good' : 'job failed, will retry',
      );
      await this.boss.fail(definition.name, job.id, { message });
    }
  }

  /**
   * Runs due jobs until none is left (what they enqueue included); returns how many ran. When
   * this process has added nothing since the last drain came up empty, it does not even look
   * (tests drain after every step); jobs of other processes are the pollers' to run.
   */
  async drain(names?: readonly JobName[]): Promise<number> {
    let total = 0;
    for (let round = 0; round < 100; round++) {
      // A pass already under way (the timer's, or a queue's own run) is awaited, then one of our
      // own is made.
      if (this.running) await this.running;
      await this.settled();
      const added = this.added;
      if (names === undefined && added === this.drainedAt) return total;
      const ran = await this.runDue(names);
      total += ran;
      if (ran === 0) {
        if (names === undefined) this.drainedAt = added;
        return total;
      }
    }
    throw new Error('job queue did not drain in 100 rounds');
  }

  /**
   * Runs due jobs as they are committed (NOTIFY) and looks for any every `intervalMs` (the
   * in-process runner and the worker).
   */
  async startPolling(intervalMs: number): Promise<void> {
    if (this.timer) return;
    this.polling = true;
    if (this.options.listen)
      this.unlisten = await this.options.listen(JOBS_CHANNEL, (payload) => this.kick(payload));
    const tick = () => {
      this.timer = setTimeout(() => {
        this.runDue()
          .catch((error: unknown) => this.log.error({ err: error }, 'job pass failed'))
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, intervalMs);
      this.timer.unref();
    };
    tick();
  }

  /**
   * Runs what was just committed now rather than at the next poll: the named queue on its own
   * (no look at the others), or a whole pass when the announcement names none.
   */
  private kick(name?: string): void {
    if (this.stopped) return;
    const queue = name === undefined ? undefined : this.definitions.get(name as JobName);
    if (queue) {
      this.runQueue(queue.name).catch((error: unknown) =>
        this.log.error({ err: error }, 'job pass failed'),
      );
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.kicked) return;
    this.kicked = setImmediate(() => {
      this.kicked = undefined;
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'job pass failed'));
    });
  }

  /** Stops polling, waits for the job in hand, stops pg-boss's timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.unlisten?.();
    if (this.kicked) clearImmediate(this.kicked);
    await this.running?.catch(() => undefined);
    await this.settled();
    if (this.started) await this.boss.stop({ graceful: false, wait: true, close: false });
  }
}
