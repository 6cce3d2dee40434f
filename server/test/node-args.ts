/**
 * Node's arguments for every test process that runs the server's TypeScript: the test files
 * (scripts/server-tests.ts), the servers they spawn (processes.ts, shutdown.test.ts,
 * production-guard.test.ts) and the browser tests' servers (e2e/harness.ts). No imports, so a
 * file that only spawns a server does not load the server to learn how.
 *
 * The server's TypeScript loaded as production loads it (server/load-typescript.mjs, a path from
 * the repository's root, where every test process starts), and PGlite on V8's baseline
 * WebAssembly compiler only: PGlite is PostgreSQL compiled to WebAssembly, and V8 recompiles its
 * hot functions with TurboFan on background threads; a test process lives seconds to a minute,
 * too short to earn that back. A PGlite test server's start and stop took 10.6 -> 8.2 CPU-s, the
 * PGlite pass 548 -> 433 CPU-s, rent-flow's browser test 36.5 -> 21.7 (29 Nov, /usr/bin/time).
 * `npm start` and production keep V8's optimising compiler.
 */
export const TEST_NODE_ARGS: readonly string[] = [
  '--liftoff-only',
  '--import',
  './server/load-typescript.mjs',
];
