// engines: both (LISTEN/NOTIFY, SKIP LOCKED and concurrency slots)
/**
 * The job runner on its own (both engines): jobs announced by NOTIFY start at once, each queue on
 * its own, a queue with `concurrency` fills its free slots and no more, and a queue that runs one
 * at a time keeps the jobs' order, those one transaction adds included.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle } from '../src/db/index.ts';
import { migrate } from '../src/db/migrate.ts';
import { JobQueue, nextJobId, type JobDefinition, type JobName } from '../src/jobs/queue.ts';
import { createThrowawayPostgres, TEST_ENGINE } from './helpers.ts';

let database: DatabaseHandle;
let dropPostgres: (() => Promise<void>) | undefined;

before(async () => {
  if (TEST_ENGINE === 'postgres') {
    const throwaway = await createThrowawayPostgres();
    dropPostgres = throwaway.drop;
    database = await createDatabase({ databaseUrl: throwaway.url });
  } else {
    database = await createDatabase({ dataDir: 'memory://' });
    // Migration 0012's function announces the jobs.
    await migrate(database.db);
  }
});

after(async () => {
  await database.close();
  await dropPostgres?.();
});

/** A promise with its resolve at hand. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Resolves when `condition` holds, failing after `ms`. */
async function until(condition: () => boolean, ms = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const QUICK = {
  policy: 'standard',
  retryLimit: 0,
  retryDelaySeconds: 1,
  expireInSeconds: 60,
} as const;

async function queueWith(definitions: JobDefinition<unknown>[]): Promise<JobQueue> {
  const jobs = new JobQueue(database.db, {
    schedule: false,
    supervise: false,
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    listen: database.listen,
  });
  jobs.attach({}, definitions);
  await jobs.start();
  return jobs;
}

const enqueue = (jobs: JobQueue, name: JobName, data: Record<string, unknown>) =>
  database.db.transaction().execute((trx) => jobs.enqueue(trx, name, data));

test('a job announced while another queue is busy starts at once; concurrency fills free slots and no more', async () => {
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const blocking = (name: JobName, concurrency: number): JobDefinition<unknown> => ({
    name,
    ...QUICK,
    concurrency,
    async handle(_context, data) {
      const key = String(data.key);
      started.push(key);
      const held = gate();
      gates.set(key, held);
      await held.opened;
      return {};
    },
  });
  const jobs = await queueWith([blocking('outbox', 2), blocking('sandbox-notify', 1)]);
  // No poll in this test's time: only the announcements run jobs.
  await jobs.startPolling(60_000);
  try {
    await enqueue(jobs, 'outbox', { key: 'a' });
    await until(() => started.includes('a'), 5000, 'outbox job a');
    // Another queue: not held behind outbox job a.
    await enqueue(jobs, 'sandbox-notify', { key: 'n' });
    await until(() => started.includes('n'), 5000, 'notification n while a runs');
    // A second slot of the outbox is free: b starts while a runs.
    await enqueue(jobs, 'outbox', { key: 'b' });
    await until(() => started.includes('b'), 5000, 'outbox job b while a runs');
    // Both slots taken: c waits for one to free.
    await enqueue(jobs, 'outbox', { key: 'c' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(started.includes('c'), false, 'c must wait for a free slot');
    gates.get('a')!.open();
    await until(() => started.includes('c'), 5000, 'outbox job c once a finished');
    for (const held of gates.values()) held.open();
    await until(() => started.length === 4, 5000, 'every job');
    for (const held of gates.values()) held.open();
  } finally {
    for (const held of gates.values()) held.open();
    await jobs.stop();
  }
});

test('a queue that runs one at a time keeps the order, announced or drained', async () => {
  const ran: number[] = [];
  let running = 0;
  let most = 0;
  const jobs = await queueWith([
    {
      name: 'sandbox-notify',
      ...QUICK,
      async handle(_context, data) {
        // Another test's leftovers are not this test's to count.
        if (data.n === undefined) return {};
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        ran.push(Number(data.n));
        running--;
        return {};
      },
    },
  ]);
  await jobs.startPolling(60_000);
  try {
    for (let n = 1; n <= 6; n++) await enqueue(jobs, 'sandbox-notify', { n });
    await until(() => ran.length === 6, 10_000, 'six notifications');
    assert.deepEqual(ran, [1, 2, 3, 4, 5, 6]);
    assert.equal(most, 1);
    assert.equal(await jobs.drain(), 0);
  } finally {
    await jobs.stop();
  }
});

test('jobs one transaction adds run in the order it added them', async () => {
  const ran: number[] = [];
  const jobs = await queueWith([
    {
      name: 'sandbox-notify',
      ...QUICK,
      async handle(_context, data) {
        if (data.inOne !== undefined) ran.push(Number(data.inOne));
        return {};
      },
    },
  ]);
  try {
    // One transaction: every job has the same created_on (the transaction's start), so only the
    // ids can order them. With random ids this passed once in 8! = 40,320 runs.
    await database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= 8; n++) await jobs.enqueue(trx, 'sandbox-notify', { inOne: n });
    });
    await jobs.drain(['sandbox-notify']);
    assert.deepEqual(ran, [1, 2, 3, 4, 5, 6, 7, 8]);
  } finally {
    await jobs.stop();
  }
});

test('job ids sort in the order they were made, within a millisecond and past 4,096 in one', () => {
  const ids = [
    ...Array.from({ length: 5000 }, () => nextJobId(1_800_000_000_000)),
    nextJobId(1_800_000_000_001),
    nextJobId(1_800_000_000_100),
  ];
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('runHere: the first attempt in this process, only where it runs jobs; a failed one is retried by an added job', async () => {
  const attempts: { n: unknown; retryCount: number; retryLimit: number }[] = [];
  let failing = true;
  const jobs = await queueWith([
    {
      name: 'sandbox-notify',
      policy: 'standard',
      retryLimit: 3,
      retryDelaySeconds: 30,
      expireInSeconds: 60,
      async handle(_context, data, job) {
        if (data.here === undefined) return {};
        attempts.push({ n: data.here, retryCount: job.retryCount, retryLimit: job.retryLimit });
        if (failing) throw new Error('refused');
        return {};
      },
    },
  ]);
  const added = async (n: number) =>
    (
      await database.db
        .selectFrom(sql`pgboss.job`.as('j'))
        .select([
          sql<number>`j.retry_limit`.as('retryLimit'),
          sql<boolean>`j.start_after > now() + interval '20 seconds'`.as('later'),
        ])
        .where(sql`j.name`, '=', 'sandbox-notify')
        .where(sql`j.data->>'here'`, '=', String(n))
        .execute()
    ).map((row) => ({ retryLimit: Number(row.retryLimit), later: row.later }));
  try {
    // Only a process that runs jobs makes attempts itself.
    assert.equal(jobs.runsHere, false);
    await jobs.startPolling(60_000);
    assert.equal(jobs.runsHere, true);

    jobs.runHere('sandbox-notify', { here: 1 });
    // drain waits for attempts under way; the retry is not due yet.
    assert.equal(await jobs.drain(['sandbox-notify']), 0);
    assert.deepEqual(attempts, [{ n: 1, retryCount: 0, retryLimit: 3 }]);
    // Its retry: the queue's first delay, one retry fewer (four attempts in all, as before).
    assert.deepEqual(await added(1), [{ retryLimit: 2, later: true }]);

    failing = false;
    jobs.runHere('sandbox-notify', { here: 2 });
    await jobs.drain(['sandbox-notify']);
    assert.equal(attempts.length, 2);
    assert.deepEqual(await added(2), []);
  } finally {
    await jobs.stop();
    await sql`delete from pgboss.job where name = 'sandbox-notify' and data ? 'here'`.execute(
      database.db,
    );
  }
});
