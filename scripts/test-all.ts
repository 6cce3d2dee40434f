/**
 * `npm test`: every check in the repository, in three lanes that run side by side.
 *
 * Run one after another the checks took 41 minutes on CI's two-core machine with one core idle
 * most of the time: each server pass is one Node process running one test file at a time (the
 * files share PostgreSQL and ports, so they stay sequential within a pass), and the storefront's
 * checks are mostly one process too. So each server pass is a lane and the
 * storefront's checks the third. A failed check does not stop its lane (one run reports every
 * failure), except that what needs the build waits for it, in whichever lane, and is skipped
 * when it failed; the exit code is non-zero if any check failed.
 *
 *   npx tsx scripts/test-all.ts             every lane
 *   npx tsx scripts/test-all.ts --lane app  one lane (server | postgres | app)
 *
 * Each line of output carries its lane's name; the failed tests, each with its message and place,
 * and a table of every check's wall time end the run, so the tail of a long log says what failed.
 */
import '../server/src/boot/node-version.ts';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { failureDigest } from './failure-digest';
import { memoryTmpdir } from './memory-tmpdir';

interface Lane {
  name: string;
  /** npm scripts, in order. */
  steps: string[];
}

const COMPILE_CACHE = path.resolve('node_modules/.cache/node-compile');

const TMPDIR = process.env.TMPDIR ?? memoryTmpdir();

/** Checks that read another check's output: skipped when that one failed. */
const NEEDS: Record<string, string> = { 'test:publish': 'test:build', e2e: 'test:build' };

const LANES: Lane[] = [
  // Three lanes on two cores, CPU-bound (the fresh-clone run of 28 Nov: "CPU busy 98%"). The
  // browser journeys are the longest check (580-600 s of the 888-926 s runs) and need the build:
  // the app lane is the build and then the journeys, nothing else. The checks that need no
  // build fill the other two lanes, the PostgreSQL pass (longer, it waits on the database) with
  // the least beside it; the publish dry run waits for the build wherever it sits.
  { name: 'server', steps: ['test:server', 'test:model', 'typecheck', 'lint', 'test:publish'] },
  { name: 'postgres', steps: ['test:server:postgres', 'test:unit'] },
  { name: 'app', steps: ['test:build', 'e2e'] },
];

/** The machine's CPU time so far (all cores, jiffies), busy and total: Linux only. */
function cpuJiffies(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

interface StepResult {
  lane: string;
  step: string;
  seconds: number;
  /** CPU seconds of the step's processes (undefined: not measured). */
  cpuSeconds?: number;
  outcome: 'passed' | 'failed' | 'not run';
  /** What failed, from failureDigest (empty when it passed or printed nothing we recognise). */
  failedTests: string[];
}

function prefixLines(lane: string, write: (text: string) => void) {
  let pending = '';
  return {
    push(chunk: Buffer) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) write(`[${lane}] ${line}\n`);
    },
    flush() {
      if (pending) write(`[${lane}] ${pending}\n`);
      pending = '';
    },
  };
}

/** Runs one npm script, its output prefixed with the lane; resolves to what failed, if it did. */
/**
 * The CPU seconds (user + system) of a step's whole process tree, from bash's `times` after the
 * step's npm ended: bash has waited for npm, npm for its command, each for its own children,
 * so every process of the step that ended is counted (PostgreSQL's own work is not).
 */
const STEP_SHELL = 'npm run --silent "$0" 3>&-; code=$?; times >&3; exit $code';

function cpuSecondsOf(times: string): number | undefined {
  // Two lines, the shell's and its children's: "0m1.020s 0m0.100s".
  const children = times.trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return undefined;
  return parts.reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

function runStep(
  lane: string,
  step: string,
): Promise<{ passed: boolean; failedTests: string[]; cpuSeconds?: number }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', STEP_SHELL, step], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        FORCE_COLOR: '0',
        // V8's compiled code of every module, kept on disk and shared by the ~250 Node processes
        // of a run (a test file, a browser journey's server, a Jest worker each load the same
        // modules): a test server's start took 0.3 s less CPU with it (5.2 → 4.9 s).
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? COMPILE_CACHE,
        ...(TMPDIR ? { TMPDIR } : {}),
      },
    });
    const output: string[] = [];
    const keep = (text: string) => output.push(text.slice(lane.length + 3, -1));
    const out = prefixLines(lane, (text) => (keep(text), process.stdout.write(text)));
    const err = prefixLines(lane, (text) => (keep(text), process.stderr.write(text)));
    child.stdout?.on('data', out.push);
    child.stderr?.on('data', err.push);
    let times = '';
    child.stdio[3]?.on('data', (chunk: Buffer) => (times += chunk.toString()));
    child.on('close', (code, signal) => {
      out.flush();
      err.flush();
      const cpuSeconds = cpuSecondsOf(times);
      if (signal) process.stderr.write(`[${lane}] ${step} killed by ${signal}\n`);
      if (code === 0) {
        resolve({ passed: true, failedTests: [], cpuSeconds });
        return;
      }
      // A check that is not a test runner (tsc, eslint, a build) says what failed at its end.
      const digest = failureDigest(output);
      resolve({
        passed: false,
        failedTests: digest.length > 0 ? digest : output.slice(-12),
        cpuSeconds,
      });
    });
  });
}

/** Each scheduled step's outcome (true: passed), for the steps in other lanes that need it. */
type Outcomes = Map<string, { promise: Promise<boolean>; settle: (passed: boolean) => void }>;

function outcomesOf(lanes: Lane[]): Outcomes {
  const outcomes: Outcomes = new Map();
  for (const step of lanes.flatMap((lane) => lane.steps)) {
    let settle: (passed: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((resolve) => (settle = resolve));
    outcomes.set(step, { promise, settle });
  }
  return outcomes;
}

async function runLane(lane: Lane, results: StepResult[], outcomes: Outcomes): Promise<void> {
  for (const step of lane.steps) {
    const needed = NEEDS[step];
    // A step another lane runs is waited for; one not scheduled (a single --lane) is assumed done.
    const neededPassed = needed ? await (outcomes.get(needed)?.promise ?? true) : true;
    if (needed && !neededPassed) {
      outcomes.get(step)?.settle(false);
      process.stdout.write(`[${lane.name}] == ${step} not run: ${needed} failed\n`);
      results.push({ lane: lane.name, step, seconds: 0, outcome: 'not run', failedTests: [] });
      continue;
    }
    process.stdout.write(`[${lane.name}] == ${step}\n`);
    const started = Date.now();
    const { passed, failedTests, cpuSeconds } = await runStep(lane.name, step);
    const seconds = Math.round((Date.now() - started) / 1000);
    process.stdout.write(
      `[${lane.name}] == ${step} ${passed ? 'passed' : 'FAILED'} in ${seconds} s\n`,
    );
    results.push({
      lane: lane.name,
      step,
      seconds,
      cpuSeconds,
      outcome: passed ? 'passed' : 'failed',
      failedTests,
    });
    outcomes.get(step)?.settle(passed);
  }
}

function parseLanes(args: string[]): Lane[] {
  const at = args.indexOf('--lane');
  if (at === -1) return LANES;
  const wanted = args[at + 1];
  const lane = LANES.find((candidate) => candidate.name === wanted);
  if (!lane) {
    process.stderr.write(`--lane takes one of: ${LANES.map((l) => l.name).join(', ')}\n`);
    process.exit(2);
  }
  return [lane];
}

async function main(): Promise<void> {
  const lanes = parseLanes(process.argv.slice(2));
  const started = Date.now();
  const cpuBefore = cpuJiffies();
  const results: StepResult[] = [];
  const outcomes = outcomesOf(lanes);
  await Promise.all(lanes.map((lane) => runLane(lane, results, outcomes)));
  const total = Math.round((Date.now() - started) / 1000);
  const cpuAfter = cpuJiffies();
  const rows = lanes.flatMap((lane) => results.filter((result) => result.lane === lane.name));
  for (const row of rows.filter((result) => result.failedTests.length > 0)) {
    process.stdout.write(`\n== what failed in ${row.step}\n`);
    for (const line of row.failedTests) process.stdout.write(`${line}\n`);
  }
  process.stdout.write('\nlane      check                  wall time   CPU time  result\n');
  for (const row of rows) {
    const cpu = row.cpuSeconds === undefined ? '-' : `${Math.round(row.cpuSeconds)} s`;
    process.stdout.write(
      `${row.lane.padEnd(10)}${row.step.padEnd(23)}${`${row.seconds} s`.padStart(9)}${cpu.padStart(11)}  ${row.outcome}\n`,
    );
  }
  const measured = rows.filter((row) => row.cpuSeconds !== undefined);
  process.stdout.write(
    `${'all'.padEnd(33)}${''.padStart(9)}${`${Math.round(measured.reduce((sum, row) => sum + (row.cpuSeconds ?? 0), 0))} s`.padStart(11)}  (the checks' processes; PostgreSQL's not counted)\n`,
  );
  if (cpuBefore && cpuAfter && cpuAfter.total > cpuBefore.total) {
    // Whether the run was short of CPU (busy near 100%) or of something else (waits), for the
    // next person who balances the lanes. The whole machine's, not only the tests'.
    const busy = (cpuAfter.busy - cpuBefore.busy) / (cpuAfter.total - cpuBefore.total);
    process.stdout.write(
      `\nCPU busy ${Math.round(busy * 100)}% of ${cpus().length} cores over the run (/proc/stat)\n`,
    );
  }
  const failures = rows.filter((row) => row.outcome === 'failed');
  process.stdout.write(
    `\n${failures.length === 0 ? 'all checks passed' : `${failures.length} check(s) failed`} in ${total} s\n`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

void main();
