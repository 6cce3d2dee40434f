/**
 * Crash injection for the crash tests: at a named step of the money path the process kills
 * itself with SIGKILL (no finally blocks, no graceful shutdown), as a power cut or an OOM kill
 * would. Only `CRASH_AT` turns a point on, and production refuses to start with it set.
 *
 * Each money operation has three points: before the provider call, after it (the provider acted,
 * nothing is recorded yet) and inside the recording transaction just before its commit.
 */
export const CRASH_POINTS = [
  'pay:before-call',
  'pay:after-call',
  'pay:before-commit',
  'refund:before-call',
  'refund:after-call',
  'refund:before-commit',
  'unfreeze:before-call',
  'unfreeze:after-call',
  'unfreeze:before-commit',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

let armed: CrashPoint | undefined;

/** Arms one point for this process (main.ts and worker.ts pass `config.crashAt`). */
export function armCrashPoint(point: CrashPoint | undefined): void {
  armed = point;
}

export function crashPoint(point: CrashPoint): void {
  if (armed === point) {
    process.stderr.write(`crash point ${point}: SIGKILL\n`);
    process.kill(process.pid, 'SIGKILL');
    // The signal lands asynchronously: block this thread so not one more statement runs.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  }
}
