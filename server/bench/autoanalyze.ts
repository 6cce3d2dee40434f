/**
 * Autovacuum's ANALYZE, done by the bench when the server has autovacuum off (this machine's
 * PostgreSQL does: /etc/postgresql/15/main/conf.d/90-ci.conf). Without it no table of a bench's
 * fresh database ever has statistics, and the planner's guesses go wrong as the tables grow: on
 * 29 Nov bench:orders' `select … from orders where id = $1 and user_id = $2 … for update` used the
 * (platform, status) index and read every order of the platform, and paying a bill hash-joined a
 * sequential scan of all bills, so PostgreSQL's CPU per order doubled over a 60-s run (8.5 → 15 ms).
 * Production runs with autovacuum on, whose tables have statistics.
 *
 * The rule is autovacuum's own (https://www.postgresql.org/docs/15/routine-vacuuming.html#AUTOVACUUM,
 * defaults): a table is analyzed once the rows changed since its last analyze exceed
 * `autovacuum_analyze_threshold` (50) + `autovacuum_analyze_scale_factor` (0.1) × its rows. It is
 * checked every `intervalMs` (autovacuum's naptime is 60 s, but a bench lasts 15).
 */
import pg from 'pg';

export interface AnalyzeStandIn {
  /** Whether the server has autovacuum off, so that the stand-in runs. */
  readonly active: boolean;
  /** ANALYZE statements run, and the time they took (ms, as this client saw them). */
  readonly runs: number;
  readonly ms: number;
  /** Passes that failed, and the last failure's message (the bench prints them). */
  readonly failures: number;
  readonly lastError: string | undefined;
  stop(): Promise<void>;
}

const TABLES_DUE = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)`;

/**
 * Starts analyzing `url`'s tables as autovacuum would, over a connection of its own, if the server
 * has autovacuum off; `onClient` is told of the connection (the bench leaves its statements out of
 * the server's count).
 */
export async function standInForAutoanalyze(
  url: string,
  {
    intervalMs = 2000,
    onClient,
  }: { intervalMs?: number; onClient?: (client: pg.Client) => void } = {},
): Promise<AnalyzeStandIn> {
  const client = new pg.Client({ connectionString: url });
  onClient?.(client);
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  const standIn = {
    active: rows[0]?.autovacuum === 'off',
    runs: 0,
    ms: 0,
    failures: 0,
    lastError: undefined as string | undefined,
    async stop() {
      clearInterval(timer);
      await pass;
      await client.end();
    },
  };
  const analyzeDue = async () => {
    const due = await client.query<{ name: string }>(TABLES_DUE);
    if (due.rows.length === 0) return;
    const started = performance.now();
    await client.query(`analyze ${due.rows.map((row) => row.name).join(', ')}`);
    standIn.ms += performance.now() - started;
    standIn.runs++;
  };
  if (standIn.active) {
    await analyzeDue();
    timer = setInterval(() => {
      // One pass at a time; a failed pass is counted and said, and the next one tries again.
      pass = pass.then(analyzeDue).catch((error: unknown) => {
        standIn.failures++;
        standIn.lastError = error instanceof Error ? error.message : String(error);
      });
    }, intervalMs);
  }
  return standIn;
}
